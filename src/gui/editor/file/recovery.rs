//! Crash recovery: unsaved work is written, 30 seconds after a change and
//! when the app exits, to a recovery file in the app's data folder (never
//! over the user's file). At the next start a recovery file newer than the
//! file it belongs to is offered for restoring. A recovery file that cannot
//! be read is never deleted silently: it is moved aside (to
//! `recovery.json.unreadable`) and the user is told once, with the reason.

use std::path::{Path, PathBuf};
use std::time::SystemTime;

use serde::{Deserialize, Serialize};

use crate::gui::platform;
use crate::input::text_from_bytes;
use crate::strategy::{MAX_FILE_BYTES, Strategy};

use crate::gui::editor::document::{Document, Location};

/// Seconds after a change before the unsaved work is written.
pub const DELAY: f64 = 30.0;

/// The recovery file's content.
#[derive(Serialize, Deserialize)]
struct RecoveryFile {
    format: String,
    /// The file the work belongs to, if it had one.
    file: Option<PathBuf>,
    /// Whether that file is a shipped strategy.
    shipped: bool,
    /// The strategy in its file format.
    strategy: String,
}

const FORMAT: &str = "chainlab-recovery";

/// Unsaved work found at start.
#[derive(Debug)]
pub struct Restorable {
    /// The strategy as it was.
    pub strategy: Strategy,
    /// The file it belongs to.
    pub location: Location,
    /// When it was written.
    pub written: Option<SystemTime>,
}

/// The autosave schedule and the recovery file.
#[derive(Debug, Default)]
pub struct Recovery {
    path: Option<PathBuf>,
    due: Option<f64>,
    written: Option<u64>,
    /// The last error writing the file.
    pub error: Option<String>,
    /// Whether that error is yet to be shown.
    unshown: bool,
}

impl Recovery {
    /// Autosaves to `path` (none: autosave is off, as in tests).
    pub fn new(path: Option<PathBuf>) -> Recovery {
        Recovery {
            path,
            ..Recovery::default()
        }
    }

    /// Writes the work when it has been unsaved for [`DELAY`] seconds; the
    /// file is removed once there is nothing unsaved. Returns the seconds
    /// until the next write, to wake the app then.
    pub fn tick(&mut self, doc: &Document, now: f64) -> Option<f64> {
        self.path.as_ref()?;
        if !doc.is_dirty() {
            self.due = None;
            if self.written.is_some() {
                self.discard();
            }
            return None;
        }
        if self.written == Some(doc.revision()) {
            return None;
        }
        let due = *self.due.get_or_insert(now + DELAY);
        if now >= due {
            self.write(doc);
            None
        } else {
            Some(due - now)
        }
    }

    /// The error of the last write, once, to be shown (storage full,
    /// disabled or unwritable).
    pub fn take_unshown_error(&mut self) -> Option<String> {
        std::mem::take(&mut self.unshown)
            .then(|| self.error.clone())
            .flatten()
    }

    /// Writes the work now if it is unsaved and not yet written (on exit).
    pub fn flush(&mut self, doc: &Document) {
        if doc.is_dirty() && self.written != Some(doc.revision()) {
            self.write(doc);
        }
    }

    fn write(&mut self, doc: &Document) {
        self.due = None;
        let Some(path) = &self.path else { return };
        let (file, shipped) = match doc.location() {
            Location::Untitled => (None, false),
            Location::File(p) => (Some(p.clone()), false),
            Location::Shipped(p) => (Some(p.clone()), true),
        };
        let content = RecoveryFile {
            format: FORMAT.to_string(),
            file,
            shipped,
            strategy: doc.strategy().to_json(),
        };
        let result = serde_json::to_string(&content)
            .map_err(|e| e.to_string())
            .and_then(|text| platform::write_file(path, text.as_bytes()));
        match result {
            Ok(()) => {
                self.written = Some(doc.revision());
                self.error = None;
            }
            Err(e) => {
                self.error = Some(format!("cannot write the recovery file: {e}"));
                self.unshown = true;
            }
        }
    }

    /// Removes the recovery file and writes nothing more for the current
    /// revision of `doc`: the user chose to discard it (closing the window
    /// afterwards must not write it again).
    pub fn forget(&mut self, doc: &Document) {
        self.discard();
        self.written = Some(doc.revision());
    }

    /// Removes the recovery file (the work was saved or discarded).
    pub fn discard(&mut self) {
        self.written = None;
        self.due = None;
        if let Some(path) = &self.path {
            platform::remove_file(path);
        }
    }

    /// The unsaved work of an earlier run, if its recovery file is newer
    /// than the file it belongs to (an older one is removed). An unreadable
    /// one is moved aside and the error says why and where it went.
    pub fn find(&mut self) -> Result<Option<Restorable>, String> {
        let Some(path) = self.path.clone() else {
            return Ok(None);
        };
        if !platform::is_file(&path) {
            return Ok(None);
        }
        match read(&path) {
            Ok(Some(found)) => Ok(Some(found)),
            Ok(None) => {
                self.discard();
                Ok(None)
            }
            Err(reason) => {
                let mut aside = path.clone().into_os_string();
                aside.push(".unreadable");
                let aside = PathBuf::from(aside);
                let kept = match platform::rename(&path, &aside) {
                    Ok(()) => format!("it was kept as {}", aside.display()),
                    Err(e) => {
                        self.discard();
                        format!("it was removed (moving it aside failed: {e})")
                    }
                };
                Err(format!(
                    "{} is unreadable ({reason}); {kept}",
                    path.display()
                ))
            }
        }
    }
}

