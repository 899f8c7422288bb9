//! How a match is configured: the two sides, the board and rules, seeds,
//! threads, limits, and the placement cap. Plain data with no behaviour
//! beyond what follows from the settings (the cap in force, the seat order of
//! a game), so that the runner, the games and the records all read one
//! definition without importing each other.

use std::sync::Arc;
use std::time::Duration;

use serde::Serialize;

use super::book::Book;
use super::clock::TimeControl;
use super::stats::Sprt;
use crate::rules::{Rules, Size};

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
    /// The opening book pairs play from, in place of random openings; its
    /// name and content hash ([`Book::hash`]) identify it.
    pub book: Option<Arc<Book>>,
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
            book: None,
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
