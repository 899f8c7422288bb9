//! The library's clock. [`Instant`] is std's on the desktop and the
//! browser's `performance.now()` on wasm32, where std's `Instant::now`
//! panics (there is no clock in std there): code that may run in the web
//! page measures time through this module.
//!
//! Code that keeps std's type (the search's own deadline) gets a deadline
//! through [`to_std`], which has none to give on wasm32: there a move's
//! time limit is checked after the move instead of inside the search.

pub use web_time::Instant;

/// `instant` as std's `Instant`; `None` on wasm32, where std has no clock.
#[cfg(not(target_arch = "wasm32"))]
pub fn to_std(instant: Instant) -> Option<std::time::Instant> {
    Some(instant)
}

/// `instant` as std's `Instant`; `None` on wasm32, where std has no clock.
#[cfg(target_arch = "wasm32")]
pub fn to_std(_instant: Instant) -> Option<std::time::Instant> {
    None
}
