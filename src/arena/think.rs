//! Thinking time per side, measured around each player's move: shown in
//! reports (mean and longest per move), never part of a game's identity.
//!
//! Invariant: timings never make two runs differ. [`ThinkTime`] and
//! [`SeatTimes`] compare equal whatever they hold, and records do not
//! save them, so the same games give equal records and tallies on any
//! machine, thread count or load.

use std::time::Duration;

/// One side's (or seat's) thinking: moves timed, their total and the longest.
#[derive(Clone, Copy, Debug, Default)]
pub struct ThinkTime {
    /// Moves timed.
    pub moves: u64,
    /// Their total time.
    pub total: Duration,
    /// The longest move.
    pub max: Duration,
}

impl ThinkTime {
    /// Adds one move's time.
    pub fn add(&mut self, took: Duration) {
        self.moves += 1;
        self.total += took;
        self.max = self.max.max(took);
    }

    /// Adds another's moves.
    pub fn merge(&mut self, other: &ThinkTime) {
        self.moves += other.moves;
        self.total += other.total;
        self.max = self.max.max(other.max);
    }

    /// The mean time per move; `None` before any move.
    pub fn mean(&self) -> Option<Duration> {
        (self.moves > 0).then(|| self.total / u32::try_from(self.moves).unwrap_or(u32::MAX))
    }
}

impl PartialEq for ThinkTime {
    /// Always: timings are not part of what was played (see the module doc).
    fn eq(&self, _other: &ThinkTime) -> bool {
        true
    }
}

impl Eq for ThinkTime {}

/// The thinking time of each seat of one game (index = seat).
#[derive(Clone, Debug, Default)]
pub struct SeatTimes(pub Vec<ThinkTime>);

impl SeatTimes {
    /// Adds a move of `seat` that took `took`.
    pub fn add(&mut self, seat: usize, took: Duration) {
        if self.0.len() <= seat {
            self.0.resize(seat + 1, ThinkTime::default());
        }
        if let Some(t) = self.0.get_mut(seat) {
            t.add(took);
        }
    }
}

impl PartialEq for SeatTimes {
    /// Always, as for [`ThinkTime`].
    fn eq(&self, _other: &SeatTimes) -> bool {
        true
    }
}

impl Eq for SeatTimes {}
