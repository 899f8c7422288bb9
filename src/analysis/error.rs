//! The errors of analysis: bad records and positions, too large a job,
//! a stopped run, and bad puzzle suites ([`PuzzleError`]). Each names the
//! game, ply or line.

use crate::arena::ArenaError;
use crate::bots::BotError;
use crate::rules::{Coord, RulesError};

/// Why an analysis or a puzzle run could not be done.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum AnalysisError {
    /// The game is over in the position: there is no move to value.
    #[error("the game is over in this position: there is no move to analyse")]
    GameOver,
    /// A move of the game is illegal where it is played.
    #[error("game {game}: move {ply} ({coord}) is illegal: {source}")]
    IllegalMove {
        /// The game's index in its records.
        game: u64,
        /// The move, counted from 1.
        ply: usize,
        /// The cell played.
        coord: Coord,
        /// Why it is illegal.
        #[source]
        source: RulesError,
    },
    /// A record whose start position cannot be made.
    #[error(transparent)]
    Record(#[from] ArenaError),
    /// The job would take too long at this budget.
    #[error(
        "too large to analyse: {plies} moves on {size} at {nodes} nodes a move is about {work} million node-cells (the limit is {limit} million); use a smaller node budget (chainlab analyze --nodes N, Quick in the app's replay view) or analyse single positions"
    )]
    TooLarge {
        /// Moves to analyse.
        plies: usize,
        /// The board size, as text.
        size: String,
        /// The node budget per move.
        nodes: u64,
        /// The estimated work in millions of node × cells.
        work: u64,
        /// The limit, in the same unit.
        limit: u64,
    },
    /// The run was cancelled.
    #[error("the analysis was cancelled")]
    Cancelled,
    /// The search failed.
    #[error(transparent)]
    Search(#[from] BotError),
    /// A puzzle suite that cannot be read.
    #[error(transparent)]
    Puzzle(#[from] PuzzleError),
}

/// Why a suite cannot be read; every error names the line.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum PuzzleError {
    /// A line that cannot be read (too long, not UTF-8, an IO error).
    #[error("{0}")]
    Input(#[from] crate::input::InputError),
    /// A line that is not a puzzle object.
    #[error("line {line}: {source}")]
    Json {
        /// The line, from 1.
        line: usize,
        /// What serde found.
        #[source]
        source: serde_json::Error,
    },
    /// A position that is not valid.
    #[error("line {line} (puzzle {id}): bad position: {source}")]
    Position {
        /// The line, from 1.
        line: usize,
        /// The puzzle's id.
        id: String,
        /// Why the position is not valid.
        #[source]
        source: RulesError,
    },
    /// A puzzle whose content does not fit its position.
    #[error("line {line} (puzzle {id}): {problem}")]
    Content {
        /// The line, from 1.
        line: usize,
        /// The puzzle's id.
        id: String,
        /// What is wrong.
        problem: &'static str,
    },
    /// Two puzzles with one id.
    #[error("line {line}: the id {id} is used twice")]
    DuplicateId {
        /// The line, from 1.
        line: usize,
        /// The id.
        id: String,
    },
    /// More puzzles than the limit (given).
    #[error("more than {0} puzzles")]
    TooMany(usize),
}
