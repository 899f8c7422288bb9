//! A raw, unvalidated description of a position, and its validation.

use super::RulesError;
use super::cell::Cell;
use super::coord::{Coord, MAX_CELLS, MAX_PLAYERS, MIN_PLAYERS, Player, PlayerSet, Size};
use super::geometry::Geometry;
use super::position::Position;
use super::variant::Rules;

/// The most placements a position may state: far beyond any real game, and
/// far enough below `u32::MAX` that playing on from it cannot overflow the
/// count (under `empties` the count is not tied to the atoms on the board).
const MAX_PLACEMENTS: u32 = 1 << 30;

/// A position as read from a file: every part optional or unchecked.
/// [`Setup::into_position`] checks it against the rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// Board size.
    pub size: Size,
    /// Rule variant.
    pub rules: Rules,
    /// Number of players.
    pub players: usize,
    /// The player to move; `A` when absent (or the winner, when there is one).
    pub to_move: Option<Player>,
    /// Who has placed; when absent, the owners of cells.
    pub placed: Option<PlayerSet>,
    /// Placements made so far; when absent, the number of atoms on the board.
    pub placements: Option<u32>,
    /// The winner as stated by the file, checked against the board.
    pub winner: Option<Player>,
    /// The cells in row-major order: owner and atoms, `None` for empty.
    pub cells: Vec<Option<(Player, u32)>>,
}

impl Setup {
    /// An empty board of `size` with default everything else.
    pub fn empty(size: Size) -> Setup {
        Setup {
            size,
            rules: Rules::Standard,
            players: 2,
            to_move: None,
            placed: None,
            placements: None,
            winner: None,
            cells: vec![None; size.cells()],
        }
    }

    /// The setup of an existing position (every part explicit).
    pub fn from_position(position: &Position) -> Setup {
        Setup {
            size: position.size(),
            rules: position.rules(),
            players: position.player_count(),
            to_move: position.to_move(),
            placed: Some(position.placed()),
            placements: Some(position.placements()),
            winner: position.winner(),
            cells: position
                .cells()
                .iter()
                .map(|c| c.owner().map(|o| (o, u32::from(c.atoms()))))
                .collect(),
        }
    }

    /// Why a cell's content is impossible at `coord` under these rules, if it is.
    pub(super) fn check_cell(
        size: Size,
        rules: Rules,
        players: usize,
        coord: Coord,
        owner: Player,
        atoms: u32,
        finished: bool,
    ) -> Result<(), String> {
        if owner.index() >= players {
            let last = Player::new(players.saturating_sub(1)).unwrap_or(Player::A);
            return Err(format!(
                "unknown player {owner}: this game has players A to {last}"
            ));
        }
        let capacity = Geometry::of(size).capacity(size.index(coord));
        // A chain stops the moment the game is won, so a finished game may
        // hold cells at or over their threshold (never twice it).
        let max = if finished {
            2 * rules.threshold(capacity) - 1
        } else {
            rules.max_atoms(capacity)
        };
        if atoms == 0 {
            return Err("an occupied cell needs at least 1 atom".to_string());
        }
        if atoms > u32::from(max) {
            return Err(format!(
                "{atoms} atoms at {coord}: a cell of capacity {capacity} holds at most {max} under {rules} rules{}",
                if finished {
                    " (in a finished game)"
                } else {
                    ""
                }
            ));
        }
        Ok(())
    }

    /// Checks the setup against the rules and builds the position.
    pub fn into_position(self) -> Result<Position, RulesError> {
        self.check_shape()?;
        let board = self.board()?;
        let (placed, placements) = self.history(&board)?;
        let cells = &board.cells[..self.size.cells()];
        if placed != Player::all(self.players).collect() {
            self.check_first_round(cells, placed, placements)?;
        }
        let mover = match self.to_move {
            Some(p) => p,
            None => Player::all(self.players)
                .find(|&p| !placed.contains(p))
                .unwrap_or(Player::A),
        };
        if mover.index() >= self.players {
            return invalid(format!(
                "player {mover} is to move but the game has {} players",
                self.players
            ));
        }
        let position = Position::from_parts(
            self.size,
            self.rules,
            self.players,
            mover,
            placed,
            placements,
            cells,
        );
        self.check_outcome(position, mover)
    }

    /// The player count is allowed, the board has room for every player,
    /// and there is one content per cell.
    fn check_shape(&self) -> Result<(), RulesError> {
        let (players, size) = (self.players, self.size);
        if !(usize::from(MIN_PLAYERS)..=usize::from(MAX_PLAYERS)).contains(&players) {
            return Err(RulesError::PlayerCount(players));
        }
        if size.cells() < players {
            return Err(RulesError::TooFewCells { size, players });
        }
        if self.cells.len() != size.cells() {
            return invalid(format!(
                "{} cells given for a {size} board of {} cells",
                self.cells.len(),
                size.cells()
            ));
        }
        Ok(())
    }

