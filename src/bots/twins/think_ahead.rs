//! `09-think-ahead` and `10-tuned` by hand: the board after placing here and
//! after the next player's strongest reply (the rule of `eval`'s reply
//! lookahead, [`scan_replies`]), weighted; a cell where some reply wins is
//! worth 0. The two files differ only in their weights.

use super::CellRule;
use crate::eval::{BoardStats, danger, scan_replies};
use crate::rules::{Player, Position};

/// The tunable weights of the "points" node, in its term order.
struct Weights {
    my_atoms: i64,
    their_atoms: i64,
    my_cells: i64,
    my_critical: i64,
    my_endangered: i64,
    most_taken: i64,
    threatening: i64,
    safe_corner: i64,
    their_critical_after: i64,
    their_endangered_after: i64,
}

/// The value of a cell by `w`; `scratch` is a reused board for the reply scan.
fn value(
    w: &Weights,
    position: &Position,
    me: Player,
    index: usize,
    scratch: &mut Position,
) -> i64 {
    let mut after = *position;
    let outcome = after.play_index(index).unwrap_or_default();
    let replies = scan_replies(&after, me, scratch);
    if replies.can_win {
        return 0;
    }
    let mut reply = after;
    if let Some(best) = replies.best {
        reply.play_index(best);
    }
    let now = BoardStats::measure(&after, me, true);
    let then = BoardStats::measure(&reply, me, true);
    let corner = position.geometry().capacity(index) == 2;
    let safe_corner = corner && danger(position, me, index) == 0;
    w.my_atoms * then.atoms[0]
        + w.their_atoms * then.atoms[1]
        + w.my_cells * then.cells[0]
        + w.my_critical * then.critical[0]
        + w.my_endangered * then.endangered[0]
        + w.most_taken * replies.most_taken
        + w.threatening * replies.threatening
        + w.safe_corner * i64::from(safe_corner)
        + w.their_critical_after * now.critical[1]
        + w.their_endangered_after * now.endangered[1]
        + 100_000 * i64::from(outcome.won)
        + 10_000
}

macro_rules! think_ahead {
    ($(#[$doc:meta])* $name:ident, $stem:literal, $weights:expr) => {
        $(#[$doc])*
        #[derive(Clone, Debug, Default)]
        pub struct $name {
            scratch: Option<Position>,
        }

        impl CellRule for $name {
            const STEM: &'static str = $stem;

            fn value(&mut self, position: &Position, me: Player, index: usize) -> i64 {
                const WEIGHTS: Weights = $weights;
                let scratch = self.scratch.get_or_insert(*position);
                value(&WEIGHTS, position, me, index, scratch)
            }
        }
    };
}

think_ahead!(
    /// "Think ahead": the untuned weights (±1).
    ThinkAhead,
    "09-think-ahead",
    Weights {
        my_atoms: 1,
        their_atoms: -1,
        my_cells: -1,
        my_critical: 1,
        my_endangered: -1,
        most_taken: -1,
        threatening: -1,
        safe_corner: 1,
        their_critical_after: -1,
        their_endangered_after: 1,
    }
);
think_ahead!(
    /// "Tuned": the weights found by `chainlab tune`.
    Tuned,
    "10-tuned",
    Weights {
        my_atoms: 2,
        their_atoms: -4,
        my_cells: -1,
        my_critical: 3,
        my_endangered: 0,
        most_taken: 2,
        threatening: -1,
        safe_corner: 1,
        their_critical_after: -1,
        their_endangered_after: 2,
    }
);
