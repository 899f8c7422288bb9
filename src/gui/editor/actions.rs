//! The editor's actions on the graph: adding a node in view (or where a
//! kind from the palette is dropped), applying an edit (new nodes become
//! the selection, a refusal is shown), copy and paste (through the
//! [`Clipboard`](super::clipboard::Clipboard)), what the
//! canvas reported after a frame (a new frame opens its title for typing; a
//! node menu's choice runs on the node or on the selection it belongs to),
//! and undo and redo. Edits act on the graph shown, the top level or an
//! opened group's body (see [`super::scope`]).

use std::collections::BTreeSet;

use crate::strategy::{Kind, NodeId};

use super::EditorView;
use super::annotate::FrameEdit;
use super::edit::Edit;
use super::events::{CanvasEvents, NodeAction};
use super::frame::Focus;
use super::palette::PaletteDrag;
use super::view::NODE_GUESS;

impl EditorView {
    /// Adds a node of `kind` in the visible middle of the canvas on no
    /// other node; when the view is full, beside the graph, brought into view.
    pub(super) fn add_in_view(&mut self, kind: Kind, now: f64) {
        let spot = self.canvas.free_spot(self.doc.graph(), kind);
        let pos = spot.unwrap_or_else(|| self.canvas.spot_beside(self.doc.graph()));
        self.apply(
            Edit::Add {
                kind,
                pos,
                link: None,
            },
            now,
        );
        if spot.is_none()
            && let Some(&id) = self.canvas.selection.iter().next()
        {
            self.canvas.focus(id);
        }
    }

    /// Applies an edit; new nodes become the selection; a refusal is shown.
    pub(super) fn apply(&mut self, edit: Edit, now: f64) {
        match self.doc.apply(edit, now, self.press) {
            Ok(created) => {
                if !created.is_empty() {
                    self.canvas.select(created.into_iter().collect());
                }
            }
            Err(e) => self.notify_error(e),
        }
        self.canvas.prune(self.doc.graph());
    }

    /// Applies what the canvas reported this frame.
    pub(super) fn handle(&mut self, events: CanvasEvents, ctx: &egui::Context, now: f64) {
        let changed = !events.edits.is_empty();
        for edit in events.edits {
            let adds_frame = matches!(edit, Edit::Frame(FrameEdit::Add(_)));
            let frames = self.doc.graph().frames.len();
            self.apply(edit, now);
            if adds_frame && self.doc.graph().frames.len() > frames {
                self.canvas.frames.edit(frames, Focus::Title);
            }
        }
        if let Some(reason) = events.refused {
            self.notify_error(reason);
        }
        if let Some(action) = events.action {
            self.node_action(action, ctx, now);
        }
        if changed {
            ctx.request_repaint();
        }
    }

    /// Runs a node menu's choice: on the selection when the node belongs to
    /// it, else on the node alone.
    fn node_action(&mut self, action: NodeAction, ctx: &egui::Context, now: f64) {
        let id = action.node();
        let ids = if self.canvas.selection.contains(&id) {
            self.canvas.selection.clone()
        } else {
            BTreeSet::from([id])
        };
        match action {
            NodeAction::Delete(_) => self.apply(Edit::Delete(ids), now),
            NodeAction::Duplicate(_) => self.apply(Edit::Duplicate(ids), now),
            NodeAction::Copy(_) => self.copy(&ids, ctx),
            NodeAction::Rename(_) => self.rename(id),
            NodeAction::Frame(_) => self.frame_nodes(&ids, now),
            NodeAction::Group(_) => self.group_nodes(ids, now),
            NodeAction::Ungroup(_) => self.ungroup_node(id, now),
            NodeAction::Open(_) => self.open_group(id),
        }
    }

    /// A kind dragged from the palette and released over the canvas is added there.
    pub(super) fn drop_ui(&mut self, ctx: &egui::Context, now: f64) {
        let (released, pointer) = ctx.input(|i| (i.pointer.any_released(), i.pointer.latest_pos()));
        let Some(p) = pointer.filter(|p| released && self.canvas.view.screen.contains(*p)) else {
            return;
        };
        if let Some(drag) = egui::DragAndDrop::take_payload::<PaletteDrag>(ctx) {
            let at = self.canvas.to_canvas(p) - NODE_GUESS / 2.0;
            let PaletteDrag(kind) = *drag;
            self.apply(
                Edit::Add {
                    kind,
                    pos: [at.x.round(), at.y.round()],
                    link: None,
                },
                now,
            );
        }
    }

    /// Copies `ids` within the app (and as strategy text to the clipboard).
    pub(super) fn copy(&mut self, ids: &BTreeSet<NodeId>, ctx: &egui::Context) {
        let done = self.clipboard.copy(self.doc.graph(), ids, ctx);
        self.notify(done);
    }

    /// Pastes the copied nodes under the pointer (or next to the originals).
    pub(super) fn paste(&mut self, ctx: &egui::Context, now: f64) {
        if let Some(edit) = self.clipboard.paste(ctx, &self.canvas) {
            self.apply(edit, now);
        }
    }

    /// Undoes the last edit (of whichever graph it changed).
    pub(super) fn undo(&mut self) {
        if self.doc.undo() {
            self.canvas.prune(self.doc.graph());
        }
    }

    /// Redoes the last undone edit.
    pub(super) fn redo(&mut self) {
        if self.doc.redo() {
            self.canvas.prune(self.doc.graph());
        }
    }
}
