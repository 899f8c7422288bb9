//! The editor's dialogs, one at a time: the file browser (to open a
//! strategy, a position, a puzzle suite or a file to import a group from,
//! or to choose where to save), the prompt before unsaved work is lost, the
//! offer to restore the work an earlier run left, the list of groups to
//! import, and the share link shown or a link to paste (`share.rs`).
//!
//! Invariant: at most one dialog is open ([`Modal`] is one value, held as
//! an `Option` by the editor), and what runs after a save chosen in the
//! browser belongs to that browser: it is dropped with it when the browser
//! is cancelled. The prompt before the window closes may come over another
//! dialog; that dialog waits inside the prompt and opens again when the
//! prompt is cancelled. A dialog's ui takes the dialog and gives it back while it
//! stays open, or the [`Answer`] that closed it; the editor carries the
//! answer out. Keyboard shortcuts wait while a dialog is open.

use std::path::PathBuf;

use egui::RichText;

use crate::gui::{platform, theme};
use crate::strategy::share_link;

use super::file::After;
use super::file::browser::{Browser, Choice, Purpose};
use super::file::recovery::Restorable;
use super::group::import::{ImportChoice, ImportPick};
use super::share::{ShareAnswer, SharePanel, open_link_ui, share_ui};

/// The dialog open.
#[derive(Debug)]
pub enum Modal {
    /// The file browser, to choose a file to open for its purpose.
    Browse(Browser),
    /// The file browser, to choose where to save; `then` runs once saved.
    SaveAs {
        /// The browser.
        browser: Browser,
        /// What the unsaved-changes prompt was answered for, if it was.
        then: Option<After>,
    },
    /// "Unsaved changes": save, discard or cancel before `then`.
    Unsaved {
        /// What runs once the changes are saved or discarded.
        then: After,
        /// The dialog the prompt came over (the window's close request
        /// comes whatever is open): it opens again when the prompt is
        /// cancelled.
        under: Option<Box<Modal>>,
    },
    /// "Restore unsaved work?" for the work an earlier run left.
    Restore(Restorable),
    /// The groups of a strategy, to import one.
    Import(ImportPick),
    /// The strategy's share link, shown (and copied).
    Share(SharePanel),
    /// A link to paste, to open the strategy it carries (the text so far).
    OpenLink(String),
}

/// How a dialog was closed.
#[derive(Debug)]
pub enum Answer {
    /// A file was chosen to open for this purpose.
    Open(Purpose, PathBuf),
    /// A file was chosen to save to; then this runs.
    SaveTo(PathBuf, Option<After>),
    /// Save the unsaved changes, then this.
    SaveFirst(After),
    /// Discard the unsaved changes, then this.
    Discard(After),
    /// Restore this work.
    Restore(Restorable),
    /// Delete the recovered work.
    DiscardRestorable,
    /// Import the group of this id from the pick.
    Import(ImportPick, String),
    /// Open the strategy of this pasted link.
    OpenLink(String),
    /// Closed without a choice.
    Cancelled,
}

/// A dialog after one frame: still open, or answered.
pub enum Shown {
    /// Open: the dialog, to show again next frame.
    Open(Modal),
    /// Closed with this answer.
    Closed(Answer),
}

impl super::EditorView {
    /// Makes the strategy's share link, copies it and shows it.
    pub(super) fn share(&mut self, ctx: &egui::Context) {
        let link = share_link(&platform::share_base(), self.doc.strategy());
        ctx.copy_text(link.clone());
        self.modal = Some(Modal::Share(SharePanel { link }));
    }

    /// Opens the dialog to paste a share link into.
    pub(super) fn ask_link(&mut self) {
        self.modal = Some(Modal::OpenLink(String::new()));
    }
}

impl Modal {
    /// A browser for `purpose` showing `dir`, with `name` filled in.
    pub fn browse(purpose: Purpose, dir: PathBuf, name: String) -> Modal {
        let browser = Browser::new(purpose, dir, name);
        match purpose {
            Purpose::SaveStrategy => Modal::SaveAs {
                browser,
                then: None,
            },
            Purpose::OpenStrategy
            | Purpose::OpenPosition
            | Purpose::OpenSuite
            | Purpose::ImportGroup => Modal::Browse(browser),
        }
    }

    /// Where the dialog comes in the order the dialogs are drawn in a frame
    /// (the browser, the prompt, the restore offer, the import list): one
    /// that an answer opens shows in the same frame when it comes later.
    pub fn order(&self) -> u8 {
        match self {
            Modal::Browse(_) | Modal::SaveAs { .. } => 0,
            Modal::Unsaved { .. } => 1,
            Modal::Restore(_) => 2,
            Modal::Import(_) => 3,
            Modal::Share(_) | Modal::OpenLink(_) => 4,
        }
    }

