//! A bit-board copy of a [`Position`] on boards of at most 64 cells, for
//! game-tree searches: a whole reaction wave is a few dozen word operations
//! however many cells react in it.
//!
//! **Invariant: a [`BitPosition`] plays every move exactly as [`Position`]
//! does**: from `BitPosition::from_position(&p)`, `play_index(i)` gives the
//! same [`MoveOutcome`] as `p.play_index(i)` and a position whose
//! [`BitPosition::to_position`] equals the `p` after the move (the tests
//! check this move by move on random games of every rule variant).
//!
//! The board is stored as bit planes (bit `i` of `atoms[k]` is bit `k` of
//! cell `i`'s atom count) and one mask of owned cells per player.
//!
//! # Why whole waves at once give Position's waves
//!
//! `Position` resolves a chain in waves: every cell of the current wave
//! gives up its atoms, then each of its neighbours receives one and becomes
//! the mover's; a cell joins the next wave when a receipt brings it exactly
//! to its threshold. Here a wave is the *set* `R` of cells at or over their
//! threshold, and the next wave is again the set of cells at or over their
//! threshold after the receipts. The two agree:
//!
//! - Before the first wave only the cell just placed can be at its threshold
//!   (between the moves of a game under way every cell holds at most
//!   `threshold − 1`; only a game won in the middle of a chain leaves
//!   cells over it, and then there are no more moves).
//! - Suppose that before a wave exactly the cells of `R` are at or over
//!   their threshold. A cell of `R` reached its threshold in the previous
//!   wave (or by the placement), from at most `threshold − 1`, receiving at
//!   most one atom per neighbour, so it holds at most
//!   `threshold − 1 + capacity`; giving up its atoms (losing `capacity`, or
//!   everything under `empties`) takes it below its threshold again. Every
//!   other cell is below its threshold already. So after the receipts, the
//!   cells at or over their threshold are exactly those that a receipt
//!   carried across it: Position's next wave list (whose order does not
//!   matter, since every cell of a wave gives up its atoms before any
//!   receives, and the outcome only counts).
//!
//! Under `overflow` a cell of capacity 4 can hold up to
//! `threshold − 1 + capacity = 8` atoms in the middle of a chain, so there
//! are 4 planes. Per wave: the reacting
//! cells give up their atoms (a bit-sliced subtraction of their capacity,
//! or clearing them), the four one-step shifts of `R` are summed by a small
//! adder network into a 0..=4 count per cell and ripple-added into the
//! planes, the cells receiving become the mover's (and a capture is counted
//! for each that another player owned: Position counts the first receipt
//! of such a cell in a wave, after which the mover owns it), and reacting
//! cells left empty lose their owner. The game ends after a wave in which the last cells of the
//! other players were taken once every player has placed: exactly
//! Position's test (some player lost their last cell in the wave, and the
//! mover is then the only player left).

use super::cell::Cell;
use super::coord::{MAX_PLAYERS, Player, PlayerSet, Size};
use super::geometry::Masks;
use super::position::{MoveOutcome, Position, WAVE_LIMIT};
use super::variant::Rules;
use words::{
    KEYS, Planes, add_sides, at_capacity, clear, fold, increment, over_capacity, subtract_capacity,
    with_count,
};

/// Number of atom bit planes: a cell holds at most 8 atoms during a chain.
const PLANES: usize = 4;

/// Number of owner masks, one per possible player.
const OWNERS: usize = MAX_PLAYERS as usize;

/// Masks a player index into the range of the owner masks.
const OWNER_MASK: usize = OWNERS - 1;

/// The rule variants as const parameters of the chain loop.
const STANDARD: u8 = 0;
const OVERFLOW: u8 = 1;
const EMPTIES: u8 = 2;

/// A position on a board of at most 64 cells as bit masks: cheap to copy
/// (about 120 bytes) and to play, for searches. Converted from and to a
/// [`Position`] with [`BitPosition::from_position`] and
/// [`BitPosition::to_position`]; plays every move exactly as `Position`
/// does (see the module documentation).
#[derive(Clone, Copy, Debug)]
pub struct BitPosition {
    /// The board's masks (fixed by the size).
    masks: &'static Masks,
    size: Size,
    rules: Rules,
    players: u8,
    mover: Player,
    placed: PlayerSet,
    winner: Option<Player>,
    placements: u32,
    /// Bit `i` of `atoms[k]` is bit `k` of the atom count of cell `i`.
    atoms: [u64; PLANES],
    /// Bit `i` of `owners[p]` is set when player `p` owns cell `i`; an
    /// empty cell has no owner, and players outside the game own nothing.
    owners: [u64; OWNERS],
}

