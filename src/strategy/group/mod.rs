//! Groups (sub-models): a definition with named inputs and outputs and a body
//! graph, used as one node by any number of instances. Definitions live in
//! the top-level strategy; each instance carries a copy of its definition's
//! pins, which [`Strategy::set_group`] keeps in step.
//!
//! This folder holds the editing of groups, which changes the model: the
//! definitions and their sync (this file), where an edit acts and how groups
//! may nest (`scope.rs`), a group's interface (`interface.rs`), making a
//! group of a selection (`make.rs`), ungrouping (`ungroup.rs`) and importing
//! from another strategy (`import.rs`). Inlining groups for the compiler is a
//! concern of its own (`strategy/flatten/`): it never changes the model, and
//! the compiler, not the editor, asks for it.

mod import;
mod interface;
mod make;
mod scope;
mod ungroup;

use std::collections::BTreeMap;

use crate::strategy::graph::{GroupDef, Strategy};
use crate::strategy::kind::NodeKind;
use crate::strategy::kind::pins::GroupPin;

impl Strategy {
    /// The group definitions, by id.
    pub fn groups(&self) -> &BTreeMap<String, GroupDef> {
        &self.groups
    }

    /// The group definition `id`.
    pub fn group(&self, id: &str) -> Option<&GroupDef> {
        self.groups.get(id)
    }

    /// Adds or replaces the definition `id`, then brings every copy of its
    /// pins up to date: the interface nodes inside it and the instances in
    /// the strategy and in every group body. Wires into pins that no longer
    /// exist are removed.
    pub fn set_group(&mut self, id: impl Into<String>, def: GroupDef) {
        self.groups.insert(id.into(), def);
        self.sync_groups();
    }

    /// Removes the definition `id` (instances of it stay and are reported by
    /// the validator).
    pub fn remove_group(&mut self, id: &str) -> Option<GroupDef> {
        self.groups.remove(id)
    }

    /// The body of group `id`, for editing nodes and wires inside it. Change
    /// the group's pins only through [`Strategy::set_group`].
    pub fn group_body_mut(&mut self, id: &str) -> Option<&mut Strategy> {
        self.groups.get_mut(id).map(|d| &mut d.body)
    }

    /// A free group id made from `name`: lower case letters, digits and
    /// dashes, with a number added when it is taken.
    pub fn new_group_id(&self, name: &str) -> String {
        let mut base: String = name
            .chars()
            .map(|c| {
                if c.is_alphanumeric() {
                    c.to_ascii_lowercase()
                } else {
                    '-'
                }
            })
            .collect::<String>()
            .split('-')
            .filter(|p| !p.is_empty())
            .collect::<Vec<_>>()
            .join("-");
        base.truncate(40);
        if base.is_empty() {
            base = "group".to_string();
        }
        if !self.groups.contains_key(&base) {
            return base;
        }
        (2u32..)
            .map(|n| format!("{base}-{n}"))
            .find(|id| !self.groups.contains_key(id))
            .unwrap_or(base)
    }

    /// Brings every copy of group pins up to date with the definitions (see
    /// [`Strategy::set_group`]).
    pub fn sync_groups(&mut self) {
        let pins: BTreeMap<String, (Vec<GroupPin>, Vec<GroupPin>)> = self
            .groups
            .iter()
            .map(|(id, d)| (id.clone(), (d.inputs.clone(), d.outputs.clone())))
            .collect();
        sync_instances(self, &pins);
        for def in self.groups.values_mut() {
            sync_interface(&mut def.body, &def.inputs, &def.outputs);
            sync_instances(&mut def.body, &pins);
        }
    }
}

/// Copies the definitions' pins into every instance in `graph`, dropping
/// wires into or out of pins that are gone.
fn sync_instances(graph: &mut Strategy, pins: &BTreeMap<String, (Vec<GroupPin>, Vec<GroupPin>)>) {
    let mut changed = false;
    for node in graph.nodes_mut() {
        if let NodeKind::Group {
            def,
            inputs,
            outputs,
        } = &mut node.kind
            && let Some((i, o)) = pins.get(def.as_str())
            && (inputs != i || outputs != o)
        {
            *inputs = i.clone();
            *outputs = o.clone();
            changed = true;
        }
    }
    if changed {
        graph.drop_dangling_wires();
    }
}

/// Copies the pins into the group's own interface nodes.
fn sync_interface(body: &mut Strategy, inputs: &[GroupPin], outputs: &[GroupPin]) {
    for node in body.nodes_mut() {
        match &mut node.kind {
            NodeKind::GroupInput { index, pin } => {
                if let Some(p) = inputs.get(*index) {
                    *pin = p.clone();
                }
            }
            NodeKind::GroupOutput { index, pin } => {
                if let Some(p) = outputs.get(*index) {
                    *pin = p.clone();
                }
            }
            _ => {}
        }
    }
    body.drop_dangling_wires();
}
