//! The text notation and the JSON form of positions (documented in `docs/positions.md`).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::RulesError;
use super::coord::{Player, PlayerSet, Size};
use super::position::Position;
use super::setup::Setup;
use super::variant::Rules;
use crate::input::{strip_bom, text_lines};

impl fmt::Display for Position {
    /// Prints the text notation; parsing it back gives the same position.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "size {}", self.size())?;
        writeln!(f, "rules {}", self.rules())?;
        writeln!(f, "players {}", self.player_count())?;
        match self.winner() {
            Some(w) => writeln!(f, "winner {w}")?,
            None => writeln!(f, "to-move {}", self.mover())?,
        }
        let placed: Vec<String> = self.placed().iter().map(|p| p.to_string()).collect();
        if placed.is_empty() {
            writeln!(f, "placed -")?;
        } else {
            writeln!(f, "placed {}", placed.join(" "))?;
        }
        writeln!(f, "moves {}", self.placements())?;
        for row in self.cells().chunks(self.size().cols()) {
            let tokens: Vec<String> = row
                .iter()
                .map(|c| match c.owner() {
                    Some(p) => format!("{p}{}", c.atoms()),
                    None => ".".to_string(),
                })
                .map(|t| format!("{t:<2}"))
                .collect();
            writeln!(f, "{}", tokens.join(" ").trim_end())?;
        }
        Ok(())
    }
}

impl FromStr for Position {
    type Err = RulesError;

    /// Parses the text notation or, when the text starts with `{`, the JSON form.
    fn from_str(text: &str) -> Result<Position, RulesError> {
        let text = strip_bom(text);
        if text.trim_start().starts_with('{') {
            Position::from_json(text)
        } else {
            parse_text(text)?.into_position()
        }
    }
}

fn notation_error(line: usize, token: &str, message: impl Into<String>) -> RulesError {
    RulesError::Notation {
        line,
        token: token.to_string(),
        message: message.into(),
    }
}

/// The keywords of header lines.
const KEYWORDS: [&str; 7] = [
    "size", "rules", "players", "to-move", "placed", "moves", "winner",
];

/// A header line: its number, keyword, the keyword as written, and values.
struct Header<'a> {
    line: usize,
    keyword: &'static str,
    key: &'a str,
    values: Vec<&'a str>,
}

/// A board row: its line number and tokens.
type Row<'a> = (usize, Vec<&'a str>);

/// Parses the text notation into an unvalidated setup; every token-level
/// error names its line and token. Header lines may come in any order.
fn parse_text(text: &str) -> Result<Setup, RulesError> {
    let (headers, rows, last_line) = split_sections(text)?;
    if headers.is_empty() && rows.is_empty() {
        return Err(notation_error(
            last_line.max(1),
            "",
            "no position found: expected header lines such as 'size 5x6' and board rows",
        ));
    }
    let mut setup = Setup::empty(Size::default());
    // `size`, `rules` and `players` first: the meaning of the other lines
    // depends on them, wherever they stand in the file.
    let (first, rest): (Vec<&Header>, Vec<&Header>) = headers
        .iter()
        .partition(|h| matches!(h.keyword, "size" | "rules" | "players"));
    for header in first.into_iter().chain(rest) {
        apply_header(&mut setup, header)?;
    }
    read_rows(&mut setup, &rows, last_line)?;
    Ok(setup)
}

/// Splits the text into header lines and board rows (comments and blank
/// lines dropped); also returns the number of the last line.
fn split_sections(text: &str) -> Result<(Vec<Header<'_>>, Vec<Row<'_>>, usize), RulesError> {
    let mut headers: Vec<Header> = Vec::new();
    let mut rows: Vec<Row> = Vec::new();
    let mut last_line = 0;
    for (n, raw) in text_lines(strip_bom(text)).enumerate() {
        let line = n + 1;
        last_line = line;
        let content = raw.split('#').next().unwrap_or("");
        let tokens: Vec<&str> = content.split_whitespace().collect();
        let Some((&key, values)) = tokens.split_first() else {
            continue;
        };
        let lower = key.to_ascii_lowercase();
        let Some(keyword) = KEYWORDS.iter().copied().find(|k| *k == lower) else {
            rows.push((line, tokens));
            continue;
        };
        if !rows.is_empty() {
            return Err(notation_error(
                line,
                key,
                "header lines must come before the board rows",
            ));
        }
        if let Some(earlier) = headers.iter().find(|h| h.keyword == keyword) {
            return Err(notation_error(
                line,
                key,
                format!("'{keyword}' is given twice (also on line {})", earlier.line),
            ));
        }
        headers.push(Header {
            line,
            keyword,
            key,
            values: values.to_vec(),
        });
    }
    Ok((headers, rows, last_line))
}

