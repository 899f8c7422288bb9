//! What differs between the desktop app and the web page, in one place: how
//! the app starts, whether work can go to other threads, the first-frame
//! mark the browser test waits for, and where autosave goes. Views call
//! these functions and never test the target themselves.
//!
//! The desktop side is [`native`](self) (a window, threads, files); the web
//! side (`web.rs`, built for wasm32) starts the app on a canvas, runs work on
//! the page's only thread, and keeps autosave in the browser's storage.

#[cfg(not(target_arch = "wasm32"))]
mod native;
#[cfg(not(target_arch = "wasm32"))]
pub use native::*;

#[cfg(target_arch = "wasm32")]
mod web;
#[cfg(target_arch = "wasm32")]
pub use web::*;

/// How long a frame may spend on sliced background work (a match played a
/// few games at a time on the web) before it draws.
pub const SLICE_BUDGET: std::time::Duration = std::time::Duration::from_millis(12);
