//! What differs between the desktop app and the web page, in one place: how
//! the app starts, whether work can go to other threads, the first-frame
//! mark the browser test waits for, and where autosave goes. Views call
//! these functions and never test the target themselves.
//!
//! The desktop side is `native/` (a window, threads, files, and the file
//! dialog drawn in the window: `picker.rs`). The web side, built for wasm32,
//! is `web/` (the app on a canvas, work on the page's only thread, a visible
//! message on a panic), with `files.rs` (files by path: the built-in shipped
//! strategies, files from the browser's picker, saves as downloads, the
//! app's data in the browser's storage) and `picker.rs` (the browser's file
//! picker).
//!
//! Both sides offer the same functions: `run`/`start`, `spawn`,
//! [`HAS_THREADS`], `frame_drawn`, `start_view`, `data_dir`, `temp_dir`,
//! `shipped_dir`, `canonicalize`, `is_dir`, `is_file`, `list_dir`,
//! `read_file`, `load_strategy`, `save_strategy`, `write_file`,
//! `remove_file`, `rename`, `modified`, `PICKS_FILES`, `pick_file`,
//! `take_picked`, `start_link`, `share_base`, `set_title`,
//! `address_changed` (the address follows the view, [`Address`]), and the [`FilePicker`] of the
//! arena, play and replay views.

#[cfg(not(target_arch = "wasm32"))]
mod native;
#[cfg(not(target_arch = "wasm32"))]
pub use native::*;

#[cfg(target_arch = "wasm32")]
mod web;
#[cfg(target_arch = "wasm32")]
pub use web::*;

mod kind;
mod shipped;

pub use kind::FileKind;

/// What the user asked for by changing the page's address (its fragment).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Address {
    /// Show this view (`#play`, `#arena`, …).
    View(crate::gui::view::View),
    /// Open the strategy of this share link (`#s=…`).
    Link(String),
}

/// Saves `strategy` to `path` the way [`write_file`] writes (atomically on
/// the desktop, a download in the page).
pub fn save_strategy(
    strategy: &crate::strategy::Strategy,
    path: &std::path::Path,
) -> Result<(), String> {
    write_file(path, strategy.to_json().as_bytes())
}

/// How long a frame may spend on sliced background work (a match played a
/// few games at a time on the web) before it draws.
pub const SLICE_BUDGET: std::time::Duration = std::time::Duration::from_millis(12);
