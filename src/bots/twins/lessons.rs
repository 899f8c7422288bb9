//! The lesson strategies `01-prefer-corners` to `07-room-to-grow` by hand.
//! Each lesson adds terms to the one before: where the cell is (lessons 1-2),
//! critical enemy neighbours behind a danger gate (2), the cell critical
//! after placing (3), captures and wins (4), my endangered cells after
//! placing (5), the opponents' endangered and critical cells (6), and empty
//! neighbours after placing (7).

use super::CellRule;
use crate::eval::{BoardStats, danger, is_critical, neighbours};
use crate::rules::{MoveOutcome, Player, Position};
use crate::strategy::{OwnerFilter, StateFilter};

/// Corners 6, edges 3, every cell 1.
fn where_points(position: &Position, index: usize) -> i64 {
    let capacity = position.geometry().capacity(index);
    6 * i64::from(capacity == 2) + 3 * i64::from(capacity == 3) + 1
}

/// The danger gate of lesson 2: an endangered cell that is not critical is
/// worth 0; any other is worth `points(danger)`, where `danger` counts its
/// critical enemy neighbours.
#[inline(always)]
pub(super) fn gated(
    position: &Position,
    me: Player,
    index: usize,
    points: impl FnOnce(i64) -> i64,
) -> i64 {
    let danger = danger(position, me, index);
    if danger > 0 && !is_critical(position, index, position.cells()[index]) {
        0
    } else {
        points(danger)
    }
}

/// Whether the cell at `index` is critical on `after`.
fn critical_after(after: &Position, index: usize) -> bool {
    is_critical(after, index, after.cells()[index])
}

/// Lessons 3-4 on the after board: 4 when critical, 3 per capture, 100000 for a win.
fn capture_points(after: &Position, outcome: MoveOutcome, index: usize, capture: bool) -> i64 {
    let grow = 4 * i64::from(critical_after(after, index));
    if capture {
        grow + 3 * i64::from(outcome.captured) + 100_000 * i64::from(outcome.won)
    } else {
        grow
    }
}

/// Lessons 5-7: the after-board terms of `level` 5, 6 or 7, plus 10000.
fn safety_points(after: &Position, me: Player, index: usize, level: u8) -> i64 {
    let stats = BoardStats::measure(after, me, true);
    let mut points = -8 * stats.endangered[0] + 10_000;
    if level >= 6 {
        points += 4 * stats.endangered[1] - 4 * stats.critical[1];
    }
    if level >= 7 {
        points += 3 * neighbours(after, me, index, OwnerFilter::Empty, StateFilter::Any);
    }
    points
}

/// The value of lessons 3 to 7 (`LEVEL`): the gated sum of every term up to it.
fn lookahead<const LEVEL: u8>(position: &Position, me: Player, index: usize) -> i64 {
    gated(position, me, index, |danger| {
        let mut after = *position;
        let outcome = after.play_index(index).unwrap_or_default();
        let mut points = where_points(position, index) + 8 * danger;
        points += capture_points(&after, outcome, index, LEVEL >= 4);
        if LEVEL >= 5 {
            points += safety_points(&after, me, index, LEVEL);
        }
        points
    })
}

macro_rules! lesson {
    ($(#[$doc:meta])* $name:ident, $stem:literal, |$p:ident, $me:ident, $i:ident| $body:expr) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default)]
        pub struct $name;

        impl CellRule for $name {
            const STEM: &'static str = $stem;

            fn value(&mut self, $p: &Position, $me: Player, $i: usize) -> i64 {
                $body
            }
        }
    };
}

lesson!(
    /// "Prefer corners": corners 7, every other cell 1.
    PreferCorners, "01-prefer-corners",
    |p, _me, i| 6 * i64::from(p.geometry().capacity(i) == 2) + 1
);
lesson!(
    /// "Avoid danger": where the cell is, 8 per critical enemy neighbour, gated.
    AvoidDanger, "02-avoid-danger",
    |p, me, i| gated(p, me, i, |danger| where_points(p, i) + 8 * danger)
);
lesson!(
    /// "Grow critical cells": lesson 2 plus 4 when critical after placing.
    GrowCritical, "03-grow-critical",
    |p, me, i| lookahead::<3>(p, me, i)
);
lesson!(
    /// "Capture and win": lesson 3 plus 3 per captured cell and 100000 for a win.
    Capture, "04-capture",
    |p, me, i| lookahead::<4>(p, me, i)
);
lesson!(
    /// "Do not feed": lesson 4, minus 8 per endangered cell of mine after placing, plus 10000.
    DoNotFeed, "05-do-not-feed",
    |p, me, i| lookahead::<5>(p, me, i)
);
lesson!(
    /// "Make threats": lesson 5, 4 per endangered and −4 per critical opponent cell after placing.
    MakeThreats, "06-make-threats",
    |p, me, i| lookahead::<6>(p, me, i)
);
lesson!(
    /// "Room to grow": lesson 6 plus 3 per empty neighbour after placing.
    RoomToGrow, "07-room-to-grow",
    |p, me, i| lookahead::<7>(p, me, i)
);
