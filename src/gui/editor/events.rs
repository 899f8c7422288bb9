//! What the editor's canvas reports from one frame: the edits the user asked
//! for, a refused connection, clicks, a node menu's choice, where nodes were
//! drawn. The viewer and its menus only fill these in; the editor applies
//! them after the frame, so nothing changes the model while it is drawn.

use egui::Rect;

use crate::strategy::NodeId;

use super::edit::Edit;

/// What a node's context menu asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NodeAction {
    /// Delete the node (or the selection it belongs to).
    Delete(NodeId),
    /// Duplicate the node (or the selection it belongs to).
    Duplicate(NodeId),
    /// Copy the node (or the selection it belongs to).
    Copy(NodeId),
    /// Name the node (open its rename field).
    Rename(NodeId),
    /// Put a frame around the node (or the selection it belongs to).
    Frame(NodeId),
    /// Group the node (or the selection it belongs to).
    Group(NodeId),
    /// Replace the group instance by its nodes.
    Ungroup(NodeId),
    /// Open the group instance: show and edit its group's body.
    Open(NodeId),
}

impl NodeAction {
    /// The node the menu belonged to.
    pub fn node(self) -> NodeId {
        match self {
            NodeAction::Delete(id)
            | NodeAction::Duplicate(id)
            | NodeAction::Copy(id)
            | NodeAction::Rename(id)
            | NodeAction::Frame(id)
            | NodeAction::Group(id)
            | NodeAction::Ungroup(id)
            | NodeAction::Open(id) => id,
        }
    }
}

/// What happened on the canvas this frame.
#[derive(Debug, Default)]
pub struct CanvasEvents {
    /// Edits to apply, in order.
    pub edits: Vec<Edit>,
    /// Why a connection was refused.
    pub refused: Option<String>,
    /// A node whose title was clicked.
    pub clicked_node: Option<NodeId>,
    /// A node whose title was right-clicked (its menu opens).
    pub menu_node: Option<NodeId>,
    /// A node menu's choice.
    pub action: Option<NodeAction>,
    /// Every node's rectangle as drawn, in drawing order (canvas coordinates).
    pub rects: Vec<(NodeId, Rect)>,
    /// The nodes drawn with their titles only (zoomed out), with the title.
    pub titles_only: Vec<(NodeId, String)>,
    /// Whether an add-node menu was open.
    pub menu_open: bool,
}
