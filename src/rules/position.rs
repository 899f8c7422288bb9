//! The position: cells, the player to move, who has placed; legal moves and playing them.
//!
//! Reactions resolve in *waves*: every cell at or over its threshold reacts at
//! once, then its neighbours receive their atoms; cells that reach their
//! threshold while receiving react together in the next wave, in the order in
//! which they reached it. After every wave the game checks whether only one
//! player is left and, if so, stops the chain right there. Under the
//! `standard` and `overflow` rules the final board of a chain that runs to
//! its end does not depend on this order (abelian sandpile); under `empties`
//! it does, and waves are its documented order (see `docs/positions.md`).

use std::fmt;

use super::RulesError;
use super::cell::Cell;
use super::coord::{Coord, MAX_CELLS, MAX_PLAYERS, MIN_PLAYERS, Player, PlayerSet, Size};
use super::geometry::Geometry;
use super::moves::MoveList;
use super::variant::Rules;

mod observer;
mod play;

pub use observer::{MoveOutcome, ReactionObserver, WaveLog};

/// A legal game position: board, rules, players, the player to move and who
/// has placed. Cheap to copy (no heap data): searches copy it freely.
#[derive(Clone, Copy)]
pub struct Position {
    geo: &'static Geometry,
    rules: Rules,
    players: u8,
    mover: Player,
    placed: PlayerSet,
    winner: Option<Player>,
    placements: u32,
    /// Cells owned by each player, indexed by the owner byte of a cell
    /// (player index + 1; slot 0 is unused), so that the reaction loop
    /// counts a capture without converting or bounds-checking the byte.
    counts: [u16; COUNT_SLOTS],
    cells: [Cell; MAX_CELLS],
}

/// Slots of [`Position`]'s owner-indexed counts: a power of two above
/// every owner byte (1..=8), so that masking an index with
/// `COUNT_SLOTS - 1` keeps it in range.
pub(super) const COUNT_SLOTS: usize = 16;

/// Waves beyond this many in one move are impossible from a legal position
/// (an endless chain eliminates every other player first); the bound only
/// guarantees termination.
pub(super) const WAVE_LIMIT: u32 = 4 * MAX_CELLS as u32 * MAX_CELLS as u32;

impl Position {
    /// The empty starting position: `players` players (2..=8) on an empty
    /// board of `size`, player `A` to move.
    pub fn new(size: Size, players: usize, rules: Rules) -> Result<Position, RulesError> {
        if !(usize::from(MIN_PLAYERS)..=usize::from(MAX_PLAYERS)).contains(&players) {
            return Err(RulesError::PlayerCount(players));
        }
        if size.cells() < players {
            return Err(RulesError::TooFewCells { size, players });
        }
        Ok(Position {
            geo: Geometry::of(size),
            rules,
            players: players as u8,
            mover: Player::A,
            placed: PlayerSet::EMPTY,
            winner: None,
            placements: 0,
            counts: [0; COUNT_SLOTS],
            cells: [Cell::EMPTY; MAX_CELLS],
        })
    }

    /// Builds a position from parts that the caller has validated (see `setup`).
    pub(super) fn from_parts(
        size: Size,
        rules: Rules,
        players: usize,
        mover: Player,
        placed: PlayerSet,
        placements: u32,
        cells: &[Cell],
    ) -> Position {
        let mut position = Position {
            geo: Geometry::of(size),
            rules,
            players: players as u8,
            mover,
            placed,
            winner: None,
            placements,
            counts: [0; COUNT_SLOTS],
            cells: [Cell::EMPTY; MAX_CELLS],
        };
        for (slot, &cell) in position.cells.iter_mut().zip(cells) {
            *slot = cell;
            if cell.owner != 0 {
                position.counts[usize::from(cell.owner) & (COUNT_SLOTS - 1)] += 1;
            }
        }
        position.winner = position.sole_survivor();
        if let Some(winner) = position.winner {
            position.mover = winner;
        }
        position
    }

