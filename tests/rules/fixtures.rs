//! Hand-checked rule fixtures from `tests/data/rules/`: a start position,
//! moves, the reaction waves of the last move, and the expected position.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::BTreeMap;
use std::path::Path;

use chainlab::rules::{Coord, Position, WaveLog};

/// Splits a fixture into its `[section]`s.
fn sections(text: &str) -> BTreeMap<String, String> {
    let mut map = BTreeMap::new();
    let mut current: Option<String> = None;
    for line in text.lines() {
        let trimmed = line.trim();
        if trimmed.starts_with('[') && trimmed.ends_with(']') {
            current = Some(trimmed[1..trimmed.len() - 1].to_string());
            map.insert(current.clone().unwrap(), String::new());
        } else if let Some(name) = &current {
            let body = map.get_mut(name).unwrap();
            body.push_str(line);
            body.push('\n');
        }
    }
    map
}

fn coords(text: &str) -> Vec<Coord> {
    text.split_whitespace()
        .map(|t| t.parse().unwrap())
        .collect()
}

fn check_fixture(path: &Path) {
    let name = path.file_name().unwrap().to_string_lossy();
    let text = std::fs::read_to_string(path).unwrap();
    let s = sections(&text);
    let mut position: Position = s["start"]
        .parse()
        .unwrap_or_else(|e| panic!("{name}: start: {e}"));
    let moves = coords(&s["moves"]);
    let mut log = WaveLog::default();
    for (i, &m) in moves.iter().enumerate() {
        log = WaveLog::default();
        position
            .play_observed(m, &mut log)
            .unwrap_or_else(|e| panic!("{name}: move {i} {m}: {e}"));
    }
    let expected_waves: Vec<Vec<Coord>> = s["waves"]
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(coords)
        .collect();
    let waves: Vec<Vec<Coord>> = log.waves.iter().map(|(w, _)| w.clone()).collect();
    assert_eq!(
        waves, expected_waves,
        "{name}: reaction waves of the last move"
    );
    let expected = s["expect"].trim_end();
    assert_eq!(
        position.to_string().trim_end(),
        expected,
        "{name}: final position"
    );
    let reparsed: Position = expected
        .parse()
        .unwrap_or_else(|e| panic!("{name}: expect: {e}"));
    assert_eq!(
        reparsed, position,
        "{name}: expected text parses to the same position"
    );
}

#[test]
fn every_rules_fixture_holds() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/rules");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    paths.sort();
    assert!(paths.len() >= 11, "fixtures missing in {}", dir.display());
    for path in &paths {
        check_fixture(path);
    }
}
