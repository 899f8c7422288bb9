//! The screenshots of the editor's Puzzles panel: the unsolved puzzles of a
//! theme under its "Solved k/n", and one of them opened on the preview
//! board with its answer circled.
//!
//! The suite is the built-in one once it has puzzles; while it is empty,
//! the tests' small suite (`tests/data/puzzles/5x6-fixture.jsonl`).

use std::path::Path;

use chainlab::analysis::puzzle::shipped;
use chainlab::gui::App;
use chainlab::gui::seats::Catalogue;
use chainlab::rules::{Position, Rules, Size};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use super::editor::{editor_with, settle_editor};
use super::save;

/// Lesson 02 on the suite's first theme (take the win), only the puzzles it
/// does not solve listed, then the first of them on the preview board.
pub fn puzzle_shots(dir: &Path) -> Result<(), String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let position = Position::new(Size::JABC, 2, Rules::Standard).map_err(|e| e.to_string())?;
    let mut harness = editor_with(
        &root.join("strategies/02-avoid-danger.json"),
        &position,
        None,
        1.0,
        Catalogue::from_choices(Vec::new()),
    );
    if shipped().map_err(|e| e.to_string())?.is_empty() {
        harness.state_mut().settings_mut().editor.puzzles =
            Some(root.join("tests/data/puzzles/5x6-fixture.jsonl"));
    }
    click(&mut harness, "Puzzles")?;
    let failed = wait_for_score(&mut harness)?;
    // The unsolved ones first in view (a row scrolled out of view cannot be clicked).
    click(&mut harness, "Only the unsolved")?;
    settle_editor(&mut harness);
    save(&mut harness, &dir.join("editor-puzzles.png"))?;
    let Some(failed) = failed else {
        return Err("lesson 02 solves every puzzle: no failed one to show".to_string());
    };
    click(&mut harness, &failed)?;
    settle_editor(&mut harness);
    save(&mut harness, &dir.join("editor-puzzle.png"))
}

/// Waits for the panel's score; returns the id of the first puzzle not solved.
fn wait_for_score(harness: &mut Harness<'_, App>) -> Result<Option<String>, String> {
    for _ in 0..10_000 {
        if let Some(score) = harness.state().editor().puzzle_score() {
            let failed = score.results.iter().find(|r| !r.is_solved());
            return Ok(failed.map(|r| r.id.clone()));
        }
        harness.step();
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    Err("the puzzles were never checked".to_string())
}

fn click(harness: &mut Harness<'_, App>, label: &str) -> Result<(), String> {
    harness
        .query_by_label(label)
        .ok_or_else(|| format!("no widget '{label}'"))?
        .click();
    harness.run_steps(2);
    Ok(())
}
