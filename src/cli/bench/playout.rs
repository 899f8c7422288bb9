//! `chainlab bench`'s playout line: random games played to their end by
//! chainlab's `Position` and by a tight flat-array reference engine
//! (`benches/reference_engine.rs`, compiled in here with `#[path]`), in
//! alternating rounds of the same run, each round playing the same games
//! on both (the same seeds, the same `random_range` pick from the list of
//! legal moves in board order). `tests/rules/reference.rs` checks that the
//! two engines play every such game identically, so their moves per second
//! compare like for like. The line also gives the moves per second of the
//! bit-board copy of the position that the search plays on
//! (`BitPosition`, boards of at most 64 cells), on the same games.

use std::time::Instant;

use chainlab::rng::{GameRng, rng_from_seed};
use chainlab::rules::{BitPosition, MoveList, Position, Rules, Size};
use rand::RngExt;
use serde_json::json;

use super::util::{SEED, median};
use crate::cli::Failure;

#[path = "../../../benches/reference_engine.rs"]
mod reference_engine;

use reference_engine::RefEngine;

/// Alternating rounds per engine: short rounds, so that a burst of load
/// on the machine hits both engines alike.
const ROUNDS: u64 = 20;

/// Plays one random game to its end, filling `list` with the legal moves
/// before every move (as the reference engine fills its own); returns the
/// number of moves.
fn random_game(start: &Position, list: &mut MoveList, rng: &mut GameRng) -> u64 {
    let mut position = *start;
    let mut moves = 0;
    loop {
        position.moves_into(list);
        if list.is_empty() {
            return moves;
        }
        let pick = list.indices()[rng.random_range(0..list.len())];
        position.play_index(usize::from(pick));
        moves += 1;
    }
}

/// Moves and seconds of `games` random games from `start` by chainlab.
fn chainlab_round(start: &Position, games: u64, seed: u64) -> (u64, f64) {
    let mut rng = rng_from_seed(seed);
    let mut list = MoveList::default();
    let began = Instant::now();
    let moves: u64 = (0..games)
        .map(|_| random_game(start, &mut list, &mut rng))
        .sum();
    (moves, began.elapsed().as_secs_f64())
}

/// [`random_game`] on the bit board: the same moves in the same order.
fn random_bit_game(start: &BitPosition, list: &mut MoveList, rng: &mut GameRng) -> u64 {
    let mut position = *start;
    let mut moves = 0;
    loop {
        list.fill_from_bits(position.size(), position.legal());
        if list.is_empty() {
            return moves;
        }
        let pick = list.indices()[rng.random_range(0..list.len())];
        position.play_index(usize::from(pick));
        moves += 1;
    }
}

/// Moves and seconds of `games` random games on the bit board.
fn bits_round(start: &BitPosition, games: u64, seed: u64) -> (u64, f64) {
    let mut rng = rng_from_seed(seed);
    let mut list = MoveList::default();
    let began = Instant::now();
    let moves: u64 = (0..games)
        .map(|_| random_bit_game(start, &mut list, &mut rng))
        .sum();
    (moves, began.elapsed().as_secs_f64())
}

/// Moves and seconds of `games` random games by the reference engine.
fn reference_round(engine: &mut RefEngine, games: u64, seed: u64) -> (u64, f64) {
    let mut rng = rng_from_seed(seed);
    let began = Instant::now();
    let moves: u64 = (0..games).map(|_| engine.random_game(&mut rng)).sum();
    (moves, began.elapsed().as_secs_f64())
}

/// Random playouts of 2 players on `size`: chainlab's and the reference's
/// moves per second, measured in alternating rounds, their ratio over the
/// whole run, and the median of the per-round ratios (which a burst of
/// load during one round does not move); then the bit board's moves per
/// second and its ratio to the reference. Returns the two ratios.
pub(super) fn playout(size: Size, games: u64) -> Result<(f64, f64), Failure> {
    let (Ok(start), Some(mut engine)) = (
        Position::new(size, 2, Rules::Standard),
        RefEngine::new(size.rows(), size.cols(), 2),
    ) else {
        return Err(Failure::new(format!(
            "playout bench: no 2-player game on {size}"
        )));
    };
    let Some(bit_start) = BitPosition::from_position(&start) else {
        return Err(Failure::new(format!(
            "playout bench: {size} has more than 64 cells"
        )));
    };
    let per_round = (games / ROUNDS).max(1);
    // Warm up all three (caches, branch predictors, the CPU's clock).
    chainlab_round(&start, per_round, SEED);
    reference_round(&mut engine, per_round, SEED);
    bits_round(&bit_start, per_round, SEED);
    let (mut ours, mut theirs) = ((0u64, 0.0f64), (0u64, 0.0f64));
    let mut bits = (0u64, 0.0f64);
    let mut ratios = Vec::new();
    for round in 0..ROUNDS {
        let seed = SEED.wrapping_add(round);
        // The order alternates too (chainlab, reference, bit board; then
        // the other way round), so that none always follows another's
        // cache and clock state.
        let ((a, sa), (b, sb), (c, sc)) = if round % 2 == 0 {
            let a = chainlab_round(&start, per_round, seed);
            let b = reference_round(&mut engine, per_round, seed);
            (a, b, bits_round(&bit_start, per_round, seed))
        } else {
            let c = bits_round(&bit_start, per_round, seed);
            let b = reference_round(&mut engine, per_round, seed);
            (chainlab_round(&start, per_round, seed), b, c)
        };
        if a != b || a != c {
            return Err(Failure::new(format!(
                "playout bench on {size}: chainlab played {a} moves, the reference engine {b}, \
                 the bit board {c}"
            )));
        }
        bits = (bits.0 + c, bits.1 + sc);
        ours = (ours.0 + a, ours.1 + sa);
        theirs = (theirs.0 + b, theirs.1 + sb);
        ratios.push(sb / sa.max(1e-9));
    }
    let per_s = |(moves, seconds): (u64, f64)| moves as f64 / seconds.max(1e-9);
    let (a, b, c) = (per_s(ours), per_s(theirs), per_s(bits));
    outln!(
        "{}",
        json!({
            "bench": "playout",
            "size": size.to_string(),
            "players": 2,
            "games": per_round * ROUNDS,
            "moves": ours.0,
            "seconds": (ours.1 * 1000.0).round() / 1000.0,
            "moves_per_s": a.round(),
            "reference_seconds": (theirs.1 * 1000.0).round() / 1000.0,
            "reference_moves_per_s": b.round(),
            "ratio": (a / b.max(1e-9) * 1000.0).round() / 1000.0,
            "median_round_ratio": (median(&mut ratios) * 1000.0).round() / 1000.0,
            "bits_moves_per_s": c.round(),
            "bits_ratio": (c / b.max(1e-9) * 1000.0).round() / 1000.0,
        })
    );
    Ok((a / b.max(1e-9), c / b.max(1e-9)))
}
