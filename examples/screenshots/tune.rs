//! The screenshot of the editor's Tune panel after a short run.

use std::path::Path;

use chainlab::gui::App;
use chainlab::gui::seats::{Catalogue, ComputerChoice};
use chainlab::rules::{Position, Rules, Size};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use super::editor::editor_with;
use super::save;

/// Lesson 03 tuned for 12 iterations of 8 games against Greedy, half
/// random, with the run's plot and values shown, before Apply.
pub fn tune_shots(dir: &Path) -> Result<(), String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let opponent = ComputerChoice::builtin("bot:greedy:random=50")?;
    let position = Position::new(Size::JABC, 2, Rules::Standard).map_err(|e| e.to_string())?;
    let mut harness = editor_with(
        &root.join("strategies/03-grow-critical.json"),
        &position,
        None,
        1.0,
        Catalogue::from_choices(vec![opponent]),
    );
    click(&mut harness, "Tune")?;
    click(&mut harness, "Add opponent")?;
    click(&mut harness, "Greedy, half random")?;
    type_into(&mut harness, "Iterations", "12")?;
    type_into(&mut harness, "Games per iteration", "8")?;
    click(&mut harness, "Start tuning")?;
    for _ in 0..100_000 {
        if harness.query_by_label_contains("Done: ").is_some() {
            harness.remove_cursor();
            harness.step();
            return save(&mut harness, &dir.join("editor-tune.png"));
        }
        harness.step();
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    Err("the tuning run did not finish".to_string())
}

fn click(harness: &mut Harness<'_, App>, label: &str) -> Result<(), String> {
    harness
        .query_by_label(label)
        .ok_or_else(|| format!("no widget '{label}'"))?
        .click();
    harness.run_steps(2);
    Ok(())
}

fn type_into(harness: &mut Harness<'_, App>, label: &str, text: &str) -> Result<(), String> {
    harness
        .query_by_label(label)
        .ok_or_else(|| format!("no field '{label}'"))?
        .focus();
    harness.step();
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness.step();
    harness
        .query_by_label(label)
        .ok_or_else(|| format!("no field '{label}'"))?
        .type_text(text);
    harness.step();
    harness.key_press(egui::Key::Enter);
    harness.run_steps(2);
    Ok(())
}
