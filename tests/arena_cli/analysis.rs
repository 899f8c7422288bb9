//! Game analysis: the full-window root values agree with the search, the
//! analyser finds a win in one and classes the other moves, a game's
//! analysis is the analysis of its positions (on any thread), illegal
//! moves name the move, huge jobs are refused, and a raised cancel flag
//! stops the run.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use chainlab::analysis::{
    Analyser, AnalyserConfig, AnalysisError, MoveQuality, analyse_game, analyse_record, summarise,
};
use chainlab::arena::read_records;
use chainlab::bots::Interrupt;
use chainlab::bots::search::{SearchConfig, Searcher};
use chainlab::rng::rng_from_seed;
use chainlab::rules::{Coord, Position, Rules, Size};

fn fixture(name: &str) -> Position {
    let path = format!("{}/tests/data/positions/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(path).unwrap().parse().unwrap()
}

fn small() -> Analyser {
    Analyser::new(AnalyserConfig::default().with_nodes(3_000))
}

fn no_progress(_: usize, _: usize) {}

#[test]
fn root_values_agree_with_the_search_and_with_each_child() {
    let position = fixture("midgame.txt");
    for depth in 1..=3u8 {
        // The balanced value is antisymmetric with two players, so a
        // child searched for its own mover is the negated root view.
        let config = SearchConfig {
            node_cells: None,
            balanced: true,
            ..SearchConfig::plain(depth)
        };
        let root = Searcher::new(config)
            .analyse(&position, &Interrupt::never())
            .unwrap();
        assert_eq!(root.depth, depth);
        assert_eq!(root.moves.len(), position.moves().indices().len());
        let found = Searcher::new(config)
            .search(&position, &mut rng_from_seed(1))
            .unwrap();
        assert_eq!(root.moves[0].1, found.value, "depth {depth}");
        assert!(
            root.moves
                .iter()
                .any(|&(m, v)| m == found.best && v == found.value)
        );
        // Sorted best first, and each value is the child's negated value.
        assert!(root.moves.windows(2).all(|w| w[0].1 >= w[1].1));
        if depth >= 2 {
            for &(m, v) in &root.moves {
                let mut child = position;
                child.play_index(m).unwrap();
                if child.is_over() {
                    continue;
                }
                let child_value = Searcher::new(config).value(&child, depth - 1);
                assert_eq!(v, -child_value, "move {m} at depth {depth}");
            }
        }
    }
}

#[test]
fn a_win_in_one_is_best_and_certain() {
    let position = fixture("3x3-hand.txt");
    let analysis = small().position(&position, &Interrupt::never()).unwrap();
    let win = Coord::new(1, 1).unwrap();
    let best = analysis.best().unwrap();
    assert_eq!(best.cell, win);
    assert_eq!(best.win_chance, 1.0);
    assert_eq!(analysis.win_chance, 1.0);
    assert_eq!(analysis.loss(win), Some(0.0));
    for m in analysis.moves.iter().filter(|m| m.cell != win) {
        assert!(m.win_chance < 1.0, "{m:?}");
        assert!(!m.best);
    }
    assert_eq!(
        analysis.moves.len(),
        position.moves().indices().len(),
        "every legal move is valued"
    );
}

#[test]
fn a_game_is_the_analysis_of_its_positions_and_classes_its_moves() {
    let text = std::fs::read(format!(
        "{}/tests/data/records/games.jsonl",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let record = read_records(&text[..]).next().unwrap().unwrap();
    let analyser = small();
    let cancel = Arc::new(AtomicBool::new(false));
    let calls = AtomicUsize::new(0);
    let last = AtomicUsize::new(0);
    let progress = |done: usize, total: usize| {
        calls.fetch_add(1, Ordering::Relaxed);
        assert_eq!(total, record.moves.len());
        last.fetch_max(done, Ordering::Relaxed);
    };
    let game = analyse_record(&analyser, &record, &progress, &cancel).unwrap();
    assert_eq!(game.plies.len(), record.moves.len());
    assert_eq!(last.load(Ordering::Relaxed), record.moves.len());
    assert_eq!(calls.load(Ordering::Relaxed), record.moves.len() + 1);
    assert_eq!(game.winner, record.winner);
    // Each ply is the analysis of its position alone (fresh search per position).
    for (ply, &played) in record.moves.iter().enumerate().step_by(7) {
        let mut at = record.start().unwrap();
        for &c in &record.moves[..ply] {
            at.play(c).unwrap();
        }
        let alone = analyser.position(&at, &Interrupt::never()).unwrap();
        assert_eq!(game.plies[ply].position, alone, "ply {ply}");
        assert_eq!(game.plies[ply].played, played);
    }
    for p in &game.plies {
        let best = p.position.move_at(p.played).unwrap().best;
        assert_eq!(p.quality, MoveQuality::of(p.loss, best));
        assert!((0.0..=1.0).contains(&p.loss));
    }
    // Two players: the win chances of both sides add up to 1.
    let a = chainlab::rules::Player::A;
    let b = chainlab::rules::Player::B;
    for ply in 0..game.plies.len() {
        let sum = game.win_chance(ply, a).unwrap() + game.win_chance(ply, b).unwrap();
        assert!((sum - 1.0).abs() < 1e-9);
    }
    let end = game.plies.len();
    assert_eq!(game.win_chance(end, a), Some(1.0));
    // The summary counts every move of each player (no opening here).
    let mut sums = Vec::new();
    summarise(&mut sums, &game, |seat| record.players[seat].clone());
    assert_eq!(
        sums.iter().map(|s| s.moves).sum::<usize>(),
        record.moves.len()
    );
    for s in &sums {
        let marked = game
            .plies
            .iter()
            .filter(|p| record.players[p.mover().index()] == s.player)
            .filter(|p| p.quality == MoveQuality::Blunder)
            .count();
        assert_eq!(s.blunders, marked);
        assert!((0.0..=100.0).contains(&s.accuracy));
    }
    // The same game again on one thread gives the same analysis.
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    let again = pool.install(|| analyse_record(&analyser, &record, &no_progress, &cancel));
    assert_eq!(again.unwrap(), game);
}

#[test]
fn an_illegal_move_is_named_and_nothing_is_analysed() {
    let start = Position::new(Size::new(5, 6).unwrap(), 2, Rules::Standard).unwrap();
    let moves = [
        Coord::new(0, 0).unwrap(),
        Coord::new(0, 0).unwrap(), // B may not play on A's cell
    ];
    let cancel = Arc::new(AtomicBool::new(false));
    let err = analyse_game(&small(), 4, &start, &moves, 0, &no_progress, &cancel).unwrap_err();
    let text = err.to_string();
    assert!(
        matches!(err, AnalysisError::IllegalMove { ply: 2, .. }),
        "{text}"
    );
    assert!(
        text.contains("game 4") && text.contains("move 2") && text.contains("0,0"),
        "{text}"
    );
}

#[test]
fn a_huge_job_is_refused_and_a_cancelled_one_stops() {
    // 20x20 with 8 players: hundreds of moves at a huge budget are refused.
    let mut position = Position::new(Size::new(20, 20).unwrap(), 8, Rules::Standard).unwrap();
    let start = position;
    let mut moves = Vec::new();
    let mut rng = rng_from_seed(3);
    while moves.len() < 600 && !position.is_over() {
        let list = position.moves();
        let i = list.indices()[rand::RngExt::random_range(&mut rng, 0..list.indices().len())];
        let c = position.size().coord_of(usize::from(i));
        position.play(c).unwrap();
        moves.push(c);
    }
    let cancel = Arc::new(AtomicBool::new(false));
    let huge = Analyser::new(AnalyserConfig::default().with_nodes(100_000_000));
    let err = analyse_game(&huge, 0, &start, &moves, 0, &no_progress, &cancel).unwrap_err();
    assert!(matches!(err, AnalysisError::TooLarge { .. }), "{err}");
    assert!(err.to_string().contains("--nodes"), "{err}");
    // A raised flag stops the run with Cancelled (the flag is raised after
    // the first position finished).
    let flag = Arc::new(AtomicBool::new(false));
    let raise = |done: usize, _total: usize| {
        if done >= 1 {
            flag.store(true, Ordering::SeqCst);
        }
    };
    let analyser = Analyser::new(AnalyserConfig::default().with_nodes(20_000));
    let err = analyse_game(&analyser, 0, &start, &moves, 0, &raise, &flag).unwrap_err();
    assert!(matches!(err, AnalysisError::Cancelled), "{err}");
}

#[test]
fn a_finished_game_has_nothing_to_analyse() {
    let position = fixture("won.txt");
    let err = small()
        .position(&position, &Interrupt::never())
        .unwrap_err();
    assert!(matches!(err, AnalysisError::GameOver), "{err}");
}
