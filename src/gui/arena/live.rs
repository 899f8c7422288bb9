//! What the window shows of an arena run ([`Live`]) and the observer that
//! keeps it up to date as games finish ([`Watcher`]), on the run's thread
//! or, played in slices, on the window's.

use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use crate::arena::{
    GameRecord, MatchConfig, MatchObserver, MatchReport, Pairing, RecordWriter, Tally,
    TournamentObserver, TournamentReport,
};
use crate::output::LineFile;

use super::store::{FinishedGame, Recent, RecordsIndex, RecordsOut, ScoreSeries};

/// Different forfeit reasons listed; more are counted under the last.
const MAX_FORFEIT_NOTES: usize = 12;

/// The pairing being played (or played last).
#[derive(Clone, Debug, Default)]
pub struct PairingLive {
    /// Its number in the schedule, from 0.
    pub index: usize,
    /// Side A's entrant.
    pub a: usize,
    /// Side B's entrant.
    pub b: usize,
    /// The results so far, from A's side.
    pub tally: Tally,
    /// A's running score.
    pub series: ScoreSeries,
}

/// Forfeits of one player for one reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ForfeitNote {
    /// The player who forfeited.
    pub player: String,
    /// Why.
    pub reason: String,
    /// How many games.
    pub count: u64,
}

/// How a run ended.
#[derive(Clone, Debug)]
pub enum Outcome {
    /// A match was played (to the end, to an SPRT decision, or until cancelled).
    Match(Box<MatchReport>),
    /// A tournament was played (possibly cancelled).
    Tournament(Box<TournamentReport>),
    /// The run could not be played.
    Failed(String),
}

/// What the window shows of a run.
#[derive(Clone, Debug, Default)]
pub struct Live {
    /// Changes whenever anything else does.
    pub version: u64,
    /// The pairing being played.
    pub current: Option<PairingLive>,
    /// The pairings played to the end.
    pub finished: Vec<Pairing>,
    /// Games finished over all pairings.
    pub games: u64,
    /// The latest games.
    pub recent: Recent,
    /// Forfeits by player and reason.
    pub forfeits: Vec<ForfeitNote>,
    /// Set when the run is over.
    pub outcome: Option<Outcome>,
    /// Why the games are not kept on disk, if they are not.
    pub records_error: Option<String>,
}

impl Live {
    /// Marks a change, so that the window copies the state again.
    pub(super) fn changed(&mut self) {
        self.version = self.version.wrapping_add(1);
    }

    /// Counts a finished game: its number (from 0, as records and
    /// `chainlab replay --game` number games, docs/positions.md), its
    /// forfeit, and the latest games.
    fn count(&mut self, record: &GameRecord) {
        let number = self.games;
        self.games += 1;
        self.note_forfeit(record);
        self.recent.push(FinishedGame {
            number,
            record: record.clone(),
        });
        self.changed();
    }

    fn note_forfeit(&mut self, record: &GameRecord) {
        let Some(seat) = record.forfeit else {
            return;
        };
        let player = record
            .players
            .get(seat.index())
            .cloned()
            .unwrap_or_default();
        let full = self.forfeits.len() >= MAX_FORFEIT_NOTES;
        let note = self
            .forfeits
            .iter_mut()
            .find(|n| n.player == player && n.reason == record.reason);
        match note {
            Some(note) => note.count += 1,
            None if full => {
                if let Some(last) = self.forfeits.last_mut() {
                    last.count += 1;
                    last.reason = "(and other reasons)".to_string();
                }
            }
            None => self.forfeits.push(ForfeitNote {
                player,
                reason: record.reason.clone(),
                count: 1,
            }),
        }
    }
}

