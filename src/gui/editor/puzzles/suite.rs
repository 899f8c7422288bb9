//! The Puzzles panel's suite: read from a file or built in, where it comes
//! from with "Suite file…" and "Built-in suite", what is wrong with it when
//! it has no puzzles to check, and the theme drop-down.

use std::path::{Path, PathBuf};

use egui::RichText;

use crate::analysis::puzzle::{Puzzle, read_suite, shipped, themes};
use crate::gui::{platform, theme};
use crate::strategy::MAX_FILE_BYTES;

use super::{PuzzlesAction, PuzzlesPanel};

/// A suite as read: where from (`None`: built in), its puzzles or why it
/// cannot be read, and its themes.
pub(super) struct Suite {
    pub(super) source: Option<PathBuf>,
    pub(super) puzzles: Result<Vec<Puzzle>, String>,
    pub(super) themes: Vec<String>,
}

impl Suite {
    /// Reads the suite file `source`, or the built-in suite.
    pub(super) fn read(source: Option<&Path>) -> Suite {
        let puzzles = match source {
            // Through the platform: in the web page a picked file lives in
            // the page, not on a disk.
            Some(path) => platform::read_file(path, MAX_FILE_BYTES as u64, "puzzle suites")
                .and_then(|bytes| {
                    read_suite(bytes.as_slice()).map_err(|e| format!("{}: {e}", path.display()))
                }),
            None => shipped().map_err(|e| format!("the built-in suite: {e}")),
        };
        let themes = puzzles.as_deref().map(themes).unwrap_or_default();
        Suite {
            source: source.map(Path::to_path_buf),
            puzzles,
            themes,
        }
    }

    /// The suite's puzzles of `theme` (all of them for `None`).
    pub(super) fn of_theme(&self, theme: Option<&str>) -> Vec<&Puzzle> {
        let all = self.puzzles.as_deref().unwrap_or_default();
        all.iter()
            .filter(|p| theme.is_none_or(|t| p.theme == t))
            .collect()
    }

    /// "the built-in suite" or the file's name.
    fn name(&self) -> String {
        self.source.as_deref().map_or_else(
            || "the built-in suite".to_string(),
            |p| {
                p.file_name()
                    .unwrap_or_default()
                    .to_string_lossy()
                    .to_string()
            },
        )
    }
}

impl PuzzlesPanel {
    /// Where the suite comes from (with the buttons that change it) and the
    /// theme drop-down; false when there are no puzzles to check (said in
    /// the panel). A click on a button goes to `action`.
    pub(super) fn suite_ui(
        &mut self,
        ui: &mut egui::Ui,
        action: &mut Option<PuzzlesAction>,
    ) -> bool {
        let Some(suite) = &self.suite else {
            return false;
        };
        let name = suite.name();
        ui.horizontal_wrapped(|ui| {
            let text = match suite.puzzles.as_deref() {
                Ok(p) if !p.is_empty() => format!(
                    "From {name}: {} puzzles in {} themes.",
                    p.len(),
                    suite.themes.len()
                ),
                _ => format!("From {name}."),
            };
            ui.label(RichText::new(text).small().color(theme::MUTED_TEXT));
            if ui
                .small_button("Suite file…")
                .on_hover_text(
                    "Check the graph on your own puzzles (a .jsonl file, docs/puzzles.md)",
                )
                .clicked()
            {
                *action = Some(PuzzlesAction::ChooseSuite);
            }
            if suite.source.is_some() && ui.small_button("Built-in suite").clicked() {
                *action = Some(PuzzlesAction::BuiltIn);
            }
        });
        let puzzles = match &suite.puzzles {
            Err(e) => {
                ui.colored_label(
                    theme::ERROR_TEXT,
                    format!("The puzzles cannot be read: {e}"),
                );
                return false;
            }
            Ok(p) if p.is_empty() => {
                ui.label(
                    RichText::new(format!(
                        "No puzzles yet: {name} is empty. Once it has puzzles, they are \
                         listed here by theme."
                    ))
                    .color(theme::MUTED_TEXT),
                );
                return false;
            }
            Ok(p) => p,
        };
        if self
            .theme
            .as_ref()
            .is_none_or(|t| !suite.themes.contains(t))
        {
            self.theme = suite.themes.first().cloned();
        }
        theme_ui(
            ui,
            &suite.themes,
            puzzles,
            &mut self.theme,
            &mut self.all_themes,
        );
        true
    }
}

/// The theme drop-down: each theme of `themes` with its number of puzzles,
/// and "All themes"; sets `theme` (or `all`) to the one picked.
fn theme_ui(
    ui: &mut egui::Ui,
    themes: &[String],
    puzzles: &[Puzzle],
    theme: &mut Option<String>,
    all: &mut bool,
) {
    let count = |theme: Option<&str>| {
        puzzles
            .iter()
            .filter(|p| theme.is_none_or(|t| p.theme == t))
            .count()
    };
    let shown = if *all { None } else { theme.as_deref() };
    let selected = format!("{} ({})", shown.unwrap_or("All themes"), count(shown));
    ui.horizontal(|ui| {
        let label = ui.label("Theme");
        egui::ComboBox::from_id_salt("puzzles_theme")
            .selected_text(selected)
            .width(ui.available_width() - 8.0)
            .height(560.0)
            .show_ui(ui, |ui| {
                for t in themes {
                    let text = format!("{t} ({})", count(Some(t)));
                    let on = !*all && theme.as_ref() == Some(t);
                    if ui.selectable_label(on, text).clicked() {
                        *theme = Some(t.clone());
                        *all = false;
                    }
                }
                let text = format!("All themes ({})", count(None));
                if ui.selectable_label(*all, text).clicked() {
                    *all = true;
                }
            })
            .response
            .labelled_by(label.id);
    });
}
