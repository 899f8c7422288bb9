//! The balanced value (own heuristic value minus the best opponent's) that the
//! search may use at its leaves instead of the plain heuristic value, on either kind
//! of position (`node::leaf_value` adjusts decided games by depth).

use crate::bots::heuristic::{self, WIN};
use crate::rules::{BitPosition, Player, Position};

/// The heuristic value of `me` minus the highest heuristic value among the other
/// players still in the game (±[`WIN`] once decided).
pub fn balanced_value(position: &Position, me: Player) -> i32 {
    let mine = heuristic::value(position, me);
    if mine.abs() >= WIN {
        return mine;
    }
    let best_other = position
        .alive()
        .filter(|&p| p != me)
        .map(|p| heuristic::value(position, p))
        .max()
        .unwrap_or(0);
    mine - best_other
}

/// [`balanced_value`] of a bit-board position.
pub(super) fn balanced_value_bits(position: &BitPosition, me: Player) -> i32 {
    let mine = heuristic::value_bits(position, me);
    if mine.abs() >= WIN {
        return mine;
    }
    let best_other = Player::all(position.player_count())
        .filter(|&p| p != me && !position.is_eliminated(p))
        .map(|p| heuristic::value_bits(position, p))
        .max()
        .unwrap_or(0);
    mine - best_other
}
