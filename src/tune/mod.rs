//! Automatic tuning of a strategy's constants by SPSA (simultaneous
//! perturbation stochastic approximation), as chess engine testers tune
//! evaluation weights (Fishtest). It sits above [`crate::arena`]: it plays
//! matches; nothing below imports it. `docs/tuning.md` explains it for users.
//!
//! # The method
//!
//! The parameters are the Constant nodes that feed the Cell value and are
//! not marked `"tune": "off"` ([`params`]), each with a range `min..=max`
//! (explicit, or `value ± max(|value|, 5)`). SPSA keeps θ, one real number
//! per parameter, starting at the constants' values. Iteration `k` (from 1):
//!
//! 1. every parameter gets a random sign `δ_i = ±1` (from the seed);
//! 2. two graphs are built, θ+ = round(θ + δ c_k) and θ− = round(θ − δ c_k),
//!    clamped into the ranges; where both round to the same integer one of
//!    them moves by 1, so θ+ and θ− always differ in every parameter;
//! 3. each plays `games` games against the opponent pool, in colour-swapped
//!    pairs, θ+ and θ− on the same seeds and openings against the same
//!    opponents (pairs go to the opponents in turn), and scores `s+`, `s−`;
//! 4. `θ_i += a_k (s+ − s−) / (θ+_i − θ−_i)`, then θ is clamped into the ranges.
//!
//! # Gains and schedule ([`Gains`], defaults in brackets)
//!
//! - `c_k = c / k^γ` (γ = 0.101), `c = max(width / 20, 1)` per parameter
//!   (`width = max − min`; values are integers, so at least 1);
//! - `a_k = a / (A + k)^α` (α = 0.602), `A = 10%` of the iterations;
//! - `a = s · 2 c² (A + 1)^α / σ` per parameter, where `σ = √(0.5 / games)`
//!   is the noise of `s+ − s−` and `s = 0.1`: the first step moves θ by
//!   about `c / 10` when the two scores differ by one σ, more for larger
//!   differences, and the steps shrink as `k` grows. With `s = 1` noise
//!   alone carried θ several `c` from the start in a few hundred
//!   iterations (measured: `docs/tuning.md`).
//!
//! # Progress and results
//!
//! Before the first iteration the original plays `2 × games` games against
//! the pool (the baseline). [`Iteration::elo`] is the running estimate for a
//! live plot: the Elo of θ+ and θ−'s pooled score over the last
//! [`ELO_WINDOW`] iterations minus the Elo of the baseline. The gain that
//! counts is measured by [`validate_against_pool`]: the original and the
//! tuned graph play the pool again on seeds no tuning game used, and the
//! gain is the difference of their Elo; [`validate`] adds the head-to-head
//! match of the two.
//!
//! # Reproducibility
//!
//! Perturbations and match seeds derive from the tuning seed; the arena's
//! results do not depend on the number of threads and the tuner adds no
//! other source of order, so the same seed gives the same values on any
//! number of threads. Cancelling discards only the iteration it cuts short.

mod error;
mod params;
mod spsa;
mod tuner;
mod validation;

pub use error::TuneError;
pub use params::{Tuned, params, with_values};
pub use spsa::{Gains, noise_unit};
pub use tuner::{ELO_WINDOW, Iteration, TuneConfig, Tuner};
pub use validation::{PoolValidation, validate, validate_against_pool, validation_seed};
