//! The desktop's file dialogs (egui-file-dialog, drawn inside the app's
//! window), behind the [`FilePicker`] every view uses.

use std::path::{Path, PathBuf};

use egui_file_dialog::{DialogState, FileDialog};

use crate::gui::platform::FileKind;

/// One file dialog at a time, remembering what it was opened for.
pub struct FilePicker<P> {
    dialog: Option<FileDialog>,
    purpose: Option<P>,
}

impl<P> Default for FilePicker<P> {
    fn default() -> Self {
        FilePicker {
            dialog: None,
            purpose: None,
        }
    }
}

impl<P: Clone> FilePicker<P> {
    /// Opens a dialog to choose an existing file of `kind` for `purpose`,
    /// starting in `folder` (or the working directory).
    pub fn open(&mut self, purpose: P, kind: FileKind, title: &str, folder: Option<&Path>) {
        let mut dialog = FileDialog::new()
            .id(egui::Id::new("chainlab_file_dialog").with(title))
            .title(title)
            .default_size([720.0, 460.0]);
        if let Some((name, extensions)) = kind.filter() {
            dialog = dialog
                .add_file_filter_extensions(name, extensions)
                .default_file_filter(name);
        }
        if let Some(folder) = folder {
            dialog = dialog.initial_directory(folder.to_path_buf());
        }
        dialog.pick_file();
        self.dialog = Some(dialog);
        self.purpose = Some(purpose);
    }

    /// Opens a dialog to choose where to save a file, proposing `file_name`.
    pub fn save(&mut self, purpose: P, title: &str, file_name: &str) {
        let mut dialog = FileDialog::new()
            .id(egui::Id::new("chainlab_file_dialog").with(title))
            .title(title)
            .default_size([720.0, 460.0])
            .default_file_name(file_name);
        dialog.save_file();
        self.dialog = Some(dialog);
        self.purpose = Some(purpose);
    }

    /// Whether a dialog is showing.
    pub fn is_open(&self) -> bool {
        self.dialog.is_some()
    }

    /// Draws the dialog, if one is open; returns the file chosen and what
    /// it was for, once.
    pub fn update(&mut self, ctx: &egui::Context) -> Option<(P, PathBuf)> {
        let dialog = self.dialog.as_mut()?;
        dialog.update(ctx);
        let picked = dialog.take_picked();
        let closed = matches!(dialog.state(), DialogState::Closed | DialogState::Cancelled);
        if picked.is_some() || closed {
            self.dialog = None;
            let purpose = self.purpose.take()?;
            return picked.map(|path| (purpose, path));
        }
        None
    }
}