/// The value behind `mutex`, also after a panic elsewhere.
pub(super) fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Watches the run on its thread (or on the window's, played in slices).
pub(super) struct Watcher {
    pub(super) labels: Vec<String>,
    pub(super) live: Arc<Mutex<Live>>,
    pub(super) out: Option<RecordsOut>,
    pub(super) index: Arc<Mutex<RecordsIndex>>,
    pub(super) ctx: Option<egui::Context>,
    pub(super) pairing: usize,
    /// The records file a resumed run appends its new games to.
    pub(super) append: Option<Appended>,
}

/// A resumed run's own records file, appended to as games finish.
pub(super) struct Appended {
    /// The file as messages name it.
    pub(super) name: String,
    /// Its writer (whole lines only).
    pub(super) writer: RecordWriter<LineFile>,
}

impl Watcher {
    /// Asks the window for a frame.
    pub(super) fn repaint(&self) {
        if let Some(ctx) = &self.ctx {
            ctx.request_repaint();
        }
    }

    fn entrant(&self, label: &str) -> usize {
        self.labels.iter().position(|l| l == label).unwrap_or(0)
    }

    /// Shows a game played before the run resumed as one of the run's:
    /// in the games list, the count and the app's records file.
    pub(super) fn keep(&mut self, record: &GameRecord) {
        self.store(record);
        let mut live = lock(&self.live);
        // The pairing's running score, from its first game.
        let pairing = record.pairing.unwrap_or(0) as usize;
        if live.current.as_ref().is_none_or(|c| c.index != pairing) {
            live.current = Some(PairingLive {
                index: pairing,
                ..PairingLive::default()
            });
        }
        if let Some(current) = &mut live.current {
            current.tally.add(record);
            let tally = current.tally;
            current.series.add(&tally);
        }
        live.count(record);
    }

    /// Writes `record` to the app's records file and to the resumed
    /// file; a file that fails is let go, and the window says why.
    fn store(&mut self, record: &GameRecord) {
        let mut errors = Vec::new();
        if let Some(out) = &mut self.out {
            match out.append(record) {
                Ok(()) => out.update(&mut lock(&self.index)),
                Err(e) => {
                    errors.push(e);
                    self.out = None;
                }
            }
        }
        if let Some(appended) = &mut self.append
            && let Err(e) = appended.writer.write(record)
        {
            errors.push(format!(
                "cannot append to {}: {e}; it keeps the games written before, and the run goes on",
                appended.name
            ));
            self.append = None;
        }
        if !errors.is_empty() {
            let mut live = lock(&self.live);
            live.records_error = Some(errors.join("; "));
            live.changed();
        }
    }

    /// Ends the resumed file's last line (whole lines only are written).
    pub(super) fn finish(&mut self) {
        if let Some(appended) = self.append.take()
            && let Err(e) = appended.writer.finish()
        {
            let mut live = lock(&self.live);
            live.records_error = Some(format!("cannot write {}: {e}", appended.name));
            live.changed();
        }
    }
}

impl MatchObserver for Watcher {
    fn match_started(&mut self, a: &str, b: &str, _config: &MatchConfig) {
        let mut live = lock(&self.live);
        // A resumed pairing keeps the score of its games kept.
        let kept = live
            .current
            .take()
            .filter(|c| c.index == self.pairing)
            .unwrap_or_default();
        let current = PairingLive {
            index: self.pairing,
            a: self.entrant(a),
            b: self.entrant(b),
            ..kept
        };
        live.current = Some(current);
        live.changed();
        drop(live);
        self.repaint();
    }

    fn game_finished(&mut self, record: &GameRecord, tally: &Tally) {
        self.store(record);
        let mut live = lock(&self.live);
        if let Some(current) = &mut live.current {
            current.tally = *tally;
            current.series.add(tally);
        }
        live.count(record);
        drop(live);
        self.repaint();
    }
}

impl TournamentObserver for Watcher {
    fn pairing_started(&mut self, index: usize, _count: usize) {
        self.pairing = index;
    }

    fn pairing_finished(&mut self, pairing: &Pairing) {
        let mut live = lock(&self.live);
        live.finished.push(pairing.clone());
        live.changed();
    }
}
