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
use super::coord::{ByPlayer, Coord, MAX_CELLS, MAX_PLAYERS, MIN_PLAYERS, Player, PlayerSet, Size};
use super::geometry::Geometry;
use super::moves::MoveList;
use super::variant::Rules;

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
    counts: ByPlayer<u16>,
    cells: [Cell; MAX_CELLS],
}

/// Waves beyond this many in one move are impossible from a legal position
/// (an endless chain eliminates every other player first); the bound only
/// guarantees termination.
const WAVE_LIMIT: u32 = 4 * MAX_CELLS as u32 * MAX_CELLS as u32;

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
            counts: ByPlayer::splat(0),
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
            counts: ByPlayer::splat(0),
            cells: [Cell::EMPTY; MAX_CELLS],
        };
        for (slot, &cell) in position.cells.iter_mut().zip(cells) {
            *slot = cell;
            if let Some(owner) = cell.owner() {
                *position.counts.get_mut(owner) += 1;
            }
        }
        position.winner = position.sole_survivor();
        if let Some(winner) = position.winner {
            position.mover = winner;
        }
        position
    }

    /// The board size.
    pub fn size(&self) -> Size {
        self.geo.size()
    }

    /// The board's precomputed neighbours and capacities.
    pub fn geometry(&self) -> &'static Geometry {
        self.geo
    }

    /// The rule variant.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// Number of players in the game (including eliminated ones).
    pub fn player_count(&self) -> usize {
        usize::from(self.players)
    }

    /// All players of the game, in turn order.
    pub fn players(&self) -> impl Iterator<Item = Player> + use<> {
        Player::all(self.player_count())
    }

    /// The player to move, `None` once the game is over.
    pub fn to_move(&self) -> Option<Player> {
        match self.winner {
            Some(_) => None,
            None => Some(self.mover),
        }
    }

    /// The player who moved last when the game is over, otherwise the player to move.
    pub fn mover(&self) -> Player {
        self.mover
    }

    /// The winner, once only one player is left.
    pub fn winner(&self) -> Option<Player> {
        self.winner
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.winner.is_some()
    }

    /// The players who have placed at least once.
    pub fn placed(&self) -> PlayerSet {
        self.placed
    }

    /// Whether `player` has placed at least once.
    pub fn has_placed(&self, player: Player) -> bool {
        self.placed.contains(player)
    }

    /// Whether `player` is out: they have placed and own no cell.
    pub fn is_eliminated(&self, player: Player) -> bool {
        self.placed.contains(player) && self.counts.get(player) == 0
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
    pub fn cells(&self) -> &[Cell] {
        &self.cells[..self.geo.cells()]
    }

    /// Number of cells `player` owns.
    pub fn cells_of(&self, player: Player) -> usize {
        usize::from(self.counts.get(player))
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
        if self.winner.is_none() {
            let own = self.mover.index() as u8 + 1;
            for (i, cell) in self.cells().iter().enumerate() {
                if cell.owner == 0 || cell.owner == own {
                    list.cells[list.len] = i as u16;
                    list.len += 1;
                }
            }
        }
        list.size = self.size();
        list
    }

    /// Plays `coord` for the player to move; on error the position is unchanged.
    pub fn play(&mut self, coord: Coord) -> Result<MoveOutcome, RulesError> {
        self.play_observed(coord, &mut ())
    }

    /// Plays `coord`, reporting the placement and every reaction wave to `observer`.
    pub fn play_observed<O: ReactionObserver>(
        &mut self,
        coord: Coord,
        observer: &mut O,
    ) -> Result<MoveOutcome, RulesError> {
        self.check_move(coord)?;
        let index = self.size().index(coord);
        let outcome = self.place(index, observer);
        Ok(outcome)
    }

    /// Plays the legal move at flat `index` (from [`Position::moves`]); the
    /// fast path for searches and playouts. Returns `None`, leaving the
    /// position unchanged, when the move is not legal.
    #[inline]
    pub fn play_index(&mut self, index: usize) -> Option<MoveOutcome> {
        self.play_index_observed(index, &mut ())
    }

    /// [`Position::play_index`], reporting the placement, every wave and
    /// every cell change to `observer`.
    #[inline]
    pub fn play_index_observed<O: ReactionObserver>(
        &mut self,
        index: usize,
        observer: &mut O,
    ) -> Option<MoveOutcome> {
        self.is_legal_index(index)
            .then(|| self.place(index, observer))
    }

    #[inline]
    fn place<O: ReactionObserver>(&mut self, index: usize, observer: &mut O) -> MoveOutcome {
        let mover = self.mover;
        let own = mover.index() as u8 + 1;
        self.placed.insert(mover);
        self.placements += 1;
        let cell = &mut self.cells[index];
        let before = *cell;
        if cell.owner == 0 {
            cell.owner = own;
            *self.counts.get_mut(mover) += 1;
        }
        cell.atoms += 1;
        observer.cell_changed(index, before, *cell);
        let reacts = cell.atoms >= self.rules.threshold(self.geo.capacity(index));
        observer.placed(self, self.size().coord_of(index));
        let mut outcome = MoveOutcome::default();
        if reacts {
            self.react(index, observer, &mut outcome);
        }
        if self.winner.is_none() {
            self.mover = self.next_alive(mover);
        }
        outcome
    }

    fn react<O: ReactionObserver>(
        &mut self,
        start: usize,
        observer: &mut O,
        outcome: &mut MoveOutcome,
    ) {
        let geo = self.geo;
        let rules = self.rules;
        let mover = self.mover;
        let own = mover.index() as u8 + 1;
        let mut current = [0u16; MAX_CELLS];
        let mut next = [0u16; MAX_CELLS];
        current[0] = start as u16;
        let mut current_len = 1;
        loop {
            // Every reacting cell gives up its atoms first ...
            for &c in &current[..current_len] {
                let c = usize::from(c);
                let cell = &mut self.cells[c];
                let before = *cell;
                cell.atoms = rules.after_reaction(cell.atoms, geo.capacity(c));
                if cell.atoms == 0 {
                    cell.owner = 0;
                    *self.counts.get_mut(mover) -= 1;
                }
                observer.cell_changed(c, before, *cell);
            }
            // ... then every neighbour receives one and becomes the mover's.
            let mut next_len = 0;
            let mut someone_lost_all = false;
            for &c in &current[..current_len] {
                for &n in geo.neighbours(usize::from(c)) {
                    let n = usize::from(n);
                    let cell = &mut self.cells[n];
                    let before = *cell;
                    if cell.owner != own {
                        if cell.owner != 0 {
                            let victim = self.counts.get_mut(Player::from_owner(cell.owner));
                            *victim -= 1;
                            someone_lost_all |= *victim == 0;
                            outcome.captured += 1;
                        }
                        cell.owner = own;
                        *self.counts.get_mut(mover) += 1;
                    }
                    cell.atoms += 1;
                    observer.cell_changed(n, before, *cell);
                    if cell.atoms == rules.threshold(geo.capacity(n)) {
                        next[next_len] = n as u16;
                        next_len += 1;
                    }
                }
            }
            outcome.reactions += current_len as u32;
            outcome.waves += 1;
            if someone_lost_all && self.sole_survivor() == Some(mover) {
                self.winner = Some(mover);
                outcome.won = true;
            }
            observer.wave(self, &current[..current_len]);
            if outcome.won || next_len == 0 || outcome.waves >= WAVE_LIMIT {
                return;
            }
            std::mem::swap(&mut current, &mut next);
            current_len = next_len;
        }
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
    fn next_alive(&self, player: Player) -> Player {
        let n = self.player_count();
        (1..=n)
            .filter_map(|k| Player::new((player.index() + k) % n))
            .find(|&p| !self.is_eliminated(p))
            .unwrap_or(player)
    }
}

impl Player {
    /// The player of a non-zero cell owner byte.
    #[inline]
    fn from_owner(owner: u8) -> Player {
        Player::new(usize::from(owner) - 1).unwrap_or(Player::A)
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
