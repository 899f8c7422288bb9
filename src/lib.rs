//! chainlab: model Chain Reaction strategies as node graphs, explain them, and
//! test them in matches against each other and built-in computer players.
//!
//! Layers, each depending only on those before it:
//! [`rules`] (the game) ← strategy graphs ← evaluation (and [`export`], graphs as Python) ← players ← arena ← tuning, analysis and class tournaments ← GUI and CLI.

pub mod analysis;
pub mod arena;
pub mod bots;
pub mod class;
pub mod eval;
pub mod export;
#[cfg(feature = "gui")]
pub mod gui;
pub mod input;
pub mod output;
pub mod protocol;
pub mod rng;
pub mod rules;
pub mod solve;
pub mod strategy;
pub mod time;
pub mod tune;
