//! Analysis: why a game was lost and which ideas a player lacks.
//!
//! - [`Analyser`] values every legal move of a position with a strong,
//!   deterministic search (the master's, at a fixed node budget) and turns
//!   the values into win chances for the player to move
//!   ([`crate::arena::WinModel`], fitted to game results);
//! - [`analyse_game`] does that for every position of a game and grades
//!   the quality of each move played by the drop in win chance it caused
//!   ([`MoveQuality`]: best, good, inaccuracy, mistake, blunder);
//!   [`summarise`] sums the qualities per player into an accuracy;
//! - [`puzzle`] reads puzzle suites (positions with known best moves, by
//!   theme) and scores any player on them; [`theme`] holds the rules by
//!   which an analysed position becomes a puzzle of a theme; [`perfect`]
//!   the `perfect` theme, whose answers the exact solver proves.
//!
//! Analysing a position is a pure function of the position and the
//! configuration: every position gets a fresh search (no table carried from
//! another position), so the same position gets the same values in a game,
//! alone, on any thread.

mod analyser;
mod error;
mod game;
mod move_quality;
pub mod perfect;
pub mod puzzle;
mod summary;
pub mod theme;

pub use analyser::{
    Analyser, AnalyserConfig, DEFAULT_NODES, MAX_WORK, MoveEval, PositionAnalysis, check_work,
};
pub use error::AnalysisError;
pub use game::{GameAnalysis, GameSteps, PlyAnalysis, analyse_game, analyse_record};
pub use move_quality::{BLUNDER, INACCURACY, MISTAKE, MoveQuality};
pub use summary::{PlayerSummary, summarise};
