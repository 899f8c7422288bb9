//! One position solved on its own: the exact value of each of its moves,
//! searched from the position alone (no solution of the whole board), with
//! a limit on the positions stored so that a caller can ask cheaply whether
//! a position is small enough to prove.
//!
//! The values are the solver's (`solver.rs`): the search from a position
//! stores every position reachable from it, so they are exact whatever the
//! position; only a search that reaches its limit is thrown away whole.

use super::error::SolveError;
use super::solution::{check, check_failed};
use super::solver::Search;
use super::value::Value;
use crate::rules::{BitPosition, Coord, Position};

/// The moves of one position with their exact values.
#[derive(Clone, Debug, PartialEq)]
pub struct SolvedMoves {
    /// Every legal move with its value for the player to move (a move that
    /// wins at once is `Win(1)`), in board order.
    pub moves: Vec<(Coord, Value)>,
    /// The positions the search stored to prove them.
    pub positions: usize,
}

impl SolvedMoves {
    /// The value of the position for the player to move: its best move's.
    pub fn value(&self) -> Option<Value> {
        self.moves.iter().map(|&(_, v)| v).max()
    }

    /// The moves that win for the player to move.
    pub fn winning(&self) -> Vec<Coord> {
        self.moves
            .iter()
            .filter(|(_, v)| v.is_win())
            .map(|&(c, _)| c)
            .collect()
    }
}

/// Values every legal move of `position` (a two-player game of a board and
/// rules the solver takes, not over) by searching from it, storing at most
/// `limit` positions; [`SolveError::Limit`] when the game from there needs
/// more.
pub fn solve_moves(position: &Position, limit: usize) -> Result<SolvedMoves, SolveError> {
    let (size, rules) = (position.size(), position.rules());
    check(size, rules)?;
    if position.player_count() != 2 {
        return Err(SolveError::Players(position.player_count()));
    }
    if position.is_over() {
        return Err(SolveError::GameOver);
    }
    let bits = BitPosition::from_position(position).ok_or_else(|| check_failed(size, rules))?;
    let mut search = Search::new(None, limit);
    let moves = search.move_values(&bits, size);
    if search.is_stopped() {
        return Err(SolveError::Limit(limit));
    }
    Ok(SolvedMoves {
        moves,
        positions: search.table.len(),
    })
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::rules::{Rules, Size};
    use crate::solve::solve;

    #[test]
    fn a_position_alone_has_the_values_of_the_whole_solution() {
        let size = Size::new(2, 3).unwrap();
        let whole = solve(size, Rules::Standard).unwrap();
        let mut position = Position::new(size, 2, Rules::Standard).unwrap();
        for cell in ["0,0", "1,2", "0,0"] {
            let solved = solve_moves(&position, usize::MAX).unwrap();
            assert_eq!(solved.moves, whole.moves(&position).unwrap());
            assert_eq!(solved.value(), Some(whole.value(&position).unwrap()));
            position.play(cell.parse().unwrap()).unwrap();
        }
    }

    #[test]
    fn a_search_past_its_limit_is_refused() {
        let size = Size::new(3, 3).unwrap();
        let position = Position::new(size, 2, Rules::Standard).unwrap();
        assert_eq!(solve_moves(&position, 1000), Err(SolveError::Limit(1000)));
    }
}
