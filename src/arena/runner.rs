//! The match runner: colour-swapped pairs of games, one seed per game, played
//! in parallel and reported in game order, so that results do not depend on
//! the number of threads (the SPRT stop included: it is decided on the games
//! in index order, and games past the stopping index are discarded).

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

use serde::Serialize;

use super::config::{MatchConfig, Side};
use super::error::ArenaError;
use super::game::{GameSpec, opening, play_game};
use super::limits::MAX_THREADS;
use super::observer::MatchObserver;
use super::record::GameRecord;
use super::schedule::Plan;
use super::stats::{SprtDecision, Wdl};
use super::tally::Tally;
use crate::bots::AgentFactory;
use crate::rng::derive_seed;
use crate::rules::{Coord, Position};

/// A salt that separates opening seeds from game seeds.
const OPENING_SALT: u64 = 0x0BE1_1E5E_ED5A_17ED;

/// Games a match may run ahead of the oldest unfinished one, per thread
/// (bounds the memory of the reorder buffer).
const WINDOW_PER_THREAD: u64 = 32;

/// Why a match stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Stop {
    /// Every game was played.
    Completed,
    /// The SPRT decided.
    Sprt(SprtDecision),
    /// The cancel flag was raised.
    Cancelled,
}

/// The outcome of a match.
#[derive(Clone, Debug)]
pub struct MatchReport {
    /// Side A's label.
    pub a: String,
    /// Side B's label.
    pub b: String,
    /// The configuration played.
    pub config: MatchConfig,
    /// The results of the games reported (a prefix of the games in index order).
    pub tally: Tally,
    /// Why the match stopped.
    pub stop: Stop,
    /// The SPRT log-likelihood ratio at the end, when an SPRT was asked for.
    pub llr: Option<f64>,
    /// Worker threads used.
    pub threads: usize,
    /// Wall-clock time.
    pub elapsed: Duration,
    /// Whether both players are deterministic ([`AgentFactory::is_deterministic`]),
    /// so that, without a time limit, every game replays exactly from its seed.
    pub deterministic: bool,
}

impl MatchReport {
    /// Side A's wins, draws and losses.
    pub fn wdl(&self) -> Wdl {
        self.tally.wdl
    }
}

/// State shared by the workers of one match.
struct Shared<'a> {
    config: &'a MatchConfig,
    factories: [&'a dyn AgentFactory; 2],
    labels: [&'a str; 2],
    start: Position,
    /// Which games to play.
    plan: &'a MatchPlan<'a>,
    next: AtomicU64,
    /// Raised when the match stops; it also interrupts the players thinking.
    stop: Arc<AtomicBool>,
    /// Games reported so far, for the look-ahead window.
    reported: Mutex<u64>,
    advanced: Condvar,
    window: u64,
}

impl Shared<'_> {
    /// Waits until game `index` is within the window; false when stopping.
    fn wait_for_window(&self, index: u64) -> bool {
        let Ok(mut reported) = self.reported.lock() else {
            return false;
        };
        while index >= *reported + self.window {
            if self.stop.load(Ordering::Relaxed) {
                return false;
            }
            match self
                .advanced
                .wait_timeout(reported, Duration::from_millis(100))
            {
                Ok((guard, _)) => reported = guard,
                Err(_) => return false,
            }
        }
        !self.stop.load(Ordering::Relaxed)
    }

    /// Records that the first `reported` games are reported, which moves the
    /// window of the workers waiting for it.
    fn advance(&self, reported: u64) {
        if let Ok(mut r) = self.reported.lock() {
            *r = reported;
        }
        self.advanced.notify_all();
    }

    /// Plays game `index` with its pair's opening, to its end at once (as
    /// [`MatchSteps`](super::MatchSteps) plays it a move at a time); `None`
    /// when stopped.
    fn play(&self, index: u64) -> Option<GameRecord> {
        let game = IndexedGame::new(self.config, &self.start, index);
        let spec = game.spec(self.config, self.factories, self.labels, self.start);
        play_game(&spec, &self.stop)
    }

    /// A worker: takes the next game index, waits for the window, plays the
    /// game and sends its record, until the games or the match run out.
    fn work(&self, results: mpsc::Sender<(u64, GameRecord)>) {
        loop {
            let index = self.next.fetch_add(1, Ordering::Relaxed);
            if index >= self.config.games {
                return;
            }
            if !self.plan.plays(index, self.config.games) {
                continue;
            }
            if !self.wait_for_window(index) {
                return;
            }
            match self.play(index) {
                Some(record) => {
                    if results.send((index, record)).is_err() {
                        return;
                    }
                }
                None => return,
            }
        }
    }
}

