//! The JSON form of positions (documented in `docs/positions.md`): what
//! `chainlab apply --json` prints, read back through the same [`Setup`]
//! checks as the text notation, so both forms accept the same positions.

use serde::{Deserialize, Serialize};

use super::RulesError;
use super::coord::{Player, PlayerSet, Size};
use super::position::Position;
use super::setup::Setup;
use super::variant::Rules;
use crate::input::strip_bom;

/// One occupied cell in the JSON form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JsonCell {
    /// The owner, numbered from 0.
    pub player: usize,
    /// The number of atoms.
    pub atoms: u32,
}

/// The JSON form of a position. `rows`, `cols`, `to_move`, `winner` and
/// `cells` are what `chainlab apply --json` documents; the rest makes the
/// form complete so that it can be read back.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PositionJson {
    /// Number of rows.
    pub rows: usize,
    /// Number of columns.
    pub cols: usize,
    /// The player to move (from 0), `null` once there is a winner.
    #[serde(default)]
    pub to_move: Option<usize>,
    /// The winner (from 0), or `null`.
    #[serde(default)]
    pub winner: Option<usize>,
    /// Rule variant (default `standard`).
    #[serde(default)]
    pub rules: Rules,
    /// Number of players (default 2).
    #[serde(default = "two")]
    pub players: usize,
    /// Players who have placed at least once (default: the owners of cells).
    #[serde(default)]
    pub placed: Option<Vec<usize>>,
    /// Placements made so far (default: the atoms on the board).
    #[serde(default)]
    pub moves: Option<u32>,
    /// The board, row by row: `null` or `{"player":P,"atoms":N}`.
    pub cells: Vec<Vec<Option<JsonCell>>>,
}

fn two() -> usize {
    2
}

impl PositionJson {
    /// The JSON form of `position`.
    pub fn from_position(position: &Position) -> PositionJson {
        PositionJson {
            rows: position.size().rows(),
            cols: position.size().cols(),
            to_move: position.to_move().map(Player::index),
            winner: position.winner().map(Player::index),
            rules: position.rules(),
            players: position.player_count(),
            placed: Some(position.placed().iter().map(Player::index).collect()),
            moves: Some(position.placements()),
            cells: position
                .cells()
                .chunks(position.size().cols())
                .map(|row| {
                    row.iter()
                        .map(|c| {
                            c.owner().map(|p| JsonCell {
                                player: p.index(),
                                atoms: u32::from(c.atoms()),
                            })
                        })
                        .collect()
                })
                .collect(),
        }
    }

    /// Checks the JSON form into a setup.
    pub fn into_setup(self) -> Result<Setup, RulesError> {
        let size = Size::new(self.rows, self.cols)?;
        let player = |i: usize, what: &str| {
            Player::new(i)
                .filter(|p| p.index() < self.players)
                .ok_or_else(|| {
                    RulesError::Json(format!(
                        "{what}: unknown player {i} (players are 0 to {})",
                        self.players.saturating_sub(1)
                    ))
                })
        };
        if !(2..=8).contains(&self.players) {
            return Err(RulesError::PlayerCount(self.players));
        }
        if self.cells.len() != size.rows() {
            return Err(RulesError::Json(format!(
                "cells: a {size} board needs {} rows, found {}",
                size.rows(),
                self.cells.len()
            )));
        }
        let mut setup = Setup::empty(size);
        setup.rules = self.rules;
        setup.players = self.players;
        setup.to_move = self.to_move.map(|p| player(p, "to_move")).transpose()?;
        setup.winner = self.winner.map(|p| player(p, "winner")).transpose()?;
        setup.placements = self.moves;
        if let Some(placed) = &self.placed {
            let mut set = PlayerSet::EMPTY;
            for &p in placed {
                set.insert(player(p, "placed")?);
            }
            setup.placed = Some(set);
        }
        self.read_cells(&mut setup, &player)?;
        Ok(setup)
    }

    /// Reads the rows of cells into `setup`, each occupied cell checked
    /// by [`Setup::check_cell`]; `player` checks a player number.
    fn read_cells(
        &self,
        setup: &mut Setup,
        player: &dyn Fn(usize, &str) -> Result<Player, RulesError>,
    ) -> Result<(), RulesError> {
        let size = setup.size;
        for (r, row) in self.cells.iter().enumerate() {
            if row.len() != size.cols() {
                return Err(RulesError::Json(format!(
                    "cells[{r}]: a {size} board needs {} cells per row, found {}",
                    size.cols(),
                    row.len()
                )));
            }
            for (c, cell) in row.iter().enumerate() {
                let Some(coord) = size.coord(r, c) else {
                    continue;
                };
                if let Some(cell) = cell {
                    let owner = player(cell.player, &format!("cells[{r}][{c}]"))?;
                    Setup::check_cell(
                        size,
                        self.rules,
                        self.players,
                        coord,
                        owner,
                        cell.atoms,
                        self.winner.is_some(),
                    )
                    .map_err(|m| RulesError::Json(format!("cells[{r}][{c}]: {m}")))?;
                    if let Some(slot) = setup.cells.get_mut(size.index(coord)) {
                        *slot = Some((owner, cell.atoms));
                    }
                }
            }
        }
        Ok(())
    }
}

impl Position {
    /// Parses the JSON form; a leading byte-order mark is skipped.
    pub fn from_json(text: &str) -> Result<Position, RulesError> {
        let json: PositionJson =
            serde_json::from_str(strip_bom(text)).map_err(|e| RulesError::Json(e.to_string()))?;
        json.into_setup()?.into_position()
    }

    /// The JSON form, on one line.
    pub fn to_json(&self) -> String {
        serde_json::to_string(&PositionJson::from_position(self)).unwrap_or_default()
    }
}
