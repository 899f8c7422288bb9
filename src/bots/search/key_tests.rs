//! Tests of the incremental position key: after any sequence of moves, on
//! any size, player count and rule variant, the key kept move by move
//! equals the key computed from scratch, including after moves that win in
//! the middle of a chain.

use proptest::prelude::*;
use rand::RngExt;

use super::key::{child_key, key_of};
use crate::rng::rng_from_seed;
use crate::rules::{Position, Rules, Size};

/// Plays random moves from the empty board of `start` with the key kept
/// incrementally, checking it against the key from scratch after every
/// move and that an illegal move changes neither position nor key. Returns
/// the number of moves that won with a chain cut short (a cell left at or
/// above its threshold).
fn follow_game(start: Position, seed: u64, limit: usize) -> Result<usize, TestCaseError> {
    let mut rng = rng_from_seed(seed);
    let mut position = start;
    let mut key = key_of(&position);
    let mut mid_chain_wins = 0;
    for _ in 0..limit {
        let moves = position.moves();
        if moves.is_empty() {
            break;
        }
        // Now and then an arbitrary cell, legal or not.
        let index = if rng.random_range(0..8) == 0 {
            rng.random_range(0..position.size().cells() + 2)
        } else {
            usize::from(moves.indices()[rng.random_range(0..moves.len())])
        };
        let mut child = position;
        match child_key(&mut child, key, index) {
            None => {
                prop_assert!(!position.is_legal_index(index));
                prop_assert_eq!(child, position);
                continue;
            }
            Some(child_key) => {
                prop_assert_eq!(child_key, key_of(&child), "move {} on\n{}", index, position);
                key = child_key;
            }
        }
        if child.is_over() && has_critical_cell(&child) {
            mid_chain_wins += 1;
        }
        position = child;
    }
    Ok(mid_chain_wins)
}

/// Whether a cell holds at least as many atoms as make it react (only
/// possible after a chain stopped by a win).
fn has_critical_cell(position: &Position) -> bool {
    let geo = position.geometry();
    position
        .cells()
        .iter()
        .enumerate()
        .any(|(i, c)| c.atoms() >= position.threshold(geo.capacity(i)))
}

fn any_rules() -> impl Strategy<Value = Rules> {
    prop_oneof![
        Just(Rules::Standard),
        Just(Rules::Overflow),
        Just(Rules::Empties)
    ]
}

fn board() -> impl Strategy<Value = (usize, usize, usize)> {
    (2usize..=9, 2usize..=9).prop_flat_map(|(r, c)| (Just(r), Just(c), 2usize..=(r * c).min(8)))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn incremental_key_equals_the_key_from_scratch(
        (rows, cols, players) in board(),
        rules in any_rules(),
        seed: u64,
    ) {
        let start = Position::new(Size::new(rows, cols).unwrap(), players, rules).unwrap();
        follow_game(start, seed, 1000)?;
    }
}

#[test]
fn the_key_follows_moves_that_win_in_the_middle_of_a_chain() {
    for rules in Rules::ALL {
        let mut wins = 0;
        for seed in 0..400 {
            let size = Size::new(2 + seed as usize % 4, 2 + seed as usize % 5).unwrap();
            let players = 2 + seed as usize % 3;
            let start = Position::new(size, players, rules).unwrap();
            wins += follow_game(start, seed, 1000).unwrap();
        }
        assert!(wins >= 20, "{rules}: only {wins} games won in mid-chain");
    }
}

#[test]
fn the_key_tells_apart_what_the_position_is_made_of() {
    let start = Position::new(Size::JABC, 2, Rules::Standard).unwrap();
    let mut keys = vec![key_of(&start)];
    for other in [
        Position::new(Size::new(6, 5).unwrap(), 2, Rules::Standard).unwrap(),
        Position::new(Size::JABC, 3, Rules::Standard).unwrap(),
        Position::new(Size::JABC, 2, Rules::Overflow).unwrap(),
        "size 5x6\nplaced A\nmoves 1\nA1 . . . . .\n. . . . . .\n. . . . . .\n. . . . . .\n. . . . . .\n"
            .parse()
            .unwrap(),
        "size 5x6\nplaced A B\nmoves 2\nA1 . . . . .\n. . . . . .\n. . . . . .\n. . . . . .\n. . . . . B1\n"
            .parse()
            .unwrap(),
        "size 5x6\nplaced A B\nmoves 2\nA1 . . . . .\n. . . . . .\n. . . . . .\n. . . . . .\n. . . . . A1\n"
            .parse()
            .unwrap(),
    ] {
        keys.push(key_of(&other));
    }
    let count = keys.len();
    keys.sort_unstable();
    keys.dedup();
    assert_eq!(keys.len(), count);
}
