//! An arena run as a [`Job`] on its own thread: a match or a tournament
//! between labelled players. The thread writes every game to the run's
//! records file and keeps a small summary (the running tallies, the latest
//! games, the score plot) under a lock; the window copies it when it draws
//! and is asked to repaint after every game. The job's result is how the
//! run ended; cancelling raises the job's flag, the arena's cancel flag.
//!
//! Where there are no threads (the web page, see [`platform`]) the same run
//! is the job's [`Slices`]: each frame plays moves of [`MatchSteps`] or
//! [`TournamentSteps`] for up to [`platform::SLICE_BUDGET`], through the
//! same watcher, so the page never freezes and the results are the threaded
//! runner's (the tests below play both).

use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::arena::run::{Plan as Games, RecordsHeader};
use crate::arena::{
    GameRecord, MatchConfig, MatchPlan, MatchSteps, RecordWriter, TournamentConfig,
    TournamentSteps, pairings, run_match_plan, run_schedule_plan,
};
use crate::bots::{AgentFactory, relabel};
use crate::gui::job::{Job, Poll, Reporter, Slices};
use crate::gui::platform;
use crate::time::Instant;

use super::live::{Appended, Watcher, lock};
pub use super::live::{ForfeitNote, Live, Outcome, PairingLive};
use super::store::{RecordsIndex, RecordsOut};

/// A player of the run, under the name shown in tables and records.
#[derive(Clone)]
pub struct Entrant {
    /// The name, unique within the run.
    pub label: String,
    /// Makes the player for each game.
    pub factory: Arc<dyn AgentFactory>,
}

/// What a run plays.
#[derive(Clone, Debug)]
pub enum Plan {
    /// A match between the first two entrants.
    Match(MatchConfig),
    /// A tournament between all entrants.
    Tournament(TournamentConfig),
}

impl Plan {
    /// The settings of each match.
    pub fn matches(&self) -> &MatchConfig {
        match self {
            Plan::Match(config) => config,
            Plan::Tournament(config) => &config.matches,
        }
    }
}

/// What a resumed run brings besides its players and settings: the games
/// its records hold and the file its new games are appended to.
pub struct Resume {
    /// The games kept, and so the rest to play.
    pub games: Games,
    /// The games kept, in file order.
    pub kept: Vec<GameRecord>,
    /// The file appended to: its name in messages, and its writer.
    pub append: Option<(String, RecordWriter<crate::output::LineFile>)>,
}

/// A run played in slices on the window's thread.
struct Sliced {
    steps: Steps,
    watcher: Watcher,
}

/// The stepped runner of a plan.
enum Steps {
    Match(Box<MatchSteps>),
    Tournament(Box<TournamentSteps>),
    Failed(String),
}

impl Sliced {
    fn new(factories: Vec<Arc<dyn AgentFactory>>, plan: &Plan, watcher: Watcher) -> Sliced {
        let steps = match plan {
            Plan::Match(config) => match (factories.first(), factories.get(1)) {
                (Some(a), Some(b)) => MatchSteps::new(Arc::clone(a), Arc::clone(b), config.clone())
                    .map_or_else(
                        |e| Steps::Failed(e.to_string()),
                        |s| Steps::Match(Box::new(s)),
                    ),
                _ => Steps::Failed("a match needs two players".to_string()),
            },
            Plan::Tournament(config) => TournamentSteps::new(factories, config.clone())
                .map_or_else(
                    |e| Steps::Failed(e.to_string()),
                    |s| Steps::Tournament(Box::new(s)),
                ),
        };
        Sliced { steps, watcher }
    }
}

impl Slices<Outcome> for Sliced {
    /// Plays the next move; the outcome once the run is over.
    fn step(&mut self, job: &Reporter<Outcome>) -> Option<Outcome> {
        let cancel = job.cancel_flag();
        match &mut self.steps {
            Steps::Match(steps) => steps
                .step(cancel, &mut self.watcher)
                .map(|report| Outcome::Match(Box::new(report))),
            Steps::Tournament(steps) => {
                steps
                    .step(cancel, &mut self.watcher)
                    .map(|report| match report {
                        Ok(report) => Outcome::Tournament(Box::new(report)),
                        Err(e) => Outcome::Failed(e.to_string()),
                    })
            }
            Steps::Failed(why) => Some(Outcome::Failed(std::mem::take(why))),
        }
    }

    fn is_waiting(&self) -> bool {
        match &self.steps {
            Steps::Match(steps) => steps.is_waiting(),
            Steps::Tournament(steps) => steps.is_waiting(),
            Steps::Failed(_) => false,
        }
    }
}

