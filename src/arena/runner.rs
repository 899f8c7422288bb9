//! The match runner: colour-swapped pairs of games, one seed per game, played
//! in parallel and reported in game order, so that results do not depend on
//! the number of threads (the SPRT stop included: it is decided on the games
//! in index order, and games past the stopping index are discarded).

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

use serde::Serialize;

use super::clock::TimeControl;
use super::game::{GameSpec, opening, play_game};
use super::record::GameRecord;
use super::stats::{Sprt, SprtDecision, Wdl};
use super::{ArenaError, Tally};
use crate::bots::AgentFactory;
use crate::rng::derive_seed;
use crate::rules::{Position, Rules, Size};

/// A salt that separates opening seeds from game seeds.
const OPENING_SALT: u64 = 0x0BE1_1E5E_ED5A_17ED;

/// Games a match may run ahead of the oldest unfinished one, per thread
/// (bounds the memory of the reorder buffer).
const WINDOW_PER_THREAD: u64 = 32;

/// The default placement cap per cell: a game that reaches `10 × cells`
/// placements without a winner is adjudicated a draw (possible only under
/// `empties`, where atoms are not conserved).
pub const CAP_PER_CELL: u32 = 10;

/// One of the two sides of a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Side {
    /// The first player named.
    A,
    /// The second player named.
    B,
}

impl Side {
    /// 0 for A, 1 for B.
    pub fn index(self) -> usize {
        match self {
            Side::A => 0,
            Side::B => 1,
        }
    }

    /// The other side.
    pub fn other(self) -> Side {
        match self {
            Side::A => Side::B,
            Side::B => Side::A,
        }
    }

    /// `a` or `b`, as in game records.
    pub fn letter(self) -> char {
        match self {
            Side::A => 'a',
            Side::B => 'b',
        }
    }
}

/// How a match is played.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchConfig {
    /// Number of games (pairs share an opening and swap seats).
    pub games: u64,
    /// Board size.
    pub size: Size,
    /// Rule variant.
    pub rules: Rules,
    /// Seats per game (2 to 8); the sides alternate seats A, B, A, B, …
    pub players: usize,
    /// The match seed; game `i` gets `derive_seed(seed, i)`.
    pub seed: u64,
    /// Worker threads; 0 for one per core.
    pub threads: usize,
    /// Random opening plies shared by the two games of a pair (0 for none).
    pub opening_plies: u32,
    /// Stop early when the SPRT decides.
    pub sprt: Option<Sprt>,
    /// A player whose move takes longer forfeits (not exactly replayable);
    /// a searching player is stopped at the limit.
    pub move_limit: Option<Duration>,
    /// The time every player has for each move, with the margin past which
    /// a move forfeits (not exactly replayable when a search is cut short).
    pub time_control: Option<TimeControl>,
    /// Placements after which a game is a draw; `None` for `10 × cells`.
    pub placement_cap: Option<u32>,
    /// The pairing this match is in a tournament (set by the tournament and
    /// written into game records), `None` for a single match.
    pub pairing: Option<u32>,
}

impl Default for MatchConfig {
    fn default() -> Self {
        MatchConfig {
            games: 100,
            size: Size::JABC,
            rules: Rules::Standard,
            players: 2,
            seed: 1,
            threads: 0,
            opening_plies: 0,
            sprt: None,
            move_limit: None,
            time_control: None,
            placement_cap: None,
            pairing: None,
        }
    }
}

impl MatchConfig {
    /// The placement cap in force.
    pub fn cap(&self) -> u32 {
        self.placement_cap
            .unwrap_or(CAP_PER_CELL * self.size.cells() as u32)
    }

    /// The number of worker threads in force.
    pub fn thread_count(&self) -> usize {
        match self.threads {
            0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
            n => n,
        }
    }

    /// The match side of each seat in game `index`: A, B, A, … in even
    /// games and B, A, B, … in odd ones.
    pub fn sides(&self, index: u64) -> Vec<Side> {
        (0..self.players)
            .map(|seat| {
                if seat.is_multiple_of(2) == index.is_multiple_of(2) {
                    Side::A
                } else {
                    Side::B
                }
            })
            .collect()
    }
}

/// Receives a match's progress. Every method has a no-op default; the
/// runner calls them on the calling thread, in game order.
pub trait MatchObserver {
    /// A match starts between sides A and B.
    fn match_started(&mut self, _a: &str, _b: &str, _config: &MatchConfig) {}
    /// A game has finished; `tally` includes it.
    fn game_finished(&mut self, _record: &GameRecord, _tally: &Tally) {}
}

