//! The editor's file flow: opening (any file, a recent one, a shipped one)
//! and starting anew, saving and saving as (a shipped strategy is never
//! overwritten), autosave to the recovery file and restoring from it
//! ([`recovery`]), the window's title, and the window's close request. The
//! dialogs it needs (the [`browser`], the unsaved-changes prompt, the
//! restore offer) are the editor's [`Modal`](super::modal::Modal)s; the
//! [`FileFlow`] owns the rest: the recovery file, whether the window may
//! close, the title shown, and whether the editor needs to be seen.
//!
//! Invariants: the window closes with unsaved work only once the user has
//! answered the unsaved-changes prompt for closing; unsaved work is in the
//! recovery file within [`recovery::DELAY`] seconds of a change, and no
//! longer once it is saved, discarded or replaced.

pub mod browser;
pub mod recovery;

use std::path::{Path, PathBuf};

use crate::bots::is_strategy_path;
use crate::gui::platform;
use crate::gui::seats::shipped_strategies_dir;
use crate::strategy::Strategy;

use self::browser::{Browser, Purpose};
use self::recovery::{Recovery, Restorable};
use super::document::{Document, Location};
use super::notices::Notices;
use super::settings::EditorSettings;

/// The most recent files remembered.
const RECENT: usize = 8;

/// Something that would replace or close the strategy being edited.
#[derive(Clone, Debug, PartialEq)]
pub enum After {
    /// Start a new strategy.
    New,
    /// Open this file.
    Open(PathBuf),
    /// Open this strategy from a share link, as unsaved work.
    Shared(Box<Strategy>),
    /// Close the window.
    Close,
}

/// The file flow's own state.
#[derive(Debug, Default)]
pub struct FileFlow {
    recovery: Recovery,
    /// Whether the window may close with unsaved work (the user said so).
    allow_close: bool,
    /// The window's title as last set.
    title: String,
    /// Whether the editor should be shown (something there needs an answer).
    wants_attention: bool,
}

impl FileFlow {
    /// Turns on autosaving to the recovery file `path`; the work an earlier
    /// run left there to offer for restoring, or why it cannot be (the
    /// banner's text).
    pub fn enable_recovery(&mut self, path: PathBuf) -> Result<Option<Restorable>, String> {
        self.recovery = Recovery::new(Some(path));
        self.recovery
            .find()
            .map_err(|e| format!("The unsaved work of the last run could not be restored: {e}"))
    }

    /// The document of `path` (remembered in `settings` as the last and a
    /// recent file), or why it cannot be opened (the banner's text).
    pub fn open(path: &Path, settings: &mut EditorSettings) -> Result<Document, String> {
        match platform::load_strategy(path) {
            Ok(strategy) => {
                let location = if is_shipped(path) {
                    Location::Shipped(path.to_path_buf())
                } else {
                    Location::File(path.to_path_buf())
                };
                settings.last_file = Some(path.to_path_buf());
                remember(settings, path);
                Ok(Document::opened(strategy, location))
            }
            Err(e) => {
                // The error names the file when it comes from parsing it.
                let why = e.to_string();
                let shown = path.display().to_string();
                Err(if why.contains(&shown) {
                    format!("Could not open {why}")
                } else {
                    format!("Could not open {shown}: {why}")
                })
            }
        }
    }

    /// The document of the work `found`, to restore (its file, if it still
    /// loads, as the state last saved).
    pub fn restore(found: Restorable) -> Document {
        let saved = found
            .location
            .path()
            .and_then(|p| platform::load_strategy(p).ok());
        Document::restored(found.strategy, found.location, saved)
    }

    /// The document was replaced (opened, new) or its work discarded: the
    /// recovery file goes.
    pub fn discard_recovery(&mut self) {
        self.recovery.discard();
    }

    /// The unsaved work of `doc` was discarded: the recovery file goes and
    /// is not written again for it.
    pub fn forget(&mut self, doc: &Document) {
        self.recovery.forget(doc);
    }

    /// Writes the unsaved work of `doc` to the recovery file (when the app exits).
    pub fn flush(&mut self, doc: &Document) {
        self.recovery.flush(doc);
    }

