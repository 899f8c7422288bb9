//! The arena: matches between two players in colour-swapped pairs, played in
//! parallel with reproducible seeds; statistics (Elo, interval, LOS, SPRT);
//! game records to replay; and tournaments with a crosstable.
//!
//! Long runs report through observers ([`MatchObserver`]) and stop when a
//! cancel flag is raised, so a GUI can run them on a background thread.

mod clock;
mod game;
mod record;
pub mod report;
mod runner;
pub mod stats;
mod tally;
mod tournament;

pub use clock::{DEFAULT_TIME_MARGIN, TimeControl};
pub use record::{GameRecord, RecordWriter, read_records};
pub use runner::{CAP_PER_CELL, MatchConfig, MatchObserver, MatchReport, Side, Stop, run_match};
pub use stats::{Sprt, SprtDecision, Wdl};
pub use tally::Tally;
pub use tournament::{
    Pairing, Standing, TournamentConfig, TournamentObserver, TournamentReport, pairings,
    run_tournament, standings,
};

/// Everything that can go wrong in the arena.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ArenaError {
    /// A match or tournament that cannot be played as configured.
    #[error("{0}")]
    Config(String),
    /// A game record that cannot be read or does not replay.
    #[error("game record: {0}")]
    Record(String),
}
