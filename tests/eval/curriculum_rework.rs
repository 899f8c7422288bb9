//! Lessons 8 to 10 were reworked with groups and Weighted sums (issue 15).
//! The reworked files value every cell exactly as the flat files before the
//! rework did (kept in tests/data/strategies/v1/): on the test positions
//! through `chainlab score`, and on many random positions through the library.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;

use chainlab::eval::{Evaluator, Program};
use chainlab::rules::{Rules, Size};
use chainlab::strategy::{NodeKind, Strategy};

const REWORKED: [&str; 3] = ["08-expert.json", "09-think-ahead.json", "10-tuned.json"];

fn old(file: &str) -> PathBuf {
    common::repo().join("tests/data/strategies/v1").join(file)
}

fn new(file: &str) -> PathBuf {
    common::repo().join("strategies").join(file)
}

fn load(path: &Path) -> Strategy {
    Strategy::load(path).unwrap()
}

/// `chainlab score --json` on `strategy` and `position`: the values per cell.
fn score(strategy: &Path, position: &Path) -> serde_json::Value {
    let out = Command::new(env!("CARGO_BIN_EXE_chainlab"))
        .args(["score", "--json", "--position"])
        .arg(position)
        .arg(strategy)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    v["values"].clone()
}

#[test]
fn score_gives_the_same_values_as_before_the_rework() {
    let positions: Vec<PathBuf> = std::fs::read_dir(common::repo().join("tests/data/positions"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| !p.ends_with("won.txt"))
        .collect();
    assert!(positions.len() >= 4);
    for file in REWORKED {
        for position in &positions {
            let before = score(&old(file), position);
            assert!(before.is_array(), "{before}");
            assert_eq!(
                score(&new(file), position),
                before,
                "{file} on {}",
                position.display()
            );
        }
    }
}

#[test]
fn every_cell_of_random_positions_has_the_same_value() {
    let mut positions = common::random_positions(15, 150, Size::JABC, 2, Rules::Standard);
    positions.extend(common::random_positions(
        16,
        150,
        Size::new(9, 6).unwrap(),
        2,
        Rules::Standard,
    ));
    positions.extend(common::mixed_positions(17, 150));
    for file in REWORKED {
        let mut before = Evaluator::new(Arc::new(Program::compile(&load(&old(file))).unwrap()));
        let mut after = Evaluator::new(Arc::new(Program::compile(&load(&new(file))).unwrap()));
        for (i, p) in positions.iter().enumerate() {
            let seed = i as u64;
            assert_eq!(
                after.heat_map(p, seed).unwrap(),
                before.heat_map(p, seed).unwrap(),
                "{file}, position {i}:\n{p}"
            );
        }
    }
}

#[test]
fn the_reworked_lessons_read_as_groups_and_one_weighted_sum() {
    for file in REWORKED {
        let s = load(&new(file));
        let groups = s
            .nodes()
            .iter()
            .filter(|n| matches!(n.kind, NodeKind::Group { .. }))
            .count();
        let sums: Vec<_> = s
            .nodes()
            .iter()
            .filter_map(|n| match &n.kind {
                NodeKind::WeightedSum { terms } => Some(terms),
                _ => None,
            })
            .collect();
        assert!((3..=6).contains(&groups), "{file}: {groups} groups");
        assert_eq!(sums.len(), 1, "{file}");
        assert!(
            sums[0]
                .iter()
                .filter(|t| !t.label.starts_with("base"))
                .all(|t| t.label.contains("(lesson")),
            "{file}: every idea names its lesson"
        );
        assert!(
            s.nodes().len() <= 12,
            "{file}: {} nodes at the top",
            s.nodes().len()
        );
        assert!(!s.frames.is_empty(), "{file}: a frame explains the groups");
        let old_nodes = load(&old(file)).nodes().len();
        assert!(
            old_nodes >= 3 * s.nodes().len(),
            "{file}: {old_nodes} nodes before"
        );
    }
}
