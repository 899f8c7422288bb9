//! The library's clock. [`Instant`] is std's on the desktop and the
//! browser's `performance.now()` on wasm32, where std's `Instant::now`
//! panics (there is no clock in std there): code that may run in the web
//! page, the search's deadlines among it, measures time through this module.

pub use web_time::Instant;
