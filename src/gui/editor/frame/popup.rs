//! Making frames and editing them: "Frame selection" puts a frame around
//! the chosen nodes and opens its title for typing; the frame editor (a
//! double-click on a title, "Rename…" or "Notes…") edits the title, the
//! notes and the colour. Each change is an edit; typing is one undo step.

use std::collections::BTreeSet;

use egui::{Key, Pos2, Rect, RichText, TextEdit, WidgetInfo, WidgetType};

use crate::gui::theme;
use crate::strategy::{FRAME_COLOURS, Frame, NodeId};

use super::super::EditorView;
use super::super::annotate::FrameEdit;
use super::super::edit::Edit;
use super::super::labels::{pressed_outside, select_all};
use super::super::view::NODE_GUESS;
use super::{Focus, FrameEditor, PAD, TITLE_H, colour_swatches};

/// What the frame editor asked for, besides typing.
#[derive(Clone, Debug, Default)]
struct EditorOutcome {
    edits: Vec<FrameEdit>,
    close: bool,
}

impl EditorView {
    /// Where the title bar of frame `index` was drawn last, on screen (none
    /// when a collapsed frame hides it).
    pub fn frame_bar_screen_rect(&self, index: usize) -> Option<Rect> {
        let l = self.canvas.frames.layout(index)?;
        Some(self.canvas.view.transform * l.bar)
    }

    /// Where the resize corner of frame `index` was drawn last, on screen.
    pub fn frame_grip_screen_rect(&self, index: usize) -> Option<Rect> {
        let grip = self.canvas.frames.layout(index)?.grip?;
        Some(self.canvas.view.transform * grip)
    }

    /// Where the collapse arrow of frame `index` was drawn last, on screen.
    pub fn frame_arrow_screen_rect(&self, index: usize) -> Option<Rect> {
        let l = self.canvas.frames.layout(index)?;
        Some(self.canvas.view.transform * l.arrow)
    }

    /// Puts a frame around the nodes `ids` (with room around them and for
    /// the title) and opens its title for typing.
    pub(in crate::gui::editor) fn frame_nodes(&mut self, ids: &BTreeSet<NodeId>, now: f64) {
        let s = self.doc.graph();
        let mut bb = Rect::NOTHING;
        for id in ids {
            let Some(n) = s.node(*id) else { continue };
            let guess = Rect::from_min_size(Pos2::new(n.pos[0], n.pos[1]), NODE_GUESS);
            bb = bb.union(self.canvas.view.rects.get(id).copied().unwrap_or(guess));
        }
        if !bb.is_positive() {
            return;
        }
        let rect = [
            (bb.min.x - PAD).round(),
            (bb.min.y - PAD - TITLE_H).round(),
            (bb.width() + 2.0 * PAD).round(),
            (bb.height() + 2.0 * PAD + TITLE_H).round(),
        ];
        let index = s.frames.len();
        let mut frame = Frame::new("Frame", rect);
        frame.colour = (index % usize::from(FRAME_COLOURS)) as u8;
        self.apply(Edit::Frame(FrameEdit::Add(frame)), now);
        if self.doc.graph().frames.len() > index {
            self.canvas.frames.edit(index, Focus::Title);
        }
    }

    /// The editor of the frame chosen, above its title bar.
    pub(in crate::gui::editor) fn frame_editor_ui(&mut self, ctx: &egui::Context, now: f64) {
        let Some(mut open) = self.canvas.frames.editor else {
            return;
        };
        let Some(frame) = self.doc.graph().frames.get(open.index).cloned() else {
            self.canvas.frames.editor = None;
            return;
        };
        let t = self.canvas.view.transform;
        let anchor = self.canvas.frames.layout(open.index).map_or_else(
            || self.canvas.view.screen.center(),
            |l| (t * l.bar).left_top() - egui::vec2(0.0, 4.0),
        );
        let shown = egui::Area::new(egui::Id::new("frame editor"))
            .order(egui::Order::Foreground)
            .pivot(egui::Align2::LEFT_BOTTOM)
            .fixed_pos(anchor)
            .constrain(true)
            .show(ctx, |ui| {
                egui::Frame::popup(ui.style())
                    .show(ui, |ui| frame_editor_body(ui, ctx, &mut open, &frame))
                    .inner
            });
        let outcome = shown.inner;
        let i = open.index;
        for edit in outcome.edits {
            self.apply(Edit::Frame(edit), now);
        }
        let escape = ctx.input(|i| i.key_pressed(Key::Escape));
        let outside = pressed_outside(ctx, shown.response.rect, open.shown);
        if outcome.close || escape || outside || i >= self.doc.graph().frames.len() {
            self.canvas.frames.editor = None;
            self.doc.seal();
        } else {
            open.shown = true;
            self.canvas.frames.editor = Some(open);
        }
    }
}

/// The frame editor's fields: title, notes, colour, collapse, delete, done.
fn frame_editor_body(
    ui: &mut egui::Ui,
    ctx: &egui::Context,
    open: &mut FrameEditor,
    frame: &Frame,
) -> EditorOutcome {
    let i = open.index;
    let mut out = EditorOutcome::default();
    ui.label(RichText::new("Frame").strong());
    let (mut title, mut notes) = (frame.title.clone(), frame.notes.clone());
    let title_id = egui::Id::new(("frame title", i));
    let notes_id = egui::Id::new(("frame notes", i));
    let r = ui.add(
        TextEdit::singleline(&mut title)
            .id(title_id)
            .hint_text("what the nodes inside do")
            .desired_width(260.0),
    );
    r.widget_info(|| WidgetInfo::labeled(WidgetType::TextEdit, true, "frame title"));
    if r.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter)) {
        out.close = true;
    }
    let n = ui.add(
        TextEdit::multiline(&mut notes)
            .id(notes_id)
            .hint_text("notes (optional), shown under the title")
            .desired_width(260.0)
            .desired_rows(2),
    );
    n.widget_info(|| WidgetInfo::labeled(WidgetType::TextEdit, true, "frame notes"));
    match open.focus.take() {
        Some(Focus::Title) => {
            r.request_focus();
            select_all(ctx, title_id, &title);
        }
        Some(Focus::Notes) => n.request_focus(),
        None => {}
    }
    if title != frame.title {
        out.edits.push(FrameEdit::Title(i, title));
    }
    if notes != frame.notes {
        out.edits.push(FrameEdit::Notes(i, notes));
    }
    ui.horizontal(|ui| {
        ui.label("Colour");
        if let Some(c) = colour_swatches(ui, frame.colour) {
            out.edits.push(FrameEdit::Colour(i, c));
        }
    });
    ui.horizontal(|ui| {
        let text = if frame.collapsed {
            "Expand"
        } else {
            "Collapse"
        };
        if ui.button(text).clicked() {
            out.edits.push(FrameEdit::Collapse(i, !frame.collapsed));
        }
        if ui
            .button("Delete frame")
            .on_hover_text("Removes the frame; the nodes inside stay.")
            .clicked()
        {
            out.edits.push(FrameEdit::Delete(i));
            out.close = true;
        }
        if ui.button("Done").clicked() {
            out.close = true;
        }
    });
    ui.label(
        RichText::new(
            "Drag the title to move the frame with its nodes; drag its corner to resize.",
        )
        .small()
        .color(theme::MUTED_TEXT),
    );
    out
}
