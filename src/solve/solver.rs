//! The exact solver: a depth-first search of the whole game from a position,
//! every position's value kept in a [`Table`].
//!
//! **Invariant: the table holds the exact perfect-play value of every
//! position it holds.** A position is stored only after every one of its
//! moves has been valued: a move that ends the game is a win in 1 for the
//! mover (the game ends the moment one player is left, also in the middle
//! of a chain, and the only player a move can leave is its mover); any
//! other move is worth [`Value::before_move`] of the position it leads to,
//! found in the table or searched first. The search ends because every
//! move adds an atom and the standard and overflow rules conserve them,
//! so no position repeats and a game is at most `1 + Σ capacity` plies long
//! (the recursion is at most that deep). Nothing is pruned: the table ends
//! with every position reachable from where the search began, so any
//! position of a game played from there can be looked up.
//!
//! The first-round rule needs no special case: `BitPosition` does not count
//! a player who has not placed as eliminated, and the key keeps who has
//! placed.

use super::key::key;
use super::table::Table;
use super::value::Value;
use crate::rules::{BitPosition, Coord, Size};

/// A search over the game's positions, storing into its own table and
/// reading a finished one (`base`) first when it has one.
///
/// A search may be given a `limit` on the positions it stores: once its
/// table holds that many it *stops* (every later call returns at once with
/// a meaningless value), and the caller must throw its values and table
/// away ([`Search::is_stopped`]).
pub(super) struct Search<'a> {
    base: Option<&'a Table>,
    pub(super) table: Table,
    limit: usize,
    stopped: bool,
}

impl<'a> Search<'a> {
    /// A search reading `base` first, storing at most `limit` positions.
    pub(super) fn new(base: Option<&'a Table>, limit: usize) -> Search<'a> {
        Search {
            base,
            table: Table::new(),
            limit,
            stopped: false,
        }
    }

    /// Whether the search reached its limit, so that its values are void.
    pub(super) fn is_stopped(&self) -> bool {
        self.stopped
    }

    /// The value of `position` (not over) for its player to move.
    pub(super) fn value(&mut self, position: &BitPosition) -> Value {
        if self.stopped {
            return Value::Loss(0);
        }
        let k = key(position);
        if let Some(v) = self.base.and_then(|t| t.get(k)) {
            return v;
        }
        if let Some(v) = self.table.get(k) {
            return v;
        }
        let mut best = Value::Loss(0);
        let mut legal = position.legal();
        while legal != 0 {
            let index = legal.trailing_zeros() as usize;
            legal &= legal - 1;
            let v = self.move_value(position, index);
            best = best.max(v);
        }
        self.table.insert(k, best);
        if self.table.len() >= self.limit {
            self.stopped = true;
        }
        best
    }

    /// The value for the mover of playing the cell of flat `index`.
    pub(super) fn move_value(&mut self, position: &BitPosition, index: usize) -> Value {
        let mut child = *position;
        match child.play_index(index) {
            None => Value::Loss(0),
            Some(_) if child.is_over() => Value::Win(1),
            Some(_) => self.value(&child).before_move(),
        }
    }

    /// Every legal move of `position` (a board of `size`) with its value
    /// for the mover, in board order.
    pub(super) fn move_values(
        &mut self,
        position: &BitPosition,
        size: Size,
    ) -> Vec<(Coord, Value)> {
        let mut legal = position.legal();
        let mut moves = Vec::with_capacity(legal.count_ones() as usize);
        while legal != 0 {
            let index = legal.trailing_zeros() as usize;
            legal &= legal - 1;
            moves.push((size.coord_of(index), self.move_value(position, index)));
        }
        moves
    }
}