impl MatchObserver for () {}

impl<T: MatchObserver + ?Sized> MatchObserver for &mut T {
    fn match_started(&mut self, a: &str, b: &str, config: &MatchConfig) {
        (**self).match_started(a, b, config);
    }

    fn game_finished(&mut self, record: &GameRecord, tally: &Tally) {
        (**self).game_finished(record, tally);
    }
}

impl<A: MatchObserver, B: MatchObserver> MatchObserver for (A, B) {
    fn match_started(&mut self, a: &str, b: &str, config: &MatchConfig) {
        self.0.match_started(a, b, config);
        self.1.match_started(a, b, config);
    }

    fn game_finished(&mut self, record: &GameRecord, tally: &Tally) {
        self.0.game_finished(record, tally);
        self.1.game_finished(record, tally);
    }
}

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

    fn play(&self, index: u64) -> Option<GameRecord> {
        let pair = index / 2;
        let plies = self.config.opening_plies;
        let opening_moves = if plies == 0 {
            Vec::new()
        } else {
            opening(
                &self.start,
                plies,
                derive_seed(self.config.seed ^ OPENING_SALT, pair),
            )
        };
        let sides = self.config.sides(index);
        let spec = GameSpec {
            index,
            seed: derive_seed(self.config.seed, index),
            sides: &sides,
            factories: self.factories,
            labels: self.labels,
            start: self.start,
            opening: &opening_moves,
            cap: self.config.cap(),
            move_limit: self.config.move_limit,
            time_control: self.config.time_control,
            pairing: self.config.pairing,
        };
        play_game(&spec, &self.stop)
    }

    fn work(&self, results: mpsc::Sender<(u64, GameRecord)>) {
        loop {
            let index = self.next.fetch_add(1, Ordering::Relaxed);
            if index >= self.config.games || !self.wait_for_window(index) {
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
    let start = Position::new(config.size, config.players, config.rules)
        .map_err(|e| ArenaError::Config(e.to_string()))?;
    let labels = (a.label(), b.label());
    let threads = config.thread_count().clamp(1, 256);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .thread_name(|i| format!("chainlab-match-{i}"))
        .build()
        .map_err(|e| ArenaError::Config(format!("cannot start {threads} threads: {e}")))?;
    let shared = Shared {
        config,
        factories: [a.as_ref(), b.as_ref()],
        labels: [&labels.0, &labels.1],
        start,
        next: AtomicU64::new(0),
        stop: Arc::new(AtomicBool::new(false)),
        reported: Mutex::new(0),
        advanced: Condvar::new(),
        window: WINDOW_PER_THREAD * threads as u64,
    };
    observer.match_started(&labels.0, &labels.1, config);
    let began = Instant::now();
    let mut tally = Tally::default();
    let mut stop = Stop::Completed;
    let mut llr = config.sprt.map(|_| 0.0);
    pool.in_place_scope(|scope| {
        let (sender, receiver) = mpsc::channel();
        for _ in 0..threads {
            let sender = sender.clone();
            let shared = &shared;
            scope.spawn(move |_| shared.work(sender));
        }
        drop(sender);
        let mut pending: BTreeMap<u64, GameRecord> = BTreeMap::new();
        let mut reported = 0u64;
        'collect: while reported < config.games {
            if cancel.load(Ordering::Relaxed) {
                stop = Stop::Cancelled;
                break;
            }
            match receiver.recv_timeout(Duration::from_millis(50)) {
                Ok((index, record)) => {
                    pending.insert(index, record);
                }
                Err(mpsc::RecvTimeoutError::Timeout) => continue,
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
            while let Some(record) = pending.remove(&reported) {
                tally.add(&record);
                reported += 1;
                if let Ok(mut r) = shared.reported.lock() {
                    *r = reported;
                }
                shared.advanced.notify_all();
                observer.game_finished(&record, &tally);
                if let Some(sprt) = config.sprt {
                    llr = Some(sprt.llr(&tally.wdl));
                    if let Some(decision) = sprt.decide(&tally.wdl) {
                        stop = Stop::Sprt(decision);
                        break 'collect;
                    }
                }
            }
        }
        shared.stop.store(true, Ordering::Relaxed);
        shared.advanced.notify_all();
    });
    Ok(MatchReport {
        a: labels.0.clone(),
        b: labels.1.clone(),
        config: config.clone(),
        tally,
        stop,
        llr,
        threads,
        elapsed: began.elapsed(),
        deterministic: a.is_deterministic() && b.is_deterministic(),
    })
}
