//! The clock of a match: the time control every player gets for each move,
//! the hard move limit, and the forfeit rules that go with them.
//!
//! The arena cannot take a move away from a thread that is thinking, so it
//! tells the player when to stop: the [`Interrupt`] of a move fires at the
//! earlier of the time control and the move limit (and when the match
//! stops). The searches poll it and answer within moments; after the move
//! the clock decides whether the player overran:
//! - a move slower than the time control by more than its margin forfeits
//!   (as `timemargin` in chess match tools: the margin absorbs the time a
//!   search needs to notice the deadline and the jitter of a loaded machine);
//! - a move slower than the move limit forfeits, with no margin.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use crate::time::Instant;

use crate::bots::Interrupt;

/// The default margin of a time control: a move may overrun it by 100 ms.
pub const DEFAULT_TIME_MARGIN: Duration = Duration::from_millis(100);

/// A match time control: every player has `per_move` for each move, and a
/// move that takes longer than `per_move + margin` forfeits the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// The time for each move; a searching player stops thinking by then.
    pub per_move: Duration,
    /// How far past `per_move` a move may end before it forfeits.
    pub margin: Duration,
}

impl TimeControl {
    /// `per_move` for each move, with the [`DEFAULT_TIME_MARGIN`].
    pub fn per_move(per_move: Duration) -> TimeControl {
        TimeControl {
            per_move,
            margin: DEFAULT_TIME_MARGIN,
        }
    }
}

/// The clock of one move.
pub(super) struct MoveClock {
    began: Instant,
    time_control: Option<TimeControl>,
    move_limit: Option<Duration>,
}

impl MoveClock {
    /// Starts the clock of a move now.
    pub fn start(time_control: Option<TimeControl>, move_limit: Option<Duration>) -> MoveClock {
        MoveClock {
            began: Instant::now(),
            time_control,
            move_limit,
        }
    }

    /// The interrupt of this move: `stop` (the match's), and the earlier of
    /// the time control and the move limit.
    pub fn interrupt(&self, stop: &Arc<AtomicBool>) -> Interrupt {
        let interrupt = Interrupt::on_flag(Arc::clone(stop));
        let due = [self.time_control.map(|t| t.per_move), self.move_limit]
            .into_iter()
            .flatten()
            .min();
        match due.and_then(|d| self.began.checked_add(d)) {
            Some(deadline) => interrupt.with_deadline(deadline),
            None => interrupt,
        }
    }

    /// The time since the move's clock started.
    pub fn elapsed(&self) -> Duration {
        self.began.elapsed()
    }

    /// Why the move, now finished, forfeits the game, if it does.
    pub fn overrun(&self) -> Option<String> {
        let took = self.began.elapsed();
        // Tenths of a millisecond, so that a move just over the limit does not read as equal.
        let ms = took.as_secs_f64() * 1000.0;
        if let Some(limit) = self.move_limit.filter(|&l| took > l) {
            return Some(format!(
                "took {ms:.1} ms for a move; the limit is {} ms",
                limit.as_millis()
            ));
        }
        let t = self.time_control?;
        (took > t.per_move.saturating_add(t.margin)).then(|| {
            format!(
                "took {ms:.1} ms for a move; the time control is {} ms per move (margin {} ms)",
                t.per_move.as_millis(),
                t.margin.as_millis()
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_interrupt_fires_at_the_earlier_limit_and_overruns_forfeit() {
        let stop = Arc::new(AtomicBool::new(false));
        let tc = TimeControl::per_move(Duration::from_secs(3600));
        let clock = MoveClock::start(Some(tc), Some(Duration::from_secs(7200)));
        let deadline = clock.interrupt(&stop).deadline().unwrap();
        assert_eq!(deadline, clock.began + Duration::from_secs(3600));
        assert_eq!(clock.overrun(), None);
        assert_eq!(
            MoveClock::start(None, None).interrupt(&stop).deadline(),
            None
        );

        let instant = TimeControl {
            per_move: Duration::ZERO,
            margin: Duration::ZERO,
        };
        let clock = MoveClock::start(Some(instant), None);
        assert!(clock.interrupt(&stop).has_fired());
        std::thread::sleep(Duration::from_millis(2));
        let why = clock.overrun().unwrap();
        assert!(
            why.contains("the time control is 0 ms per move (margin 0 ms)"),
            "{why}"
        );
        let clock = MoveClock::start(None, Some(Duration::from_nanos(1)));
        std::thread::sleep(Duration::from_millis(2));
        assert!(clock.overrun().unwrap().contains("the limit is 0 ms"));
    }
}
