//! The hand-written twins of `bots::twins` and the compiled shipped
//! strategies value every cell alike and choose the same cell from the same
//! seed: for every shipped strategy, on positions of random games (several
//! board sizes, player counts and all three rule variants), on the fixture
//! positions of `tests/data/positions`, and along games the two play in step.
//! `chainlab bench --only strategy` reports every pair.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::cli_util;
use crate::common;

use std::sync::Arc;

use chainlab::bots::Agent;
use chainlab::bots::graph::GraphPlayer;
use chainlab::bots::twins::{self, CaptureAndWin, NativeTwin};
use chainlab::eval::{Evaluator, Program};
use chainlab::rng::{derive_seed, rng_from_seed};
use chainlab::rules::{Position, Rules, Size};

const BOARDS: [(usize, usize, usize); 6] = [
    (2, 3, 2),
    (3, 3, 2),
    (4, 4, 3),
    (5, 6, 2),
    (9, 6, 4),
    (8, 8, 2),
];

/// Every shipped strategy's compiled program next to its twin, in file order.
fn pairs() -> Vec<(Arc<Program>, Box<dyn NativeTwin>)> {
    let shipped = common::shipped();
    let twins = twins::all();
    assert_eq!(
        shipped.len(),
        twins.len(),
        "a twin for every shipped strategy"
    );
    shipped
        .into_iter()
        .zip(twins)
        .map(|((path, graph), twin)| {
            let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
            assert_eq!(stem, twin.stem());
            (Arc::new(Program::compile(&graph).unwrap()), twin)
        })
        .collect()
}

/// The fixture positions of `tests/data/positions` that have a player to move.
fn fixture_positions() -> Vec<Position> {
    let mut names: Vec<_> = std::fs::read_dir(common::repo().join("tests/data/positions"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    let positions: Vec<_> = names
        .iter()
        .map(|n| common::position_file(n))
        .filter(|p| !p.is_over())
        .collect();
    assert!(positions.len() >= 4, "{names:?}");
    positions
}

/// Checks the twin's value of every legal cell against the heat map, and
/// that both choose the same cell from the seed `seed`.
fn check(
    ev: &mut Evaluator,
    player: &mut GraphPlayer,
    twin: &mut dyn NativeTwin,
    p: &Position,
    seed: u64,
) {
    let map = ev.heat_map(p, 0).unwrap();
    for (i, raw) in map.raw.iter().enumerate() {
        assert_eq!(raw.is_some(), p.is_legal_index(i));
        if let Some(raw) = raw {
            assert_eq!(
                *raw,
                twin.cell_value(p, i),
                "{} cell {i} of\n{p}",
                twin.stem()
            );
        }
    }
    let a = player.choose(p, &mut rng_from_seed(seed)).unwrap();
    let b = twin.choose(p, &mut rng_from_seed(seed)).unwrap();
    assert_eq!(a, b, "{}: seed {seed} on\n{p}", twin.stem());
}

#[test]
fn same_values_and_choices_on_random_and_fixture_positions() {
    let fixtures = fixture_positions();
    for (program, mut twin) in pairs() {
        let mut ev = Evaluator::new(Arc::clone(&program));
        let mut player = GraphPlayer::new(twin.stem(), Arc::clone(&program));
        let mut checked = 0;
        for (b, &(r, c, players)) in BOARDS.iter().enumerate() {
            for (v, rules) in Rules::ALL.into_iter().enumerate() {
                let size = Size::new(r, c).unwrap();
                let seed = (b * 3 + v) as u64;
                for (k, p) in common::random_positions(seed, 60, size, players, rules)
                    .iter()
                    .enumerate()
                {
                    check(
                        &mut ev,
                        &mut player,
                        twin.as_mut(),
                        p,
                        derive_seed(seed, k as u64),
                    );
                    checked += 1;
                }
            }
        }
        for (k, p) in fixtures.iter().enumerate() {
            check(&mut ev, &mut player, twin.as_mut(), p, k as u64);
            checked += 1;
        }
        assert_eq!(checked, BOARDS.len() * 3 * 60 + fixtures.len());
    }
}

#[test]
fn same_games_when_playing_in_step() {
    // Both players continue from the same rng: every move must match.
    for (program, mut twin) in pairs() {
        let mut games = 0;
        for (b, &(r, c, players)) in BOARDS.iter().enumerate() {
            for rules in Rules::ALL {
                for g in 0..2u64 {
                    let seed = derive_seed(b as u64 * 100 + g, rules as u64);
                    let mut graph_rng = rng_from_seed(seed);
                    let mut twin_rng = rng_from_seed(seed);
                    let mut player = GraphPlayer::new(twin.stem(), Arc::clone(&program));
                    let mut p = Position::new(Size::new(r, c).unwrap(), players, rules).unwrap();
                    // Empties games need not end; the cap keeps them short.
                    for _ in 0..300 {
                        if p.is_over() {
                            break;
                        }
                        let a = player.choose(&p, &mut graph_rng).unwrap();
                        let n = twin.choose(&p, &mut twin_rng).unwrap();
                        assert_eq!(a, n, "{}: seed {seed} on\n{p}", twin.stem());
                        p.play(a).unwrap();
                    }
                    games += 1;
                }
            }
        }
        assert_eq!(games, BOARDS.len() * 3 * 2);
    }
}

#[test]
fn the_capture_twin_keeps_its_name() {
    let p = common::position_file("midgame.txt");
    let mut twin = CaptureAndWin::default();
    assert_eq!(twin.name(), "04-capture (native)");
    let mut ev = Evaluator::new(Arc::new(
        Program::compile(&common::shipped().remove(3).1).unwrap(),
    ));
    let map = ev.heat_map(&p, 0).unwrap();
    let i = (0..map.raw.len()).find(|&i| map.raw[i].is_some()).unwrap();
    assert_eq!(map.raw[i], Some(twin.value(&p, i)));
}

#[test]
fn bench_reports_every_shipped_strategy_and_a_summary() {
    let o = cli_util::chainlab(&["bench", "--quick", "--only", "strategy"]);
    assert!(o.status.success(), "{}", cli_util::stderr(&o));
    let lines: Vec<serde_json::Value> = cli_util::stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let stems: Vec<String> = twins::all().iter().map(|t| t.stem().to_string()).collect();
    assert_eq!(lines.len(), stems.len() + 2, "{lines:?}");
    let summary = &lines[stems.len() + 1];
    assert_eq!(summary["bench"], "summary");
    assert_eq!(
        summary["strategy_worst_ratio"],
        lines[stems.len()]["worst_ratio"]
    );
    for (v, stem) in lines.iter().zip(&stems) {
        assert_eq!(v["bench"], "strategy");
        assert_eq!(v["strategy"], stem.as_str());
        let (g, n) = (
            v["graph_decisions_per_s"].as_f64(),
            v["native_decisions_per_s"].as_f64(),
        );
        assert!(g.unwrap() > 0.0 && n.unwrap() > 0.0, "{v}");
        assert!(v["ratio"].as_f64().unwrap() > 0.0, "{v}");
    }
    let summary = &lines[stems.len()];
    assert_eq!(summary["bench"], "strategy_summary");
    assert_eq!(summary["strategies"], stems.len());
    let worst = summary["worst_ratio"].as_f64().unwrap();
    let ratios = lines[..stems.len()]
        .iter()
        .map(|v| v["ratio"].as_f64().unwrap());
    assert_eq!(worst, ratios.clone().fold(0.0, f64::max));
    let geomean = summary["geomean_ratio"].as_f64().unwrap();
    assert!(geomean > 0.0 && geomean <= worst, "{summary}");
}
