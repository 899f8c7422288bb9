//! The arena view: choose players (built-ins with options, shipped
//! strategies, strategy files, graphs from the editor, programs), then run a match or
//! a tournament on a background thread with a progress bar and a cancel
//! button; see the results as the command line shows them, the running
//! score with its 95% interval, and open any finished game in the replay view.

mod games;
mod live;
pub mod merged;
mod overview;
mod plot;
pub mod results;
pub mod resume;
pub mod run;
pub mod settings;
mod setup;
pub mod store;

use std::path::Path;

use crate::arena::unique_label;
use crate::gui::command::ReplayGame;
use crate::gui::command::{Command, StrategyEntry};
use crate::gui::files::{FileKind, FilePicker};
use crate::gui::guided::{self, Guided};
use crate::gui::layout::{Pane, Panes, Part, Side};
use crate::gui::program_dialog::ProgramDialog;
use crate::gui::programs::RecentPrograms;
use crate::gui::seats::{Catalogue, shipped_strategies_dir};
use crate::gui::theme;
use crate::gui::view::View;

use self::games::{GamesAction, games_ui};
use self::merged::{MergeAction, Merged};
use self::overview::Overview;
use self::run::{Entrant, Live, Outcome, Plan, Run};
use self::settings::ArenaSettings;
use self::setup::{SetupAction, setup_ui};

/// What a file dialog of the arena was opened for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum FileUse {
    AddPlayer,
    Export,
    Merge,
}

/// The arena view's parts: the results, the setup and the games' panel.
const PANES: Panes<'static> = Panes {
    id: "arena",
    main: "Results",
    panes: &[
        Pane {
            id: "arena_setup",
            title: "Setup",
            side: Side::Left,
            width: 350.0,
            min: 280.0,
        },
        Pane {
            id: "arena_games",
            title: "Games",
            side: Side::Right,
            width: 300.0,
            min: 240.0,
        },
    ],
    first: Some(0),
    bare: false,
};

/// The arena view's runtime state: the run (if any) and what the panels show.
#[derive(Default)]
pub struct ArenaView {
    run: Option<Run>,
    live: Live,
    error: Option<String>,
    notice: Option<String>,
    spec_text: String,
    game_number: u64,
    files: FilePicker<FileUse>,
    /// The "Program…" dialog adding a program as a player.
    programs: ProgramDialog<()>,
    overview: Overview,
    /// Set when the graph of a player of the shown results was sent again
    /// (perhaps changed): the results are from the earlier graph.
    stale: Option<String>,
    /// "Merge records…": records files of a run played elsewhere.
    merged: Merged,
}

impl ArenaView {
    /// Whether a run is in progress.
    pub fn is_running(&self) -> bool {
        self.run.is_some() && self.live.outcome.is_none()
    }

    /// What the view shows of the last run (as of the last frame).
    pub fn live(&self) -> &Live {
        &self.live
    }

    /// How the last run ended, once it has.
    pub fn outcome(&self) -> Option<&Outcome> {
        self.live.outcome.as_ref()
    }

    /// The entrants' names of the last run.
    pub fn labels(&self) -> &[String] {
        self.run.as_ref().map_or(&[], |r| r.labels())
    }

    /// Whether the results shown are of an earlier graph of a player the
    /// editor sent again (they stay until Start is pressed).
    pub fn is_stale(&self) -> bool {
        self.stale.is_some()
    }

    /// The records files to merge and the last merge.
    pub fn merged(&self) -> &Merged {
        &self.merged
    }

    /// Whether the last run was cancelled and can be resumed from its records.
    pub fn can_resume(&self) -> bool {
        let cancelled = match &self.live.outcome {
            Some(Outcome::Match(report)) => report.stop == crate::arena::Stop::Cancelled,
            Some(Outcome::Tournament(report)) => report.cancelled,
            _ => false,
        };
        cancelled && self.run.as_ref().is_some_and(Run::has_records)
    }

