//! A game: a starting position, the moves played from it, and undo.

use super::RulesError;
use super::coord::Coord;
use super::position::{MoveOutcome, Position, ReactionObserver};

/// A game keeps its history: the start, every move, and the position before
/// each move, so that [`Game::undo`] restores the exact earlier position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    start: Position,
    moves: Vec<Coord>,
    before: Vec<Position>,
    current: Position,
}

impl Game {
    /// A game starting from `start`.
    pub fn new(start: Position) -> Game {
        Game {
            start,
            moves: Vec::new(),
            before: Vec::new(),
            current: start,
        }
    }

    /// The position now.
    pub fn position(&self) -> &Position {
        &self.current
    }

    /// The starting position.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The moves played so far, in order.
    pub fn moves(&self) -> &[Coord] {
        &self.moves
    }

    /// The position after the first `ply` moves (`0` is the start).
    pub fn position_at(&self, ply: usize) -> Option<&Position> {
        if ply == self.moves.len() {
            Some(&self.current)
        } else {
            self.before.get(ply)
        }
    }

    /// Plays `coord` for the player to move; on error nothing changes.
    pub fn play(&mut self, coord: Coord) -> Result<MoveOutcome, RulesError> {
        self.play_observed(coord, &mut ())
    }

    /// Plays `coord`, reporting each reaction wave to `observer`.
    pub fn play_observed<O: ReactionObserver>(
        &mut self,
        coord: Coord,
        observer: &mut O,
    ) -> Result<MoveOutcome, RulesError> {
        let before = self.current;
        let outcome = self.current.play_observed(coord, observer)?;
        self.before.push(before);
        self.moves.push(coord);
        Ok(outcome)
    }

    /// Takes back the last move, returning it.
    pub fn undo(&mut self) -> Result<Coord, RulesError> {
        match (self.before.pop(), self.moves.pop()) {
            (Some(position), Some(coord)) => {
                self.current = position;
                Ok(coord)
            }
            _ => Err(RulesError::NothingToUndo),
        }
    }
}
