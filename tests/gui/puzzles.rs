//! UI tests of the editor's Puzzles panel, headless with egui_kittest, on
//! the small suite `tests/data/puzzles/5x6-fixture.jsonl` (two themes) and
//! the graph `tests/data/strategies/puzzle-atoms.json` (plays where it has
//! the most atoms, a Wins the game node left unwired): "Solved k/n" per
//! theme, a failed puzzle opened on the preview board with its answer
//! ringed and the graph's choice explained, the count following an edit of
//! the graph without a click, and the messages for an empty or unreadable
//! suite, and a suite file chosen in the panel.
#![cfg(feature = "gui")]
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::editor_ui;

use std::path::{Path, PathBuf};

use chainlab::analysis::puzzle::parse_suite;
use chainlab::gui::{App, Settings, View};
use chainlab::rules::Coord;
use chainlab::strategy::NodeId;
use editor_ui::*;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

/// A file of `tests/data`.
fn data(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(path)
}

/// The fixture suite.
fn suite() -> PathBuf {
    data("puzzles/5x6-fixture.jsonl")
}

/// The editor with the fixture graph open, the suite `puzzles` (`None`:
/// the built-in one) and the Puzzles tab shown.
fn puzzles_harness(puzzles: Option<PathBuf>) -> Harness<'static, App> {
    let mut settings = Settings {
        view: View::Editor,
        ..Settings::default()
    };
    settings.editor.last_file = Some(data("strategies/puzzle-atoms.json"));
    settings.editor.puzzles = puzzles;
    let mut h = harness_with(settings);
    assert_eq!(strategy(&h).name, "Most atoms");
    click(&mut h, "Puzzles");
    h
}