    /// Why the last run could not start, if it could not.
    pub fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }

    /// Starts a run of `settings` (its players resolved in `catalogue`);
    /// `ctx` is asked to repaint as games finish.
    pub fn start(
        &mut self,
        settings: &ArenaSettings,
        catalogue: &Catalogue,
        ctx: Option<egui::Context>,
    ) -> Result<(), String> {
        if self.is_running() {
            return Err("a run is in progress: cancel it first".to_string());
        }
        if let Some(problem) = settings.players_problem() {
            return Err(problem);
        }
        let plan = if settings.format.is_tournament() {
            let mut config = settings.tournament_config()?;
            settings.load_book(&mut config.matches)?;
            Plan::Tournament(config)
        } else {
            let mut config = settings.match_config()?;
            settings.load_book(&mut config)?;
            Plan::Match(config)
        };
        let mut entrants: Vec<Entrant> = Vec::with_capacity(settings.players.len());
        for spec in &settings.players {
            let choice = catalogue.resolve(spec)?;
            let label = unique_label(&choice.name, |l| entrants.iter().any(|e| e.label == l));
            entrants.push(Entrant {
                label,
                factory: choice.factory,
            });
        }
        let header = resume::header_of(&entrants, &settings.players, &plan, Some(&settings.book));
        let run = Run::start_headed(entrants, plan, header, None, ctx)?;
        self.show_run(run);
        Ok(())
    }

    /// Resumes the run whose records are at `path`: its missing games are
    /// played (on `settings`' threads) and appended to the file, and the
    /// report is the whole run's.
    pub fn resume_file(
        &mut self,
        path: &Path,
        settings: &ArenaSettings,
        catalogue: &Catalogue,
        ctx: Option<egui::Context>,
    ) -> Result<(), String> {
        if self.is_running() {
            return Err("a run is in progress: cancel it first".to_string());
        }
        let r = resume::resume_file(path, catalogue, settings.threads)?;
        let (kept, left) = (r.resume.kept.len(), r.left);
        let run = Run::start_headed(r.entrants, r.plan, r.header, Some(r.resume), ctx)?;
        self.show_run(run);
        self.notice = Some(format!(
            "Resuming {}: {kept} games kept, {left} to play.",
            path.display()
        ));
        Ok(())
    }

    /// Resumes the last run, cancelled: its games are kept and the rest
    /// are played.
    pub fn resume_last(
        &mut self,
        settings: &ArenaSettings,
        catalogue: &Catalogue,
        ctx: Option<egui::Context>,
    ) -> Result<(), String> {
        let Some(old) = self.run.as_ref().filter(|_| self.can_resume()) else {
            return Err("there is no cancelled run to resume".to_string());
        };
        let file = old.records()?;
        let r = resume::resumable(file, catalogue, settings.threads)?;
        let run = Run::start_headed(r.entrants, r.plan, r.header, Some(r.resume), ctx)?;
        self.show_run(run);
        Ok(())
    }

    /// Shows `run`, just started, in place of the last one.
    fn show_run(&mut self, mut run: Run) {
        self.live = Live::default();
        run.refresh(&mut self.live);
        self.overview.clear();
        self.game_number = 0;
        self.notice = None;
        self.stale = None;
        self.merged.close();
        // The last run (and its records file) goes.
        self.run = Some(run);
    }

    /// While a run is in progress, a small progress bar for the top bar
    /// (seen from the other views); its response, to open the arena.
    pub fn badge_ui(&mut self, ui: &mut egui::Ui) -> Option<egui::Response> {
        let run = self.run.as_mut()?;
        run.refresh(&mut self.live);
        if self.live.outcome.is_some() {
            return None;
        }
        let planned = run.planned_games().max(1);
        ui.add_space(16.0);
        let bar = egui::ProgressBar::new(self.live.games as f32 / planned as f32)
            .desired_width(170.0)
            .text(format!("Arena: {} / {planned}", self.live.games));
        Some(
            ui.add(bar)
                .interact(egui::Sense::click())
                .on_hover_text("A match is running in the arena: click to see it."),
        )
    }

    /// Asks the run in progress to stop.
    pub fn cancel(&self) {
        if let Some(run) = &self.run {
            run.cancel();
        }
    }

    /// Game `number` of the last run (from 0), ready for the replay view.
    pub fn replay_game(&self, number: u64) -> Result<ReplayGame, String> {
        let run = self.run.as_ref().ok_or("no games have been played")?;
        let record = run.game(number)?;
        ReplayGame::from_record(&record)
    }

    /// Writes the records of the last run to `path`; returns how many games.
    pub fn export_records(&self, path: &Path) -> Result<u64, String> {
        let run = self.run.as_ref().ok_or("no games have been played")?;
        run.export(path)
    }

    /// Adds the editor's strategy as the first player (Test this strategy),
    /// or (`search`) the strategy guiding a search (Test in a search).
    pub fn test_strategy(
        &mut self,
        entry: &StrategyEntry,
        settings: &mut ArenaSettings,
        catalogue: &mut Catalogue,
        search: bool,
    ) {
        match catalogue.add_strategy(&entry.label, &entry.strategy) {
            Ok(spec) => {
                let spec = if search {
                    Guided {
                        strategy: spec,
                        depth: guided::DEFAULT_DEPTH,
                        width: guided::DEFAULT_WIDTH,
                    }
                    .spec()
                } else {
                    spec
                };
                settings.put_first(&spec);
                self.error = None;
                let name = crate::gui::seats::player_name(&spec, catalogue);
                self.notice = Some(format!("{name} is the first player."));
                if self.run.is_some() {
                    self.stale = Some(entry.label.clone());
                }
            }
            Err(e) => self.error = Some(e),
        }
    }

    /// Adds the strategy file at `path` as a player.
    pub fn add_file(
        &mut self,
        path: &Path,
        settings: &mut ArenaSettings,
        catalogue: &mut Catalogue,
    ) {
        match catalogue.add_file(path) {
            Ok(spec) => self.add_player(spec, settings),
            Err(e) => self.error = Some(format!("cannot add {}: {e}", path.display())),
        }
    }

    fn add_player(&mut self, spec: String, settings: &mut ArenaSettings) {
        settings.players.push(spec);
        if !settings.format.is_tournament() && settings.players.len() > 2 {
            settings.format = settings::Format::RoundRobin;
        }
        self.error = None;
    }

    /// Draws the view; `recent` lists the programs offered to add (a
    /// program added goes first).
    pub fn ui(
        &mut self,
        ui: &mut egui::Ui,
        settings: &mut ArenaSettings,
        catalogue: &mut Catalogue,
        recent: &mut RecentPrograms,
        commands: &mut Vec<Command>,
    ) {
        if let Some(run) = &mut self.run {
            run.refresh(&mut self.live);
        }
        if let Some(((), spec)) = self.programs.ui(ui.ctx()) {
            recent.add(&spec);
            self.add_player(spec, settings);
        }
        match self.files.update(ui.ctx()) {
            Some((FileUse::AddPlayer, path)) => self.add_file(&path, settings, catalogue),
            Some((FileUse::Export, path)) => self.export_to(&path),
            Some((FileUse::Merge, path)) => self.merged.add_path(&path),
            None => {}
        }
        PANES.show(ui, |ui, part| match part {
            Part::Pane(0) => {
                egui::ScrollArea::vertical().show(ui, |ui| {
                    self.setup_panel_ui(ui, settings, catalogue, recent)
                });
            }
            Part::Pane(_) => self.games_panel_ui(ui, commands),
            Part::Main => {
                // Both ways: a table wider than a phone scrolls sideways
                // instead of wrapping its cells one letter a line.
                egui::ScrollArea::both()
                    .id_salt("arena_results")
                    .show(ui, |ui| {
                        if self.merged.report_ui(ui) {
                            return;
                        }
                        if let Some(label) = &self.stale {
                            stale_ui(ui, label);
                        }
                        self.overview.ui(ui, self.run.as_ref(), &self.live);
                    });
            }
        });
    }

    /// The setup panel and what its buttons ask for (start, add a file or
    /// a typed player), then the last error and notice.
    fn setup_panel_ui(
        &mut self,
        ui: &mut egui::Ui,
        settings: &mut ArenaSettings,
        catalogue: &mut Catalogue,
        recent: &RecentPrograms,
    ) {
        let running = self.is_running();
        let action = setup_ui(
            ui,
            settings,
            catalogue,
            recent,
            &mut self.spec_text,
            running,
        );
        match action {
            Some(SetupAction::Start) => {
                self.error = self
                    .start(settings, catalogue, Some(ui.ctx().clone()))
                    .err();
                if self.error.is_none() {
                    // On a phone the results are on another tab: show them.
                    PANES.reveal_main(ui.ctx());
                }
            }
            Some(SetupAction::PickFile) => self.files.open(
                FileUse::AddPlayer,
                FileKind::Strategy,
                "Add a strategy file",
                shipped_strategies_dir().as_deref(),
            ),
            Some(SetupAction::PickProgram) => {
                self.programs.open((), "Add a program".to_string(), None);
            }
            Some(SetupAction::AddSpec(spec)) => match catalogue.resolve(&spec) {
                Ok(_) => {
                    self.add_player(spec, settings);
                    self.spec_text.clear();
                }
                Err(e) => self.error = Some(e),
            },
            None => {}
        }
        if let Some(error) = &self.error {
            ui.colored_label(theme::ERROR_TEXT, error);
        }
        if let Some(notice) = &self.notice {
            ui.colored_label(theme::HINT_TEXT, notice);
        }
        if self.can_resume() && !running {
            let resume = ui
                .button("Resume the cancelled run")
                .on_hover_text("Keep its games and play the rest; the report is the whole run's.");
            if resume.clicked() {
                self.error = self
                    .resume_last(settings, catalogue, Some(ui.ctx().clone()))
                    .err();
            }
        }
        ui.separator();
        match self.merged.setup_ui(ui, running) {
            Some(MergeAction::Browse) => self.files.open(
                FileUse::Merge,
                FileKind::Records,
                "Add a records file to merge",
                None,
            ),
            Some(MergeAction::Resume(path)) => {
                let ctx = Some(ui.ctx().clone());
                match self.resume_file(&path, settings, catalogue, ctx) {
                    Ok(()) => PANES.reveal_main(ui.ctx()),
                    Err(e) => self.merged.refuse(e),
                }
            }
            None => {}
        }
    }

    /// The games panel: a finished game opens in the replay view, Export
    /// asks where to write the records.
    fn games_panel_ui(&mut self, ui: &mut egui::Ui, commands: &mut Vec<Command>) {
        match games_ui(ui, &self.live, &mut self.game_number) {
            Some(GamesAction::Replay(n)) => match self.replay_game(n) {
                Ok(game) => {
                    commands.push(Command::Replay(Box::new(game)));
                    commands.push(Command::Show(View::Replay));
                }
                Err(e) => self.notice = Some(e),
            },
            Some(GamesAction::Export) => {
                self.files
                    .save(FileUse::Export, "Export the records", "arena-games.jsonl");
            }
            None => {}
        }
    }

    fn export_to(&mut self, path: &Path) {
        self.notice = Some(match self.export_records(path) {
            Ok(n) => format!("Wrote {n} games to {}", path.display()),
            Err(e) => e,
        });
    }
}

/// The warning above results of an earlier version of `label`'s graph.
fn stale_ui(ui: &mut egui::Ui, label: &str) {
    egui::Frame::new()
        .fill(egui::Color32::from_rgb(0x3A, 0x32, 0x1E))
        .inner_margin(egui::Margin::symmetric(10, 6))
        .show(ui, |ui| {
            ui.colored_label(
                theme::HINT_TEXT,
                format!(
                    "Earlier results: {label} was sent again from the editor and may have \
                     changed. Press Start to test it as it is now."
                ),
            );
        });
    ui.add_space(6.0);
}
