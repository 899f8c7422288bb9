//! What the editor does with a frame of canvas events: applies the edits
//! in order (a new frame opens its title for typing), shows a refusal, and
//! runs a node menu's choice on the node or on the selection it belongs to.

use std::collections::BTreeSet;

use super::EditorView;
use super::annotate::FrameEdit;
use super::edit::Edit;
use super::events::{CanvasEvents, NodeAction};
use super::frames::Focus;

impl EditorView {
    /// Applies what the canvas reported this frame.
    pub(super) fn handle(&mut self, events: CanvasEvents, ctx: &egui::Context, now: f64) {
        let changed = !events.edits.is_empty();
        for edit in events.edits {
            let adds_frame = matches!(edit, Edit::Frame(FrameEdit::Add(_)));
            let frames = self.doc.strategy().frames.len();
            self.apply(edit, now);
            if adds_frame && self.doc.strategy().frames.len() > frames {
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
        let (NodeAction::Delete(id)
        | NodeAction::Duplicate(id)
        | NodeAction::Copy(id)
        | NodeAction::Rename(id)
        | NodeAction::Frame(id)) = action;
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
        }
    }
}
