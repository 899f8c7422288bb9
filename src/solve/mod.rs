//! Perfect play on small boards: an exact solver of two-player games of at
//! most [`MAX_CELLS`] cells under the standard and overflow rules, its
//! solutions ([`Solution`]: the value of every reachable position), and one
//! shared solution per board and rules for the players that need it
//! ([`shared`]), and one position solved on its own within a limit
//! ([`solve_moves`]: the proofs of the `perfect` puzzles).
//!
//! A layer just above `rules` (it uses nothing else), so that `bots` (the
//! perfect player), `analysis` (the yardstick, perfect puzzles) and the
//! command line all ask it. How a game is searched and why its values are
//! exact is argued in `solver.rs`; the table's key in `key.rs`.
//!
//! The `empties` rules are refused: atoms are lost in reactions, so a game
//! can come back to a position it has seen and only a match's draw cap (a
//! count of placements, which would have to join every key) ends it.

mod error;
mod key;
mod position;
mod shared;
mod solution;
mod solver;
mod table;
mod value;

pub use error::SolveError;
pub use position::{SolvedMoves, solve_moves};
pub use shared::shared;
pub use solution::{Solution, SolveStats, check, estimate, solve};
pub use table::Table;
pub use value::Value;

/// The largest board the solver takes, in cells (`3x4`, `2x6`).
pub const MAX_CELLS: usize = 12;
