//! The desktop app (eframe/egui): the strategy editor, the play view, the
//! arena (matches and tournaments), the replay view, and the board widget
//! they share.
//!
//! Structure (docs/architecture.md): [`App`] holds the persisted [`Settings`] and the
//! runtime state of each view; every view is a struct with a `ui` method;
//! actions that cross views are [`Command`]s run at the end of the frame;
//! computer moves run on worker threads.

pub mod anim;
mod app;
pub mod arena;
pub mod board;
pub mod editor;
pub mod files;
pub mod platform;
pub mod play;
mod players;
pub mod program_dialog;
pub mod programs;
pub mod records;
pub mod replay;
pub mod seats;
pub mod theme;
mod worker;

pub use app::{App, Command, Settings, StrategyEntry, View};

/// Opens the desktop app's window (see [`platform::run`]).
#[cfg(not(target_arch = "wasm32"))]
pub use platform::run;
