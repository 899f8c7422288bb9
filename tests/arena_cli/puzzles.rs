//! The shipped puzzle suite and `chainlab puzzles`: the suite is big and
//! varied enough, every puzzle's theme rule holds on its position, players
//! are scored, and the command gives one-line errors for bad input.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::cli_util;

use std::collections::BTreeSet;
use std::sync::atomic::AtomicBool;

use chainlab::analysis::perfect::PERFECT;
use chainlab::analysis::puzzle::{self, Puzzle, parse_suite, read_suite};
use chainlab::analysis::theme::{Theme, move_facts};
use chainlab::bots::parse_player;
use cli_util::{chainlab, stderr, stdout};

fn temp(name: &str, bytes: &[u8]) -> String {
    let path = std::env::temp_dir().join(format!("chainlab-puzzles-{}-{name}", std::process::id()));
    std::fs::write(&path, bytes).unwrap();
    path.to_str().unwrap().to_string()
}

fn shipped() -> Vec<Puzzle> {
    puzzle::shipped().unwrap()
}

#[test]
fn the_shipped_suite_is_large_varied_and_on_both_boards() {
    let all = shipped();
    assert!(all.len() >= 150, "{} puzzles", all.len());
    let themes = puzzle::themes(&all);
    assert!(themes.len() >= 6, "themes {themes:?}");
    let sizes: BTreeSet<String> = all.iter().map(|p| p.position.size().to_string()).collect();
    assert!(sizes.contains("5x6") && sizes.contains("9x6"), "{sizes:?}");
    for p in &all {
        assert!(!p.description.is_empty(), "{}", p.id);
        assert!(p.best.iter().all(|&c| p.position.is_legal(c)), "{}", p.id);
        assert!(
            p.partial.iter().all(|&(c, _)| p.position.is_legal(c)),
            "{}",
            p.id
        );
    }
}

/// Each puzzle's theme is checkable: its rule holds on the position, the
/// best moves and the scoring moves, and few legal moves score. (The
/// `perfect` theme is checked by the solver: `perfect_puzzles.rs`.)
#[test]
fn every_shipped_puzzle_fits_its_theme_rule() {
    for p in shipped().into_iter().filter(|p| p.theme != PERFECT) {
        let theme = Theme::from_name(&p.theme).unwrap_or_else(|| panic!("{}: theme", p.id));
        let facts = move_facts(&p.position);
        let scoring: Vec<_> = p
            .best
            .iter()
            .copied()
            .chain(p.partial.iter().map(|&(c, _)| c))
            .collect();
        assert!(
            theme.holds(&facts, &p.best, &scoring),
            "{}: {}",
            p.id,
            theme.rule()
        );
        assert!(
            scoring.len() * 4 <= facts.len().max(4),
            "{}: too many moves score",
            p.id
        );
    }
}

#[test]
fn a_suite_round_trips_through_its_lines() {
    let all = shipped();
    let text: String = all.iter().take(20).map(|p| p.to_line() + "\n").collect();
    let again = parse_suite(&text).unwrap();
    assert_eq!(again, all[..20.min(all.len())].to_vec());
}

#[test]
fn a_strong_player_solves_more_than_random() {
    // Every fourth puzzle keeps the test quick in a debug build.
    let subset: Vec<Puzzle> = shipped().into_iter().step_by(4).collect();
    let never = AtomicBool::new(false);
    let random = parse_player("bot:random").unwrap();
    let expert = parse_player("bot:expert").unwrap();
    let r = puzzle::score(random.as_ref(), &subset, 1, &never).unwrap();
    let e = puzzle::score(expert.as_ref(), &subset, 1, &never).unwrap();
    assert!(
        e.points() > 2.0 * r.points() + 5.0,
        "expert {} random {}",
        e.points(),
        r.points()
    );
    assert!(
        r.points() < 0.2 * subset.len() as f64,
        "random scores {}",
        r.points()
    );
}

#[test]
fn bad_suites_name_the_line() {
    let good = shipped().first().unwrap().to_line();
    let text = format!("# a comment\n{good}\n{{\"id\":\"x\"}}\n");
    let e = parse_suite(&text).unwrap_err().to_string();
    assert!(e.starts_with("line 3:"), "{e}");
    let twice = format!("{good}\n{good}\n");
    assert!(
        parse_suite(&twice)
            .unwrap_err()
            .to_string()
            .contains("line 2")
    );
    let bad_move = good.replacen("\"best\":[\"", "\"best\":[\"9,9\",\"", 1);
    let e = parse_suite(&bad_move).unwrap_err().to_string();
    assert!(
        e.contains("line 1") && e.contains("not a legal move"),
        "{e}"
    );
    let long = vec![b'x'; puzzle::MAX_PUZZLE_LINE_BYTES + 10];
    let e = read_suite(&long[..]).unwrap_err().to_string();
    assert!(e.contains("line 1") && e.contains("longer"), "{e}");
}

#[test]
fn cli_scores_a_theme_in_text_and_json() {
    let out = chainlab(&[
        "puzzles",
        "bot:greedy",
        "--theme",
        "take-the-win",
        "--size",
        "5x6",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("take-the-win") && text.contains("total"),
        "{text}"
    );
    let out = chainlab(&["puzzles", "bot:random", "--theme", "capture", "--json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    let total = v["total"].as_u64().unwrap();
    assert!(total > 0);
    assert_eq!(v["themes"][0]["theme"], "capture");
    let failed = v["failed"].as_array().unwrap();
    assert_eq!(failed.len() as u64, total - v["solved"].as_u64().unwrap());
    assert!(
        failed
            .iter()
            .all(|f| f["best"].as_array().is_some_and(|b| !b.is_empty()))
    );
}

#[test]
fn cli_scores_a_suite_file_and_a_strategy() {
    let lines: String = shipped()
        .iter()
        .take(3)
        .map(|p| p.to_line() + "\n")
        .collect();
    let file = temp("three.jsonl", lines.as_bytes());
    let out = chainlab(&["puzzles", "strategies/04-capture.json", "--suite", &file]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("on 3 puzzles"), "{}", stdout(&out));
}

#[test]
fn cli_bad_input_gives_one_line_errors() {
    let out = chainlab(&["puzzles", "bot:greedy", "--theme", "nonsense"]);
    assert_eq!(out.status.code(), Some(2));
    let e = stderr(&out);
    assert!(
        e.contains("unknown theme 'nonsense'") && e.contains("take-the-win"),
        "{e}"
    );

    let good = shipped().first().unwrap().to_line();
    let file = temp("bad.jsonl", format!("{good}\nnot json\n").as_bytes());
    let out = chainlab(&["puzzles", "bot:greedy", "--suite", &file]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("line 2:"), "{}", stderr(&out));

    let out = chainlab(&["puzzles", "bot:greedy", "--suite", "/dev/zero"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("line 1 is longer"),
        "{}",
        stderr(&out)
    );

    let no_newline = temp("long.jsonl", &vec![b'{'; 200_000]);
    let out = chainlab(&["puzzles", "bot:greedy", "--suite", &no_newline]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("line 1 is longer"),
        "{}",
        stderr(&out)
    );

    let empty = temp("empty.jsonl", b"# nothing\n");
    let out = chainlab(&["puzzles", "bot:greedy", "--suite", &empty]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("has no puzzles"), "{}", stderr(&out));

    let out = chainlab(&["puzzles", "bot:nope"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stderr(&out).lines().count(), 1, "{}", stderr(&out));
}
