//! The rules of Chain Reaction: boards, players, the three rule variants,
//! legal moves, reactions, elimination, the winner, and a text notation.
//!
//! Pure: no IO, no randomness, no GUI. Untrusted input enters as a [`Setup`]
//! (parsed from text or JSON) and is validated into a [`Position`]; playing an
//! illegal move returns an error and leaves the position unchanged.

mod bits;
mod cell;
mod checked;
mod coord;
mod error;
mod game;
mod geometry;
mod json;
mod moves;
mod notation;
mod position;
mod setup;
mod variant;

pub use bits::BitPosition;
pub use cell::Cell;
pub use coord::{
    ByPlayer, Coord, MAX_CELLS, MAX_PLAYERS, MAX_SIDE, MIN_PLAYERS, MIN_SIDE, Player, PlayerSet,
    Size,
};
pub use error::RulesError;
pub use game::Game;
pub use geometry::{Geometry, Masks};
pub use json::{JsonCell, PositionJson};
pub use moves::MoveList;
pub use position::{MoveOutcome, Position, ReactionObserver, WaveLog};
pub use setup::Setup;
pub use variant::Rules;
