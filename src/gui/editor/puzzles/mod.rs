//! The editor's Puzzles panel (the "Puzzles" tab of the side panel): the
//! graph being edited plays every puzzle of a chosen theme (positions with
//! a known best move, `crate::analysis::puzzle`), live: each time the graph
//! compiles to a new program the theme is checked again in the background
//! ([`check::Check`]), and the panel shows "Solved k/n" and a row per puzzle
//! with the move chosen and the best. Clicking a row sends the puzzle to
//! the preview board, where its answer is circled.
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
mod suite;

use std::path::{Path, PathBuf};

use crate::analysis::puzzle::{Puzzle, SuiteScore};
use crate::gui::theme;
use crate::rules::Coord;
use crate::strategy::Strategy;

use self::check::{Check, Outcome};
use self::suite::Suite;

/// What the results are of: a version of the program, a theme (`None`:
/// every theme) and a suite.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Key {
    program: u64,
    theme: Option<String>,
    source: Option<PathBuf>,
}

/// What the panel asks the editor to do.
#[derive(Clone, Debug, PartialEq)]
pub enum PuzzlesAction {
    /// Show this puzzle on the preview board; the graph chose this move.
    Show(Box<Puzzle>, Option<Coord>),
    /// Choose a suite file (the file browser).
    ChooseSuite,
    /// Go back to the built-in suite.
    BuiltIn,
}

/// The panel's state.
#[derive(Default)]
pub struct PuzzlesPanel {
    suite: Option<Suite>,
    /// The theme chosen (`None`: all themes); the first theme until then.
    theme: Option<String>,
    all_themes: bool,
    /// Whether the list leaves out the puzzles solved.
    unsolved_only: bool,
    /// The key of the results wanted now.
    wanted: Option<Key>,
    run: Option<(Key, Check)>,
    checked: Option<(Key, Outcome)>,
    message: Option<String>,
}

impl PuzzlesPanel {
    /// The score of the graph as it was when the panel was last drawn, on
    /// the theme chosen, once it has been checked (`None` while it has
    /// errors).
    pub fn score(&self) -> Option<&SuiteScore> {
        let (key, outcome) = self.checked.as_ref()?;
        let score = outcome.score.as_ref().ok()?;
        (self.wanted.as_ref() == Some(key)).then_some(score)
    }

    /// Draws the panel for `strategy`, compiled as program revision
    /// `program` with `errors` validation errors, on the suite of `source`
    /// (`None`: built in); returns what the user asked for.
    pub fn ui(
        &mut self,
        ui: &mut egui::Ui,
        strategy: &Strategy,
        program: u64,
        errors: usize,
        source: Option<&Path>,
    ) -> Option<PuzzlesAction> {
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
        let mut action = None;
        let ready = self.suite_ui(ui, &mut action);
        if !ready {
            return action;
        }
        if errors > 0 {
            ui.colored_label(
                theme::HINT_TEXT,
                "The graph has errors (listed under the canvas): fix them and the puzzles \
                 are checked again.",
            );
            // No results are wanted for a graph that cannot play.
            self.wanted = None;
            self.run = None;
            return action;
        }
        self.update(strategy, program, ui.ctx());
        if let Some((puzzle, chosen)) = self.results_ui(ui) {
            action = Some(PuzzlesAction::Show(Box::new(puzzle), chosen));
        }
        if let Some(message) = &self.message {
            ui.colored_label(theme::ERROR_TEXT, message);
        }
        action
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
        if let Some((run_key, run)) = &mut self.run
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
