//! The arena: matches between two players in colour-swapped pairs, played in
//! parallel with reproducible seeds; statistics (Elo, interval, LOS, SPRT);
//! game records to replay; and tournaments with a crosstable.
//!
//! Long runs report through observers ([`MatchObserver`]) and stop when a
//! cancel flag is raised, so a GUI can run them on a background thread.

pub mod book;
mod clock;
mod config;
mod error;
mod game;
mod label;
mod limits;
mod observer;
mod ratings;
mod record;
pub mod report;
pub mod run;
mod runner;
mod schedule;
pub mod stats;
mod steps;
mod tally;
mod think;
mod tournament;
pub mod winchance;
mod writer;

pub use book::{Book, BookError};
pub use clock::{DEFAULT_TIME_MARGIN, TimeControl};
pub use config::{CAP_PER_CELL, MatchConfig, Side};
pub use error::{ArenaError, ConfigError, RecordError, ResultMismatch, TimeSetting};
pub use label::unique_label;
pub use limits::{MAX_CAP, MAX_GAMES, MAX_MOVE_TIME, MAX_OPENING_PLIES, MAX_THREADS};
pub use observer::MatchObserver;
pub use ratings::rating_intervals;
pub use record::{GameRecord, read_records};
pub use runner::{MatchPlan, MatchReport, Stop, run_match, run_match_plan};
pub use stats::{Counts, Estimate, Pentanomial, Sprt, SprtDecision, Wdl};
pub use steps::{MatchSteps, TournamentSteps};
pub use tally::Tally;
pub use think::{SeatTimes, ThinkTime};
pub use tournament::{
    Pairing, Standing, TournamentConfig, TournamentObserver, TournamentReport, fit_ratings,
    pairings, run_schedule, run_schedule_plan, run_tournament, standings,
};
pub use winchance::WinModel;
pub use writer::RecordWriter;
