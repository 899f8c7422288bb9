//! Why a strategy cannot be evaluated: [`EvalError`], for the compiler and
//! the interpreter alike. A graph with validation errors lists the first
//! [`MAX_LISTED_ERRORS`] of them in its one-line message.

use crate::rules::{Coord, Size};
use crate::strategy::{Diagnostic, FlattenError};

/// At most this many errors are listed in one [`EvalError::Invalid`] message.
pub const MAX_LISTED_ERRORS: usize = 10;

/// The first [`MAX_LISTED_ERRORS`] messages, then how many more there are.
fn listed(errors: &[Diagnostic]) -> String {
    let more = errors.len().saturating_sub(MAX_LISTED_ERRORS);
    crate::strategy::capped_list(errors, MAX_LISTED_ERRORS, "; ", more)
}

/// Why a strategy cannot be evaluated.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EvalError {
    /// The graph has validation errors (the validator's findings, errors only).
    #[error("the strategy has errors: {}", listed(.0))]
    Invalid(Vec<Diagnostic>),
    /// The groups cannot be inlined (recursion, nesting or size).
    #[error("{0}")]
    Groups(#[from] FlattenError),
    /// The graph has no computable Cell value.
    #[error("the strategy has no computable Cell value")]
    NoOutput,
    /// The game is over: there is nothing to choose.
    #[error("the game is over: there is no move to value")]
    GameOver,
    /// The cell is off the board.
    #[error("{0} is off the {1} board")]
    OffBoard(Coord, Size),
    /// The cell may not be played by the player to move.
    #[error("{0} is not active: the player to move may not place there")]
    Inactive(Coord),
}
