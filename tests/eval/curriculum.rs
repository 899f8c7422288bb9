//! The shipped curriculum: every strategy loads, validates and plays full
//! games on any board, player count and variant; the later lessons beat the
//! random player; each lesson beats the one before; the files are what
//! `examples/curriculum.rs` builds.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use chainlab::arena::{MatchConfig, MatchObserver, run_match};
use chainlab::bots::{AgentFactory, parse_player};
use chainlab::rules::{Rules, Size};
use chainlab::strategy::Strategy;

#[allow(dead_code)]
#[path = "../../examples/curriculum.rs"]
mod curriculum;

struct Quiet;
impl MatchObserver for Quiet {}

fn shipped() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("strategies");
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    assert!(
        files.len() >= 8,
        "the curriculum has at least eight strategies"
    );
    files
}

fn player(path: &Path) -> Arc<dyn AgentFactory> {
    parse_player(path.to_str().unwrap()).unwrap()
}

/// Side A's score in a seeded match.
fn score(a: &Arc<dyn AgentFactory>, b: &Arc<dyn AgentFactory>, config: &MatchConfig) -> f64 {
    let report = run_match(a, b, config, &AtomicBool::new(false), &mut Quiet).unwrap();
    assert_eq!(
        report.tally.forfeits_a + report.tally.forfeits_b,
        0,
        "{} vs {}: forfeits",
        report.a,
        report.b
    );
    report.wdl().score().unwrap()
}

#[test]
fn the_files_are_what_the_curriculum_example_builds() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("strategies");
    for (file, strategy) in curriculum::curriculum() {
        let on_disk = std::fs::read_to_string(dir.join(file)).unwrap();
        assert_eq!(
            on_disk,
            strategy.to_json(),
            "{file}: run `cargo run --example curriculum`"
        );
    }
}

#[test]
fn every_strategy_validates_without_errors_and_teaches_something() {
    for path in shipped() {
        let strategy = Strategy::load(&path).unwrap();
        let report = strategy.validate();
        assert!(
            !report.has_errors(),
            "{}: {:?}",
            path.display(),
            report.diagnostics
        );
        assert!(
            !strategy.name.is_empty() && strategy.description.len() > 40,
            "{}",
            path.display()
        );
        assert!(
            strategy
                .nodes()
                .iter()
                .any(|n| matches!(n.kind, chainlab::strategy::NodeKind::Comment { .. })),
            "{}: a lesson explains itself in a comment",
            path.display()
        );
    }
}

#[test]
fn every_strategy_plays_full_games_on_any_board_player_count_and_variant() {
    let random = parse_player("bot:random").unwrap();
    for path in shipped() {
        let me = player(&path);
        for (size, players, rules) in [
            (Size::JABC, 2, Rules::Standard),
            (Size::PHONE, 2, Rules::Overflow),
            (Size::new(3, 3).unwrap(), 3, Rules::Empties),
            (Size::ARCHIMEDES, 4, Rules::Standard),
        ] {
            let config = MatchConfig {
                games: 4,
                size,
                players,
                rules,
                seed: 5,
                ..MatchConfig::default()
            };
            let report =
                run_match(&me, &random, &config, &AtomicBool::new(false), &mut Quiet).unwrap();
            assert_eq!(report.tally.games(), 4);
            assert_eq!(
                report.tally.forfeits_a + report.tally.forfeits_b,
                0,
                "{} on {size} {rules}",
                path.display()
            );
        }
    }
}

#[test]
fn the_later_lessons_beat_the_random_player() {
    let random = parse_player("bot:random").unwrap();
    let config = MatchConfig {
        games: 200,
        seed: 2026,
        opening_plies: 0,
        ..MatchConfig::default()
    };
    for path in shipped().iter().skip(3) {
        let s = score(&player(path), &random, &config);
        eprintln!("{} vs bot:random: {:.1}%", path.display(), 100.0 * s);
        assert!(
            s >= 0.9,
            "{} scores only {:.1}% against random",
            path.display(),
            100.0 * s
        );
    }
}

#[test]
fn each_lesson_beats_the_one_before() {
    let config = MatchConfig {
        games: 400,
        seed: 7,
        opening_plies: 4,
        ..MatchConfig::default()
    };
    let files = shipped();
    for pair in files.windows(2) {
        let s = score(&player(&pair[1]), &player(&pair[0]), &config);
        eprintln!(
            "{} vs {}: {:.1}%",
            pair[1].file_name().unwrap().to_string_lossy(),
            pair[0].file_name().unwrap().to_string_lossy(),
            100.0 * s
        );
        assert!(
            s > 0.5,
            "{} does not beat {}",
            pair[1].display(),
            pair[0].display()
        );
    }
}
