//! A solved game: the value of its start and of every position reachable
//! from it, and what it took to find them; the refusal of boards too large.

use super::MAX_CELLS;
use super::error::SolveError;
use super::key::key;
use super::solver::Search;
use super::table::Table;
use super::value::Value;
use crate::rules::{BitPosition, Coord, Player, Position, Rules, Size};
use crate::time::Instant;

/// What a solve took.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SolveStats {
    /// Positions stored (every position reachable from the empty board
    /// where the game is not over).
    pub positions: usize,
    /// Seconds the solve took.
    pub seconds: f64,
    /// The most bytes the table took at once.
    pub table_bytes: usize,
}

/// A solved two-player game on one board under one rule variant.
#[derive(Clone, Debug)]
pub struct Solution {
    size: Size,
    rules: Rules,
    start: Value,
    table: Table,
    stats: SolveStats,
}

/// Whether `size` and `rules` can be solved (two players): an error saying
/// why not, with an estimate of the table for a board too large (more than
/// [`MAX_CELLS`] cells, or rules whose [`estimate`] passes [`MAX_BOUND`]).
pub fn check(size: Size, rules: Rules) -> Result<(), SolveError> {
    if rules == Rules::Empties {
        return Err(SolveError::Rules(rules));
    }
    let cells = size.cells();
    if cells > MAX_CELLS {
        let bound = estimate(size, rules);
        return Err(SolveError::TooLarge {
            size,
            cells,
            max: MAX_CELLS,
            bound,
            bytes: bytes_text(bound * 8.0 * 4.0 / 3.0),
        });
    }
    let bound = estimate(size, rules);
    if bound > MAX_BOUND {
        return Err(SolveError::TooMany {
            size,
            rules,
            bound,
            bytes: bytes_text(bound * 0.2 * 8.0 * 4.0 / 3.0),
            max: MAX_BOUND,
        });
    }
    Ok(())
}

/// The largest [`estimate`] the solver takes. The bound counts every
/// position between moves, so the table never holds more: at 2e8 that is at
/// most 2^28 slots (2 GiB, 3 GiB while it doubles), whatever the board. The
/// boards solved reach 20 to 35 % of their bound (docs/solve.md: 3x4
/// standard 43 million of 124 million, 2x5 overflow 30 million of 147
/// million); 2x6 and 3x4 under overflow (7e9 and 1.2e10) are refused at
/// once instead of filling the machine's memory.
///
/// In the web page (wasm32) the bound is 1e6: there a solve runs inside one
/// frame on the page's only thread, so only boards solved in a fraction of
/// a second natively are taken (3x3 and 2x4 standard, 2x3 overflow).
pub const MAX_BOUND: f64 = if cfg!(target_arch = "wasm32") {
    1e6
} else {
    2e8
};

/// The number of distinct two-player positions between moves on `size`
/// under `rules`: each cell empty or one player's with 1 to its most atoms,
/// times two movers. An upper bound on what the solver stores (the
/// positions reached from the empty board are a small share of it, see
/// `docs/solve.md`).
pub fn estimate(size: Size, rules: Rules) -> f64 {
    let geometry = crate::rules::Geometry::of(size);
    geometry
        .capacities()
        .iter()
        .map(|&c| 1.0 + 2.0 * f64::from(rules.max_atoms(c)))
        .product::<f64>()
        * 2.0
}

/// A byte count as text, `12.3 MB`.
fn bytes_text(bytes: f64) -> String {
    let units = ["B", "kB", "MB", "GB", "TB", "PB", "EB"];
    let mut value = bytes;
    let mut unit = 0;
    while value >= 1000.0 && unit + 1 < units.len() {
        value /= 1000.0;
        unit += 1;
    }
    format!("{value:.1} {}", units.get(unit).copied().unwrap_or("B"))
}

/// Solves the two-player game on `size` under `rules` from the empty
/// board, or says why it will not ([`check`]) before doing any work.
pub fn solve(size: Size, rules: Rules) -> Result<Solution, SolveError> {
    check(size, rules)?;
    let start_position = Position::new(size, 2, rules).map_err(|_| SolveError::Players(2))?;
    let Some(bits) = BitPosition::from_position(&start_position) else {
        return Err(check_failed(size, rules));
    };
    let began = Instant::now();
    let mut search = Search::new(None, usize::MAX);
    let start = search.value(&bits);
    let table = search.table;
    let stats = SolveStats {
        positions: table.len(),
        seconds: began.elapsed().as_secs_f64(),
        table_bytes: table.peak_bytes(),
    };
    Ok(Solution {
        size,
        rules,
        start,
        table,
        stats,
    })
}

/// The error for a board `check` passed but the bit board does not take
/// (not reached: 12 cells fit in 64 bits).
pub(super) fn check_failed(size: Size, rules: Rules) -> SolveError {
    SolveError::TooLarge {
        size,
        cells: size.cells(),
        max: MAX_CELLS,
        bound: estimate(size, rules),
        bytes: String::new(),
    }
}

impl Solution {
    /// The board.
    pub fn size(&self) -> Size {
        self.size
    }

    /// The rule variant.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The value of the empty board for player A, who moves first.
    pub fn start(&self) -> Value {
        self.start
    }

    /// The winner under perfect play.
    pub fn winner(&self) -> Player {
        if self.start.is_win() {
            Player::A
        } else {
            Player::B
        }
    }

    /// The length of the perfect game in plies.
    pub fn plies(&self) -> u8 {
        self.start.plies()
    }

    /// What the solve took.
    pub fn stats(&self) -> SolveStats {
        self.stats
    }

    /// The bit board of `position` when it is of this game and not over.
    fn bits(&self, position: &Position) -> Result<BitPosition, SolveError> {
        if position.size() != self.size || position.rules() != self.rules {
            return Err(SolveError::OtherGame {
                size: position.size(),
                rules: position.rules(),
                solved: format!("{} {}", self.size, self.rules),
            });
        }
        if position.player_count() != 2 {
            return Err(SolveError::Players(position.player_count()));
        }
        if position.is_over() {
            return Err(SolveError::GameOver);
        }
        BitPosition::from_position(position).ok_or_else(|| check_failed(self.size, self.rules))
    }

    /// The value of `position` for its player to move: looked up, or (for a
    /// position no game from the empty board reaches, such as a set-up one)
    /// searched from there with the solution's table as a base.
    pub fn value(&self, position: &Position) -> Result<Value, SolveError> {
        let bits = self.bits(position)?;
        if let Some(v) = self.table.get(key(&bits)) {
            return Ok(v);
        }
        let mut search = Search::new(Some(&self.table), usize::MAX);
        Ok(search.value(&bits))
    }

    /// Every legal move of `position` with its value for the player to
    /// move (a move that wins at once is `Win(1)`), in board order.
    pub fn moves(&self, position: &Position) -> Result<Vec<(Coord, Value)>, SolveError> {
        let bits = self.bits(position)?;
        let mut search = Search::new(Some(&self.table), usize::MAX);
        Ok(search.move_values(&bits, self.size))
    }
}
