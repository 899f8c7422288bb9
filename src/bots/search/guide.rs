//! Move guides: a source of move order (and pruning) that the search asks at
//! the root and at every node more than
//! [`SearchConfig::unguided`](super::SearchConfig::unguided) plies before the
//! horizon (every node of depth one or more when it is 0). The search knows only this
//! trait; what stands behind it (a compiled strategy graph, see
//! [`GraphGuide`](crate::bots::graph::GraphGuide)) is made where specs become players,
//! so the search never reads a file.
//!
//! Invariant: a guide only permutes the moves it is given. The search then
//! keeps the first [`SearchConfig::width`](super::SearchConfig::width) of
//! them; with a width at least the number of moves every move is searched,
//! and alpha-beta's value does not depend on the order (the tests compare it
//! with the unguided search's).

use crate::bots::BotError;
use crate::rng::GameRng;
use crate::rules::Position;

/// Orders the moves of a position best first, for the player to move.
pub trait MoveGuide: Send {
    /// Orders the root's `moves` (legal moves in board order) best first.
    /// Randomness comes from `rng` (drawn from as the guide's own one-move
    /// player draws, so that width 1 plays that player's move); the guide
    /// may keep a seed from it for the inner nodes of this search.
    fn order_root(
        &mut self,
        position: &Position,
        moves: &mut [u16],
        rng: &mut GameRng,
    ) -> Result<(), BotError>;

    /// Orders the `moves` (legal moves in board order) of an inner node
    /// best first; a guide that cannot value them leaves them as they are.
    fn order(&mut self, position: &Position, moves: &mut [u16]);
}
