//! The static values at the leaves of the search: the expert value, or the
//! balanced value (own expert value minus the best opponent's), with decided
//! games adjusted so that sooner wins and later losses count more.

use super::super::heuristic::{WIN, expert_value};
use crate::rules::{Player, Position};

/// The value of a leaf for `root`, `depth` plies before the search horizon:
/// a win counts [`WIN`] plus `depth`, a loss `-WIN` minus `depth`.
#[inline]
pub(super) fn leaf_value(position: &Position, root: Player, balanced: bool, depth: u8) -> i32 {
    let v = if balanced {
        balanced_value(position, root)
    } else {
        expert_value(position, root)
    };
    if v >= WIN {
        v + i32::from(depth)
    } else if v <= -WIN {
        v - i32::from(depth)
    } else {
        v
    }
}

/// The expert value of `me` minus the highest expert value among the other
/// players still in the game (±[`WIN`] once decided).
pub fn balanced_value(position: &Position, me: Player) -> i32 {
    let mine = expert_value(position, me);
    if mine.abs() >= WIN {
        return mine;
    }
    let best_other = position
        .alive()
        .filter(|&p| p != me)
        .map(|p| expert_value(position, p))
        .max()
        .unwrap_or(0);
    mine - best_other
}
