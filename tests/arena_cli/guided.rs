//! The graph-guided search (`graph=`, `width=` of `bot:expert` and
//! `bot:master`): width 1 plays the graph player's move, a width at least the
//! number of moves finds the plain search's value (also with the guided
//! defaults: the last ply unguided, quiescence), games replay from their
//! seed, and bad options are refused with errors that name them.

use std::path::Path;
use std::sync::Arc;

use chainlab::bots::graph::{GraphGuide, file_factory};
use chainlab::bots::search::{SearchConfig, Searcher};
use chainlab::bots::{Agent, parse_player};
use chainlab::eval::Program;
use chainlab::rng::rng_from_seed;
use chainlab::rules::{Coord, Position, Rules, Size};
use chainlab::strategy::Strategy;

use crate::common;

const GRAPHS: [&str; 2] = [
    "strategies/02-avoid-danger.json",
    "strategies/10-tuned.json",
];

fn program(path: &str) -> Arc<Program> {
    Arc::new(Program::compile(&Strategy::load(Path::new(path)).unwrap()).unwrap())
}

/// Positions of random games on `size`, every `step`-th ply, still going.
fn positions(size: Size, seed: u64, step: usize) -> Vec<Position> {
    common::random_positions(seed, 40, size, 2, Rules::Standard)
        .into_iter()
        .step_by(step)
        .filter(|p| p.to_move().is_some())
        .collect()
}

#[test]
fn width_one_plays_the_graph_players_move() {
    for graph in GRAPHS {
        let mut player = file_factory(Path::new(graph)).unwrap().create().unwrap();
        for spec in ["bot:expert", "bot:master"] {
            let guided = format!("{spec}:graph={graph},width=1,depth=3");
            let mut search = parse_player(&guided).unwrap().create().unwrap();
            for size in [Size::JABC, Size::new(9, 6).unwrap()] {
                for (k, p) in positions(size, 3, 3).iter().enumerate() {
                    let seed = 100 + k as u64;
                    let want = player.choose(p, &mut rng_from_seed(seed)).unwrap();
                    let got = search.choose(p, &mut rng_from_seed(seed)).unwrap();
                    assert_eq!(got, want, "{guided} on {size}, position {k}");
                }
            }
        }
    }
}

#[test]
fn full_width_finds_the_plain_searchs_value() {
    for graph in GRAPHS {
        let program = program(graph);
        for size in [Size::JABC, Size::new(9, 6).unwrap()] {
            for p in positions(size, 5, 4) {
                let moves = p.moves().len() as u16;
                for (depth, width) in [(2, None), (3, Some(moves)), (3, Some(400))] {
                    // As the Searcher is given it, and with the defaults of
                    // a guided spec (the last ply unguided, quiescence).
                    let plain = SearchConfig::plain(depth);
                    for base in [plain, plain.guided()] {
                        let config = SearchConfig { width, ..base };
                        let guide = Box::new(GraphGuide::new(graph, Arc::clone(&program)));
                        let mut guided = Searcher::guided(config, guide);
                        let mut plain = Searcher::new(base);
                        assert_eq!(guided.value(&p, depth), plain.value(&p, depth), "{graph}");
                        let g = guided.search(&p, &mut rng_from_seed(1)).unwrap();
                        let q = plain.search(&p, &mut rng_from_seed(1)).unwrap();
                        assert_eq!(g.value, q.value, "{graph} on {size}");
                    }
                }
            }
        }
    }
}

/// The moves of a game of `a` against `b` from `seed`, both fresh.
fn game(a: &str, b: &str, seed: u64) -> Vec<Coord> {
    let mut players: Vec<Box<dyn Agent>> = [a, b]
        .iter()
        .map(|s| parse_player(s).unwrap().create().unwrap())
        .collect();
    let mut rng = rng_from_seed(seed);
    let mut p = Position::new(Size::new(5, 6).unwrap(), 2, Rules::Standard).unwrap();
    let mut moves = Vec::new();
    while let Some(mover) = p.to_move() {
        let coord = players[mover.index()].choose(&p, &mut rng).unwrap();
        p.play(coord).unwrap();
        moves.push(coord);
        assert!(moves.len() < 400, "the game does not end");
    }
    moves
}

#[test]
fn guided_games_replay_from_their_seed() {
    let guided = "bot:master:depth=3,graph=strategies/10-tuned.json,width=4";
    let one = game(guided, "bot:greedy", 7);
    assert_eq!(one, game(guided, "bot:greedy", 7));
    let seeds: Vec<Vec<Coord>> = (8..12).map(|s| game(guided, "bot:greedy", s)).collect();
    assert!(seeds.iter().any(|g| *g != one), "the seed changes nothing");
}

#[test]
fn bad_graph_options_are_refused_by_name() {
    for (spec, needle) in [
        ("bot:expert:width=3", "width needs graph="),
        (
            "bot:master:graph=notes.txt",
            "graph must be a strategy file ending in .json",
        ),
        ("bot:expert:graph=", "graph must be a strategy file"),
        (
            "bot:expert:graph=missing/none.json",
            "graph=missing/none.json:",
        ),
        (
            "bot:expert:graph=strategies/10-tuned.json,width=0",
            "width must be a whole number of moves from 1",
        ),
        (
            "bot:greedy:graph=strategies/10-tuned.json",
            "unknown option 'graph'",
        ),
        ("bot:mcts:width=2", "unknown option 'width'"),
    ] {
        let e = parse_player(spec).err().unwrap().to_string();
        assert!(e.contains(needle), "{spec}: {e}");
        assert!(!e.contains('\n'), "{spec}: {e}");
    }
    let spec = "bot:expert:graph=strategies/10-tuned.json,width=5,depth=4";
    let canonical = parse_player(spec).unwrap().label();
    assert_eq!(
        canonical,
        "bot:expert:depth=4,graph=strategies/10-tuned.json,width=5"
    );
}

/// The games of a 12-game match of `a` against `bot:expert:depth=1`, by index.
fn match_games(a: &str) -> Vec<(u64, Vec<Coord>)> {
    use chainlab::arena::{MatchConfig, RecordWriter, read_records, run_match};
    let a = if a.starts_with("bot:") {
        parse_player(a).unwrap()
    } else {
        file_factory(Path::new(a)).unwrap()
    };
    let b = parse_player("bot:expert:depth=1").unwrap();
    let config = MatchConfig {
        games: 12,
        seed: 11,
        threads: 2,
        opening_plies: 2,
        ..MatchConfig::default()
    };
    let mut bytes = Vec::new();
    let mut writer = RecordWriter::new(&mut bytes);
    let never = std::sync::atomic::AtomicBool::new(false);
    run_match(&a, &b, &config, &never, &mut writer).unwrap();
    writer.finish().unwrap();
    let mut games: Vec<(u64, Vec<Coord>)> = read_records(bytes.as_slice())
        .map(|r| r.unwrap())
        .map(|r| (r.game, r.moves))
        .collect();
    games.sort();
    games
}

/// Width 1 plays the graph player's games, not only its moves: the search
/// draws nothing from the game's generator beyond what the graph draws.
#[test]
fn width_one_plays_the_graph_players_games() {
    for graph in GRAPHS {
        for spec in ["bot:expert", "bot:master"] {
            let guided = format!("{spec}:graph={graph},width=1,depth=3");
            assert_eq!(match_games(&guided), match_games(graph), "{guided}");
        }
    }
}
