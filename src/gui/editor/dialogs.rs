//! What the editor does with its file flow and its dialogs, the glue
//! between its parts: a new or opened strategy replaces the document (the
//! canvas, the explained cell, the banner and the recovery file follow),
//! saving asks where when it must, and each [`Answer`] of a [`Modal`] is
//! carried out. The parts own their state: the [`FileFlow`], the
//! [`Notices`](super::notices::Notices), the modal; this file only joins them.

use std::path::{Path, PathBuf};

use crate::strategy::{Kind, Strategy};

use super::EditorView;
use super::document::Document;
use super::edit::Edit;
use super::edit::GroupEdit;
use super::file::browser::Purpose;
use super::file::{After, FileFlow, import_dir, open_dir, shown_name};
use super::group::import::ImportPick;
use super::modal::{Answer, Modal, Shown};
use super::settings::EditorSettings;

impl EditorView {
    /// Asks for `after`, first offering to save unsaved changes.
    pub(super) fn request(
        &mut self,
        after: After,
        settings: &mut EditorSettings,
        ctx: &egui::Context,
    ) {
        if self.doc.is_dirty() {
            self.modal = Some(Modal::Unsaved {
                then: after,
                under: None,
            });
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
            After::Shared(strategy) => {
                self.open_shared(*strategy);
                settings.last_file = None;
            }
            After::Close => self.files.close(ctx),
        }
    }

    /// Replaces the document (opened or new).
    pub(super) fn replace(&mut self, doc: Document) {
        self.doc = doc;
        self.canvas.reset();
        self.preview.explain(None);
        self.preview.forget_puzzle();
        self.tune.forget_results();
        self.notices.clear_banner();
        self.files.discard_recovery();
    }

    /// Opens `path` now (unsaved changes are lost); a broken file leaves the
    /// current strategy and shows the file's error.
    pub fn open_now(&mut self, path: &Path, settings: &mut EditorSettings) {
        match FileFlow::open(path, settings) {
            Ok(doc) => self.replace(doc),
            Err(why) => self.notices.set_banner(why),
        }
    }

    /// Saves to the strategy's file, or asks where when it has none or is a
    /// shipped one. Returns whether it was saved.
    pub(super) fn save(&mut self, settings: &mut EditorSettings) -> bool {
        match self.files.save(&mut self.doc, settings, &mut self.notices) {
            Ok(saved) => saved,
            Err(browser) => {
                self.modal = Some(Modal::SaveAs {
                    browser,
                    then: None,
                });
                false
            }
        }
    }

    /// Opens the browser to choose where to save.
    pub(super) fn save_as(&mut self, settings: &EditorSettings) {
        let browser = super::file::save_as(&self.doc, settings);
        self.modal = Some(Modal::SaveAs {
            browser,
            then: None,
        });
    }

    /// Saves to `path` atomically; a shipped strategy is refused.
    pub fn save_to(&mut self, path: &Path, settings: &mut EditorSettings) -> bool {
        self.files
            .save_to(&mut self.doc, path, settings, &mut self.notices)
    }

    /// Opens the browser in `dir` to choose a file to open for `purpose`.
    pub(super) fn browse(&mut self, purpose: Purpose, dir: PathBuf) {
        self.modal = Some(Modal::browse(purpose, dir, String::new()));
    }

    /// Opens the browser to choose a strategy to open.
    pub(super) fn browse_open(&mut self, settings: &EditorSettings) {
        self.browse(Purpose::OpenStrategy, open_dir(&self.doc, settings));
    }

    /// Opens the browser to choose a strategy to import a group from.
    pub(super) fn browse_import(&mut self, settings: &EditorSettings) {
        self.browse(Purpose::ImportGroup, import_dir(&self.doc, settings));
    }

    /// Offers the groups of `from` (described as `source`) for import.
    pub fn offer_import(&mut self, from: Strategy, source: String) {
        match ImportPick::of(from, source) {
            Ok(pick) => self.modal = Some(Modal::Import(pick)),
            Err(why) => self.notices.notify_error(why),
        }
    }

    /// The dialog open, if any; an answer is carried out at once. A dialog
    /// it opens shows in the same frame when it comes later in the order of
    /// [`Modal::order`] (the prompt after the browser chose a strategy to
    /// open, the groups of the file chosen to import from), else from the
    /// next frame on (the browser after the prompt's Save).
    pub(super) fn dialogs_ui(
        &mut self,
        ctx: &egui::Context,
        settings: &mut EditorSettings,
        now: f64,
    ) {
        let mut shown = None;
        while let Some(modal) = self.modal.take() {
            if shown.is_some_and(|order| modal.order() <= order) {
                self.modal = Some(modal);
                return;
            }
            shown = Some(modal.order());
            match modal.ui(ctx, &shown_name(&self.doc)) {
                Shown::Open(modal) => {
                    self.modal = Some(modal);
                    return;
                }
                Shown::Closed(answer) => self.answer(answer, settings, ctx, now),
            }
        }
    }

    /// Carries out the answer of a dialog.
    fn answer(
        &mut self,
        answer: Answer,
        settings: &mut EditorSettings,
        ctx: &egui::Context,
        now: f64,
    ) {
        match answer {
            Answer::SaveTo(path, then) => {
                if self.save_to(&path, settings)
                    && let Some(after) = then
                {
                    self.run(after, settings, ctx);
                }
            }
            Answer::Open(purpose, path) => match purpose {
                Purpose::OpenStrategy => self.request(After::Open(path), settings, ctx),
                Purpose::OpenPosition => self.preview.load_file(&path),
                Purpose::OpenSuite => settings.puzzles = Some(path),
                Purpose::ImportGroup => self.pick_import(&path),
                Purpose::SaveStrategy => {
                    self.save_to(&path, settings);
                }
            },
            Answer::SaveFirst(after) => {
                if self.save(settings) {
                    self.run(after, settings, ctx);
                } else if let Some(Modal::SaveAs { then, .. }) = &mut self.modal {
                    *then = Some(after);
                }
            }
            Answer::Discard(after) => {
                self.files.forget(&self.doc);
                self.run(after, settings, ctx);
            }
            Answer::Restore(found) => {
                self.doc = FileFlow::restore(found);
                self.canvas.reset();
            }
            Answer::DiscardRestorable => self.files.discard_recovery(),
            Answer::Import(pick, id) => self.import_group(pick, id, now),
            Answer::OpenLink(text) => self.open_link(&text, settings, ctx),
            Answer::Cancelled => {}
        }
    }

    /// Loads `path` and offers its groups (or says why it cannot).
    fn pick_import(&mut self, path: &Path) {
        match crate::gui::platform::load_strategy(path) {
            Ok(s) => self.offer_import(s, path.display().to_string()),
            Err(e) => self
                .notices
                .notify_error(format!("Could not import from {}: {e}", path.display())),
        }
    }

    /// Imports group `id` of `pick`, one instance of it placed in view.
    fn import_group(&mut self, pick: ImportPick, id: String, now: f64) {
        let graph = self.doc.graph();
        let pos = self
            .canvas
            .free_spot(graph, Kind::Group)
            .unwrap_or_else(|| self.canvas.spot_beside(graph));
        let name = pick.strategy.group_name(&id);
        let before = self.doc.revision();
        self.apply(
            Edit::Group(GroupEdit::Import {
                from: pick.strategy,
                id,
                pos,
            }),
            now,
        );
        if self.doc.revision() != before {
            self.notices
                .notify(format!("Imported group '{name}' from {}", pick.source));
        }
    }
}