/// A match or tournament being played (or played) in the background.
pub struct Run {
    labels: Vec<String>,
    plan: Plan,
    live: Arc<Mutex<Live>>,
    index: Arc<Mutex<RecordsIndex>>,
    has_file: bool,
    job: Job<Outcome>,
    started: Instant,
    ended: Option<Instant>,
}

impl Run {
    /// Starts playing `plan` between `entrants` in the background: on a new
    /// thread, or in slices per frame where there are no threads; `ctx` (if
    /// any) is asked to repaint after every game.
    pub fn start(
        entrants: Vec<Entrant>,
        plan: Plan,
        ctx: Option<egui::Context>,
    ) -> Result<Run, String> {
        Run::start_on(entrants, plan, ctx, platform::HAS_THREADS)
    }

    /// Starts the run on a thread (`threaded`) or to be played in slices by
    /// [`refresh`](Run::refresh) (as on the web; tests run both).
    pub fn start_on(
        entrants: Vec<Entrant>,
        plan: Plan,
        ctx: Option<egui::Context>,
        threaded: bool,
    ) -> Result<Run, String> {
        Run::launch(entrants, plan, None, None, ctx, threaded)
    }

    /// [`Run::start`], its records headed with `header` (the run's
    /// identity), so that they can be exported, merged and resumed. With
    /// `resume`, the run goes on from the games it keeps: they are shown as
    /// the run's first games, the rest are played (on a thread: where there
    /// are none, resuming is refused), and the report is that of the run
    /// played without a break.
    pub fn start_headed(
        entrants: Vec<Entrant>,
        plan: Plan,
        header: RecordsHeader,
        resume: Option<Resume>,
        ctx: Option<egui::Context>,
    ) -> Result<Run, String> {
        let threaded = platform::HAS_THREADS;
        Run::launch(entrants, plan, Some(header), resume, ctx, threaded)
    }

    fn launch(
        entrants: Vec<Entrant>,
        plan: Plan,
        header: Option<RecordsHeader>,
        resume: Option<Resume>,
        ctx: Option<egui::Context>,
        threaded: bool,
    ) -> Result<Run, String> {
        if resume.is_some() && !threaded {
            return Err("resuming a run needs the desktop app or chainlab --resume".to_string());
        }
        let labels: Vec<String> = entrants.iter().map(|e| e.label.clone()).collect();
        let mut live = Live::default();
        let out = match RecordsOut::create() {
            Ok(mut out) => {
                if let Some(header) = &header
                    && let Err(e) = out.header(header)
                {
                    live.records_error = Some(e);
                }
                Some(out)
            }
            Err(e) => {
                live.records_error = Some(e);
                None
            }
        };
        let has_file = out.is_some();
        let index = Arc::new(Mutex::new(
            out.as_ref().map(RecordsOut::index).unwrap_or_default(),
        ));
        let live = Arc::new(Mutex::new(live));
        let mut watcher = Watcher {
            labels: labels.clone(),
            live: Arc::clone(&live),
            out,
            index: Arc::clone(&index),
            ctx: ctx.clone(),
            pairing: 0,
            append: None,
        };
        let factories: Vec<Arc<dyn AgentFactory>> = entrants
            .into_iter()
            .map(|e| relabel(e.factory, e.label))
            .collect();
        let job = if threaded {
            let Resume {
                games,
                kept,
                append,
            } = resume.unwrap_or_else(|| Resume {
                games: Games::all(),
                kept: Vec::new(),
                append: None,
            });
            for record in &kept {
                watcher.keep(record);
            }
            watcher.append = append.map(|(name, writer)| Appended { name, writer });
            let plan = plan.clone();
            Job::spawn("chainlab-arena", ctx, move |job| {
                let outcome = play(&factories, &plan, &games, job.cancel_flag(), &mut watcher);
                watcher.finish();
                outcome
            })?
        } else {
            Job::sliced(ctx, |_| Sliced::new(factories, &plan, watcher))
        };
        Ok(Run {
            labels,
            plan,
            live,
            index,
            has_file,
            job,
            started: Instant::now(),
            ended: None,
        })
    }

    /// The entrants' names, in the order given.
    pub fn labels(&self) -> &[String] {
        &self.labels
    }

    /// What is played.
    pub fn plan(&self) -> &Plan {
        &self.plan
    }

    /// The threads the games are played on: the plan's where the run has a
    /// thread of its own, one where it is played in slices on the window's
    /// thread (the web page).
    pub fn threads(&self) -> usize {
        if self.job.is_sliced() {
            1
        } else {
            self.plan.matches().thread_count()
        }
    }

    /// The number of pairings (1 for a match).
    pub fn pairing_count(&self) -> usize {
        match &self.plan {
            Plan::Match(_) => 1,
            Plan::Tournament(t) => crate::arena::pairings(self.labels.len(), t.gauntlet).len(),
        }
    }

