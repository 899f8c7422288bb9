//! `08-expert` by hand (the eighth lesson, not the `bot:expert` player): the
//! Brilliant note's heuristic one move ahead, a weighted sum
//! of where the cell is and of the board after placing here, behind the
//! danger gate of lesson 2.

use super::CellRule;
use super::lessons::gated;
use crate::eval::{BoardStats, is_critical, neighbours};
use crate::rules::{Player, Position};
use crate::strategy::{OwnerFilter, StateFilter};

/// "Expert": the weighted sum of `08-expert.json`'s "points" node, gated.
#[derive(Clone, Copy, Debug, Default)]
pub struct ExpertLesson;

impl CellRule for ExpertLesson {
    const STEM: &'static str = "08-expert";

    fn value(&mut self, position: &Position, me: Player, index: usize) -> i64 {
        gated(position, me, index, |danger| {
            let capacity = position.geometry().capacity(index);
            let mut after = *position;
            let outcome = after.play_index(index).unwrap_or_default();
            let stats = BoardStats::measure(&after, me, true);
            let around = |owner, state| neighbours(&after, me, index, owner, state);
            9 * i64::from(capacity == 2) - i64::from(capacity == 3)
                + 10 * danger
                + 2 * i64::from(is_critical(&after, index, after.cells()[index]))
                + 23 * i64::from(outcome.captured)
                + 100_000 * i64::from(outcome.won)
                - 23 * stats.endangered[0]
                + 6 * stats.endangered[1]
                - 5 * stats.critical[1]
                + 3 * around(OwnerFilter::Empty, StateFilter::Any)
                + 7 * stats.atoms[0]
                + 2 * stats.critical[0]
                + 2 * around(OwnerFilter::Mine, StateFilter::Critical)
                + 8 * around(OwnerFilter::Opponent, StateFilter::Any)
                + 10_001
        })
    }
}
