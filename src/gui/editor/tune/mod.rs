//! The editor's Tune panel (the "Tune" tab of the side panel): tune the
//! graph's constants by self-play with SPSA (`crate::tune`), in the
//! background, the way the arena plays a match. The user chooses the
//! opponents, the budget, the board and the seed, starts, watches the
//! estimated Elo per iteration on a live plot with the values found so far,
//! may cancel (keeping those values), and applies them to the graph as one
//! undoable edit. Why a run cannot start is said above a disabled Start.

mod form;
mod progress;
mod record;
pub(super) mod run;
mod validate;

use crate::gui::seats::Catalogue;
use crate::rules::Size;
use crate::strategy::{Strategy, Tunable};
use crate::tune::{TuneConfig, TuneError, Tuner, params};

use self::record::{RunRecord, RunState};
use self::run::TuneRun;
use self::validate::Validation;
use crate::gui::job::Poll;

/// The most iterations and games per iteration the fields take.
const MAX_BUDGET: u64 = 100_000;

/// The panel's state: the run's settings, the run, and its record.
pub struct TunePanel {
    opponents: Vec<String>,
    spec_text: String,
    iterations: u64,
    games: u64,
    seed: u64,
    rows: usize,
    cols: usize,
    run: Option<TuneRun>,
    record: Option<RunRecord>,
    message: Option<(String, bool)>,
    /// What the values asked to be applied change, for the message once they are.
    pending: String,
    /// Why the graph cannot be tuned, for the revision it was checked at.
    checked: Option<(u64, Option<String>)>,
    /// The validation match of the last run's values, if one was asked for.
    validation: Option<Validation>,
}

impl Default for TunePanel {
    fn default() -> Self {
        let size = Size::JABC;
        TunePanel {
            opponents: Vec::new(),
            spec_text: String::new(),
            iterations: 20,
            games: 10,
            seed: 1,
            rows: size.rows(),
            cols: size.cols(),
            run: None,
            record: None,
            message: None,
            pending: String::new(),
            checked: None,
            validation: None,
        }
    }
}

impl TunePanel {
    /// Forgets the results of a finished run and its message (another
    /// graph was opened: they were of the one before); a run going on keeps
    /// going, and says so.
    pub fn forget_results(&mut self) {
        if self.run.is_none() {
            self.record = None;
            self.message = None;
            self.pending.clear();
            self.validation = None;
        }
        self.checked = None;
    }

    /// Whether a run is going on.
    pub fn is_running(&self) -> bool {
        self.run.as_ref().is_some_and(|r| !r.is_over())
    }

    /// The iterations done and planned of the run started last, if any.
    pub fn progress(&self) -> Option<(u64, u64)> {
        self.record
            .as_ref()
            .map(|j| (j.iterations.len() as u64, j.of))
    }

    /// Takes in what the run reported since the last frame (whichever tab
    /// is shown).
    pub fn poll(&mut self) {
        if let Some(validation) = &mut self.validation {
            validation.poll();
        }
        let (Some(run), Some(record)) = (&mut self.run, &mut self.record) else {
            return;
        };
        let end = run.poll();
        record.iterations.extend(run.take_updates());
        match end {
            Poll::Pending => {}
            Poll::Ready(Ok(())) if run.is_cancelling() => record.state = RunState::Cancelled,
            Poll::Ready(Ok(())) => record.state = RunState::Done,
            Poll::Ready(Err(e)) => record.state = RunState::Failed(e),
            Poll::Crashed => {
                record.state =
                    RunState::Failed("the tuning thread stopped unexpectedly".to_string());
            }
        }
        if run.is_over() {
            self.run = None;
        }
    }