impl PartialEq for BitPosition {
    fn eq(&self, other: &Self) -> bool {
        // The masks follow from the size.
        self.size == other.size
            && self.rules == other.rules
            && self.players == other.players
            && self.mover == other.mover
            && self.placed == other.placed
            && self.winner == other.winner
            && self.placements == other.placements
            && self.atoms == other.atoms
            && self.owners == other.owners
    }
}

impl Eq for BitPosition {}

impl BitPosition {
    /// The bit-board copy of `position`; `None` when its board has more
    /// than 64 cells (or a cell holds more than 15 atoms, which no position
    /// reached by play or built from a setup does).
    pub fn from_position(position: &Position) -> Option<BitPosition> {
        let masks = position.geometry().masks()?;
        let mut atoms = [0u64; PLANES];
        let mut owners = [0u64; OWNERS];
        for (bit, cell) in (0..64u32).map(|i| 1u64 << i).zip(position.cells()) {
            if usize::from(cell.atoms) >= 1 << PLANES {
                return None;
            }
            for (k, plane) in atoms.iter_mut().enumerate() {
                if (cell.atoms >> k) & 1 == 1 {
                    *plane |= bit;
                }
            }
            if let Some(owner) = cell.owner()
                && let Some(mask) = owners.get_mut(owner.index())
            {
                *mask |= bit;
            }
        }
        Some(BitPosition {
            masks,
            size: position.size(),
            rules: position.rules(),
            players: position.player_count() as u8,
            mover: position.mover(),
            placed: position.placed(),
            winner: position.winner(),
            placements: position.placements(),
            atoms,
            owners,
        })
    }

    /// The same position as a [`Position`]: `BitPosition::from_position(&p)
    /// .to_position() == p` for every position `p` of at most 64 cells,
    /// including its winner and mover.
    pub fn to_position(&self) -> Position {
        let mut cells = [Cell::EMPTY; 64];
        for (i, cell) in cells.iter_mut().enumerate() {
            let atoms = self
                .atoms
                .iter()
                .enumerate()
                .map(|(k, plane)| (((plane >> i) & 1) as u8) << k)
                .sum();
            let owner = self
                .owners
                .iter()
                .position(|mask| (mask >> i) & 1 == 1)
                .map_or(0, |p| p as u8 + 1);
            *cell = Cell { owner, atoms };
        }
        let n = self.size.cells();
        // `from_parts` finds the winner again (the only player left) and
        // makes them the mover, as `play` leaves a finished game.
        Position::from_parts(
            self.size,
            self.rules,
            self.player_count(),
            self.mover,
            self.placed,
            self.placements,
            cells.get(..n).unwrap_or(&cells),
        )
    }

