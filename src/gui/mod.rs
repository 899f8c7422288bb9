//! The desktop app (eframe/egui): the strategy editor, the play view, the
//! arena (matches and tournaments), the replay view, and the board widget
//! they share.
//!
//! Structure (docs/architecture.md): [`App`] holds the persisted [`Settings`] and the
//! runtime state of each view; every view is a struct with a `ui` method;
//! actions that cross views are [`Command`]s run at the end of the frame;
//! work that must not hold up the window (computer moves, program checks,
//! tuning, puzzle checks, matches, analyses) is a [`job::Job`], on a thread
//! or, in the web page, in slices per frame.
//!
//! The app (`app.rs`) depends on the views; the views depend on what they
//! share ([`command`], [`view`], [`platform`], …) and never on the app.

pub mod anim;
mod app;
pub mod arena;
pub mod board;
pub mod command;
pub mod editor;
pub mod files;
pub mod guided;
pub mod job;
pub mod layout;
pub mod platform;
pub mod play;
mod players;
pub mod program_dialog;
pub mod programs;
pub mod records;
pub mod remote;
pub mod replay;
pub mod seats;
pub mod theme;
mod touch;
pub mod view;
pub mod window;
mod worker;

pub use app::{App, Settings};
pub use command::{Command, StrategyEntry};
pub use view::View;

/// Opens the desktop app's window, with `file` in the editor if given, and
/// runs it until it is closed (see [`platform::run`]).
#[cfg(not(target_arch = "wasm32"))]
pub fn run(file: Option<std::path::PathBuf>) -> eframe::Result {
    platform::run(Box::new(|cc| Ok(Box::new(App::from_creation(cc, file)))))
}

/// Starts the app on the web page's canvas (the wasm module's `main`; see
/// [`platform::start`]).
#[cfg(target_arch = "wasm32")]
pub fn start() {
    platform::start(Box::new(|cc| Ok(Box::new(App::from_creation(cc, None)))));
}
