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

/// Opens the desktop app's window, with `file` in the editor if given, and
/// runs it until it is closed.
pub fn run(file: Option<std::path::PathBuf>) -> eframe::Result {
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("chainlab")
            .with_app_id("chainlab")
            .with_inner_size([1280.0, 820.0])
            .with_min_inner_size([760.0, 480.0]),
        ..Default::default()
    };
    let result = eframe::run_native(
        "chainlab",
        options,
        Box::new(|cc| Ok(Box::new(App::from_creation(cc, file)))),
    );
    // Programs still starting or thinking on other threads end with the window.
    crate::bots::external::kill_all_engines();
    result
}
