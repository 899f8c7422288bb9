//! The text notation of positions (documented in `docs/positions.md`):
//! printing it, and parsing it into a [`Setup`] that is then checked. Every
//! parse error names its line and token; printing then parsing gives back
//! the same position. The JSON form is in `json.rs`.

use std::fmt;
use std::str::FromStr;

use super::RulesError;
use super::coord::{Player, PlayerSet, Size};
use super::position::Position;
use super::setup::Setup;
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

/// Reads the board rows into the setup's cells: no rows means an empty
/// board, else one row per board row, each checked by [`read_row`].
fn read_rows(setup: &mut Setup, rows: &[Row], last_line: usize) -> Result<(), RulesError> {
    let size = setup.size;
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
    for (r, row) in rows.iter().enumerate() {
        read_row(setup, r, row)?;
    }
    Ok(())
}

/// Reads board row `r`: one token per column, each a cell content that
/// [`Setup::check_cell`] accepts (errors name the row's line and the token).
fn read_row(setup: &mut Setup, r: usize, (line, tokens): &Row) -> Result<(), RulesError> {
    let size = setup.size;
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