    /// Draws the dialog (`file`: the name of the strategy's file, which the
    /// prompt names); the dialog while it stays open, or its answer.
    pub fn ui(self, ctx: &egui::Context, file: &str) -> Shown {
        match self {
            Modal::Browse(mut browser) => match browser.ui(ctx) {
                None => Shown::Open(Modal::Browse(browser)),
                Some(Choice::File(path)) => Shown::Closed(Answer::Open(browser.purpose(), path)),
                Some(Choice::Cancelled) => Shown::Closed(Answer::Cancelled),
            },
            Modal::SaveAs { mut browser, then } => match browser.ui(ctx) {
                None => Shown::Open(Modal::SaveAs { browser, then }),
                Some(Choice::File(path)) => Shown::Closed(Answer::SaveTo(path, then)),
                Some(Choice::Cancelled) => Shown::Closed(Answer::Cancelled),
            },
            Modal::Unsaved { then, under } => match unsaved_ui(ctx, &then, file) {
                None => Shown::Open(Modal::Unsaved { then, under }),
                Some(Unsaved::Save) => Shown::Closed(Answer::SaveFirst(then)),
                Some(Unsaved::Discard) => Shown::Closed(Answer::Discard(then)),
                Some(Unsaved::Cancel) => match under {
                    Some(dialog) => Shown::Open(*dialog),
                    None => Shown::Closed(Answer::Cancelled),
                },
            },
            Modal::Restore(found) => match restore_ui(ctx, &found) {
                None => Shown::Open(Modal::Restore(found)),
                Some(true) => Shown::Closed(Answer::Restore(found)),
                Some(false) => Shown::Closed(Answer::DiscardRestorable),
            },
            Modal::Import(pick) => match pick.ui(ctx) {
                None => Shown::Open(Modal::Import(pick)),
                Some(ImportChoice::Group(id)) => Shown::Closed(Answer::Import(pick, id)),
                Some(ImportChoice::Cancelled) => Shown::Closed(Answer::Cancelled),
            },
            Modal::Share(panel) => match share_ui(ctx, &panel) {
                ShareAnswer::Open | ShareAnswer::OpenLink(_) => Shown::Open(Modal::Share(panel)),
                ShareAnswer::Closed => Shown::Closed(Answer::Cancelled),
            },
            Modal::OpenLink(mut text) => match open_link_ui(ctx, &mut text) {
                ShareAnswer::Open => Shown::Open(Modal::OpenLink(text)),
                ShareAnswer::OpenLink(link) => Shown::Closed(Answer::OpenLink(link)),
                ShareAnswer::Closed => Shown::Closed(Answer::Cancelled),
            },
        }
    }
}

/// The answers of the unsaved-changes prompt.
enum Unsaved {
    Save,
    Discard,
    Cancel,
}

/// The prompt before `after` loses the unsaved changes of `file`; the
/// answer once given.
fn unsaved_ui(ctx: &egui::Context, after: &After, file: &str) -> Option<Unsaved> {
    let what = match after {
        After::New => "starting a new strategy",
        After::Open(_) => "opening another strategy",
        After::Shared(_) => "opening the strategy of the link",
        After::Close => "closing",
    };
    let mut answer = None;
    let modal = egui::Modal::new(egui::Id::new("editor_unsaved")).show(ctx, |ui| {
        ui.set_width(crate::gui::layout::dialog_width(ctx, 380.0));
        ui.heading("Unsaved changes");
        ui.label(format!(
            "{file} has changes that are not saved. Save them before {what}?"
        ));
        ui.add_space(6.0);
        ui.horizontal(|ui| {
            if ui.button("Save").clicked() {
                answer = Some(Unsaved::Save);
            }
            if ui.button("Discard").clicked() {
                answer = Some(Unsaved::Discard);
            }
            if ui.button("Cancel").clicked() {
                answer = Some(Unsaved::Cancel);
            }
        });
    });
    if modal.should_close() && answer.is_none() {
        answer = Some(Unsaved::Cancel);
    }
    answer
}

/// The offer to restore `found`: `true` to restore, `false` to discard,
/// once answered.
fn restore_ui(ctx: &egui::Context, found: &Restorable) -> Option<bool> {
    let file = found.location.file_name();
    let when = found
        .written
        .and_then(|t| std::time::SystemTime::now().duration_since(t).ok())
        .map_or_else(String::new, |d| match d.as_secs() {
            s if s < 120 => format!(" (last written {s} seconds ago)"),
            s if s < 7200 => format!(" (last written {} minutes ago)", s / 60),
            s => format!(" (last written {} hours ago)", s / 3600),
        });
    let mut answer = None;
    egui::Modal::new(egui::Id::new("editor_restore")).show(ctx, |ui| {
        ui.set_width(crate::gui::layout::dialog_width(ctx, 400.0));
        ui.heading("Restore unsaved work?");
        ui.label(format!(
            "chainlab was closed while {file} had unsaved changes{when}. \
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
        ui.label(RichText::new("Discarding deletes the recovered copy.").color(theme::MUTED_TEXT));
    });
    answer
}
