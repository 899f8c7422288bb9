//! The Puzzles panel's results: "Solved k/n" for the theme, then a row per
//! puzzle (solved, partly or not; its id, which opens it on the preview
//! board; the move chosen and the best; what it asks). While the graph is
//! checked again the last results of the theme stay, dimmed, beside a
//! spinner.

use std::time::Duration;

use egui::{Color32, RichText};

use crate::analysis::puzzle::{Puzzle, PuzzleResult, SuiteScore};
use crate::gui::theme;
use crate::rules::Coord;

use super::super::style;
use super::PuzzlesPanel;

/// The colour of a solved puzzle's mark.
const SOLVED: Color32 = style::VALUE;

impl PuzzlesPanel {
    /// The results of the theme chosen; the puzzle clicked, if one was.
    pub(super) fn results_ui(&mut self, ui: &mut egui::Ui) -> Option<(Puzzle, Option<Coord>)> {
        let wanted = self.wanted.as_ref()?;
        let (key, outcome) = match &self.checked {
            Some((key, outcome)) if key.theme == wanted.theme => (key, outcome),
            _ => {
                ui.horizontal(|ui| {
                    ui.spinner();
                    ui.label("Checking the puzzles…");
                });
                return None;
            }
        };
        let stale = key != wanted;
        let score = match &outcome.score {
            Ok(score) => score,
            Err(e) => {
                ui.colored_label(theme::ERROR_TEXT, format!("The graph cannot play: {e}"));
                return None;
            }
        };
        ui.add_space(4.0);
        summary_ui(ui, score, outcome.took, stale);
        ui.horizontal_wrapped(|ui| {
            ui.checkbox(&mut self.unsolved_only, "Only the unsolved")
                .on_hover_text("Hide the puzzles your graph solves");
            ui.label(
                RichText::new("Click a puzzle to see it on the preview board, its answer circled.")
                    .small()
                    .color(theme::MUTED_TEXT),
            );
        });
        ui.separator();
        if self.unsolved_only && score.solved() == score.total() {
            ui.label("Your graph solves every puzzle of the theme.");
        }
        let puzzles = self
            .suite
            .as_ref()
            .map(|s| s.of_theme(key.theme.as_deref()))
            .unwrap_or_default();
        let mut picked = None;
        ui.add_enabled_ui(!stale, |ui| {
            for (puzzle, result) in puzzles.iter().zip(&score.results) {
                if self.unsolved_only && result.is_solved() {
                    continue;
                }
                if row_ui(ui, puzzle, result) {
                    picked = Some(((*puzzle).clone(), result.chosen));
                }
            }
        });
        picked
    }
}

/// "Solved k/n", the points when some moves earned part of one, and how
/// long the check took (a spinner while the graph is checked again).
fn summary_ui(ui: &mut egui::Ui, score: &SuiteScore, took: Duration, stale: bool) {
    ui.horizontal_wrapped(|ui| {
        let text = format!("Solved {}/{}", score.solved(), score.total());
        let mut text = RichText::new(text).size(18.0).strong();
        if stale {
            text = text.color(theme::MUTED_TEXT);
        }
        ui.label(text);
        if (score.points() - score.solved() as f64).abs() > 1e-9 {
            ui.label(format!("{:.1} points", score.points()))
                .on_hover_text("Counting the moves worth part of a point");
        }
        if stale {
            ui.spinner()
                .on_hover_text("Checking the new version of the graph");
        } else {
            let ms = took.as_millis();
            let took = if ms == 0 {
                "checked in under 1 ms".to_string()
            } else {
                format!("checked in {ms} ms")
            };
            ui.label(RichText::new(took).small().color(theme::MUTED_TEXT));
        }
    });
}

/// One puzzle's row; whether its id was clicked.
fn row_ui(ui: &mut egui::Ui, puzzle: &Puzzle, result: &PuzzleResult) -> bool {
    let (mark, colour, hover) = if result.is_solved() {
        ("✔", SOLVED, "solved")
    } else if result.credit > 0.0 {
        ("½", theme::HINT_TEXT, "partly solved")
    } else {
        ("✖", theme::ERROR_TEXT, "not solved")
    };
    let mut clicked = false;
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new(mark).strong().color(colour))
            .on_hover_text(hover);
        let id = RichText::new(&puzzle.id).monospace();
        clicked = ui
            .add(egui::Button::new(id).small())
            .on_hover_text("Show it on the preview board, the answer circled")
            .clicked();
        ui.label(moves_text(puzzle, result));
    });
    if !puzzle.description.is_empty() {
        ui.indent(("puzzle", &puzzle.id), |ui| {
            ui.label(
                RichText::new(&puzzle.description)
                    .small()
                    .color(theme::MUTED_TEXT),
            );
        });
    }
    clicked
}

/// "chose 2,2 · best 4,5" (or why nothing was chosen).
fn moves_text(puzzle: &Puzzle, result: &PuzzleResult) -> String {
    let cells = |cells: &[Coord]| {
        cells
            .iter()
            .map(Coord::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    };
    let best = cells(&puzzle.best);
    match (&result.chosen, &result.error) {
        (Some(c), _) if result.is_solved() => format!("chose {c}"),
        (Some(c), _) if result.credit > 0.0 => {
            format!("chose {c} ({:.1}) · best {best}", result.credit)
        }
        (Some(c), _) => format!("chose {c} · best {best}"),
        (None, Some(e)) => format!("failed: {e} · best {best}"),
        (None, None) => format!("no move · best {best}"),
    }
}
