//! Stopping a player in the middle of a move: a flag that another thread
//! may raise (the arena's cancel or end of match, the GUI leaving a game) and
//! a deadline (a match's time control). The searches poll it; a player that
//! does not search ignores it, which is harmless because it never runs long.
//!
//! An interrupt that never fires changes nothing: a search polls it only to
//! stop early, so depth- and node-limited searches stay deterministic.

use crate::time::Instant;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// When a move must end: a shared flag and an optional deadline, whichever
/// comes first. The default never fires.
#[derive(Clone, Debug, Default)]
pub struct Interrupt {
    flag: Option<Arc<AtomicBool>>,
    deadline: Option<Instant>,
}

impl Interrupt {
    /// An interrupt that never fires.
    pub fn never() -> Interrupt {
        Interrupt::default()
    }

    /// An interrupt that fires when `flag` is raised (from any thread).
    pub fn on_flag(flag: Arc<AtomicBool>) -> Interrupt {
        Interrupt {
            flag: Some(flag),
            deadline: None,
        }
    }

    /// The same interrupt, also firing at `deadline` (the earlier deadline
    /// counts when there is one already).
    pub fn with_deadline(self, deadline: Instant) -> Interrupt {
        Interrupt {
            deadline: Some(self.deadline.map_or(deadline, |d| d.min(deadline))),
            ..self
        }
    }

    /// The deadline, if any.
    pub fn deadline(&self) -> Option<Instant> {
        self.deadline
    }

    /// Whether the flag has been raised (cheap: one atomic load, no clock).
    #[inline]
    pub fn is_raised(&self) -> bool {
        self.flag
            .as_ref()
            .is_some_and(|f| f.load(Ordering::Relaxed))
    }

    /// Whether the flag has been raised or the deadline has passed (reads the clock).
    pub fn has_fired(&self) -> bool {
        self.is_raised() || self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn fires_on_the_flag_or_the_earlier_deadline() {
        assert!(!Interrupt::never().has_fired());
        let flag = Arc::new(AtomicBool::new(false));
        let interrupt = Interrupt::on_flag(Arc::clone(&flag));
        assert!(!interrupt.is_raised() && !interrupt.has_fired());
        flag.store(true, Ordering::Relaxed);
        assert!(interrupt.is_raised() && interrupt.has_fired());

        let now = Instant::now();
        let later = now + Duration::from_secs(3600);
        let past = Interrupt::never()
            .with_deadline(later)
            .with_deadline(now)
            .with_deadline(later);
        assert_eq!(past.deadline(), Some(now));
        assert!(past.has_fired() && !past.is_raised());
        assert!(!Interrupt::never().with_deadline(later).has_fired());
    }
}
