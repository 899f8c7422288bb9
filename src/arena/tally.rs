//! The running totals of a match, built from game records in game order
//! (constant memory however many games are played).
//!
//! Invariant: the pentanomial counts exactly the complete pairs of two-player
//! games: game `2k` waits in `open_pair` until game `2k + 1` comes, and only
//! then is the pair counted. Games reach the tally in index order (the runner
//! reorders them), so at most one game waits; a game out of that order, or
//! of more than two seats, is counted as a game only.

use serde::{Deserialize, Serialize};

use super::config::Side;
use super::record::GameRecord;
use super::stats::{Counts, Pentanomial, Wdl};
use super::think::ThinkTime;
use crate::rules::Player;

/// Counts over the games of a match so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    /// Side A's wins, draws and losses.
    pub wdl: Wdl,
    /// Side A's complete colour-swapped pairs by points: `[LL, LD, DD+WL, WD, WW]`.
    #[serde(default)]
    pub pentanomial: Pentanomial,
    /// The first game of a pair whose second game is not in yet: its index
    /// and A's result.
    #[serde(skip)]
    pub open_pair: Option<(u64, Wdl)>,
    /// Games side A lost by forfeit.
    pub forfeits_a: u64,
    /// Games side B lost by forfeit.
    pub forfeits_b: u64,
    /// Games adjudicated a draw at the placement cap.
    pub capped: u64,
    /// Placements summed over all games (for the average length).
    pub placements: u64,
    /// Side A's thinking time (not saved; see [`super::think`]).
    #[serde(skip)]
    pub think_a: ThinkTime,
    /// Side B's thinking time.
    #[serde(skip)]
    pub think_b: ThinkTime,
}

impl Tally {
    /// Adds one finished game.
    pub fn add(&mut self, record: &GameRecord) {
        let r = record.result_for_a();
        self.wdl.wins += r.wins;
        self.wdl.draws += r.draws;
        self.wdl.losses += r.losses;
        self.pair(record, r);
        match record.forfeit.and_then(|seat| record.side_of(seat)) {
            Some(Side::A) => self.forfeits_a += 1,
            Some(Side::B) => self.forfeits_b += 1,
            None => {}
        }
        if record.forfeit.is_none() && record.winner.is_none() {
            self.capped += 1;
        }
        self.placements += record.length() as u64;
        for (seat, time) in record.think.0.iter().enumerate() {
            let side = Player::new(seat).and_then(|p| record.side_of(p));
            match side {
                Some(Side::A) => self.think_a.merge(time),
                Some(Side::B) => self.think_b.merge(time),
                None => {}
            }
        }
    }

    /// Counts game `record` (A's result `r`) into its pair.
    fn pair(&mut self, record: &GameRecord, r: Wdl) {
        if record.players.len() != 2 {
            return;
        }
        match self.open_pair.take() {
            Some((first, w)) if first + 1 == record.game && first.is_multiple_of(2) => {
                self.pentanomial.add_games(&w, &r);
            }
            _ if record.game.is_multiple_of(2) => self.open_pair = Some((record.game, r)),
            _ => {}
        }
    }

    /// The counts the statistics read: the pairs once one is complete,
    /// the games before and in runs that are not paired (more than two seats).
    pub fn counts(&self) -> Counts {
        if self.pentanomial.pairs() > 0 {
            Counts::Pairs(self.pentanomial)
        } else {
            Counts::Games(self.wdl)
        }
    }

    /// Number of games.
    pub fn games(&self) -> u64 {
        self.wdl.games()
    }

    /// The average number of placements per game, `None` before any game.
    pub fn average_length(&self) -> Option<f64> {
        let n = self.games();
        (n > 0).then(|| self.placements as f64 / n as f64)
    }
}