    /// Saves `doc` to its file; when it has none or is a shipped one, the
    /// browser to choose where. `Ok`: whether it was saved.
    pub fn save(
        &mut self,
        doc: &mut Document,
        settings: &mut EditorSettings,
        notices: &mut Notices,
    ) -> Result<bool, Browser> {
        match doc.location().clone() {
            Location::File(path) => Ok(self.save_to(doc, &path, settings, notices)),
            Location::Untitled | Location::Shipped(_) => Err(save_as(doc, settings)),
        }
    }

    /// Saves `doc` to `path` atomically; a shipped strategy is refused.
    /// Says how it went in `notices`; whether it was saved.
    pub fn save_to(
        &mut self,
        doc: &mut Document,
        path: &Path,
        settings: &mut EditorSettings,
        notices: &mut Notices,
    ) -> bool {
        // In the page a save is a download: one "into" the built-in
        // strategies is a download of that name, as any other.
        let redirected;
        let path = match path.file_name() {
            Some(name) if is_shipped(path) && platform::SAVES_ARE_DOWNLOADS => {
                redirected = user_dir(settings).join(name);
                redirected.as_path()
            }
            _ => path,
        };
        if is_shipped(path) {
            notices.notify_error(format!(
                "{} is a shipped strategy and is never overwritten: save it in a folder of yours",
                path.display()
            ));
            return false;
        }
        match platform::save_strategy(doc.strategy(), path) {
            Ok(()) => {
                doc.saved_as(Location::File(path.to_path_buf()));
                self.recovery.discard();
                settings.last_file = Some(path.to_path_buf());
                if let Some(dir) = path.parent() {
                    settings.user_dir = Some(dir.to_path_buf());
                }
                remember(settings, path);
                notices.notify(platform::saved_text(path));
                true
            }
            Err(e) => {
                notices.notify_error(format!("Could not save: {e}"));
                false
            }
        }
    }

    /// Lets the window close (the user answered for closing) and closes it.
    pub fn close(&mut self, ctx: &egui::Context) {
        self.allow_close = true;
        ctx.send_viewport_cmd(egui::ViewportCommand::Close);
    }

    /// Work of every frame: autosave of `doc` (its failure told in
    /// `notices`), the window's title, and the window's close request.
    /// Returns whether closing waits for the unsaved-changes prompt.
    pub fn background(
        &mut self,
        ctx: &egui::Context,
        doc: &Document,
        notices: &mut Notices,
    ) -> bool {
        let now = ctx.input(|i| i.time);
        if let Some(wait) = self.recovery.tick(doc, now) {
            ctx.request_repaint_after_secs(wait as f32);
        }
        if let Some(e) = self.recovery.take_unshown_error() {
            notices.notify_error(format!("Autosave failed: {e}"));
        }
        let title = window_title(doc);
        if title != self.title {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            platform::set_title(&title);
            self.title = title;
        }
        let closing =
            ctx.input(|i| i.viewport().close_requested()) && doc.is_dirty() && !self.allow_close;
        if closing {
            ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
            self.wants_attention = true;
        }
        closing
    }

    /// Sets whether the editor should be shown (something there needs an answer).
    pub fn set_attention(&mut self, wanted: bool) {
        self.wants_attention = wanted;
    }

    /// Whether the editor should be shown now (asked once).
    pub fn take_attention(&mut self) -> bool {
        std::mem::take(&mut self.wants_attention)
    }
}

/// The name `doc` is shown by, in the window's title, the toolbar and the
/// unsaved-changes question alike: its file's name; for work never saved (a
/// new graph, a strategy opened from a link) the strategy's name, else
/// "untitled".
pub fn shown_name(doc: &Document) -> String {
    match doc.location() {
        Location::Untitled if !doc.strategy().name.trim().is_empty() => {
            doc.strategy().name.trim().to_string()
        }
        location => location.file_name(),
    }
}

/// The window's title for `doc`: its [`shown_name`], a dot while it has
/// unsaved changes, and the app's name ("04-capture.json • — chainlab").
pub fn window_title(doc: &Document) -> String {
    format!(
        "{}{} — chainlab",
        shown_name(doc),
        if doc.is_dirty() { " •" } else { "" },
    )
}