/// What game `index` of a match is made of besides its players: the seats'
/// sides and its pair's opening (both derived from the match seed).
pub(super) struct IndexedGame {
    index: u64,
    sides: Vec<Side>,
    opening: Vec<Coord>,
}

impl IndexedGame {
    /// Game `index` of a match with `config` from `start`.
    pub(super) fn new(config: &MatchConfig, start: &Position, index: u64) -> IndexedGame {
        let plies = config.opening_plies;
        let opening = if let Some(book) = &config.book {
            book.opening(index / 2).to_vec()
        } else if plies == 0 {
            Vec::new()
        } else {
            opening(
                start,
                plies,
                derive_seed(config.seed ^ OPENING_SALT, index / 2),
            )
        };
        IndexedGame {
            index,
            sides: config.sides(index),
            opening,
        }
    }

    /// The game's spec for `factories` labelled `labels`.
    pub(super) fn spec<'a>(
        &'a self,
        config: &MatchConfig,
        factories: [&'a dyn AgentFactory; 2],
        labels: [&'a str; 2],
        start: Position,
    ) -> GameSpec<'a> {
        GameSpec {
            index: self.index,
            seed: derive_seed(config.seed, self.index),
            sides: &self.sides,
            factories,
            labels,
            start,
            opening: &self.opening,
            cap: config.cap(),
            move_limit: config.move_limit,
            time_control: config.time_control,
            pairing: config.pairing,
        }
    }
}

/// The start position of a match with `config`, once `config` is checked
/// against the limits ([`MatchConfig::check`]).
pub(super) fn start_position(config: &MatchConfig) -> Result<Position, ArenaError> {
    Ok(config.checked_start()?)
}

/// Plays a match between `a` and `b`. Raise `cancel` to stop it (the report
/// then covers the games finished in order so far). The observer is called
/// on this thread in game order.
pub fn run_match(
    a: &Arc<dyn AgentFactory>,
    b: &Arc<dyn AgentFactory>,
    config: &MatchConfig,
    cancel: &AtomicBool,
    observer: &mut dyn MatchObserver,
) -> Result<MatchReport, ArenaError> {
    let all = Plan::all();
    let plan = MatchPlan {
        plan: &all,
        pairing: 0,
    };
    run_match_plan(a, b, config, &plan, cancel, observer)
}

/// Which games of a match to play: those of a run's [`Plan`] in one
/// pairing, after the results of the games the plan has as done (a
/// resumed match: they count in the tally and the SPRT).
#[derive(Clone, Copy, Debug)]
pub struct MatchPlan<'a> {
    /// The run's plan.
    pub plan: &'a Plan,
    /// The pairing this match is in the plan (0 for a match).
    pub pairing: usize,
}

impl MatchPlan<'_> {
    /// Whether game `index` of a match of `games` games is played.
    fn plays(&self, index: u64, games: u64) -> bool {
        self.plan.plays(self.pairing, index, games)
    }
}

/// Plays the games of `plan` of a match between `a` and `b`, as
/// [`run_match`] plays them all: each game is the one the whole match plays
/// with its index (seed, seats and opening from the match seed and the
/// index), reported in index order.
pub fn run_match_plan(
    a: &Arc<dyn AgentFactory>,
    b: &Arc<dyn AgentFactory>,
    config: &MatchConfig,
    plan: &MatchPlan,
    cancel: &AtomicBool,
    observer: &mut dyn MatchObserver,
) -> Result<MatchReport, ArenaError> {
    let start = start_position(config)?;
    let labels = (a.label(), b.label());
    let threads = config.thread_count().clamp(1, MAX_THREADS);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .thread_name(|i| format!("chainlab-match-{i}"))
        .build()
        .map_err(|source| ArenaError::Threads { threads, source })?;
    let shared = Shared {
        config,
        factories: [a.as_ref(), b.as_ref()],
        labels: [&labels.0, &labels.1],
        start,
        plan,
        next: AtomicU64::new(0),
        stop: Arc::new(AtomicBool::new(false)),
        reported: Mutex::new(0),
        advanced: Condvar::new(),
        // The window counts game indices, of which a shard plays one pair
        // in `n`: widened by `n`, it holds as many of its own games.
        window: WINDOW_PER_THREAD * threads as u64 * plan.plan.shard.map_or(1, |s| u64::from(s.n)),
    };
    observer.match_started(&labels.0, &labels.1, config);
    let began = crate::time::Instant::now();
    let collected = pool.in_place_scope(|scope| {
        let (sender, receiver) = mpsc::channel();
        for _ in 0..threads {
            let sender = sender.clone();
            let shared = &shared;
            scope.spawn(move |_| shared.work(sender));
        }
        drop(sender);
        let collected = collect(&shared, &receiver, cancel, observer);
        // Stop the workers (and interrupt the players thinking) before the
        // scope waits for them.
        shared.stop.store(true, Ordering::Relaxed);
        shared.advanced.notify_all();
        collected
    });
    Ok(collected.into_report(a, b, config, threads, began.elapsed()))
}

