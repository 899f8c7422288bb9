//! The desktop side of [`platform`](super): a window of its own, work on
//! other threads, autosave in the app's data folder.

use std::path::PathBuf;

use crate::gui::App;

/// Whether work can run on other threads (on the desktop it can).
pub const HAS_THREADS: bool = true;

/// Opens the desktop app's window, with `file` in the editor if given, and
/// runs it until it is closed.
pub fn run(file: Option<PathBuf>) -> eframe::Result {
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

/// Runs `job` on a new thread named `name`.
pub fn spawn(name: &str, job: impl FnOnce() + Send + 'static) -> Result<(), String> {
    std::thread::Builder::new()
        .name(name.to_string())
        .spawn(job)
        .map(drop)
        .map_err(|e| format!("cannot start a thread ({name}): {e}"))
}

/// The folder of the app's own data (the recovery file), if there is one.
pub fn data_dir() -> Option<PathBuf> {
    eframe::storage_dir("chainlab")
}

/// The folder for temporary files (an arena run's records file).
pub fn temp_dir() -> Result<PathBuf, String> {
    Ok(std::env::temp_dir())
}

/// Called after every frame; the desktop has nothing to mark.
pub fn frame_drawn(_ctx: &egui::Context) {}
