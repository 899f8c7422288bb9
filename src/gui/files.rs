//! File dialogs: pick a strategy or records file to open, or a file to save
//! to. Each view owns a [`FilePicker`] and tags every request with what the
//! file is for. The picker is the platform's (see [`crate::gui::platform`]): a dialog
//! drawn inside the window on the desktop, the browser's file picker and a
//! download in the web page.

pub use crate::gui::platform::{FileKind, FilePicker};
