//! The validation match: the tuned graph against the original, on seeds
//! that no tuning game used, so that the Elo gain it prints is measured
//! fresh and not on the games that chose the values.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use super::error::TuneError;
use super::tuner::{TuneConfig, watching};
use crate::arena::{MatchObserver, MatchReport, run_match};
use crate::bots::graph::GraphFactory;
use crate::bots::{AgentFactory, Interrupt};
use crate::rng::derive_seed;
use crate::strategy::Strategy;

/// A salt that separates the validation seed from every tuning seed.
const VALIDATION_SALT: u64 = 0xA11D_A7E5_0F7E_57ED;

/// The seed of the validation match of a run tuned with `seed`.
pub fn validation_seed(seed: u64) -> u64 {
    derive_seed(seed ^ VALIDATION_SALT, 0)
}

/// Plays `games` colour-swapped games of `tuned` (side A, labelled
/// "tuned") against `original` (side B, "original") on the board, rules
/// and threads of `config`, with [`validation_seed`]. Side A's Elo in the
/// report is the gain. Stops early (a report of the games so far, marked
/// cancelled) when `interrupt` fires.
pub fn validate(
    original: &Strategy,
    tuned: &Strategy,
    config: &TuneConfig,
    games: u64,
    interrupt: &Interrupt,
    observer: &mut dyn MatchObserver,
) -> Result<MatchReport, TuneError> {
    if games == 0 {
        return Err(TuneError::NoGames);
    }
    let a: Arc<dyn AgentFactory> = Arc::new(GraphFactory::new("tuned", tuned)?);
    let b: Arc<dyn AgentFactory> = Arc::new(GraphFactory::new("original", original)?);
    let match_config = config.match_config(games, validation_seed(config.seed));
    let cancel = AtomicBool::new(false);
    let report = watching(interrupt, &cancel, || {
        run_match(&a, &b, &match_config, &cancel, observer)
    })?;
    Ok(report)
}
