//! The `perfect` puzzles of the shipped suite, checked against the solver:
//! each answer is the one move that keeps the win and every other move
//! loses (each position solved on its own, and on the small boards by the
//! whole board's solution too); the theme is in the suite and the command.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::BTreeSet;

use chainlab::analysis::perfect::{PERFECT, PERFECT_LIMIT, perfect_answer};
use chainlab::analysis::puzzle::{self, Puzzle};
use chainlab::rules::Rules;
use chainlab::solve::{Value, shared, solve_moves};

use crate::cli_util::{chainlab, stderr, stdout};

fn perfect_puzzles() -> Vec<Puzzle> {
    puzzle::shipped()
        .unwrap()
        .into_iter()
        .filter(|p| p.theme == PERFECT)
        .collect()
}

#[test]
fn the_suite_has_perfect_puzzles_on_the_solved_boards() {
    let all = puzzle::shipped().unwrap();
    assert!(puzzle::themes(&all).iter().any(|t| t == PERFECT));
    let perfect = perfect_puzzles();
    assert!(perfect.len() >= 20, "{} perfect puzzles", perfect.len());
    let sizes: BTreeSet<String> = perfect
        .iter()
        .map(|p| p.position.size().to_string())
        .collect();
    for size in ["3x3", "3x4", "2x4", "2x5"] {
        assert!(sizes.contains(size), "{sizes:?}");
    }
    for p in &perfect {
        assert_eq!(p.position.rules(), Rules::Standard, "{}", p.id);
        assert_eq!(p.best.len(), 1, "{}", p.id);
        assert!(p.partial.is_empty(), "{}", p.id);
        assert!(p.position.moves().len() >= 4, "{}", p.id);
        assert!(!p.description.is_empty(), "{}", p.id);
    }
}

/// The proof: solved on its own, the position is won for the mover, the
/// answer wins (not at once) and every other legal move loses.
#[test]
fn every_perfect_answer_is_the_only_winning_move() {
    for p in perfect_puzzles() {
        let answer = perfect_answer(&p.position, PERFECT_LIMIT)
            .unwrap_or_else(|e| panic!("{}: {e}", p.id))
            .unwrap_or_else(|| panic!("{}: not a perfect position", p.id));
        assert_eq!(answer.cell, p.best[0], "{}", p.id);
        assert_eq!(answer.moves.len(), p.position.moves().len(), "{}", p.id);
        for &(cell, value) in &answer.moves {
            if cell == p.best[0] {
                assert!(value.is_win() && value != Value::Win(1), "{}", p.id);
            } else {
                assert!(!value.is_win(), "{}: {cell} is {value}", p.id);
            }
        }
    }
}

/// On the boards solved in a moment, the whole board's solution (from the
/// empty board, as `bot:perfect` uses it) gives the same values.
#[test]
fn the_whole_board_solution_agrees_on_the_small_boards() {
    let mut checked = 0;
    for p in perfect_puzzles() {
        let size = p.position.size();
        if size.cells() > 9 {
            continue;
        }
        let solution = shared(size, Rules::Standard).unwrap();
        let alone = solve_moves(&p.position, PERFECT_LIMIT).unwrap();
        assert_eq!(
            solution.moves(&p.position).unwrap(),
            alone.moves,
            "{}",
            p.id
        );
        checked += 1;
    }
    assert!(checked > 0);
}

#[test]
fn the_command_scores_the_perfect_theme() {
    let out = chainlab(&["puzzles", "bot:random", "--theme", PERFECT, "--json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(v["themes"][0]["theme"], PERFECT);
    assert_eq!(v["total"].as_u64().unwrap(), perfect_puzzles().len() as u64);
    // The perfect player plays the fastest win, so it solves every one (on
    // 3x3, solved in a moment).
    let out = chainlab(&[
        "puzzles",
        "bot:perfect",
        "--theme",
        PERFECT,
        "--size",
        "3x3",
        "--json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert!(v["total"].as_u64().unwrap() > 0);
    assert_eq!(v["solved"], v["total"], "{v}");
    // An unknown theme is refused with the list, `perfect` in it.
    let out = chainlab(&["puzzles", "bot:greedy", "--theme", "nonsense"]);
    assert!(stderr(&out).contains(PERFECT), "{}", stderr(&out));
}
