//! The reference engine of `chainlab bench`'s playout line
//! (`benches/reference_engine.rs`) plays exactly as chainlab's `Position`:
//! the same legal moves, boards, movers, winners and game lengths in
//! thousands of seeded random games on several sizes and player counts.
//! Without this, the ratio that `bench` prints would compare different work.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

#[path = "../../benches/reference_engine.rs"]
mod reference_engine;

use chainlab::rng::rng_from_seed;
use chainlab::rules::{Position, Rules, Size};
use rand::RngExt;
use reference_engine::RefEngine;

/// Plays `games` random games on `rows x cols` with `players` players with
/// both engines side by side, comparing them after every move.
fn agree(rows: usize, cols: usize, players: usize, games: u64) {
    let size = Size::new(rows, cols).unwrap();
    let start = Position::new(size, players, Rules::Standard).unwrap();
    let mut engine = RefEngine::new(rows, cols, players).unwrap();
    assert_eq!(engine.cells(), size.cells());
    let mut rng = rng_from_seed(0x5EED ^ (rows * 100 + cols * 10 + players) as u64);
    for game in 0..games {
        let mut position = start;
        engine.reset();
        let mut moves = 0u32;
        loop {
            let ours = position.moves();
            let theirs = engine.fill_moves().to_vec();
            assert_eq!(
                ours.indices(),
                &theirs[..],
                "{size} game {game} move {moves}: legal moves"
            );
            if theirs.is_empty() {
                break;
            }
            let pick = usize::from(theirs[rng.random_range(0..theirs.len())]);
            assert!(position.play_index(pick).is_some());
            engine.play(pick);
            moves += 1;
            for (i, cell) in position.cells().iter().enumerate() {
                let owner = cell.owner().map_or(0, |p| p.index() as u8 + 1);
                assert_eq!(
                    (owner, cell.atoms()),
                    engine.cell(i),
                    "{size} {players} players, game {game} move {moves}: cell {i}"
                );
            }
            assert_eq!(
                position.mover().index(),
                engine.mover(),
                "{size} game {game}: mover"
            );
            assert_eq!(
                position.winner().map(|p| p.index()),
                engine.winner(),
                "{size} game {game} move {moves}: winner"
            );
        }
        assert!(position.is_over());
        assert_eq!(position.placements(), moves);
    }
}

/// [`agree`] on every `(rows, cols, players, games)` of `cases`.
fn agree_on(cases: &[(usize, usize, usize, u64)]) {
    for &(rows, cols, players, games) in cases {
        agree(rows, cols, players, games);
    }
}

#[test]
fn reference_plays_like_chainlab_on_two_player_boards() {
    agree_on(&[(5, 6, 2, 3000), (9, 6, 2, 1000), (8, 8, 2, 1000)]);
}

#[test]
fn reference_plays_like_chainlab_with_more_players() {
    agree_on(&[
        (5, 6, 3, 1000),
        (6, 7, 4, 500),
        (4, 4, 8, 500),
        (10, 6, 5, 300),
    ]);
}

#[test]
fn reference_plays_like_chainlab_on_odd_sizes() {
    let cases = [
        (2, 2, 2, 1000),
        (2, 20, 3, 300),
        (20, 3, 2, 200),
        (13, 17, 6, 50),
    ];
    agree_on(&cases);
    agree_on(&[(20, 20, 2, 20)]);
}

#[test]
fn reference_refuses_what_chainlab_refuses() {
    assert!(RefEngine::new(1, 6, 2).is_none());
    assert!(RefEngine::new(5, 21, 2).is_none());
    assert!(RefEngine::new(5, 6, 1).is_none());
    assert!(RefEngine::new(5, 6, 9).is_none());
    assert!(RefEngine::new(2, 2, 5).is_none());
    assert!(RefEngine::new(2, 2, 4).is_some());
}

#[test]
fn reference_random_games_last_as_long_as_chainlabs() {
    for (rows, cols) in [(5, 6), (9, 6), (8, 8)] {
        let start = Position::new(Size::new(rows, cols).unwrap(), 2, Rules::Standard).unwrap();
        let mut engine = RefEngine::new(rows, cols, 2).unwrap();
        let (mut a, mut b) = (rng_from_seed(7), rng_from_seed(7));
        for _ in 0..200 {
            let mut position = start;
            let mut moves = 0;
            loop {
                let list = position.moves();
                if list.is_empty() {
                    break;
                }
                let pick = list.indices()[a.random_range(0..list.len())];
                position.play_index(usize::from(pick));
                moves += 1;
            }
            assert_eq!(engine.random_game(&mut b), moves);
        }
    }
}
