//! The position key of the transposition table on boards of more than 64
//! cells, kept incrementally (Zobrist hashing). Smaller boards are searched
//! as bit boards, whose key is a hash of their few words
//! ([`BitPosition::key`](crate::rules::BitPosition::key)).
//!
//! The key covers exactly what made up the position's identity before it was
//! incremental (the `Hash` of [`Position`]): board size, rule variant, number
//! of players, the player to move, who has placed, the winner, the number of
//! placements, and every cell's owner and atom count. It is the XOR of one
//! 64-bit value per fact; an empty cell adds nothing.
//!
//! The values form a *virtual table*: entry `k` is the `k`-th output of
//! splitmix64 from a fixed seed, computed when needed instead of stored (a
//! stored table of 400 cells × 8 owners × 256 atom counts would not stay in
//! the cache). Keys are therefore the same in every run and on every machine;
//! nothing comes from the operating system's randomness.
//!
//! Invariant: [`child_key`] applied to a position's key and a legal move
//! gives exactly [`key_of`] of the position after the move. It follows the
//! move through [`ReactionObserver::cell_changed`], which the rules call at
//! every cell change of the placement and of each reaction as it happens, so
//! no board is scanned; the few per-move facts (mover, placed, winner,
//! placements) are updated from the positions before and after.

use crate::rules::{Cell, Player, Position, ReactionObserver, Rules};

/// The seed of the virtual table.
const SEED: u64 = 0x9E6C_63D0_676A_9A99;
/// The increment of splitmix64 (the golden ratio in 64 bits).
const GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

/// The kinds of facts, as the top byte of a table index, so that no two
/// facts share an entry.
const CELL: u64 = 1 << 56;
const MOVER: u64 = 2 << 56;
const PLACED: u64 = 3 << 56;
const WINNER: u64 = 4 << 56;
const PLACEMENTS: u64 = 5 << 56;
const GAME: u64 = 6 << 56;

/// Entry `k` of the virtual table: the `k`-th output of splitmix64 from [`SEED`].
#[inline]
const fn entry(k: u64) -> u64 {
    let mut z = SEED.wrapping_add(k.wrapping_add(1).wrapping_mul(GAMMA));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The value of a cell's contents at flat `index`; 0 for an empty cell.
#[inline]
fn cell(index: usize, cell: Cell) -> u64 {
    match cell.owner() {
        None => 0,
        Some(owner) => {
            let slot = ((index as u64 * 8 + owner.index() as u64) << 8) | u64::from(cell.atoms());
            entry(CELL | slot)
        }
    }
}

#[inline]
fn player(kind: u64, player: Player) -> u64 {
    entry(kind | player.index() as u64)
}

/// The value of what stays the same for a whole game: size, rules, players.
fn game(position: &Position) -> u64 {
    let size = position.size();
    let rules = match position.rules() {
        Rules::Standard => 0,
        Rules::Overflow => 1,
        Rules::Empties => 2,
    };
    let facts = [size.rows() as u64, size.cols() as u64, rules]
        .into_iter()
        .fold(position.player_count() as u64, |k, x| (k << 8) | x);
    entry(GAME | facts)
}

/// The key of `position`, computed from scratch (the search computes it
/// once, at the root).
pub(super) fn key_of(position: &Position) -> u64 {
    let cells = position
        .cells()
        .iter()
        .enumerate()
        .fold(0, |k, (i, &c)| k ^ cell(i, c));
    let placed = position
        .placed()
        .iter()
        .fold(0, |k, p| k ^ player(PLACED, p));
    let winner = position.winner().map_or(0, |w| player(WINNER, w));
    game(position)
        ^ cells
        ^ placed
        ^ winner
        ^ player(MOVER, position.mover())
        ^ entry(PLACEMENTS | u64::from(position.placements()))
}

/// Follows a move's cell changes into a key.
struct Follow(u64);

impl ReactionObserver for Follow {
    #[inline]
    fn cell_changed(&mut self, index: usize, before: Cell, after: Cell) {
        self.0 ^= cell(index, before) ^ cell(index, after);
    }
}

/// Plays the legal move at flat `index` on `child` (a copy of the position
/// whose key is `key`) and returns the key of the result; `None`, leaving
/// `child` unchanged, when the move is not legal.
pub(super) fn child_key(child: &mut Position, key: u64, index: usize) -> Option<u64> {
    let mover = child.mover();
    let newly_placed = !child.has_placed(mover);
    let placements = child.placements();
    let mut follow = Follow(key);
    child.play_index_observed(index, &mut follow)?;
    let mut key = follow.0
        ^ player(MOVER, mover)
        ^ player(MOVER, child.mover())
        ^ entry(PLACEMENTS | u64::from(placements))
        ^ entry(PLACEMENTS | u64::from(child.placements()));
    if newly_placed {
        key ^= player(PLACED, mover);
    }
    if let Some(winner) = child.winner() {
        // A move is only legal while nobody has won.
        key ^= player(WINNER, winner);
    }
    Some(key)
}