    /// The number of games planned over all pairings (an SPRT or cancel may stop sooner).
    pub fn planned_games(&self) -> u64 {
        self.plan.matches().games * self.pairing_count() as u64
    }

    /// Copies the run's state into `view` if it has changed since; a thread
    /// that ended without an outcome is reported as failed.
    /// A run played in slices plays its next games here first.
    pub fn refresh(&mut self, view: &mut Live) {
        let outcome = match self.job.poll() {
            Poll::Pending => None,
            Poll::Ready(outcome) => Some(outcome),
            Poll::Crashed => Some(Outcome::Failed(
                "the arena's thread stopped unexpectedly".to_string(),
            )),
        };
        let mut live = lock(&self.live);
        if let Some(outcome) = outcome {
            live.outcome = Some(outcome);
            live.changed();
        }
        if live.version != view.version || view.version == 0 {
            *view = live.clone();
        }
        if live.outcome.is_some() && self.ended.is_none() {
            self.ended = Some(Instant::now());
        }
    }

    /// Asks the run to stop; it ends within a moment (after the games in
    /// progress), reporting the games finished so far.
    pub fn cancel(&self) {
        self.job.cancel();
    }

    /// Whether cancel was asked for.
    pub fn is_cancelling(&self) -> bool {
        self.job.is_cancelling()
    }

    /// Time since the start, up to the end once the run is over.
    pub fn elapsed(&self) -> Duration {
        self.ended.unwrap_or_else(Instant::now) - self.started
    }

    /// Whether the run's games are kept in a records file (so that it can
    /// be resumed).
    pub fn has_records(&self) -> bool {
        self.has_file
    }

    /// The run's records file as read back, for resuming.
    pub fn records(&self) -> Result<crate::arena::run::RunFile, String> {
        let index = lock(&self.index).clone();
        let path = index.path();
        let name = path.display().to_string();
        let file = std::fs::File::open(path).map_err(|e| format!("cannot read {name}: {e}"))?;
        crate::arena::run::read_run(&name, std::io::BufReader::new(file)).map_err(|e| e.to_string())
    }

    /// Game `number` (from 1, over all pairings), from memory or the records file.
    pub fn game(&self, number: u64) -> Result<GameRecord, String> {
        if let Some(game) = lock(&self.live).recent.find(number) {
            return Ok(game.record.clone());
        }
        if !self.has_file {
            return Err(format!(
                "game {number} is no longer kept (the records file could not be written)"
            ));
        }
        lock(&self.index).read(number)
    }

    /// Writes the games finished so far to `path` as JSON lines (the format
    /// of `chainlab match --records`); returns how many.
    pub fn export(&self, path: &std::path::Path) -> Result<u64, String> {
        if self.has_file {
            let index = lock(&self.index).clone();
            return index.export(path);
        }
        let live = lock(&self.live);
        let mut bytes = Vec::new();
        let mut writer = RecordWriter::new(&mut bytes);
        for game in live.recent.iter() {
            writer.write(&game.record).map_err(|e| e.to_string())?;
        }
        platform::write_file(path, &bytes)
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        Ok(live.recent.len() as u64)
    }
}

impl Drop for Run {
    fn drop(&mut self) {
        self.cancel();
        if self.has_file {
            // The thread may still be writing: the file goes when it lets go.
            let _ = std::fs::remove_file(lock(&self.index).path());
        }
    }
}

/// Plays the plan's `games` (all, or the rest of a resumed run) on this thread.
fn play(
    factories: &[Arc<dyn AgentFactory>],
    plan: &Plan,
    games: &Games,
    cancel: &AtomicBool,
    watcher: &mut Watcher,
) -> Outcome {
    match plan {
        Plan::Match(config) => {
            let (Some(a), Some(b)) = (factories.first(), factories.get(1)) else {
                return Outcome::Failed("a match needs two players".to_string());
            };
            let plan = MatchPlan {
                plan: games,
                pairing: 0,
            };
            match run_match_plan(a, b, config, &plan, cancel, watcher) {
                Ok(report) => Outcome::Match(Box::new(report)),
                Err(e) => Outcome::Failed(e.to_string()),
            }
        }
        Plan::Tournament(config) => {
            let schedule = pairings(factories.len(), config.gauntlet);
            match run_schedule_plan(factories, &schedule, config, games, cancel, watcher) {
                Ok(report) => Outcome::Tournament(Box::new(report)),
                Err(e) => Outcome::Failed(e.to_string()),
            }
        }
    }
}

#[cfg(test)]
#[path = "run_tests.rs"]
mod tests;
