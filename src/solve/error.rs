//! The solver's errors: what it refuses to solve, and why.

use thiserror::Error;

use crate::rules::{Rules, Size};

/// Why a board or a position cannot be solved.
#[derive(Debug, Clone, PartialEq, Error)]
#[non_exhaustive]
pub enum SolveError {
    /// The board has more cells than the solver takes.
    #[error(
        "{size} has {cells} cells, more than the {max} the solver takes: its table could hold up to {bound:.1e} positions ({bytes}), far beyond this machine's time and memory"
    )]
    TooLarge {
        /// The board.
        size: Size,
        /// Its number of cells.
        cells: usize,
        /// The solver's limit.
        max: usize,
        /// The number of distinct positions between moves, an upper bound on
        /// the table.
        bound: f64,
        /// That bound in memory, as text (`1.2 TB`).
        bytes: String,
    },
    /// A board of at most [`MAX_CELLS`](super::MAX_CELLS) cells whose
    /// rules allow so many positions that the table would not fit in memory.
    #[error(
        "{size} under {rules} rules is beyond the solver: up to {bound:.1e} positions between moves, of which the boards solved reach 20 to 35 % ({bytes} of table and more), while the solver takes boards of at most {max:.0e}; see docs/solve.md"
    )]
    TooMany {
        /// The board.
        size: Size,
        /// The rules.
        rules: Rules,
        /// The number of distinct positions between moves (an upper bound).
        bound: f64,
        /// A fifth of the bound in memory, as text.
        bytes: String,
        /// The largest bound the solver takes.
        max: f64,
    },
    /// The rule variant has no exact solution here.
    #[error(
        "{0} rules are not solved: atoms are not conserved, so a game can return to a position and only the match's draw cap ends it; the solver takes standard and overflow"
    )]
    Rules(Rules),
    /// Not a two-player game.
    #[error("the solver takes two-player games, not {0} players")]
    Players(usize),
    /// The position is not of the solved game.
    #[error("the position is a {size} {rules} game, the solution is of {solved}")]
    OtherGame {
        /// The position's board.
        size: Size,
        /// The position's rules.
        rules: Rules,
        /// The solved game, as `3x3 standard`.
        solved: String,
    },
    /// The game is over: there is nothing to choose.
    #[error("the game is over")]
    GameOver,
    /// A position searched on its own needs more positions than allowed.
    #[error("the game from this position needs more than {0} positions")]
    Limit(usize),
}
