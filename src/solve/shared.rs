//! One solution per board and rules for the whole process, built on first
//! use and shared by every player and thread that asks.
//!
//! **Invariant: each (size, rules) is solved at most once**: the cache maps
//! it to a `OnceLock`, taken under the cache's lock, and the solve runs in
//! `OnceLock::get_or_init`, outside that lock, so other boards are not held
//! up and a second caller of the same board waits for the first's result.

use std::sync::{Arc, Mutex, OnceLock};

use super::error::SolveError;
use super::solution::{Solution, check, solve};
use crate::rules::{Rules, Size};

type Slot = Arc<OnceLock<Result<Arc<Solution>, SolveError>>>;

static CACHE: Mutex<Vec<((Size, Rules), Slot)>> = Mutex::new(Vec::new());

/// The shared solution of the two-player game on `size` under `rules`,
/// solved on the first call (which may take a while: see `docs/solve.md`);
/// refused at once, without solving, when [`check`] refuses.
pub fn shared(size: Size, rules: Rules) -> Result<Arc<Solution>, SolveError> {
    check(size, rules)?;
    let slot = {
        let mut cache = CACHE.lock().unwrap_or_else(|e| e.into_inner());
        match cache.iter().find(|(game, _)| *game == (size, rules)) {
            Some((_, slot)) => Arc::clone(slot),
            None => {
                let slot = Slot::default();
                cache.push(((size, rules), Arc::clone(&slot)));
                slot
            }
        }
    };
    slot.get_or_init(|| solve(size, rules).map(Arc::new))
        .clone()
}
