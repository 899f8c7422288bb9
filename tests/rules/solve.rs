//! The exact solver checked twice: against a brute force (plain minimax over
//! the rules engine's `Position`, no table, its own idea of a value) on the
//! boards where a whole game tree is small, and on positions late in random
//! games of the larger solved boards; and the solver's refusals.

use chainlab::rng::rng_from_seed;
use chainlab::rules::{Position, Rules, Size};
use chainlab::solve::{SolveError, Value, solve};
use rand::RngExt;

/// The brute force's value of `position` for its mover: (wins, plies to the
/// end), the winner as fast as it can, the loser as slow as it can.
fn brute(position: &Position) -> (bool, u32) {
    let mut best: Option<(bool, u32)> = None;
    for &index in position.moves().indices() {
        let mut child = *position;
        child.play_index(usize::from(index)).unwrap();
        let mine = if child.is_over() {
            assert_eq!(child.winner(), Some(position.mover()));
            (true, 1)
        } else {
            let (wins, plies) = brute(&child);
            (!wins, plies + 1)
        };
        best = Some(match best {
            None => mine,
            Some(b) => better(b, mine),
        });
    }
    best.unwrap()
}

fn better(a: (bool, u32), b: (bool, u32)) -> (bool, u32) {
    match (a.0, b.0) {
        (true, false) => a,
        (false, true) => b,
        (true, true) => (true, a.1.min(b.1)),
        (false, false) => (false, a.1.max(b.1)),
    }
}

fn as_pair(v: Value) -> (bool, u32) {
    (v.is_win(), u32::from(v.plies()))
}

#[test]
fn the_solver_agrees_with_brute_force_on_whole_small_games() {
    for (rows, cols, rules) in [
        (2, 2, Rules::Standard),
        (2, 2, Rules::Overflow),
        (2, 3, Rules::Standard),
        (3, 2, Rules::Standard),
    ] {
        let size = Size::new(rows, cols).unwrap();
        let solution = solve(size, rules).unwrap();
        let start = Position::new(size, 2, rules).unwrap();
        assert_eq!(as_pair(solution.start()), brute(&start), "{size} {rules}");
        // Every first move, valued by both.
        for (coord, value) in solution.moves(&start).unwrap() {
            let mut child = start;
            child.play(coord).unwrap();
            let (wins, plies) = brute(&child);
            assert_eq!(as_pair(value), (!wins, plies + 1), "{size} {rules} {coord}");
        }
    }
}

#[test]
fn the_solver_agrees_with_brute_force_late_in_random_games() {
    for (rows, cols, rules, from) in [
        (3, 3, Rules::Standard, 9),
        (2, 4, Rules::Standard, 6),
        (2, 3, Rules::Overflow, 9),
    ] {
        let size = Size::new(rows, cols).unwrap();
        let solution = solve(size, rules).unwrap();
        let mut rng = rng_from_seed(rows as u64 * 100 + cols as u64);
        let mut checked = 0;
        for _ in 0..6 {
            let mut position = Position::new(size, 2, rules).unwrap();
            while !position.is_over() {
                if position.placements() >= from {
                    let value = solution.value(&position).unwrap();
                    assert_eq!(as_pair(value), brute(&position), "{size} {rules}");
                    checked += 1;
                }
                let moves = position.moves();
                let pick = moves.indices()[rng.random_range(0..moves.len())];
                position.play_index(usize::from(pick)).unwrap();
            }
        }
        assert!(checked > 0, "{size} {rules}: no position checked");
    }
}

#[test]
fn the_solver_refuses_what_it_cannot_solve() {
    let big = Size::new(4, 4).unwrap();
    match solve(big, Rules::Standard) {
        Err(SolveError::TooLarge {
            cells: 16, bound, ..
        }) => assert!(bound > 1e9),
        other => panic!("4x4: {other:?}"),
    }
    let small = Size::new(2, 2).unwrap();
    assert_eq!(
        solve(small, Rules::Empties).err(),
        Some(SolveError::Rules(Rules::Empties))
    );
}

#[test]
fn every_first_move_of_a_solution_is_consistent_with_its_start() {
    let size = Size::new(3, 3).unwrap();
    let solution = solve(size, Rules::Standard).unwrap();
    let start = Position::new(size, 2, Rules::Standard).unwrap();
    let best = solution
        .moves(&start)
        .unwrap()
        .into_iter()
        .map(|(_, v)| v)
        .max()
        .unwrap();
    assert_eq!(best, solution.start());
    assert!(solution.stats().positions > 0);
}