/// Applies one header line to the setup.
fn apply_header(setup: &mut Setup, header: &Header) -> Result<(), RulesError> {
    let Header {
        line, key, values, ..
    } = header;
    let line = *line;
    let single = || match values.as_slice() {
        [v] => Ok(*v),
        [] => Err(notation_error(line, key, format!("'{key}' needs a value"))),
        [_, extra, ..] => Err(notation_error(line, extra, "unexpected extra value")),
    };
    let wrap = |token: &str, e: RulesError| notation_error(line, token, e.to_string());
    match header.keyword {
        "size" => {
            let v = single()?;
            setup.size = v.parse().map_err(|e| wrap(v, e))?;
            setup.cells = vec![None; setup.size.cells()];
        }
        "rules" => {
            let v = single()?;
            setup.rules = v.parse().map_err(|e| wrap(v, e))?;
        }
        "players" => {
            let v = single()?;
            let n: usize = v
                .parse()
                .map_err(|_| notation_error(line, v, "expected a number of players, 2 to 8"))?;
            if !(2..=8).contains(&n) {
                return Err(notation_error(line, v, "a game has 2 to 8 players"));
            }
            setup.players = n;
        }
        "to-move" => {
            let v = single()?;
            setup.to_move = Some(parse_player(line, v, setup.players)?);
        }
        "winner" => {
            let v = single()?;
            setup.winner = Some(parse_player(line, v, setup.players)?);
        }
        "placed" => {
            let mut set = PlayerSet::EMPTY;
            if values.as_slice() != ["-"] {
                for v in values {
                    set.insert(parse_player(line, v, setup.players)?);
                }
            }
            setup.placed = Some(set);
        }
        _ => {
            let v = single()?;
            let n: u32 = v
                .parse()
                .map_err(|_| notation_error(line, v, "expected the number of placements made"))?;
            setup.placements = Some(n);
        }
    }
    Ok(())
}

/// Reads the board rows into the setup's cells.
fn read_rows(setup: &mut Setup, rows: &[Row], last_line: usize) -> Result<(), RulesError> {
    let size = setup.size;
    // No rows at all means an empty board.
    if !rows.is_empty() && rows.len() != size.rows() {
        let (line, token) = match rows.get(size.rows()) {
            Some((line, tokens)) => (*line, tokens.first().copied().unwrap_or("")),
            None => (last_line, ""),
        };
        return Err(notation_error(
            line,
            token,
            format!(
                "a {size} board needs {} rows, found {}",
                size.rows(),
                rows.len()
            ),
        ));
    }
    for (r, (line, tokens)) in rows.iter().enumerate() {
        if tokens.len() != size.cols() {
            let token = tokens
                .get(size.cols())
                .or(tokens.last())
                .copied()
                .unwrap_or("");
            return Err(notation_error(
                *line,
                token,
                format!(
                    "row {r} has {} cells, a {size} board needs {}",
                    tokens.len(),
                    size.cols()
                ),
            ));
        }
        for (c, token) in tokens.iter().enumerate() {
            let Some(coord) = size.coord(r, c) else {
                continue;
            };
            let content = parse_cell(*line, token, setup.players)?;
            if let Some((owner, atoms)) = content {
                Setup::check_cell(
                    size,
                    setup.rules,
                    setup.players,
                    coord,
                    owner,
                    atoms,
                    setup.winner.is_some(),
                )
                .map_err(|m| notation_error(*line, token, m))?;
            }
            if let Some(cell) = setup.cells.get_mut(size.index(coord)) {
                *cell = content;
            }
        }
    }
    Ok(())
}

fn parse_player(line: usize, token: &str, players: usize) -> Result<Player, RulesError> {
    let player: Player = token
        .parse()
        .map_err(|e: RulesError| notation_error(line, token, e.to_string()))?;
    if player.index() >= players {
        return Err(notation_error(
            line,
            token,
            format!(
                "unknown player letter: this game has {players} players, A to {}",
                Player::new(players - 1).unwrap_or(Player::B)
            ),
        ));
    }
    Ok(player)
}

fn parse_cell(
    line: usize,
    token: &str,
    players: usize,
) -> Result<Option<(Player, u32)>, RulesError> {
    if token == "." || token == "-" {
        return Ok(None);
    }
    let mut chars = token.chars();
    let letter = chars.next().unwrap_or('.');
    let Some(player) = Player::from_letter(letter) else {
        return Err(notation_error(
            line,
            token,
            "expected '.' for an empty cell or a player letter and atoms such as A2",
        ));
    };
    if player.index() >= players {
        return Err(notation_error(
            line,
            token,
            format!("unknown player letter {player}: this game has {players} players"),
        ));
    }
    let atoms: u32 = chars.as_str().parse().map_err(|_| {
        notation_error(
            line,
            token,
            "expected a player letter followed by atoms, such as A2",
        )
    })?;
    Ok(Some((player, atoms)))
}

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
                    setup.cells[size.index(coord)] = Some((owner, cell.atoms));
                }
            }
        }
        Ok(setup)
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