/// Runs frames until `done` holds (the check runs in the background;
/// bounded, so a check that never ends fails the test).
fn run_until(h: &mut Harness<'_, App>, what: &str, done: impl Fn(&Harness<'_, App>) -> bool) {
    for _ in 0..1500 {
        if done(h) {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
        h.step();
    }
    panic!("{what} never happened");
}

/// The count of the graph as it is now, once checked.
fn solved_now(h: &Harness<'_, App>) -> Option<(usize, usize)> {
    let score = h.state().editor().puzzle_score()?;
    Some((score.solved(), score.total()))
}

/// Waits for the count of the graph as it is now and returns it.
fn solved(h: &mut Harness<'_, App>) -> (usize, usize) {
    run_until(h, "a count", |h| solved_now(h).is_some());
    h.run_steps(2);
    solved_now(h).unwrap()
}

#[test]
fn a_failed_puzzle_opens_on_the_preview_with_its_answer_ringed() {
    let mut h = puzzles_harness(Some(suite()));
    assert!(
        h.query_by_label_contains("Positions with a known best move")
            .is_some()
    );
    assert_eq!(solved(&mut h), (1, 2), "take-the-win, the first theme");
    h.get_by_label("Solved 1/2");
    h.get_by_label("chose 2,2 · best 4,5");
    h.get_by_label("chose 0,0");
    click(&mut h, "Only the unsolved");
    assert!(h.query_by_label("win-corner").is_none(), "solved: hidden");
    assert!(h.query_by_label("chose 0,0").is_none());

    click(&mut h, "win-far-corner");
    let puzzles = parse_suite(&std::fs::read_to_string(suite()).unwrap()).unwrap();
    let puzzle = puzzles.iter().find(|p| p.id == "win-far-corner").unwrap();
    let editor = h.state().editor();
    assert_eq!(editor.preview_position(), Some(&puzzle.position));
    let shown = editor.preview_puzzle().expect("the puzzle is shown");
    assert_eq!(shown.best, vec![Coord::new(4, 5).unwrap()]);
    assert_eq!(shown.chosen, Coord::new(2, 2));
    assert_eq!(
        editor.explained(),
        Coord::new(2, 2),
        "the choice is explained"
    );
    h.get_by_label("Puzzle win-far-corner");
    h.get_by_label("Answer (pink circle): 4,5");
    h.get_by_label("Your graph chose 2,2 (green ring, explained)");

    // Back in the list, then the board edited by hand: the puzzle goes.
    click(&mut h, "⏴ Back to puzzles");
    h.get_by_label("Solved 1/2");
    click(&mut h, "Strategy");
    click(&mut h, "Edit board");
    click(&mut h, "cell 0,0");
    assert!(h.state().editor().preview_puzzle().is_none());
    assert!(h.query_by_label("Puzzle win-far-corner").is_none());
}

#[test]
fn the_count_follows_the_theme_and_the_graph_as_it_is_edited() {
    let mut h = puzzles_harness(Some(suite()));
    assert_eq!(solved(&mut h), (1, 2));
    click(&mut h, "Theme");
    click(&mut h, "capture (2)");
    assert_eq!(solved(&mut h), (2, 2), "the atoms graph reacts first");
    // A puzzle with partial credit shows its points.
    click(&mut h, "Theme");
    click(&mut h, "All themes (4)");
    assert_eq!(solved(&mut h), (3, 4));
    click(&mut h, "Theme");
    click(&mut h, "take-the-win (2)");
    assert_eq!(solved(&mut h), (1, 2));

    // Wins the game into the Cell value instead of the atoms: checked
    // again without a click, and both wins are found.
    let compiles = h.state().editor().compiles();
    wire(&mut h, NodeId(2), NodeId(3), 0);
    assert!(
        h.state().editor().compiles() > compiles,
        "the graph changed"
    );
    run_until(&mut h, "the new count", |h| solved_now(h) == Some((2, 2)));
    h.run_steps(2);
    h.get_by_label("Solved 2/2");
    // Undo brings the old count back.
    ctrl(&mut h, egui::Key::Z);
    run_until(&mut h, "the count after undo", |h| {
        solved_now(h) == Some((1, 2))
    });

    // A second Cell value is an error: the graph cannot play, and the panel
    // says so instead of a count; undoing it brings the count back.
    add(&mut h, "Cell value");
    h.run_steps(2);
    assert!(h.query_by_label_contains("The graph has errors").is_some());
    assert_eq!(solved_now(&h), None);
    ctrl(&mut h, egui::Key::Z);
    assert_eq!(solved(&mut h), (1, 2));
}

#[test]
fn an_empty_or_unreadable_suite_is_said_not_a_crash() {
    let dir = temp_dir("puzzles-empty");
    let empty = dir.join("empty.jsonl");
    std::fs::write(&empty, "# no puzzles yet\n").unwrap();
    let mut h = puzzles_harness(Some(empty));
    h.run_steps(3);
    assert!(h.query_by_label_contains("No puzzles yet").is_some());
    assert_eq!(solved_now(&h), None);
    // The user picks a suite file instead, then goes back to the built-in one.
    click(&mut h, "Suite file…");
    h.get_by_label("file name").focus();
    h.step();
    key(&mut h, egui::Modifiers::COMMAND, egui::Key::A);
    type_keys(&mut h, &suite().display().to_string());
    key(&mut h, egui::Modifiers::NONE, egui::Key::Enter);
    h.run_steps(2);
    assert_eq!(h.state().settings().editor.puzzles, Some(suite()));
    assert_eq!(solved(&mut h), (1, 2));
    click(&mut h, "Built-in suite");
    assert_eq!(h.state().settings().editor.puzzles, None);

    let broken = dir.join("broken.jsonl");
    std::fs::write(&broken, "{\"id\": \"x\"\n").unwrap();
    let mut h = puzzles_harness(Some(broken));
    h.run_steps(3);
    assert!(
        h.query_by_label_contains("The puzzles cannot be read")
            .is_some()
    );

    // The built-in suite: puzzles or the empty message, never an error.
    let mut h = puzzles_harness(None);
    run_until(&mut h, "the built-in suite", |h| {
        h.query_by_label_contains("No puzzles yet").is_some() || solved_now(h).is_some()
    });
    assert!(h.query_by_label_contains("cannot be read").is_none());
}

/// Issue 35, item 9: a puzzle shown on the preview board, with the graph's
/// choice, goes when another strategy is opened.
#[test]
fn a_shown_puzzle_goes_when_another_strategy_is_opened() {
    let mut h = puzzles_harness(Some(suite()));
    assert_eq!(solved(&mut h), (1, 2));
    click(&mut h, "win-far-corner");
    assert!(h.state().editor().preview_puzzle().is_some());
    assert!(h.query_by_label_contains("Your graph chose").is_some());
    open_shipped(&mut h, "02-avoid-danger");
    h.run_steps(2);
    assert!(h.state().editor().preview_puzzle().is_none());
    assert!(h.query_by_label_contains("Your graph chose").is_none());
}

/// The built-in suite has the `perfect` theme (issue 38): puzzles on the
/// small solved boards, listed by the panel and shown on the preview board
/// at their own size.
#[test]
fn the_perfect_theme_lists_and_shows_small_boards() {
    let mut h = puzzles_harness(None);
    solved(&mut h);
    click(&mut h, "Theme");
    click(&mut h, "perfect (32)");
    let (_, total) = solved(&mut h);
    assert_eq!(total, 32);
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles/perfect.jsonl"),
    )
    .unwrap();
    let puzzles = parse_suite(&text).unwrap();
    let first = &puzzles[0];
    // Open it from the list (solved or not, "Only the unsolved" is off).
    click(&mut h, &first.id);
    let shown = h.state().editor().preview_position().expect("shown");
    assert_eq!(shown, &first.position);
    assert!(shown.size().cells() <= 12, "{}", shown.size());
    h.get_by_label(&format!("Puzzle {}", first.id));
}
