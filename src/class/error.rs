//! The errors of class tournaments: a folder that cannot be looked at, a
//! pass mark that is not a percentage, an engine log that cannot be written,
//! a schedule that cannot be made. A submission's own faults are never
//! errors (they are forfeits: see [`crate::class::Problem`]).

use std::path::PathBuf;

/// Why a folder of submissions cannot be looked at.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum DiscoverError {
    /// The folder cannot be listed (it does not exist, permissions…).
    #[error("cannot read the submissions folder {}: {source}", .path.display())]
    Read {
        /// The folder.
        path: PathBuf,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// The path is not a folder.
    #[error("{} is not a folder: --dir takes the folder that holds the submissions", .path.display())]
    NotAFolder {
        /// The path given.
        path: PathBuf,
    },
}

/// A pass mark that is not a percentage.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("pass mark '{0}': give a percentage from 0 to 100, as in bot:greedy@60")]
pub struct PassMarkError(pub String);

/// An engine log that cannot be written (a problem of the run, not of the
/// submission).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum LogError {
    /// The file cannot be created.
    #[error("cannot write the engine log {}: {source}", .path.display())]
    Write {
        /// The log file.
        path: PathBuf,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// The log would overwrite an input of the run.
    #[error(
        "the engine log {} would overwrite an input of this run; choose another --records file",
        .path.display()
    )]
    Input {
        /// The log file.
        path: PathBuf,
    },
}

/// Why the pairings of a class tournament cannot be made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ScheduleError {
    /// A gauntlet without reference players.
    #[error("a gauntlet needs at least one reference player")]
    NoReferences,
    /// A round robin of fewer than two players.
    #[error(
        "a round robin needs at least two players: add submissions, --reference players, or --gauntlet"
    )]
    TooFewPlayers,
}
