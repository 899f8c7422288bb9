//! The exact encoding of a two-player position of at most
//! [`MAX_CELLS`](super::MAX_CELLS) cells as one integer, the solver's table
//! key.
//!
//! **Invariant: two positions of one game (size, rules) have the same key
//! exactly when they are the same position for the rest of the game**: the
//! same atoms in every cell, the same owners, the same player to move and
//! the same players who have placed. The number of placements is left out:
//! under the standard and overflow rules it is the total number of atoms
//! (atoms are conserved), and nothing that follows depends on it.
//!
//! Between moves a cell holds at most 4 atoms (capacity 4 under overflow),
//! so three bit planes of `n` bits each hold the atoms; then come the cells
//! of player A (B owns the other occupied cells), the mover and the two
//! placed flags: `4n + 3` bits, 51 on 12 cells, below the table's 56.

use crate::rules::{BitPosition, Player};

/// The key of `position` (a position of at most 12 cells and 2 players,
/// between moves).
#[inline]
pub(super) fn key(position: &BitPosition) -> u64 {
    let n = position.size().cells() as u32;
    let all = position.masks().all;
    let [a0, a1, a2, _] = position.planes();
    let placed = position.placed();
    let placed = u64::from(placed.contains(Player::A)) | u64::from(placed.contains(Player::B)) << 1;
    let mover = position.mover().index() as u64 & 1;
    (a0 & all)
        | (a1 & all) << n
        | (a2 & all) << (2 * n)
        | (position.owned(Player::A) & all) << (3 * n)
        | mover << (4 * n)
        | placed << (4 * n + 1)
}
