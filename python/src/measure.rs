//! The evaluation contract's choice for values computed in Python (an
//! exported graph's): the same draws as `Evaluator::choose`, so an exported
//! module plays the moves its graph plays.

use chainlab::eval::pick_best;
use chainlab::rng::rng_from_seed;
use pyo3::prelude::*;
use rand::Rng;

use crate::error;
use crate::position::{PyPosition, pair};

/// The move the contract picks among the legal moves of `position` (in
/// `legal_moves()` order) with these raw `values`: below 0 counts as 0,
/// the highest wins, ties broken with `seed` as a strategy's `choose` does.
#[pyfunction]
#[pyo3(signature = (position, values, seed = 0))]
pub fn pick(position: &PyPosition, values: Vec<i64>, seed: u64) -> PyResult<(usize, usize)> {
    let moves = position.inner.moves();
    if values.len() != moves.len() {
        return Err(error(format!(
            "{} values for {} legal moves",
            values.len(),
            moves.len()
        )));
    }
    let mut rng = rng_from_seed(seed);
    // The Random nodes' draw comes first, as in a game.
    let _decision = rng.next_u64();
    pick_best(&values, moves.indices(), position.inner.size(), &mut rng)
        .map(pair)
        .ok_or_else(|| error("the game is over, so there is no move to choose"))
}
