//! `bots::native::CaptureAndWin`, written by hand in Rust, and the compiled
//! `strategies/04-capture.json` value every cell alike and choose the same
//! cell from the same seed: on positions of random games and along games the
//! strategy plays itself, on several board sizes, player counts and all
//! three rule variants.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use chainlab::bots::Agent;
use chainlab::bots::graph::file_factory;
use chainlab::bots::native::CaptureAndWin;
use chainlab::rng::{derive_seed, rng_from_seed};
use chainlab::rules::{Position, Rules, Size};

fn capture() -> Box<dyn Agent> {
    file_factory(&common::repo().join("strategies/04-capture.json"))
        .unwrap()
        .create()
        .unwrap()
}

const BOARDS: [(usize, usize, usize); 6] = [
    (2, 3, 2),
    (3, 3, 2),
    (4, 4, 3),
    (5, 6, 2),
    (9, 6, 4),
    (8, 8, 2),
];

#[test]
fn same_values_and_choices_on_random_positions() {
    let (_, graph) = common::shipped().remove(3);
    assert_eq!(graph.name, "04 Capture and win");
    let program = std::sync::Arc::new(chainlab::eval::Program::compile(&graph).unwrap());
    let mut ev = chainlab::eval::Evaluator::new(program);
    let mut player = capture();
    let mut native = CaptureAndWin::default();
    let mut checked = 0;
    for (b, &(r, c, players)) in BOARDS.iter().enumerate() {
        for (v, rules) in Rules::ALL.into_iter().enumerate() {
            let size = Size::new(r, c).unwrap();
            let seed = (b * 3 + v) as u64;
            for (k, p) in common::random_positions(seed, 150, size, players, rules)
                .iter()
                .enumerate()
            {
                let map = ev.heat_map(p, 0).unwrap();
                for (i, raw) in map.raw.iter().enumerate() {
                    if let Some(raw) = raw {
                        assert_eq!(*raw, CaptureAndWin::value(p, i), "cell {i} of\n{p}");
                    }
                }
                let game_seed = derive_seed(seed, k as u64);
                let a = player.choose(p, &mut rng_from_seed(game_seed)).unwrap();
                let b = native.choose(p, &mut rng_from_seed(game_seed)).unwrap();
                assert_eq!(a, b, "seed {game_seed} on\n{p}");
                checked += 1;
            }
        }
    }
    assert_eq!(checked, BOARDS.len() * 3 * 150);
}

#[test]
fn same_games_when_playing_themselves() {
    // Both players continue from the same rng: every move must match.
    let mut games = 0;
    for (b, &(r, c, players)) in BOARDS.iter().enumerate() {
        for rules in Rules::ALL {
            for g in 0..6u64 {
                let seed = derive_seed(b as u64 * 100 + g, rules as u64);
                let mut graph_rng = rng_from_seed(seed);
                let mut native_rng = rng_from_seed(seed);
                let mut player = capture();
                let mut native = CaptureAndWin::default();
                let mut p = Position::new(Size::new(r, c).unwrap(), players, rules).unwrap();
                // Empties games need not end; the cap keeps them short.
                for _ in 0..300 {
                    if p.is_over() {
                        break;
                    }
                    let a = player.choose(&p, &mut graph_rng).unwrap();
                    let n = native.choose(&p, &mut native_rng).unwrap();
                    assert_eq!(a, n, "seed {seed} on\n{p}");
                    p.play(a).unwrap();
                }
                games += 1;
            }
        }
    }
    assert_eq!(games, BOARDS.len() * 3 * 6);
}
