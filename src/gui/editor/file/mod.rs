//! The editor's files: new, open (any file, a recent one, a shipped one),
//! save and save as (a shipped strategy is never overwritten), the prompt
//! before unsaved work is lost, and restoring work after a crash.

use std::path::{Path, PathBuf};

use egui::RichText;

use crate::gui::seats::shipped_strategies_dir;
use crate::gui::{platform, theme};
use crate::strategy::Strategy;

use super::EditorView;
use super::browser::{Browser, Choice, Purpose};
use super::document::{Document, Location};
use super::settings::EditorSettings;

/// The most recent files remembered.
const RECENT: usize = 8;

/// Something that would replace or close the strategy being edited.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum After {
    /// Start a new strategy.
    New,
    /// Open this file.
    Open(PathBuf),
    /// Close the window.
    Close,
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
        .filter(|p| {
            p.extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("json"))
        })
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

impl EditorView {
    /// Asks for `after`, first offering to save unsaved changes.
    pub(super) fn request(
        &mut self,
        after: After,
        settings: &mut EditorSettings,
        ctx: &egui::Context,
    ) {
        if self.doc.is_dirty() {
            self.prompt = Some(after);
        } else {
            self.run(after, settings, ctx);
        }
    }

    fn run(&mut self, after: After, settings: &mut EditorSettings, ctx: &egui::Context) {
        match after {
            After::New => {
                self.replace(Document::new_graph());
                settings.last_file = None;
            }
            After::Open(path) => self.open_now(&path, settings),
            After::Close => {
                self.allow_close = true;
                ctx.send_viewport_cmd(egui::ViewportCommand::Close);
            }
        }
    }

    /// Replaces the document (opened, new or restored).
    pub(super) fn replace(&mut self, doc: Document) {
        self.doc = doc;
        self.canvas.reset();
        self.preview.explain(None);
        self.load_error = None;
        self.recovery.discard();
    }

    /// Opens `path` now (unsaved changes are lost); a broken file leaves the
    /// current strategy and shows the file's error.
    pub fn open_now(&mut self, path: &Path, settings: &mut EditorSettings) {
        match platform::load_strategy(path) {
            Ok(strategy) => {
                let location = if is_shipped(path) {
                    Location::Shipped(path.to_path_buf())
                } else {
                    Location::File(path.to_path_buf())
                };
                self.replace(Document::opened(strategy, location));
                settings.last_file = Some(path.to_path_buf());
                remember(settings, path);
            }
            Err(e) => {
                // The error names the file when it comes from parsing it.
                let why = e.to_string();
                let shown = path.display().to_string();
                self.load_error = Some(if why.contains(&shown) {
                    format!("Could not open {why}")
                } else {
                    format!("Could not open {shown}: {why}")
                });
            }
        }
    }

    /// Saves to the strategy's file, or asks where when it has none or is a
    /// shipped one. Returns whether it was saved.
    pub(super) fn save(&mut self, settings: &mut EditorSettings) -> bool {
        match self.doc.location().clone() {
            Location::File(path) => self.save_to(&path, settings),
            Location::Untitled | Location::Shipped(_) => {
                self.save_as(settings);
                false
            }
        }
    }

    /// Opens the browser to choose where to save.
    pub(super) fn save_as(&mut self, settings: &EditorSettings) {
        let dir = match self.doc.location() {
            Location::File(p) => p
                .parent()
                .map(Path::to_path_buf)
                .unwrap_or_else(|| user_dir(settings)),
            _ => user_dir(settings),
        };
        let _ = std::fs::create_dir_all(&dir);
        let name = match self.doc.location() {
            Location::File(p) | Location::Shipped(p) => p
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_else(|| suggested_name(self.doc.strategy())),
            Location::Untitled => suggested_name(self.doc.strategy()),
        };
        self.browser = Some(Browser::new(Purpose::SaveStrategy, dir, name));
    }

    /// Saves to `path` atomically; a shipped strategy is refused.
    pub fn save_to(&mut self, path: &Path, settings: &mut EditorSettings) -> bool {
        if is_shipped(path) {
            self.notify_error(format!(
                "{} is a shipped strategy and is never overwritten: save it in a folder of yours",
                path.display()
            ));
            return false;
        }
        match platform::save_strategy(self.doc.strategy(), path) {
            Ok(()) => {
                self.doc.saved_as(Location::File(path.to_path_buf()));
                self.recovery.discard();
                settings.last_file = Some(path.to_path_buf());
                if let Some(dir) = path.parent() {
                    settings.user_dir = Some(dir.to_path_buf());
                }
                remember(settings, path);
                self.notify(format!("Saved {}", path.display()));
                true
            }
            Err(e) => {
                self.notify_error(format!("Could not save: {e}"));
                false
            }
        }
    }

