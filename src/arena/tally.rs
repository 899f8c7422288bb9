//! The running totals of a match, built from game records in game order
//! (constant memory however many games are played).

use serde::{Deserialize, Serialize};

use super::config::Side;
use super::record::GameRecord;
use super::stats::Wdl;
use super::think::ThinkTime;
use crate::rules::Player;

/// Counts over the games of a match so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    /// Side A's wins, draws and losses.
    pub wdl: Wdl,
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
