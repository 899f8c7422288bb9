//! The editor's Puzzles panel (the "Puzzles" tab of the side panel): the
//! graph being edited plays every puzzle of a chosen theme (positions with
//! a known best move, `crate::analysis::puzzle`), live: each time the graph
//! compiles to a new program the theme is checked again in the background
//! ([`check::Check`]), and the panel shows "Solved k/n" and a row per puzzle
//! with the move chosen and the best. Clicking a row sends the puzzle to
//! the preview board, where its answer is ringed.
//!
//! The suite is the built-in one (`puzzles/*.jsonl`) unless the editor's
//! settings name a suite file ([`super::EditorSettings::puzzles`]); an
//! empty or unreadable suite is said in the panel, never a crash.
//!
//! Results belong to a [`Key`]: the program's revision, the theme and the
//! suite. Only a check for the key wanted now is kept running; while it
//! runs, the last results of the same theme stay on screen, dimmed.

mod check;
mod list;

use std::path::{Path, PathBuf};

use egui::RichText;

use crate::analysis::puzzle::{Puzzle, parse_suite, shipped, themes};
use crate::gui::theme;
use crate::rules::Coord;
use crate::strategy::{Strategy, read_limited};

use self::check::{Check, Outcome};

/// What the results are of: a version of the program, a theme (`None`:
/// every theme) and a suite.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Key {
    program: u64,
    theme: Option<String>,
    source: Option<PathBuf>,
}

/// A suite as read: where from (`None`: built in), its puzzles or why it
/// cannot be read, and its themes.
struct Suite {
    source: Option<PathBuf>,
    puzzles: Result<Vec<Puzzle>, String>,
    themes: Vec<String>,
}

impl Suite {
    /// Reads the suite file `source`, or the built-in suite.
    fn read(source: Option<&Path>) -> Suite {
        let puzzles = match source {
            Some(path) => read_limited(path)
                .map_err(|e| e.to_string())
                .and_then(|text| {
                    parse_suite(&text).map_err(|e| format!("{}: {e}", path.display()))
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
    fn of_theme(&self, theme: Option<&str>) -> Vec<&Puzzle> {
        let all = self.puzzles.as_deref().unwrap_or_default();
        all.iter()
            .filter(|p| theme.is_none_or(|t| p.theme == t))
            .collect()
    }
}

/// A puzzle to show on the preview board, with the move the graph chose.
pub type ShowPuzzle = (Puzzle, Option<Coord>);

/// The panel's state.
#[derive(Default)]
pub struct PuzzlesPanel {
    suite: Option<Suite>,
    /// The theme chosen (`None`: all themes); the first theme until then.
    theme: Option<String>,
    all_themes: bool,
    /// The key of the results wanted now.
    wanted: Option<Key>,
    run: Option<(Key, Check)>,
    checked: Option<(Key, Outcome)>,
    message: Option<String>,
}

impl PuzzlesPanel {
    /// Puzzles solved and puzzles checked, when the results are those of
    /// the graph as it is now.
    pub fn solved(&self) -> Option<(usize, usize)> {
        let (key, outcome) = self.checked.as_ref()?;
        let score = outcome.score.as_ref().ok()?;
        (self.wanted.as_ref() == Some(key)).then(|| (score.solved(), score.total()))
    }

    /// Draws the panel for `strategy`, compiled as program revision
    /// `program` with `errors` validation errors, on the suite of `source`
    /// (`None`: built in); returns the puzzle to show when a row is clicked.
    pub fn ui(
        &mut self,
        ui: &mut egui::Ui,
        strategy: &Strategy,
        program: u64,
        errors: usize,
        source: Option<&Path>,
    ) -> Option<ShowPuzzle> {
        ui.heading("Puzzles");
        ui.label(
            "Positions with a known best move. Your graph plays each puzzle of the \
             theme, and the list is checked again whenever you change the graph.",
        );
        ui.add_space(4.0);
        if self
            .suite
            .as_ref()
            .is_none_or(|s| s.source.as_deref() != source)
        {
            self.suite = Some(Suite::read(source));
            self.checked = None;
            self.run = None;
        }
        if !self.suite_ui(ui) {
            return None;
        }
        if errors > 0 {
            ui.colored_label(
                theme::HINT_TEXT,
                "The graph has errors (listed under the canvas): fix them and the puzzles \
                 are checked again.",
            );
            return None;
        }
        self.update(strategy, program, ui.ctx());
        let picked = self.results_ui(ui);
        if let Some(message) = &self.message {
            ui.colored_label(theme::ERROR_TEXT, message);
        }
        picked
    }

    /// Where the suite comes from and the theme drop-down; false when there
    /// are no puzzles to check (said in the panel).
    fn suite_ui(&mut self, ui: &mut egui::Ui) -> bool {
        let Some(suite) = &self.suite else {
            return false;
        };
        let from = suite.source.as_deref().map_or_else(
            || "the built-in suite".to_string(),
            |p| {
                p.file_name()
                    .unwrap_or_default()
                    .to_string_lossy()
                    .to_string()
            },
        );
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
                        "No puzzles yet: {from} is empty. Once it has puzzles, they are \
                         listed here by theme."
                    ))
                    .color(theme::MUTED_TEXT),
                );
                return false;
            }
            Ok(p) => p,
        };
        ui.label(
            RichText::new(format!(
                "{} puzzles in {} themes, from {from}.",
                puzzles.len(),
                suite.themes.len()
            ))
            .small()
            .color(theme::MUTED_TEXT),
        );
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

    /// The theme chosen (`None`: all).
    fn chosen_theme(&self) -> Option<String> {
        if self.all_themes {
            None
        } else {
            self.theme.clone()
        }
    }

    /// Takes in a finished check and starts one when the results wanted
    /// now are neither there nor being computed.
    fn update(&mut self, strategy: &Strategy, program: u64, ctx: &egui::Context) {
        let key = Key {
            program,
            theme: self.chosen_theme(),
            source: self.suite.as_ref().and_then(|s| s.source.clone()),
        };
        if let Some((run_key, run)) = &self.run
            && let Some(outcome) = run.poll()
        {
            self.checked = Some((run_key.clone(), outcome));
            self.run = None;
        }
        let fresh = |k: Option<&Key>| k == Some(&key);
        if !fresh(self.checked.as_ref().map(|(k, _)| k))
            && !fresh(self.run.as_ref().map(|(k, _)| k))
        {
            let puzzles = self
                .suite
                .as_ref()
                .map(|s| {
                    s.of_theme(key.theme.as_deref())
                        .into_iter()
                        .cloned()
                        .collect()
                })
                .unwrap_or_default();
            // Dropping the check running now cancels it.
            self.run = None;
            match Check::start(strategy.clone(), puzzles, Some(ctx.clone())) {
                Ok(run) => {
                    self.run = Some((key.clone(), run));
                    self.message = None;
                }
                Err(e) => self.message = Some(e),
            }
        }
        self.wanted = Some(key);
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