    /// The cells, each checked by [`Setup::check_cell`], with their owners
    /// and the atoms on the board.
    fn board(&self) -> Result<Board, RulesError> {
        let mut board = Board {
            cells: [Cell::EMPTY; MAX_CELLS],
            owners: PlayerSet::EMPTY,
            atoms: 0,
        };
        for (i, content) in self.cells.iter().enumerate() {
            if let Some((owner, atoms)) = *content {
                let coord = self.size.coord_of(i);
                Setup::check_cell(
                    self.size,
                    self.rules,
                    self.players,
                    coord,
                    owner,
                    atoms,
                    self.winner.is_some(),
                )
                .map_err(RulesError::Invalid)?;
                // check_cell bounds atoms by the capacity, so it fits in u8.
                board.cells[i] = Cell::new(owner, atoms as u8).unwrap_or(Cell::EMPTY);
                board.owners.insert(owner);
                board.atoms += u64::from(atoms);
            }
        }
        Ok(board)
    }

    /// Who has placed and how many placements were made (the stated values,
    /// or what the board implies), checked against the board.
    fn history(&self, board: &Board) -> Result<(PlayerSet, u32), RulesError> {
        let players = self.players;
        let placed = self.placed.unwrap_or(board.owners);
        if let Some(p) = placed.iter().find(|p| p.index() >= players) {
            return invalid(format!(
                "player {p} has placed but the game has {players} players"
            ));
        }
        if let Some(p) = board.owners.iter().find(|&p| !placed.contains(p)) {
            return invalid(format!(
                "player {p} owns cells but is not listed as having placed"
            ));
        }
        let placements = match self.placements {
            Some(n) => n,
            None => board.atoms as u32,
        };
        if placements > MAX_PLACEMENTS {
            return invalid(format!(
                "{placements} placements: a position states at most {MAX_PLACEMENTS}"
            ));
        }
        let atoms_total = board.atoms;
        if self.rules.conserves_atoms() && u64::from(placements) != atoms_total {
            return invalid(format!(
                "{placements} placements but {atoms_total} atoms on the board: under {} rules every placement adds one atom",
                self.rules
            ));
        }
        Ok((placed, placements))
    }

    /// The first round (not everyone has placed): players place in turn on
    /// empty cells and nothing reacts, so those who placed are a prefix of
    /// the turn order, each with one atom, and the next of them is to move.
    fn check_first_round(
        &self,
        cells: &[Cell],
        placed: PlayerSet,
        placements: u32,
    ) -> Result<(), RulesError> {
        let first_unplaced = Player::all(self.players).find(|&p| !placed.contains(p));
        let prefix: PlayerSet = Player::all(self.players)
            .take_while(|&p| placed.contains(p))
            .collect();
        if prefix != placed {
            return invalid(
                "in the first round players place in turn order, so those who have placed must be A, B, … without gaps".to_string(),
            );
        }
        if let Some(p) = placed.iter().find(|&p| {
            cells
                .iter()
                .filter(|c| c.is_owned_by(p))
                .map(|c| u32::from(c.atoms()))
                .sum::<u32>()
                != 1
        }) {
            return invalid(format!(
                "not every player has placed yet, so {p} must have exactly one atom on the board"
            ));
        }
        if u64::from(placements) != placed.len() as u64 {
            return invalid(format!(
                "not every player has placed yet, so exactly {} placements have been made",
                placed.len()
            ));
        }
        if self.to_move.is_some() && self.to_move != first_unplaced {
            return invalid(format!(
                "in the first round the player to move is the first who has not placed ({})",
                first_unplaced.unwrap_or(Player::A)
            ));
        }
        Ok(())
    }

    /// The stated winner matches the board, nobody is to move in a finished
    /// game, and the player to move of a running game is still in it.
    fn check_outcome(&self, position: Position, mover: Player) -> Result<Position, RulesError> {
        match (position.winner(), self.winner) {
            (Some(w), Some(stated)) if w != stated => {
                return invalid(format!(
                    "the file says {stated} has won, but only {w} is left"
                ));
            }
            (None, Some(stated)) => {
                return invalid(format!(
                    "the file says {stated} has won, but more than one player is left"
                ));
            }
            (Some(w), _) => {
                if self.to_move.is_some_and(|p| p != w) {
                    return invalid(format!(
                        "the game is over ({w} has won), so nobody is to move"
                    ));
                }
                return Ok(position);
            }
            _ => {}
        }
        if position.is_eliminated(mover) {
            return invalid(format!("player {mover} is to move but has been eliminated"));
        }
        Ok(position)
    }
}

/// The cells of a setup once checked, with what they imply.
struct Board {
    /// The cells (the first `size.cells()` are the board).
    cells: [Cell; MAX_CELLS],
    /// The players owning at least one cell.
    owners: PlayerSet,
    /// The atoms on the board.
    atoms: u64,
}

/// The error for a setup that breaks the rules.
fn invalid<T>(message: String) -> Result<T, RulesError> {
    Err(RulesError::Invalid(message))
}