/// What the collector reported: a prefix of the games in index order.
pub(super) struct Collected {
    tally: Tally,
    stop: Stop,
    llr: Option<f64>,
}

impl Collected {
    /// Nothing reported yet.
    pub(super) fn new(config: &MatchConfig) -> Collected {
        Collected::after(config, Tally::default())
    }

    /// The games of `prior` reported (a resumed match); the SPRT may
    /// have decided on them already.
    pub(super) fn after(config: &MatchConfig, prior: Tally) -> Collected {
        let mut out = Collected {
            tally: prior,
            stop: Stop::Completed,
            llr: config.sprt.map(|s| s.llr_counts(&prior.counts())),
        };
        if let Some(decision) = config.sprt.and_then(|s| s.decide_counts(&prior.counts())) {
            out.stop = Stop::Sprt(decision);
        }
        out
    }

    /// Reports the next game in index order: the tally, the observer, the
    /// SPRT. True when the SPRT has decided (then the match stops).
    pub(super) fn report(
        &mut self,
        record: &GameRecord,
        config: &MatchConfig,
        observer: &mut dyn MatchObserver,
    ) -> bool {
        self.tally.add(record);
        observer.game_finished(record, &self.tally);
        if let Some(sprt) = config.sprt {
            // Paired games are read as pairs: the LLR moves only when a
            // pair is complete (games come in index order).
            let counts = self.tally.counts();
            self.llr = Some(sprt.llr_counts(&counts));
            if let Some(decision) = sprt.decide_counts(&counts) {
                self.stop = Stop::Sprt(decision);
                return true;
            }
        }
        false
    }

    /// Marks the match as cancelled.
    pub(super) fn cancel(&mut self) {
        self.stop = Stop::Cancelled;
    }

    /// The match's report.
    pub(super) fn into_report(
        self,
        a: &Arc<dyn AgentFactory>,
        b: &Arc<dyn AgentFactory>,
        config: &MatchConfig,
        threads: usize,
        elapsed: Duration,
    ) -> MatchReport {
        MatchReport {
            a: a.label(),
            b: b.label(),
            config: config.clone(),
            tally: self.tally,
            stop: self.stop,
            llr: self.llr,
            threads,
            elapsed,
            deterministic: a.is_deterministic() && b.is_deterministic(),
        }
    }
}

/// Receives finished games in any order and reports them in game order:
/// each game goes to the tally and the observer only after every game
/// before it, and the SPRT is decided on that prefix, so the result does not
/// depend on which thread finished first. Ends when every game is reported,
/// the SPRT decides, `cancel` is raised, or the workers are gone.
fn collect(
    shared: &Shared,
    receiver: &mpsc::Receiver<(u64, GameRecord)>,
    cancel: &AtomicBool,
    observer: &mut dyn MatchObserver,
) -> Collected {
    let config = shared.config;
    let mut out = Collected::after(config, shared.plan.plan.prior(shared.plan.pairing));
    if out.stop != Stop::Completed {
        return out;
    }
    let mut pending: BTreeMap<u64, GameRecord> = BTreeMap::new();
    let mut reported = 0u64;
    loop {
        // Report what is ready, in index order, passing the games not planned.
        while reported < config.games {
            if !shared.plan.plays(reported, config.games) {
                reported += 1;
                continue;
            }
            let Some(record) = pending.remove(&reported) else {
                break;
            };
            reported += 1;
            if out.report(&record, config, observer) {
                return out;
            }
        }
        shared.advance(reported);
        if reported >= config.games {
            break;
        }
        if cancel.load(Ordering::Relaxed) {
            out.cancel();
            break;
        }
        match receiver.recv_timeout(Duration::from_millis(50)) {
            Ok((index, record)) => {
                pending.insert(index, record);
            }
            Err(mpsc::RecvTimeoutError::Timeout) => continue,
            Err(mpsc::RecvTimeoutError::Disconnected) => break,
        }
    }
    out
}