    /// The board size.
    #[inline]
    pub fn size(&self) -> Size {
        self.geo.size()
    }

    /// The board's precomputed neighbours and capacities.
    #[inline]
    pub fn geometry(&self) -> &'static Geometry {
        self.geo
    }

    /// The rule variant.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// Number of players in the game (including eliminated ones).
    #[inline]
    pub fn player_count(&self) -> usize {
        usize::from(self.players)
    }

    /// All players of the game, in turn order.
    pub fn players(&self) -> impl Iterator<Item = Player> + use<> {
        Player::all(self.player_count())
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

    /// Whether `player` has placed at least once.
    #[inline]
    pub fn has_placed(&self, player: Player) -> bool {
        self.placed.contains(player)
    }

    /// Whether `player` is out: they have placed and own no cell.
    #[inline]
    pub fn is_eliminated(&self, player: Player) -> bool {
        self.placed.contains(player) && self.count(player) == 0
    }

    /// The players still in the game, in turn order.
    pub fn alive(&self) -> impl Iterator<Item = Player> + '_ {
        self.players().filter(|&p| !self.is_eliminated(p))
    }

    /// Number of placements made so far (the turn number, from 0).
    pub fn placements(&self) -> u32 {
        self.placements
    }

    /// The cell at `coord`, `None` when off the board.
    pub fn cell(&self, coord: Coord) -> Option<Cell> {
        self.size()
            .contains(coord)
            .then(|| self.cells[self.size().index(coord)])
    }

    /// All cells in row-major order.
    #[inline]
    pub fn cells(&self) -> &[Cell] {
        &self.cells[..self.geo.cells()]
    }

    /// Number of cells `player` owns.
    pub fn cells_of(&self, player: Player) -> usize {
        usize::from(self.count(player))
    }

    /// Number of atoms `player` has on the board.
    pub fn atoms_of(&self, player: Player) -> usize {
        self.cells()
            .iter()
            .filter(|c| c.is_owned_by(player))
            .map(|c| usize::from(c.atoms()))
            .sum()
    }

    /// Total number of atoms on the board.
    pub fn total_atoms(&self) -> usize {
        self.cells().iter().map(|c| usize::from(c.atoms())).sum()
    }

    /// The capacity (critical mass) of the cell at `coord`: 2, 3 or 4.
    pub fn capacity(&self, coord: Coord) -> u8 {
        self.geo.capacity(self.size().index(coord))
    }

    /// The number of atoms at which a cell of `capacity` reacts under these rules.
    #[inline]
    pub fn threshold(&self, capacity: u8) -> u8 {
        self.rules.threshold(capacity)
    }

    /// Whether the player to move may place on `coord`.
    pub fn is_legal(&self, coord: Coord) -> bool {
        self.check_move(coord).is_ok()
    }

    /// Why the player to move may not place on `coord`, if they may not.
    pub fn check_move(&self, coord: Coord) -> Result<(), RulesError> {
        if !self.size().contains(coord) {
            return Err(RulesError::OffBoard {
                coord,
                size: self.size(),
            });
        }
        if let Some(winner) = self.winner {
            return Err(RulesError::GameOver { winner });
        }
        let cell = self.cells[self.size().index(coord)];
        match cell.owner() {
            Some(owner) if owner != self.mover => Err(RulesError::Occupied {
                coord,
                owner,
                mover: self.mover,
            }),
            _ => Ok(()),
        }
    }

    /// Whether the player to move may place on the cell at flat `index`.
    #[inline]
    pub fn is_legal_index(&self, index: usize) -> bool {
        self.winner.is_none()
            && index < self.geo.cells()
            && (self.cells[index].owner == 0
                || usize::from(self.cells[index].owner) == self.mover.index() + 1)
    }

    /// The legal moves of the player to move, in row-major order (none once the game is over).
    pub fn moves(&self) -> MoveList {
        let mut list = MoveList::default();
        self.moves_into(&mut list);
        list
    }

    /// Fills `list` with the legal moves of the player to move, as
    /// [`Position::moves`] does, reusing its storage: the cheaper call in
    /// a loop (playouts, searches), since a fresh list is cleared first.
    #[inline]
    pub fn moves_into(&self, list: &mut MoveList) {
        let mut len = 0;
        if self.winner.is_none() {
            // Bit `o` is set for the legal owner bytes `o` (empty, or the
            // mover's): one bit test per cell instead of two comparisons.
            let bits = 1u32 | 1 << (self.mover.index() + 1);
            let legal = |cell: &Cell| ((bits >> (cell.owner & 15)) & 1) as usize;
            // Branch-free (owners are random, so a branch would often be
            // mispredicted): every index is written at `len`, and kept when
            // legal. Four cells at a time, so that one range check covers
            // four writes (`len <= i`, so `len + 4 <= i + 4 <= cells`).
            let cells = self.cells();
            let mut quads = cells.chunks_exact(4);
            let mut i = 0;
            for quad in &mut quads {
                let out = &mut list.cells[len..len + 4];
                if let [a, b, c, d] = quad {
                    let mut k = 0;
                    out[0] = i as u16;
                    k += legal(a);
                    out[k] = i as u16 + 1;
                    k += legal(b);
                    out[k] = i as u16 + 2;
                    k += legal(c);
                    out[k] = i as u16 + 3;
                    k += legal(d);
                    len += k;
                }
                i += 4;
            }
            for cell in quads.remainder() {
                list.cells[len] = i as u16;
                len += legal(cell);
                i += 1;
            }
        }
        list.len = len;
        list.size = self.size();
    }

    /// Makes `self` equal to `source` by copying only the cells of the
    /// board (a `5x6` board uses 30 of the 400 cell slots): the cheap way
    /// for a search to reset a scratch child to its parent. Positions of
    /// different sizes are copied whole.
    #[inline]
    pub fn copy_from(&mut self, source: &Position) {
        if !std::ptr::eq(self.geo, source.geo) {
            *self = *source;
            return;
        }
        let n = source.geo.cells();
        self.rules = source.rules;
        self.players = source.players;
        self.mover = source.mover;
        self.placed = source.placed;
        self.winner = source.winner;
        self.placements = source.placements;
        self.counts = source.counts;
        self.cells[..n].copy_from_slice(&source.cells[..n]);
    }

    /// The cell count of `player`.
    #[inline]
    fn count(&self, player: Player) -> u16 {
        self.counts[(player.index() + 1) & (COUNT_SLOTS - 1)]
    }

    /// The only player left, if exactly one is.
    fn sole_survivor(&self) -> Option<Player> {
        let mut alive = self.alive();
        match (alive.next(), alive.next()) {
            (Some(p), None) => Some(p),
            _ => None,
        }
    }

    /// The next player after `player` in turn order who is still in the game.
    #[inline]
    fn next_alive(&self, player: Player) -> Player {
        let n = self.player_count();
        let mut q = player.index();
        for _ in 1..n {
            q = if q + 1 >= n { 0 } else { q + 1 };
            if let Some(p) = Player::new(q)
                && !self.is_eliminated(p)
            {
                return p;
            }
        }
        player
    }
}

impl PartialEq for Position {
    fn eq(&self, other: &Self) -> bool {
        self.size() == other.size()
            && self.rules == other.rules
            && self.players == other.players
            && self.mover == other.mover
            && self.placed == other.placed
            && self.winner == other.winner
            && self.placements == other.placements
            && self.cells() == other.cells()
    }
}

impl Eq for Position {}

impl std::hash::Hash for Position {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.size().hash(state);
        self.rules.hash(state);
        self.players.hash(state);
        self.mover.hash(state);
        self.placed.hash(state);
        self.winner.hash(state);
        self.placements.hash(state);
        self.cells().hash(state);
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position(\n{self})")
    }
}
