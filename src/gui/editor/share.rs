//! Share links in the editor: "Share link" makes the link of the strategy
//! (to the page's own address in the browser, to the hosted page on the
//! desktop), copies it and shows it; "Open link…" takes a pasted link; a
//! link the page was opened with arrives through [`EditorView::open_link`].
//! The encoding is [`crate::strategy::share_link`]'s.
//!
//! Invariant: a link that cannot be read changes nothing but the message
//! shown; one that can replaces the document only through
//! [`After::Shared`], so unsaved work is first offered for saving.

use crate::strategy::strategy_from_link;

use super::EditorView;
use super::document::{Document, Location};
use super::file::After;
use super::settings::EditorSettings;

/// The "Share link" dialog's state: the link shown.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SharePanel {
    /// The link, copied when the dialog opened.
    pub link: String,
}

/// How the share dialogs closed.
pub enum ShareAnswer {
    /// Still open.
    Open,
    /// Closed.
    Closed,
    /// "Open" with this pasted text.
    OpenLink(String),
}

impl EditorView {
    /// Opens the strategy `text` (a share link) carries as unsaved work
    /// (first offering to save unsaved changes), or says why it cannot.
    pub fn open_link(&mut self, text: &str, settings: &mut EditorSettings, ctx: &egui::Context) {
        match strategy_from_link(text) {
            Ok(strategy) => self.request(After::Shared(Box::new(strategy)), settings, ctx),
            Err(e) => self
                .notices
                .set_banner(format!("Could not open the link: {e}")),
        }
    }

    /// Replaces the document by `strategy` from a link: unsaved, with no
    /// file, named after the strategy (Save offers its name).
    pub(super) fn open_shared(&mut self, strategy: crate::strategy::Strategy) {
        let name = strategy.name.clone();
        self.replace(Document::restored(strategy, Location::Untitled, None));
        self.notices.notify(format!(
            "Opened '{name}' from a link: it is not saved yet (Save keeps a copy)"
        ));
    }
}

/// The "Share link" dialog.
pub fn share_ui(ctx: &egui::Context, panel: &SharePanel) -> ShareAnswer {
    let mut answer = ShareAnswer::Open;
    let modal = egui::Modal::new(egui::Id::new("editor_share")).show(ctx, |ui| {
        ui.set_width(crate::gui::layout::dialog_width(ctx, 460.0));
        ui.heading("Share link");
        ui.label(format!(
            "The link holds the whole strategy ({} characters); it was copied. \
             Opening it loads the strategy in the web page's editor.",
            panel.link.len()
        ));
        let mut shown = panel.link.as_str();
        let r = ui.add(
            egui::TextEdit::multiline(&mut shown)
                .desired_rows(4)
                .desired_width(f32::INFINITY),
        );
        r.widget_info(|| egui::WidgetInfo::labeled(egui::WidgetType::TextEdit, true, "share link"));
        if let Some(note) = crate::strategy::placeholder_note(&panel.link) {
            // The note is a sentence here: "This chainlab … as it is."
            let note = format!("T{}.", note.strip_prefix('t').unwrap_or(note));
            ui.label(egui::RichText::new(note).color(crate::gui::theme::MUTED_TEXT));
        }
        ui.horizontal(|ui| {
            if ui.button("Copy again").clicked() {
                ui.ctx().copy_text(panel.link.clone());
            }
            if ui.button("Close").clicked() {
                answer = ShareAnswer::Closed;
            }
        });
    });
    if modal.should_close() {
        answer = ShareAnswer::Closed;
    }
    answer
}

/// The "Open link" dialog: `text` is the link typed or pasted so far.
pub fn open_link_ui(ctx: &egui::Context, text: &mut String) -> ShareAnswer {
    let mut answer = ShareAnswer::Open;
    let modal = egui::Modal::new(egui::Id::new("editor_open_link")).show(ctx, |ui| {
        ui.set_width(crate::gui::layout::dialog_width(ctx, 460.0));
        ui.heading("Open link");
        ui.label("Paste a share link (…#s=…) to open its strategy.");
        let r = ui.add(
            egui::TextEdit::singleline(text)
                .desired_width(f32::INFINITY)
                .hint_text("https://…#s=…"),
        );
        r.widget_info(|| egui::WidgetInfo::labeled(egui::WidgetType::TextEdit, true, "link"));
        // The field takes the keys as the dialog opens: a link pasted at
        // once lands in it.
        let opened = ui
            .ctx()
            .data_mut(|d| !d.get_temp::<bool>(egui::Id::new(FOCUSED)).unwrap_or(false));
        if opened {
            r.request_focus();
            ui.ctx()
                .data_mut(|d| d.insert_temp(egui::Id::new(FOCUSED), true));
        }
        let enter = r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        ui.horizontal(|ui| {
            let open = ui.add_enabled(!text.trim().is_empty(), egui::Button::new("Open"));
            if open.clicked() || (enter && !text.trim().is_empty()) {
                answer = ShareAnswer::OpenLink(text.clone());
            }
            if ui.button("Cancel").clicked() {
                answer = ShareAnswer::Closed;
            }
        });
    });
    if modal.should_close() && matches!(answer, ShareAnswer::Open) {
        answer = ShareAnswer::Closed;
    }
    if !matches!(answer, ShareAnswer::Open) {
        ctx.data_mut(|d| d.remove::<bool>(egui::Id::new(FOCUSED)));
    }
    answer
}

/// The key of the flag set while the "Open link" dialog is open and its
/// field has been given the focus once.
const FOCUSED: &str = "editor_open_link_focused";