/// Reads a recovery file: `Ok(None)` when the file it belongs to was saved
/// after it, an error when it cannot be read or parsed.
fn read(path: &Path) -> Result<Option<Restorable>, String> {
    let bytes = platform::read_file(path, MAX_FILE_BYTES as u64, "recovery files")?;
    let text = text_from_bytes(bytes).map_err(|e| e.to_string())?;
    let file: RecoveryFile = serde_json::from_str(&text).map_err(|e| e.to_string())?;
    if file.format != FORMAT {
        return Err(format!("format {:?} is not {FORMAT:?}", file.format));
    }
    let strategy = Strategy::from_json(&file.strategy).map_err(|e| e.to_string())?;
    let written = platform::modified(path);
    if let (Some(original), Some(written)) = (&file.file, written)
        && let Some(saved) = platform::modified(original)
        && saved >= written
    {
        // The file was saved after the work was written: nothing to recover.
        return Ok(None);
    }
    let location = match (file.file, file.shipped) {
        (None, _) => Location::Untitled,
        (Some(p), true) => Location::Shipped(p),
        (Some(p), false) => Location::File(p),
    };
    Ok(Some(Restorable {
        strategy,
        location,
        written,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::editor::edit::Edit;
    use crate::strategy::Kind;

    /// A folder for test `name`, its recovery file, autosave to it, and a
    /// document with one unsaved change.
    fn unsaved(name: &str) -> (PathBuf, PathBuf, Recovery, Document) {
        let dir = std::env::temp_dir().join(format!("chainlab-{name}-{}", std::process::id()));
        let path = dir.join("recovery.json");
        let recovery = Recovery::new(Some(path.clone()));
        let mut doc = Document::new_graph();
        let add = Edit::Add {
            kind: Kind::IsCorner,
            pos: [0.0, 0.0],
            link: None,
        };
        assert!(doc.apply(add, 0.0, 0).is_ok());
        (dir, path, recovery, doc)
    }

    #[test]
    fn unsaved_work_is_written_after_the_delay_and_found_again() {
        let (dir, path, mut recovery, mut doc) = unsaved("recovery");
        assert_eq!(recovery.tick(&doc, 0.0), Some(DELAY));
        assert!(!path.exists());
        assert_eq!(recovery.tick(&doc, DELAY + 1.0), None);
        assert!(path.exists());
        let found = recovery.find().unwrap().unwrap();
        assert_eq!(&found.strategy, doc.strategy());
        assert_eq!(found.location, Location::Untitled);
        assert!(doc.undo());
        recovery.tick(&doc, DELAY + 2.0);
        assert!(!path.exists(), "nothing unsaved: the file is removed");
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn a_failed_write_is_reported_once() {
        // The recovery file's folder is a file: the write fails, as when
        // the disk or the browser's storage is full.
        let (dir, _, _, doc) = unsaved("unwritable");
        std::fs::create_dir_all(&dir).unwrap();
        let blocker = dir.join("not-a-folder");
        std::fs::write(&blocker, "x").unwrap();
        let mut recovery = Recovery::new(Some(blocker.join("recovery.json")));
        recovery.tick(&doc, 0.0);
        recovery.tick(&doc, DELAY + 1.0);
        let error = recovery.take_unshown_error().unwrap();
        assert!(
            error.starts_with("cannot write the recovery file: "),
            "{error}"
        );
        assert_eq!(recovery.take_unshown_error(), None);
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn an_unreadable_recovery_file_is_moved_aside_and_reported_once() {
        let dir = std::env::temp_dir().join(format!("chainlab-unreadable-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("recovery.json");
        std::fs::write(&path, "{not json").unwrap();
        let mut recovery = Recovery::new(Some(path.clone()));
        let error = recovery.find().unwrap_err();
        assert!(error.contains("recovery.json is unreadable"), "{error}");
        assert!(error.contains("kept as"), "{error}");
        assert!(!path.exists());
        let aside = dir.join("recovery.json.unreadable");
        assert_eq!(std::fs::read_to_string(&aside).unwrap(), "{not json");
        assert!(recovery.find().unwrap().is_none(), "told once");
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn discarded_work_is_not_written_again() {
        let (dir, path, mut recovery, doc) = unsaved("forget");
        recovery.flush(&doc);
        assert!(path.exists());
        recovery.forget(&doc);
        recovery.flush(&doc);
        assert!(recovery.tick(&doc, 1000.0).is_none());
        assert!(!path.exists(), "discarded work stays discarded");
        let _ = std::fs::remove_dir_all(dir);
    }
}
