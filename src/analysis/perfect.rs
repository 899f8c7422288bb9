//! The `perfect` puzzle theme: positions of the solved boards where the
//! player to move wins under perfect play and exactly one legal move keeps
//! the win (and that move does not win at once: a move that ends the game
//! is `take-the-win`'s). The answer is proven, not estimated: the solver
//! (`crate::solve`) values every move of the position exactly, so the
//! answer wins and every other move loses against perfect play.
//!
//! The other themes' rules (`theme.rs`) are checked on move facts, without
//! search; this one is checked by solving the position on its own
//! ([`perfect_answer`]), which is cheap for the positions of the shipped
//! suite (each needs at most [`PERFECT_LIMIT`] positions).

use crate::rules::{Coord, Position};
use crate::solve::{SolveError, Value, solve_moves};

/// The theme's name in suite files.
pub const PERFECT: &str = "perfect";

/// The most positions the proof of one shipped `perfect` puzzle may store
/// (its generator keeps only positions that need fewer, so that checking
/// the whole theme stays quick).
pub const PERFECT_LIMIT: usize = 200_000;

/// The proven answer of a `perfect` position.
#[derive(Clone, Debug, PartialEq)]
pub struct PerfectAnswer {
    /// The one move that keeps the win.
    pub cell: Coord,
    /// Its value for the player to move: a win in this many plies.
    pub value: Value,
    /// Every legal move with its value, in board order (all but `cell` lose).
    pub moves: Vec<(Coord, Value)>,
    /// The positions the proof stored.
    pub positions: usize,
}

impl PerfectAnswer {
    /// The longest a losing move holds out against perfect play, in plies.
    pub fn longest_loss(&self) -> Option<u8> {
        self.moves
            .iter()
            .filter(|(c, _)| *c != self.cell)
            .map(|(_, v)| v.plies())
            .max()
    }
}

/// The answer of `position` if it is a `perfect` puzzle: the player to move
/// wins, exactly one legal move keeps the win, and that move does not end
/// the game at once. `None` when it is not; an error when the solver
/// refuses the position or its game needs more than `limit` positions.
pub fn perfect_answer(
    position: &Position,
    limit: usize,
) -> Result<Option<PerfectAnswer>, SolveError> {
    let solved = solve_moves(position, limit)?;
    let mut winning = solved.moves.iter().filter(|(_, v)| v.is_win());
    let (Some(&(cell, value)), None) = (winning.next(), winning.next()) else {
        return Ok(None);
    };
    if value == Value::Win(1) {
        return Ok(None);
    }
    Ok(Some(PerfectAnswer {
        cell,
        value,
        moves: solved.moves,
        positions: solved.positions,
    }))
}
