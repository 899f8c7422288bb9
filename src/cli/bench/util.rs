//! What the benchmarks share: the seed, sample positions from seeded random
//! games, graph players, and the decisions-per-second measurement.

use std::time::Instant;

use chainlab::bots::{Agent, AgentFactory};
use chainlab::rng::rng_from_seed;
use chainlab::rules::{Position, Rules, Size};
use chainlab::strategy::Strategy;
use rand::RngExt;

use crate::cli::Failure;

/// The seed of every benchmark.
pub(super) const SEED: u64 = 0xC4A1_2EAC;

/// Positions from seeded random games on 5x6, for decision benchmarks.
pub(super) fn sample_positions(count: usize) -> Vec<Position> {
    sample_positions_on(Size::JABC, count)
}

/// Positions from seeded random games on `size`.
pub(super) fn sample_positions_on(size: Size, count: usize) -> Vec<Position> {
    let mut rng = rng_from_seed(SEED);
    let mut out = Vec::with_capacity(count);
    let Ok(start) = Position::new(size, 2, Rules::Standard) else {
        return out;
    };
    while out.len() < count {
        let mut position = start;
        let stop = rng.random_range(2..40);
        for _ in 0..stop {
            let list = position.moves();
            if list.is_empty() {
                break;
            }
            let pick = list.indices()[rng.random_range(0..list.len())];
            position.play_index(usize::from(pick));
        }
        if !position.is_over() {
            out.push(position);
        }
    }
    out
}

/// Decisions per second of `player` over `positions`, repeated `rounds` times.
pub(super) fn decisions_per_s(
    player: &mut dyn Agent,
    positions: &[Position],
    rounds: usize,
) -> Result<f64, Failure> {
    let mut rng = rng_from_seed(SEED);
    let began = Instant::now();
    for _ in 0..rounds {
        for p in positions {
            player
                .choose(p, &mut rng)
                .map_err(|e| Failure::new(e.to_string()))?;
        }
    }
    let seconds = began.elapsed().as_secs_f64().max(1e-9);
    Ok((positions.len() * rounds) as f64 / seconds)
}

/// A graph player of `strategy`, named `name`.
pub(super) fn graph_player(name: &str, strategy: &Strategy) -> Result<Box<dyn Agent>, Failure> {
    let factory = chainlab::bots::graph::GraphFactory::new(name, strategy)
        .map_err(|e| Failure::new(e.to_string()))?;
    factory.create().map_err(|e| Failure::new(e.to_string()))
}

/// The median of `values` (0 when empty).
pub(super) fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    match values.len() {
        0 => 0.0,
        n if n % 2 == 1 => values[n / 2],
        n => (values[n / 2 - 1] + values[n / 2]) / 2.0,
    }
}