    /// The board as bit masks (bit `i` is the cell of flat index `i`).
    #[inline]
    pub fn masks(&self) -> &'static Masks {
        self.masks
    }

    /// The board size.
    #[inline]
    pub fn size(&self) -> Size {
        self.size
    }

    /// The rule variant.
    #[inline]
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// Number of players in the game (including eliminated ones).
    #[inline]
    pub fn player_count(&self) -> usize {
        usize::from(self.players)
    }

    /// The player to move, `None` once the game is over.
    #[inline]
    pub fn to_move(&self) -> Option<Player> {
        match self.winner {
            Some(_) => None,
            None => Some(self.mover),
        }
    }

    /// The player who moved last when the game is over, otherwise the player to move.
    #[inline]
    pub fn mover(&self) -> Player {
        self.mover
    }

    /// The winner, once only one player is left.
    #[inline]
    pub fn winner(&self) -> Option<Player> {
        self.winner
    }

    /// Whether the game is over.
    #[inline]
    pub fn is_over(&self) -> bool {
        self.winner.is_some()
    }

    /// The players who have placed at least once.
    #[inline]
    pub fn placed(&self) -> PlayerSet {
        self.placed
    }

    /// Number of placements made so far (the turn number, from 0).
    #[inline]
    pub fn placements(&self) -> u32 {
        self.placements
    }

    /// Whether `player` is out: they have placed and own no cell.
    #[inline]
    pub fn is_eliminated(&self, player: Player) -> bool {
        self.placed.contains(player) && self.owned(player) == 0
    }

    /// The cells `player` owns.
    #[inline]
    pub fn owned(&self, player: Player) -> u64 {
        self.owners[player.index() & OWNER_MASK]
    }

    /// The atom bit planes: bit `i` of `planes()[k]` is bit `k` of the atom
    /// count of cell `i` (for exact position encodings, as the solver's).
    #[inline]
    pub fn planes(&self) -> [u64; PLANES] {
        self.atoms
    }

    /// The cells holding at least one atom.
    #[inline]
    pub fn occupied(&self) -> u64 {
        let [a0, a1, a2, a3] = self.atoms;
        a0 | a1 | a2 | a3
    }

    /// The cells the player to move may place on (empty or their own);
    /// 0 once the game is over.
    #[inline]
    pub fn legal(&self) -> u64 {
        if self.winner.is_some() {
            return 0;
        }
        let others = self.occupied() & !self.owned(self.mover);
        self.masks.all & !others
    }

    /// The critical cells: those holding one atom less than their
    /// threshold (so that one more atom makes them react).
    pub fn critical(&self) -> u64 {
        let [_, _, c2, c3, c4] = self.masks.by_capacity;
        let rules = self.rules;
        let critical = |cells: u64, capacity: u8| {
            cells & with_count(&self.atoms, self.masks.all, rules.max_atoms(capacity))
        };
        critical(c2, 2) | critical(c3, 3) | critical(c4, 4)
    }

    /// The total number of atoms in the cells of `set`.
    #[inline]
    pub fn atoms_in(&self, set: u64) -> u32 {
        self.atoms
            .iter()
            .enumerate()
            .map(|(k, plane)| (plane & set).count_ones() << k)
            .sum()
    }

    /// Plays the move at flat `index` for the player to move, as
    /// [`Position::play_index`] does: places one atom and resolves the
    /// chain, returning the same [`MoveOutcome`]. Returns `None`, leaving
    /// the position unchanged, when the move is not legal (off the board,
    /// an opponent's cell, or the game is over).
    #[inline]
    pub fn play_index(&mut self, index: usize) -> Option<MoveOutcome> {
        if index >= 64 {
            return None;
        }
        let bit = 1u64 << index;
        if self.legal() & bit == 0 {
            return None;
        }
        let me = self.mover.index() & OWNER_MASK;
        self.placed.insert(self.mover);
        self.placements += 1;
        self.owners[me] |= bit;
        // One more atom in one cell: a single-bit increment of the planes.
        increment(&mut self.atoms, bit);
        let mut outcome = MoveOutcome::default();
        if self.reacting() & bit != 0 {
            match self.rules {
                Rules::Standard => self.chain::<STANDARD>(bit, &mut outcome),
                Rules::Overflow => self.chain::<OVERFLOW>(bit, &mut outcome),
                Rules::Empties => self.chain::<EMPTIES>(bit, &mut outcome),
            }
        }
        if self.winner.is_none() {
            self.mover = self.next_alive();
        }
        Some(outcome)
    }

    /// A 64-bit hash of the position for transposition tables: the atoms,
    /// the owners, the mover, who has placed, the winner, the number of
    /// placements (its low 24 bits), and the game (size, rules, player
    /// count), so that a table kept across positions of different games
    /// does not mistake one for another. Well mixed in every bit (the table
    /// takes its index from the top bits and compares the whole key); a
    /// handful of independent 64×64→128-bit multiplications, folded and
    /// finished.
    #[inline]
    pub fn key(&self) -> u64 {
        let [a0, a1, a2, a3] = self.atoms;
        let winner = self.winner.map_or(0, |p| p.index() as u64 + 1);
        let rules = match self.rules {
            Rules::Standard => 0,
            Rules::Overflow => 1,
            Rules::Empties => 2,
        };
        // Placements, players, placed, mover, winner, rows, columns and
        // rules in bits 0–23, 24–27, 32–39, 40–43, 44–47, 48–52, 53–57, 58–59.
        let meta = u64::from(self.placements & 0x00FF_FFFF)
            | u64::from(self.players) << 24
            | u64::from(self.placed.bits()) << 32
            | (self.mover.index() as u64) << 40
            | winner << 44
            | (self.size.rows() as u64) << 48
            | (self.size.cols() as u64) << 53
            | rules << 58;
        let o = &self.owners;
        // Every occupied cell has one owner, so the last player's cells are
        // the occupied cells nobody else owns: their mask is left out.
        let mut h = fold(a0 ^ KEYS[0], a1 ^ KEYS[1])
            ^ fold(a2 ^ KEYS[2], a3 ^ KEYS[3])
            ^ fold(meta ^ KEYS[4], o[0] ^ KEYS[5]);
        if self.players > 2 {
            h ^= fold(o[1] ^ KEYS[6], o[2] ^ KEYS[7]);
        }
        if self.players > 4 {
            h ^= fold(o[3] ^ KEYS[8], o[4] ^ KEYS[9]);
        }
        if self.players > 6 {
            h ^= fold(o[5] ^ KEYS[10], o[6] ^ KEYS[11]);
        }
        h ^= h >> 32;
        h = h.wrapping_mul(KEYS[12]);
        h ^ (h >> 29)
    }

    /// The cells at or over their threshold.
    #[inline]
    fn reacting(&self) -> u64 {
        let [_, _, c2, c3, _] = self.masks.by_capacity;
        match self.rules {
            Rules::Standard | Rules::Empties => at_capacity(&self.atoms, c2, c3),
            Rules::Overflow => over_capacity(&self.atoms, c2, c3),
        }
    }

    /// Resolves the chain that the cells of `start` begin, wave by wave
    /// (see the module documentation), under the rules `RULES`.
    #[inline]
    fn chain<const RULES: u8>(&mut self, start: u64, outcome: &mut MoveOutcome) {
        let masks = self.masks;
        let [_, _, c2, c3, c4] = masks.by_capacity;
        let c23 = c2 | c3;
        let me = self.mover.index() & OWNER_MASK;
        let mut mine = self.owners[me];
        let mut atoms: Planes = self.atoms;
        let mut others = self.occupied() & !mine;
        let everyone = (1u32 << self.players) - 1;
        let all_placed = u32::from(self.placed.bits()) & everyone == everyone;
        let mut reacting = start;
        let (mut reactions, mut waves, mut captured) = (0u32, 0u32, 0u32);
        let mut won = false;
        loop {
            // Every reacting cell gives up its atoms, then each neighbour
            // receives one atom per reacting neighbour ...
            if RULES == EMPTIES {
                clear(&mut atoms, reacting);
            } else {
                subtract_capacity(&mut atoms, reacting, c3, c23, c4);
            }
            let sides = masks.sides(reacting);
            add_sides(&mut atoms, sides);
            // ... and becomes the mover's; reacting cells left empty lose
            // their owner.
            let [up, down, left, right] = sides;
            let touched = up | down | left | right;
            captured += (touched & others).count_ones();
            let others_before = others;
            others &= !touched;
            let [a0, a1, a2, a3] = atoms;
            mine = (mine | touched) & (a0 | a1 | a2 | a3);
            reactions += reacting.count_ones();
            waves += 1;
            // The other players' last cells were taken in this wave, and
            // every one of them has placed: the mover is the only one left.
            if others == 0 && others_before != 0 && all_placed {
                won = true;
                break;
            }
            reacting = if RULES == OVERFLOW {
                over_capacity(&atoms, c2, c3)
            } else {
                at_capacity(&atoms, c2, c3)
            };
            if reacting == 0 || waves >= WAVE_LIMIT {
                break;
            }
        }
        self.atoms = atoms;
        // The other players only lost cells, to the mover.
        for owned in &mut self.owners {
            *owned &= others;
        }
        self.owners[me] = mine;
        outcome.reactions += reactions;
        outcome.waves += waves;
        outcome.captured += captured;
        if won {
            self.winner = Some(self.mover);
            outcome.won = true;
        }
    }

    /// The next player after the mover in turn order who is still in the
    /// game (the mover when nobody else is), as `Position` passes the turn.
    #[inline]
    fn next_alive(&self) -> Player {
        let everyone = (1u32 << self.players) - 1;
        let mut alive = !u32::from(self.placed.bits());
        for (p, &owned) in self.owners.iter().enumerate() {
            alive |= u32::from(owned != 0) << p;
        }
        alive &= everyone;
        let m = self.mover.index() & OWNER_MASK;
        let after = alive >> (m + 1);
        let before = alive & ((1 << m) - 1);
        let next = if after != 0 {
            m + 1 + after.trailing_zeros() as usize
        } else if before != 0 {
            before.trailing_zeros() as usize
        } else {
            m
        };
        Player::new(next).unwrap_or(self.mover)
    }
}

#[cfg(test)]
mod tests;
mod words;
