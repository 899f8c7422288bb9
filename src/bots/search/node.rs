//! What the search needs of a position, so that the same search runs on the
//! rules engine's [`Position`] (every board) and on its bit-board copy
//! [`BitPosition`] (boards of at most 64 cells, where playing a move, the
//! evaluation, the move list and the table key are a few operations on
//! whole sets of cells).
//!
//! Invariant: both kinds give the same answers for the same position (moves
//! in the same board order, the same values, the same children), so the
//! search visits the same tree on either; only the table keys differ, and
//! with them which entries collide (`tests` searches both without a table
//! and compares node counts and values).

use super::frames::Frames;
use super::key::{child_key, key_of};
use super::{Searcher, value};
use crate::bots::heuristic::{self, WIN, has_lost};
use crate::rules::{BitPosition, MoveList, Player, Position};

/// A position the search can run on.
pub(super) trait Node: Copy {
    /// The player to move, `None` once the game is over.
    fn to_move(&self) -> Option<Player>;
    /// The player to move (the last mover once the game is over).
    fn mover(&self) -> Player;
    /// Whether the game is over, or `me` has lost.
    fn is_decided_for(&self, me: Player) -> bool;
    /// Makes `self` equal to `parent` (a scratch child reset before a move).
    fn reset_from(&mut self, parent: &Self);
    /// Fills `list` with the legal moves in board order.
    fn moves_into(&self, list: &mut MoveList);
    /// Fills `list` with the striking moves ([`is_striking`])
    /// in board order.
    fn striking_into(&self, list: &mut MoveList);
    /// Plays the legal move `m`.
    fn play(&mut self, m: u16);
    /// Plays the legal move `m` on a position whose table key is `key` and
    /// returns the key of the result.
    fn play_keyed(&mut self, key: u64, m: u16) -> u64;
    /// The table key, computed from scratch.
    fn key(&self) -> u64;
    /// The static value for `me` (the heuristic value, or the balanced one).
    fn value(&self, me: Player, balanced: bool) -> i32;
    /// Runs `f` on this position as the rules engine's [`Position`] (a bit
    /// board is written out on the stack: no allocation).
    fn with_position<R>(&self, f: impl FnOnce(&Position) -> R) -> R;
    /// The searcher's scratch frames for this kind of position.
    fn frames(searcher: &mut Searcher) -> &mut Frames<Self>;
}

impl Node for Position {
    #[inline]
    fn to_move(&self) -> Option<Player> {
        Position::to_move(self)
    }

    #[inline]
    fn mover(&self) -> Player {
        Position::mover(self)
    }

    #[inline]
    fn is_decided_for(&self, me: Player) -> bool {
        self.is_over() || has_lost(self, me)
    }

    #[inline]
    fn reset_from(&mut self, parent: &Self) {
        self.copy_from(parent);
    }

    #[inline]
    fn moves_into(&self, list: &mut MoveList) {
        Position::moves_into(self, list);
    }

    fn striking_into(&self, list: &mut MoveList) {
        // Striking cells are the mover's own, so legal: filtering the move
        // list keeps board order.
        Position::moves_into(self, list);
        list.retain(|m| is_striking(self, usize::from(m)));
    }

    #[inline]
    fn play(&mut self, m: u16) {
        self.play_index(usize::from(m));
    }

    #[inline]
    fn play_keyed(&mut self, key: u64, m: u16) -> u64 {
        child_key(self, key, usize::from(m)).unwrap_or(0)
    }

    fn key(&self) -> u64 {
        key_of(self)
    }

    #[inline]
    fn value(&self, me: Player, balanced: bool) -> i32 {
        if balanced {
            value::balanced_value(self, me)
        } else {
            heuristic::value(self, me)
        }
    }

    #[inline]
    fn with_position<R>(&self, f: impl FnOnce(&Position) -> R) -> R {
        f(self)
    }

    #[inline]
    fn frames(searcher: &mut Searcher) -> &mut Frames<Self> {
        &mut searcher.frames
    }
}

impl Node for BitPosition {
    #[inline]
    fn to_move(&self) -> Option<Player> {
        BitPosition::to_move(self)
    }

    #[inline]
    fn mover(&self) -> Player {
        BitPosition::mover(self)
    }

    #[inline]
    fn is_decided_for(&self, me: Player) -> bool {
        self.is_over() || heuristic::has_lost_bits(self, me)
    }

    #[inline]
    fn reset_from(&mut self, parent: &Self) {
        *self = *parent;
    }

    #[inline]
    fn moves_into(&self, list: &mut MoveList) {
        list.fill_from_bits(self.size(), self.legal());
    }

    #[inline]
    fn striking_into(&self, list: &mut MoveList) {
        list.fill_from_bits(self.size(), striking_bits(self));
    }

    #[inline]
    fn play(&mut self, m: u16) {
        self.play_index(usize::from(m));
    }

    #[inline]
    fn play_keyed(&mut self, _key: u64, m: u16) -> u64 {
        self.play_index(usize::from(m));
        BitPosition::key(self)
    }

    #[inline]
    fn key(&self) -> u64 {
        BitPosition::key(self)
    }

    #[inline]
    fn value(&self, me: Player, balanced: bool) -> i32 {
        if balanced {
            value::balanced_value_bits(self, me)
        } else {
            heuristic::value_bits(self, me)
        }
    }

    #[inline]
    fn with_position<R>(&self, f: impl FnOnce(&Position) -> R) -> R {
        f(&self.to_position())
    }

    #[inline]
    fn frames(searcher: &mut Searcher) -> &mut Frames<Self> {
        &mut searcher.bit_frames
    }
}

/// The value of a leaf for `root`, `depth` plies before the search horizon:
/// a win counts [`WIN`] plus `depth`, a loss `-WIN` minus `depth`.
#[inline]
pub(super) fn leaf_value<P: Node>(position: &P, root: Player, balanced: bool, depth: u8) -> i32 {
    let v = position.value(root, balanced);
    if v >= WIN {
        v + i32::from(depth)
    } else if v <= -WIN {
        v - i32::from(depth)
    } else {
        v
    }
}

/// The striking cells of the player to move: own critical cells next to a
/// cell of an opponent.
#[inline]
fn striking_bits(position: &BitPosition) -> u64 {
    let own = position.owned(position.mover());
    let enemy = position.occupied() & !own;
    own & position.critical() & position.masks().around(enemy)
}

/// Whether placing on `index` makes a critical cell of the player to move
/// react next to a cell of an opponent (a move that captures at once).
pub fn is_striking(position: &Position, index: usize) -> bool {
    let mover = position.mover();
    let geo = position.geometry();
    let cells = position.cells();
    let Some(cell) = cells.get(index) else {
        return false;
    };
    cell.is_owned_by(mover)
        && cell.atoms() + 1 == position.threshold(geo.capacity(index))
        && geo.neighbours(index).iter().any(|&n| {
            cells
                .get(usize::from(n))
                .is_some_and(|c| !c.is_empty() && !c.is_owned_by(mover))
        })
}
