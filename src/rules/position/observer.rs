//! What a move did and who may watch it being resolved: the counts of a
//! move ([`MoveOutcome`]), the observer of its placement, waves and cell
//! changes ([`ReactionObserver`], a no-op for ordinary play), and an observer
//! that logs every wave ([`WaveLog`]).

use super::Position;
use crate::rules::cell::Cell;
use crate::rules::coord::Coord;

/// What a move did, counted while playing it (at no extra cost).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct MoveOutcome {
    /// Number of cell reactions (explosions) the move caused.
    pub reactions: u32,
    /// Number of reaction waves (0 when nothing reacted).
    pub waves: u32,
    /// Number of times an opponent's cell became the mover's.
    pub captured: u32,
    /// Whether the move won the game.
    pub won: bool,
}

/// Receives each reaction wave of a move as it is resolved, for animation and
/// measurement. Every method has a no-op default, and playing with `()` as the
/// observer compiles to the same code as playing without one.
pub trait ReactionObserver {
    /// Called once after the atom is placed, before any reaction.
    fn placed(&mut self, _position: &Position, _at: Coord) {}
    /// Called after each wave with the position after it and the cells
    /// (flat indices, see [`Size::coord_of`]) that reacted in it, in order.
    fn wave(&mut self, _position: &Position, _reacted: &[u16]) {}
    /// Called at every change of one cell as it happens (the placement, a
    /// reacting cell giving up its atoms, a neighbour receiving one), with
    /// its flat index and its contents before and after: applying the
    /// changes in order to the board before the move gives the board after
    /// it. For incremental position keys (see `bots::search`).
    fn cell_changed(&mut self, _index: usize, _before: Cell, _after: Cell) {}
}

impl ReactionObserver for () {}

/// Collects every wave of a move as a list of reacted coordinates.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct WaveLog {
    /// The position after the placement, before any reaction.
    pub after_placement: Option<Position>,
    /// For each wave: the cells that reacted, and the position after the wave.
    pub waves: Vec<(Vec<Coord>, Position)>,
}

impl ReactionObserver for WaveLog {
    fn placed(&mut self, position: &Position, _at: Coord) {
        self.after_placement = Some(*position);
    }

    fn wave(&mut self, position: &Position, reacted: &[u16]) {
        let size = position.size();
        let cells = reacted
            .iter()
            .map(|&i| size.coord_of(usize::from(i)))
            .collect();
        self.waves.push((cells, *position));
    }
}
