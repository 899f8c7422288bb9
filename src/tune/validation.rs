//! Validation on seeds that no tuning game used, so that the gain it
//! reports is measured fresh and not on the games that chose the values:
//! - [`validate_against_pool`], the gain that tuning aims at: the original
//!   and the tuned graph each play the opponent pool on the same fresh
//!   seeds, and the gain is the difference of their Elo against it;
//! - [`validate`], the head-to-head match of the tuned graph against the
//!   original. Tuning against a pool need not win it: a graph tuned to
//!   beat one opponent can lose to its own original (results in
//!   Chain Reaction are not transitive), so both are worth seeing.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use super::error::TuneError;
use super::tuner::{Pool, TuneConfig};
use crate::arena::{MatchObserver, MatchReport, Wdl, run_match};
use crate::bots::AgentFactory;
use crate::bots::graph::GraphFactory;
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
/// cancelled) when `cancel` is raised.
pub fn validate(
    original: &Strategy,
    tuned: &Strategy,
    config: &TuneConfig,
    games: u64,
    cancel: &AtomicBool,
    observer: &mut dyn MatchObserver,
) -> Result<MatchReport, TuneError> {
    if games == 0 {
        return Err(TuneError::NoGames);
    }
    let a: Arc<dyn AgentFactory> = Arc::new(GraphFactory::new("tuned", tuned)?);
    let b: Arc<dyn AgentFactory> = Arc::new(GraphFactory::new("original", original)?);
    let match_config = config.match_config(games, validation_seed(config.seed));
    Ok(run_match(&a, &b, &match_config, cancel, observer)?)
}

/// The original's and the tuned graph's results against the opponent pool
/// on the same fresh seeds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PoolValidation {
    /// The original's result.
    pub original: Wdl,
    /// The tuned graph's result.
    pub tuned: Wdl,
}

impl PoolValidation {
    /// The Elo gain: the tuned graph's Elo against the pool minus the
    /// original's; `None` when either scored 0% or 100%.
    pub fn gain(&self) -> Option<f64> {
        Some(self.tuned.elo()? - self.original.elo()?)
    }

    /// A 95% interval of the gain: each Elo's standard error from its own
    /// 95% interval, combined as for independent results. The two share
    /// their seeds and opponents, which makes the results correlate
    /// positively, so the true interval is narrower: this one errs wide.
    pub fn gain_ci95(&self) -> Option<(f64, f64)> {
        let gain = self.gain()?;
        let se = |w: &Wdl| match w.elo_ci95() {
            (Some(lo), Some(hi)) => Some((hi - lo) / (2.0 * 1.96)),
            _ => None,
        };
        let spread = 1.96 * se(&self.original)?.hypot(se(&self.tuned)?);
        Some((gain - spread, gain + spread))
    }
}

/// Plays the original and the tuned graph `games` games each against the
/// pool of `config`, on the same seeds, derived from [`validation_seed`]
/// (never a tuning seed). `None` when `cancel` is raised first.
pub fn validate_against_pool(
    original: &Strategy,
    tuned: &Strategy,
    config: &TuneConfig,
    games: u64,
    cancel: &AtomicBool,
    observer: &mut dyn MatchObserver,
) -> Result<Option<PoolValidation>, TuneError> {
    if games == 0 {
        return Err(TuneError::NoGames);
    }
    let pool = Pool {
        config,
        name: &original.name,
        seed: derive_seed(validation_seed(config.seed), 1),
        turn: 0,
    };
    let Some(original) = pool.play(original, games, cancel, observer)? else {
        return Ok(None);
    };
    let Some(tuned) = pool.play(tuned, games, cancel, observer)? else {
        return Ok(None);
    };
    Ok(Some(PoolValidation { original, tuned }))
}
