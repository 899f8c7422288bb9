//! The editor's actions on the graph: adding a node in view, applying an
//! edit (new nodes become the selection, a refusal is shown), what the
//! canvas reported after a frame, and undo and redo. Edits act on the graph
//! shown, the top level or an opened group's body (see [`super::scope`]).

use std::collections::BTreeSet;

use crate::strategy::Kind;

use super::EditorView;
use super::edit::Edit;
use super::events::{CanvasEvents, NodeAction};

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

    pub(super) fn handle(&mut self, events: CanvasEvents, ctx: &egui::Context, now: f64) {
        let changed = !events.edits.is_empty();
        for edit in events.edits {
            self.apply(edit, now);
        }
        if let Some(reason) = events.refused {
            self.notify_error(reason);
        }
        if let Some(action) = events.action {
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
                NodeAction::Group(_) => self.group_nodes(ids, now),
                NodeAction::Ungroup(_) => self.ungroup_node(id, now),
                NodeAction::Open(_) => self.open_group(id),
            }
        }
        if changed {
            ctx.request_repaint();
        }
    }

    pub(super) fn undo(&mut self) {
        if self.doc.undo() {
            self.canvas.prune(self.doc.graph());
        }
    }

    pub(super) fn redo(&mut self) {
        if self.doc.redo() {
            self.canvas.prune(self.doc.graph());
        }
    }
}
