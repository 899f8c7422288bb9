//! From untrusted numbers and text to the rules' vocabulary, checked: a
//! board size from its sides, and sizes (`9x6`), coordinates (`2,3`) and
//! players (`B`) from text, each refusal a [`RulesError`] that quotes what
//! was given.

use std::str::FromStr;

use super::coord::{Coord, Player, Size};
use super::error::RulesError;

impl Size {
    /// A size, if both sides are in `2..=20`.
    pub fn new(rows: usize, cols: usize) -> Result<Size, RulesError> {
        Size::from_sides(rows, cols).ok_or(RulesError::SizeOutOfRange { rows, cols })
    }
}

impl FromStr for Size {
    type Err = RulesError;

    fn from_str(s: &str) -> Result<Size, RulesError> {
        let bad = || RulesError::BadSize(s.to_string());
        let (rows, cols) = s.trim().split_once(['x', 'X']).ok_or_else(bad)?;
        let rows: usize = rows.trim().parse().map_err(|_| bad())?;
        let cols: usize = cols.trim().parse().map_err(|_| bad())?;
        Size::new(rows, cols)
    }
}

impl FromStr for Coord {
    type Err = RulesError;

    /// Parses `r,c` (zero-based). Coordinates of any board up to 20x20 parse;
    /// whether one lies on a given board is the caller's check.
    fn from_str(s: &str) -> Result<Coord, RulesError> {
        let bad = || RulesError::BadCoord(s.to_string());
        let (row, col) = s.trim().split_once(',').ok_or_else(bad)?;
        let row: usize = row.trim().parse().map_err(|_| bad())?;
        let col: usize = col.trim().parse().map_err(|_| bad())?;
        Coord::new(row, col).ok_or_else(bad)
    }
}

impl FromStr for Player {
    type Err = RulesError;

    fn from_str(s: &str) -> Result<Player, RulesError> {
        let mut chars = s.trim().chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => {
                Player::from_letter(c).ok_or_else(|| RulesError::BadPlayer(s.to_string()))
            }
            _ => Err(RulesError::BadPlayer(s.to_string())),
        }
    }
}
