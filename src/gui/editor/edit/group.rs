//! The editor's edits of groups: group a selection, ungroup an instance,
//! rename the group, rename, reorder, add and remove its pins, and import a
//! group from another strategy. Each is one [`super::Edit::Group`],
//! applied through the document like every edit, so undo and redo restore
//! exactly the state before and after it.

use std::collections::BTreeSet;

use crate::strategy::{GroupPin, NodeId, PinSide, Strategy};

/// One change of the groups of a strategy.
#[derive(Clone, Debug, PartialEq)]
pub enum GroupEdit {
    /// Group these nodes of the graph shown into a new group named `name`.
    Group {
        /// The nodes.
        nodes: BTreeSet<NodeId>,
        /// The new group's name.
        name: String,
    },
    /// Replace this instance by its group's nodes.
    Ungroup(NodeId),
    /// Rename group `def`.
    Rename {
        /// The group.
        def: String,
        /// The new name.
        name: String,
    },
    /// Rename one of a group's pins.
    RenamePin {
        /// The group.
        def: String,
        /// Input or output.
        side: PinSide,
        /// The pin's number.
        index: usize,
        /// The new name.
        name: String,
    },
    /// Move one of a group's pins to another place in its list.
    MovePin {
        /// The group.
        def: String,
        /// Input or output.
        side: PinSide,
        /// The pin's number now.
        from: usize,
        /// Its number after the move.
        to: usize,
    },
    /// Add a pin to a group (with its node in the body).
    AddPin {
        /// The group.
        def: String,
        /// Input or output.
        side: PinSide,
        /// The new pin.
        pin: GroupPin,
    },
    /// Remove one of a group's pins.
    RemovePin {
        /// The group.
        def: String,
        /// Input or output.
        side: PinSide,
        /// The pin's number.
        index: usize,
    },
    /// Copy group `id` of `from` (with the groups it uses) and put an
    /// instance of it at `pos` in the graph shown.
    Import {
        /// The strategy it comes from.
        from: Box<Strategy>,
        /// The group's id there.
        id: String,
        /// Where the instance goes.
        pos: [f32; 2],
    },
}

impl GroupEdit {
    /// The words for the undo button ("Undo group 5 nodes").
    pub fn label(&self) -> String {
        match self {
            GroupEdit::Group { nodes, .. } if nodes.len() == 1 => "group node".to_string(),
            GroupEdit::Group { nodes, .. } => format!("group {} nodes", nodes.len()),
            GroupEdit::Ungroup(_) => "ungroup".to_string(),
            GroupEdit::Rename { .. } => "rename group".to_string(),
            GroupEdit::RenamePin { side, .. } => format!("rename group {}", side.name()),
            GroupEdit::MovePin { side, .. } => format!("reorder group {}s", side.name()),
            GroupEdit::AddPin { side, .. } => format!("add group {}", side.name()),
            GroupEdit::RemovePin { side, .. } => format!("remove group {}", side.name()),
            GroupEdit::Import { from, id, .. } => {
                format!("import group '{}'", from.group_name(id))
            }
        }
    }

    /// Applies the edit to the strategy `top`, in the graph of `scope`.
    /// Returns the nodes it created (to select them), or why it was refused.
    pub fn apply(self, top: &mut Strategy, scope: Option<&str>) -> Result<Vec<NodeId>, String> {
        let text = |e: crate::strategy::StrategyError| e.to_string();
        match self {
            GroupEdit::Group { nodes, name } => top
                .group_nodes_in(scope, &nodes, &name)
                .map(|(_, id)| vec![id])
                .map_err(text),
            GroupEdit::Ungroup(id) => top.ungroup_in(scope, id).map_err(text),
            GroupEdit::Rename { def, name } => {
                top.rename_group(&def, &name).map_err(text)?;
                Ok(Vec::new())
            }
            GroupEdit::RenamePin {
                def,
                side,
                index,
                name,
            } => {
                top.rename_group_pin(&def, side, index, &name)
                    .map_err(text)?;
                Ok(Vec::new())
            }
            GroupEdit::MovePin {
                def,
                side,
                from,
                to,
            } => {
                top.move_group_pin(&def, side, from, to).map_err(text)?;
                Ok(Vec::new())
            }
            GroupEdit::AddPin { def, side, pin } => {
                let id = top.add_group_pin(&def, side, pin).map_err(text)?;
                // The new node is selected when its body is the graph shown.
                Ok(if scope == Some(def.as_str()) {
                    vec![id]
                } else {
                    Vec::new()
                })
            }
            GroupEdit::RemovePin { def, side, index } => {
                top.remove_group_pin(&def, side, index).map_err(text)?;
                Ok(Vec::new())
            }
            GroupEdit::Import { from, id, pos } => {
                let here = top.import_group(&from, &id).map_err(text)?;
                let node = top.add_instance(scope, &here, pos).map_err(text)?;
                Ok(vec![node])
            }
        }
    }
}
