//! The desktop side of [`platform`](super): a window of its own, work on
//! other threads, autosave in the app's data folder; the file dialog drawn
//! in the window is `picker.rs`.

mod picker;

use std::path::{Path, PathBuf};
use std::time::SystemTime;

pub use self::picker::FilePicker;
use crate::strategy::{Strategy, write_atomic};

/// Whether work can run on other threads (on the desktop it can).
pub const HAS_THREADS: bool = true;

/// Opens the desktop app's window with the app `make` creates, and runs it
/// until it is closed.
pub fn run(make: eframe::AppCreator<'static>) -> eframe::Result {
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("chainlab")
            .with_app_id("chainlab")
            .with_inner_size(crate::gui::window::DEFAULT_SIZE)
            .with_min_inner_size(crate::gui::window::MIN_SIZE),
        ..Default::default()
    };
    let result = eframe::run_native("chainlab", options, make);
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

/// Whether programs (`cmd:` players) can be started: on the desktop they can.
pub fn can_run_programs() -> Result<(), String> {
    Ok(())
}

/// How the app runs programs: sandboxed with the default limits where the
/// system can (decided once), else unsandboxed with the reason.
pub fn program_sandbox() -> (crate::bots::external::Sandbox, Option<String>) {
    use crate::bots::external::{Limits, Sandbox};
    static ANSWER: std::sync::OnceLock<(Sandbox, Option<String>)> = std::sync::OnceLock::new();
    ANSWER
        .get_or_init(|| Sandbox::through_this_binary(Limits::default(), Vec::new()))
        .clone()
}

/// Whether a player's own time limit (`ms=`) works: on the desktop it does.
pub fn can_limit_time() -> Result<(), String> {
    Ok(())
}

/// Called after every frame; the desktop has nothing to mark.
pub fn frame_drawn(_ctx: &egui::Context) {}

/// Where the shipped strategies are: `strategies/` in the working
/// directory, beside the executable or a few folders above it (a cargo
/// build), or in the source tree this binary was built from.
pub fn shipped_dir() -> Option<PathBuf> {
    let mut candidates = vec![PathBuf::from("strategies")];
    if let Ok(exe) = std::env::current_exe() {
        candidates.extend(
            exe.ancestors()
                .skip(1)
                .take(4)
                .map(|d| d.join("strategies")),
        );
    }
    candidates.push(Path::new(env!("CARGO_MANIFEST_DIR")).join("strategies"));
    // Absolute, so that a seat saved with a strategy's path is found again
    // whichever folder the app is started from.
    candidates
        .into_iter()
        .find(|d| d.is_dir())
        .map(|d| std::fs::canonicalize(&d).unwrap_or(d))
}

/// `path` made absolute with links resolved, if it exists.
pub fn canonicalize(path: &Path) -> Option<PathBuf> {
    std::fs::canonicalize(path).ok()
}

/// Whether `path` is a folder.
pub fn is_dir(path: &Path) -> bool {
    path.is_dir()
}

/// Whether `path` is a file.
pub fn is_file(path: &Path) -> bool {
    path.is_file()
}

/// The entries of folder `dir`: name and whether it is a folder.
pub fn list_dir(dir: &Path) -> Result<Vec<(String, bool)>, String> {
    let entries =
        std::fs::read_dir(dir).map_err(|e| format!("cannot list {}: {e}", dir.display()))?;
    Ok(entries
        .flatten()
        .map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            (name, e.path().is_dir())
        })
        .collect())
}

/// The bytes of `path`, refused when it has more than `limit` (`what`
/// names the kind of file in that message, e.g. "records files").
pub fn read_file(path: &Path, limit: u64, what: &'static str) -> Result<Vec<u8>, String> {
    crate::input::read_bytes(path, limit, what).map_err(|e| e.to_string())
}

/// Loads the strategy file at `path`; the message names the file.
pub fn load_strategy(path: &Path) -> Result<Strategy, String> {
    Strategy::load(path).map_err(|e| e.to_string())
}

/// Writes `bytes` to `path` atomically (exports and the app's own data).
pub fn write_file(path: &Path, bytes: &[u8]) -> Result<(), String> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| e.to_string())?;
    }
    write_atomic(path, bytes).map_err(|e| e.to_string())
}

/// Removes the file at `path`, if it is there.
pub fn remove_file(path: &Path) {
    // Not there is as good as removed.
    let _ = std::fs::remove_file(path);
}

/// Renames the file `from` to `to`.
pub fn rename(from: &Path, to: &Path) -> Result<(), String> {
    std::fs::rename(from, to).map_err(|e| e.to_string())
}

/// When the file at `path` was last written, if known.
pub fn modified(path: &Path) -> Option<SystemTime> {
    std::fs::metadata(path).and_then(|m| m.modified()).ok()
}

/// Whether the app can ask for a file from the browser (only the web page).
pub const PICKS_FILES: bool = false;

/// Asks the browser for a file (the desktop has its own dialogs: nothing to do).
pub fn pick_file(_accept: &str) {}

/// The file the browser handed over, once (never on the desktop).
pub fn take_picked() -> Option<Result<PathBuf, String>> {
    None
}

/// The view to show first regardless of the saved settings (the desktop has none).
pub fn start_view() -> Option<crate::gui::view::View> {
    None
}

/// Whether saving a file hands it to the user as a download (only the web page).
pub const SAVES_ARE_DOWNLOADS: bool = false;

/// What the editor says once `path` is saved.
pub fn saved_text(path: &Path) -> String {
    format!("Saved {}", path.display())
}

/// The window's title is set by a viewport command on the desktop: nothing
/// more to do.
pub fn set_title(_title: &str) {}

/// A change of the address the user made (the desktop has no address).
pub fn address_changed(_view: crate::gui::view::View) -> Option<super::Address> {
    None
}

/// The share link the app was opened with (the desktop opens links only
/// when one is pasted: File › Open link…).
pub fn start_link() -> Option<String> {
    None
}

/// The page a share link made here opens: the hosted page, set when
/// chainlab is built ([`crate::strategy::DEFAULT_SHARE_BASE`]).
pub fn share_base() -> String {
    crate::strategy::DEFAULT_SHARE_BASE.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_is_read_up_to_its_limit_whatever_size_it_claims() {
        // /dev/zero claims 0 bytes and never ends.
        if !Path::new("/dev/zero").exists() {
            return;
        }
        let e = read_file(Path::new("/dev/zero"), 4096, "records files").unwrap_err();
        assert_eq!(
            e,
            "/dev/zero is too large: records files may have at most 4096 bytes"
        );
    }
}
