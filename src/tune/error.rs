//! Why tuning cannot start or go on, kept structured as in `bots` and
//! `arena`: the `Display` of every variant is its whole one-line message.

use crate::arena::ArenaError;
use crate::bots::BotError;
use crate::strategy::{RangeProblem, Report};

/// Everything that can go wrong in tuning.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum TuneError {
    /// The strategy has validation errors (the report holds them all).
    #[error("{}", invalid_message(.0))]
    Invalid(Report),
    /// A constant's explicit tuning range is reversed or empty.
    #[error("{label}: {problem}")]
    BadRange {
        /// How the node is named: "node 7 'Constant (3)'".
        label: String,
        /// What is wrong with the range.
        problem: RangeProblem,
    },
    /// No constant that feeds the Cell value is tunable.
    #[error(
        "nothing to tune: no constant feeding the Cell value is tunable (all are marked \"tune\": \"off\", or there are none)"
    )]
    NothingToTune,
    /// No opponent was given.
    #[error("no opponents to tune against: give at least one")]
    NoOpponents,
    /// Zero games per iteration.
    #[error("games per iteration must be at least 1")]
    NoGames,
    /// Zero iterations.
    #[error("iterations must be at least 1")]
    NoIterations,
    /// A player that cannot be made (a probe that does not compile).
    #[error("{0}")]
    Player(#[from] BotError),
    /// A match that cannot be played (its board, its threads).
    #[error("{0}")]
    Arena(#[from] ArenaError),
}

/// "the strategy has errors: <the first> (and N more)".
fn invalid_message(report: &Report) -> String {
    let mut errors = report.errors();
    let first = errors.next().map_or_else(
        || "unknown".to_string(),
        |d| d.to_string().trim_start_matches("error: ").to_string(),
    );
    let more = errors.count();
    if more == 0 {
        format!("the strategy has errors: {first}")
    } else {
        format!("the strategy has errors: {first} (and {more} more)")
    }
}