    /// Draws the panel for `strategy` at `revision`; returns the tuned
    /// values when the user asked to apply them (the caller applies them
    /// as one edit and reports back with [`TunePanel::applied`]).
    pub fn ui(
        &mut self,
        ui: &mut egui::Ui,
        strategy: &Strategy,
        revision: u64,
        catalogue: &Catalogue,
    ) -> Option<Vec<(Tunable, i64)>> {
        ui.heading("Tune the constants");
        ui.label(
            "Tunes the constants feeding the Cell value by playing games against the \
             opponents (SPSA): each iteration tries the values a little up and down and \
             moves them towards the side that scored better.",
        );
        ui.add_space(6.0);
        let running = self.is_running();
        ui.add_enabled_ui(!running, |ui| self.form_ui(ui, catalogue));
        ui.add_space(6.0);
        let problem = self.problem(strategy, revision);
        if self.start_ui(ui, problem.as_deref(), running) {
            self.start(strategy, catalogue, ui.ctx());
        }
        let apply = self.progress_ui(ui, strategy);
        if let Some((text, error)) = &self.message {
            let colour = if *error {
                crate::gui::theme::HINT_TEXT
            } else {
                ui.visuals().text_color()
            };
            ui.colored_label(colour, text);
        }
        apply
    }

    /// Says how applying the values [`TunePanel::ui`] returned went.
    pub fn applied(&mut self, result: Result<(), String>) {
        let changes = std::mem::take(&mut self.pending);
        self.message = Some(match result {
            Ok(()) => (
                format!("Applied tuned values: {changes}. Ctrl+Z undoes them."),
                false,
            ),
            Err(e) => (format!("Not applied: {e}"), true),
        });
    }

    /// Why a run cannot start now, if it cannot: the graph (checked once
    /// per revision), the opponents, the budget, the board.
    fn problem(&mut self, strategy: &Strategy, revision: u64) -> Option<String> {
        if self.checked.as_ref().is_none_or(|(r, _)| *r != revision) {
            let why = params(strategy).err().map(|e| e.to_string());
            self.checked = Some((revision, why));
        }
        if let Some((_, Some(why))) = &self.checked {
            return Some(format!("Cannot tune: {why}"));
        }
        if self.opponents.is_empty() {
            return Some("Add at least one opponent.".to_string());
        }
        if self.iterations == 0 {
            return Some(format!("Cannot tune: {}", TuneError::NoIterations));
        }
        if self.games == 0 {
            return Some(format!("Cannot tune: {}", TuneError::NoGames));
        }
        Size::new(self.rows, self.cols)
            .err()
            .map(|e| format!("Cannot tune: {e}"))
    }

    /// Starts a run on a snapshot of `strategy`; a refusal goes to the message.
    fn start(&mut self, strategy: &Strategy, catalogue: &Catalogue, ctx: &egui::Context) {
        match self.prepare(strategy, catalogue) {
            Ok(tuner) => {
                let record = RunRecord::new(tuner.params().to_vec(), self.iterations);
                match run::start(tuner, Some(ctx.clone())) {
                    Ok(run) => {
                        self.run = Some(run);
                        self.record = Some(record);
                        self.message = None;
                        self.validation = None;
                    }
                    Err(e) => self.message = Some((e, true)),
                }
            }
            Err(e) => self.message = Some((format!("Cannot tune: {e}"), true)),
        }
    }

    /// The tuner for the settings, or why there is none.
    fn prepare(&self, strategy: &Strategy, catalogue: &Catalogue) -> Result<Tuner, String> {
        let opponents = self
            .opponents
            .iter()
            .map(|spec| catalogue.resolve(spec).map(|c| c.factory))
            .collect::<Result<Vec<_>, String>>()?;
        Tuner::new(strategy, self.config(opponents)?).map_err(|e| e.to_string())
    }

    /// The run's configuration for the settings against `opponents`.
    fn config(
        &self,
        opponents: Vec<std::sync::Arc<dyn crate::bots::AgentFactory>>,
    ) -> Result<TuneConfig, String> {
        let mut config = TuneConfig::new(opponents);
        config.iterations = self.iterations;
        config.games = self.games;
        config.seed = self.seed;
        config.play.size = Size::new(self.rows, self.cols).map_err(|e| e.to_string())?;
        Ok(config)
    }

    /// Starts the validation match of the last run's values.
    fn start_validation(&mut self, strategy: &Strategy, ctx: &egui::Context) {
        let Some(record) = &self.record else {
            return;
        };
        self.validation = Some(match self.config(Vec::new()) {
            Ok(config) => {
                Validation::start(strategy, &record.params, &record.values(), config, ctx)
            }
            Err(e) => Validation::Failed(e),
        });
    }
}
