//! The web page's [`FilePicker`]: opening asks the browser's file picker
//! (the file lands in the page's `files/` folder, see `files.rs`);
//! saving hands back the file name at once, and writing it downloads it.

use std::path::{Path, PathBuf};

use super::files::{pick_file, take_picked};
use crate::gui::platform::FileKind;

/// One file request at a time, remembering what it was for.
pub struct FilePicker<P> {
    waiting: Option<P>,
    saved: Option<(P, PathBuf)>,
    error: Option<String>,
}

impl<P> Default for FilePicker<P> {
    fn default() -> Self {
        FilePicker {
            waiting: None,
            saved: None,
            error: None,
        }
    }
}

impl<P: Clone> FilePicker<P> {
    /// Asks the browser for a file of `kind` for `purpose` (the page has no
    /// folders to start in).
    pub fn open(&mut self, purpose: P, kind: FileKind, _title: &str, _folder: Option<&Path>) {
        let _ = take_picked();
        pick_file(&kind.accept());
        self.waiting = Some(purpose);
    }

    /// Chooses `file_name` to save to: writing it downloads it.
    pub fn save(&mut self, purpose: P, _title: &str, file_name: &str) {
        self.saved = Some((purpose, PathBuf::from(file_name)));
    }

    /// Whether a file is awaited.
    pub fn is_open(&self) -> bool {
        self.waiting.is_some()
    }

    /// Shows that a file is awaited (with Cancel, as the browser does not
    /// always tell); returns the file chosen and what it was for, once.
    pub fn update(&mut self, ctx: &egui::Context) -> Option<(P, PathBuf)> {
        if let Some(saved) = self.saved.take() {
            return Some(saved);
        }
        self.error_ui(ctx);
        self.waiting.as_ref()?;
        match take_picked() {
            Some(Ok(path)) => return self.waiting.take().map(|purpose| (purpose, path)),
            Some(Err(e)) => {
                self.waiting = None;
                self.error = Some(e);
                return None;
            }
            None => {}
        }
        let mut cancel = false;
        egui::Window::new("Choose a file")
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
            .show(ctx, |ui| {
                ui.label("Choose the file in the browser's window.");
                cancel = ui.button("Cancel").clicked();
            });
        if cancel {
            self.waiting = None;
        }
        ctx.request_repaint_after(std::time::Duration::from_millis(100));
        None
    }

    fn error_ui(&mut self, ctx: &egui::Context) {
        let Some(error) = &self.error else { return };
        let mut close = false;
        egui::Window::new("The file cannot be read")
            .collapsible(false)
            .max_width(crate::gui::layout::dialog_width(ctx, 480.0))
            .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
            .show(ctx, |ui| {
                ui.label(error.as_str());
                close = ui.button("OK").clicked();
            });
        if close {
            self.error = None;
        }
    }
}