    /// Opens the browser to choose a strategy to open.
    pub(super) fn browse_open(&mut self, settings: &EditorSettings) {
        let dir = self
            .doc
            .location()
            .path()
            .and_then(Path::parent)
            .map(Path::to_path_buf)
            .filter(|d| platform::is_dir(d))
            .unwrap_or_else(|| {
                let dir = user_dir(settings);
                if platform::is_dir(&dir) {
                    dir
                } else {
                    shipped_strategies_dir().unwrap_or_else(|| PathBuf::from("."))
                }
            });
        self.browser = Some(Browser::new(Purpose::OpenStrategy, dir, String::new()));
    }

    /// The modal windows: the browser, the unsaved-changes prompt, the restore offer.
    pub(super) fn dialogs_ui(&mut self, ctx: &egui::Context, settings: &mut EditorSettings) {
        if let Some(browser) = &mut self.browser
            && let Some(choice) = browser.ui(ctx)
        {
            let purpose = browser.purpose();
            self.browser = None;
            match (choice, purpose) {
                (Choice::File(path), Purpose::SaveStrategy) => {
                    if self.save_to(&path, settings)
                        && let Some(after) = self.after_save.take()
                    {
                        self.run(after, settings, ctx);
                    }
                }
                (Choice::File(path), Purpose::OpenStrategy) => {
                    self.request(After::Open(path), settings, ctx);
                }
                (Choice::File(path), Purpose::OpenPosition) => self.preview.load_file(&path),
                (Choice::File(path), Purpose::OpenSuite) => settings.puzzles = Some(path),
                (Choice::File(path), Purpose::ImportGroup) => self.pick_import(&path),
                (Choice::Cancelled, _) => self.after_save = None,
            }
        }
        if let Some(after) = self.prompt.clone() {
            self.prompt_ui(ctx, after, settings);
        }
        if self.restorable.is_some() {
            self.restore_ui(ctx);
        }
    }

    fn prompt_ui(&mut self, ctx: &egui::Context, after: After, settings: &mut EditorSettings) {
        let what = match &after {
            After::New => "starting a new strategy",
            After::Open(_) => "opening another strategy",
            After::Close => "closing",
        };
        let mut answer = None;
        let modal = egui::Modal::new(egui::Id::new("editor_unsaved")).show(ctx, |ui| {
            ui.set_width(380.0);
            ui.heading("Unsaved changes");
            ui.label(format!(
                "{} has changes that are not saved. Save them before {what}?",
                self.doc.location().file_name()
            ));
            ui.add_space(6.0);
            ui.horizontal(|ui| {
                if ui.button("Save").clicked() {
                    answer = Some(0);
                }
                if ui.button("Discard").clicked() {
                    answer = Some(1);
                }
                if ui.button("Cancel").clicked() {
                    answer = Some(2);
                }
            });
        });
        if modal.should_close() && answer.is_none() {
            answer = Some(2);
        }
        match answer {
            Some(0) => {
                self.prompt = None;
                if self.save(settings) {
                    self.run(after, settings, ctx);
                } else if self.browser.is_some() {
                    self.after_save = Some(after);
                }
            }
            Some(1) => {
                self.prompt = None;
                self.recovery.forget(&self.doc);
                self.run(after, settings, ctx);
            }
            Some(_) => self.prompt = None,
            None => {}
        }
    }

    fn restore_ui(&mut self, ctx: &egui::Context) {
        let Some(found) = &self.restorable else {
            return;
        };
        let file = found.location.file_name();
        let when = found
            .written
            .and_then(|t| std::time::SystemTime::now().duration_since(t).ok())
            .map_or_else(String::new, |d| match d.as_secs() {
                s if s < 120 => format!(" {s} seconds ago"),
                s if s < 7200 => format!(" {} minutes ago", s / 60),
                s => format!(" {} hours ago", s / 3600),
            });
        let mut answer = None;
        egui::Modal::new(egui::Id::new("editor_restore")).show(ctx, |ui| {
            ui.set_width(400.0);
            ui.heading("Restore unsaved work?");
            ui.label(format!(
                "chainlab was closed while {file} had unsaved changes (last written{when}). \
                 Restore them? Restoring does not change the file until you save."
            ));
            ui.add_space(6.0);
            ui.horizontal(|ui| {
                if ui.button("Restore").clicked() {
                    answer = Some(true);
                }
                if ui.button("Discard").clicked() {
                    answer = Some(false);
                }
            });
            ui.label(
                RichText::new("Discarding deletes the recovered copy.").color(theme::MUTED_TEXT),
            );
        });
        match answer {
            Some(true) => {
                if let Some(found) = self.restorable.take() {
                    let saved = found
                        .location
                        .path()
                        .and_then(|p| platform::load_strategy(p).ok());
                    let doc = Document::restored(found.strategy, found.location, saved);
                    self.doc = doc;
                    self.canvas.reset();
                }
            }
            Some(false) => {
                self.restorable = None;
                self.recovery.discard();
            }
            None => {}
        }
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