/// The browser to choose where to save `doc`: its file's folder and name
/// (a shipped strategy's name in the user's folder), or a name made from
/// the strategy's.
pub fn save_as(doc: &Document, settings: &EditorSettings) -> Browser {
    let dir = match doc.location() {
        Location::File(p) => p
            .parent()
            .map(Path::to_path_buf)
            .unwrap_or_else(|| user_dir(settings)),
        _ => user_dir(settings),
    };
    let _ = std::fs::create_dir_all(&dir);
    let name = match doc.location() {
        Location::File(p) | Location::Shipped(p) => p
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| suggested_name(doc.strategy())),
        Location::Untitled => suggested_name(doc.strategy()),
    };
    Browser::new(Purpose::SaveStrategy, dir, name)
}

/// The folder of `doc`'s file, if it is one.
fn doc_dir(doc: &Document) -> Option<PathBuf> {
    doc.location()
        .path()
        .and_then(Path::parent)
        .map(Path::to_path_buf)
        .filter(|d| platform::is_dir(d))
}

/// The folder to choose a strategy to open in: the file's, the user's, or
/// the shipped strategies'.
pub fn open_dir(doc: &Document, settings: &EditorSettings) -> PathBuf {
    doc_dir(doc).unwrap_or_else(|| {
        let dir = user_dir(settings);
        if platform::is_dir(&dir) {
            dir
        } else {
            shipped_strategies_dir().unwrap_or_else(|| PathBuf::from("."))
        }
    })
}

/// The folder to choose a strategy to import a group from in.
pub fn import_dir(doc: &Document, settings: &EditorSettings) -> PathBuf {
    doc_dir(doc)
        .or_else(|| Some(user_dir(settings)).filter(|d| platform::is_dir(d)))
        .or_else(shipped_strategies_dir)
        .unwrap_or_else(|| PathBuf::from("."))
}

/// The shipped strategies: (file stem, path), sorted.
pub fn shipped_files() -> Vec<(String, PathBuf)> {
    let Some(dir) = shipped_strategies_dir() else {
        return Vec::new();
    };
    let Ok(entries) = platform::list_dir(&dir) else {
        return Vec::new();
    };
    let mut files: Vec<(String, PathBuf)> = entries
        .into_iter()
        .map(|(name, _)| dir.join(name))
        .filter(|p| is_strategy_path(p))
        .map(|p| {
            let stem = p
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            (stem, p)
        })
        .collect();
    files.sort();
    files
}

/// Whether `path` is one of the shipped strategies (which are never overwritten).
pub fn is_shipped(path: &Path) -> bool {
    let Some(dir) = shipped_strategies_dir() else {
        return false;
    };
    let target = path
        .parent()
        .and_then(platform::canonicalize)
        .map(|p| p.join(path.file_name().unwrap_or_default()));
    target.is_some_and(|t| t.starts_with(&dir))
}

/// The folder offered for saving: the one last saved to, or `chainlab` in the home folder.
pub fn user_dir(settings: &EditorSettings) -> PathBuf {
    settings
        .user_dir
        .clone()
        .or_else(|| std::env::home_dir().map(|h| h.join("chainlab")))
        .unwrap_or_else(|| PathBuf::from("."))
}

/// A file name for a strategy: its name in lower case with dashes.
fn suggested_name(strategy: &Strategy) -> String {
    let slug: String = strategy
        .name
        .trim()
        .to_lowercase()
        .chars()
        .map(|c| if c.is_alphanumeric() { c } else { '-' })
        .collect();
    let slug = slug.trim_matches('-').to_string();
    if slug.is_empty() {
        "strategy.json".to_string()
    } else {
        format!("{slug}.json")
    }
}

/// Puts `path` first in the recent files.
fn remember(settings: &mut EditorSettings, path: &Path) {
    settings.recent.retain(|p| p != path);
    settings.recent.insert(0, path.to_path_buf());
    settings.recent.truncate(RECENT);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_shipped_files() {
        let mut s = Strategy::new("Prefer corners, avoid danger!");
        assert_eq!(suggested_name(&s), "prefer-corners--avoid-danger.json");
        s.name = "  ".to_string();
        assert_eq!(suggested_name(&s), "strategy.json");
        let shipped = shipped_files();
        assert!(shipped.len() >= 8);
        assert!(shipped.iter().all(|(_, p)| is_shipped(p)));
        assert!(!is_shipped(&std::env::temp_dir().join("mine.json")));
    }
}
