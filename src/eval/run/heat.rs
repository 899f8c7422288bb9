//! The result of valuing every cell of a position: the heat map, and the
//! evaluation contract's choice among the values.

use rand::RngExt;

use crate::rng::GameRng;
use crate::rules::{Coord, Size};

/// The values a strategy gives the cells of one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeatMap {
    /// The board size.
    pub size: Size,
    /// Per cell (row-major): the graph's raw value, `None` for cells the player may not play.
    pub raw: Vec<Option<i64>>,
}

impl HeatMap {
    /// The value that counts for cell `index`: the raw value clamped to at least 0.
    pub fn value(&self, index: usize) -> Option<i64> {
        self.raw.get(index).copied().flatten().map(|v| v.max(0))
    }

    /// The highest counted value, if any cell is active.
    pub fn best_value(&self) -> Option<i64> {
        (0..self.raw.len()).filter_map(|i| self.value(i)).max()
    }

    /// The cells with the highest counted value (the strategy picks one of them at random).
    pub fn best(&self) -> Vec<Coord> {
        let Some(best) = self.best_value() else {
            return Vec::new();
        };
        (0..self.raw.len())
            .filter(|&i| self.value(i) == Some(best))
            .map(|i| self.size.coord_of(i))
            .collect()
    }
}

/// The evaluation contract's choice among `cells` (flat indices) with raw
/// `values`: values below 0 count as 0, the highest wins, and ties are
/// broken uniformly at random with one draw from `rng`. `None` when there
/// are no cells.
pub fn pick_best(values: &[i64], cells: &[u16], size: Size, rng: &mut GameRng) -> Option<Coord> {
    let best = values.iter().map(|v| (*v).max(0)).max()?;
    let ties = values.iter().filter(|v| (**v).max(0) == best).count();
    let pick = rng.random_range(0..ties);
    values
        .iter()
        .zip(cells)
        .filter(|(v, _)| (**v).max(0) == best)
        .nth(pick)
        .map(|(_, &i)| size.coord_of(usize::from(i)))
}
