//! A puzzle on the preview board (sent by the Puzzles panel): its position,
//! its answer circled in pink, the graph's choice explained (the green ring,
//! every node showing its value there), and a line saying whether the graph
//! as it is now picks the answer. The puzzle stays while the position does:
//! editing the board or loading another position ends it.

use egui::{RichText, Ui};

use crate::analysis::puzzle::Puzzle;
use crate::gui::theme;
use crate::rules::Coord;

use super::super::analysis::Analysis;
use super::super::style;
use super::Preview;

/// What the preview shows of a puzzle.
#[derive(Clone, Debug, PartialEq)]
pub struct ShownPuzzle {
    /// The puzzle's id.
    pub id: String,
    /// What it asks.
    pub description: String,
    /// The right answer(s), circled.
    pub best: Vec<Coord>,
    /// The move the graph chose when it was checked (explained on the board).
    pub chosen: Option<Coord>,
}

impl Preview {
    /// Shows `puzzle`: its position, its answer circled and the graph's
    /// choice `chosen` explained.
    pub fn show_puzzle(&mut self, puzzle: &Puzzle, chosen: Option<Coord>) {
        self.set_position(&puzzle.position);
        self.explained = chosen.filter(|&c| puzzle.position.is_legal(c));
        let shown = ShownPuzzle {
            id: puzzle.id.clone(),
            description: puzzle.description.clone(),
            best: puzzle.best.clone(),
            chosen,
        };
        self.puzzle = Some((shown, self.revision));
    }

    /// The puzzle shown, if the board still holds its position.
    pub fn puzzle(&self) -> Option<&ShownPuzzle> {
        self.puzzle
            .as_ref()
            .filter(|(_, revision)| *revision == self.revision)
            .map(|(shown, _)| shown)
    }

    /// The cells circled as the answer (none when no puzzle is shown).
    pub(super) fn answer(&self) -> &[Coord] {
        self.puzzle().map_or(&[], |p| p.best.as_slice())
    }

    /// The puzzle's banner above the board; whether "Back to puzzles" was
    /// clicked.
    pub(super) fn puzzle_ui(&self, ui: &mut Ui, analysis: &Analysis) -> bool {
        let Some(shown) = self.puzzle() else {
            return false;
        };
        let mut back = false;
        egui::Frame::group(ui.style()).show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.horizontal_wrapped(|ui| {
                ui.label(RichText::new(format!("Puzzle {}", shown.id)).strong());
                back = ui
                    .small_button("⏴ Back to puzzles")
                    .on_hover_text("The Puzzles tab, with the list of puzzles")
                    .clicked();
            });
            if !shown.description.is_empty() {
                ui.label(&shown.description);
            }
            let cells = |cells: &[Coord]| {
                cells
                    .iter()
                    .map(Coord::to_string)
                    .collect::<Vec<_>>()
                    .join("  ")
            };
            ui.label(
                RichText::new(format!("Answer (pink circle): {}", cells(&shown.best)))
                    .color(style::ANSWER),
            );
            let chosen = shown.chosen.map_or_else(
                || "nothing (it failed)".to_string(),
                |c| format!("{c} (green ring, explained)"),
            );
            ui.label(RichText::new(format!("Your graph chose {chosen}")).color(style::VALUE));
            let picks = &analysis.best;
            let now = if picks.is_empty() {
                RichText::new("")
            } else if picks.iter().all(|c| shown.best.contains(c)) {
                RichText::new("As it is now, your graph picks the answer ✔").strong()
            } else {
                let tie = if picks.len() > 1 {
                    ": a tie, broken at random"
                } else {
                    ""
                };
                RichText::new(format!(
                    "As it is now, your graph picks {} (white rings){tie}.",
                    cells(picks)
                ))
                .color(theme::MUTED_TEXT)
            };
            ui.label(now);
        });
        back
    }
}
