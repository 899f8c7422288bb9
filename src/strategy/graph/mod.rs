//! The editable graph: nodes with stable ids, parameters and editor
//! positions, and wires from a node's output to another node's input.
//!
//! Around it, in this folder: frames drawn behind nodes (`frame.rs`), the
//! numbers tuning may change (`tunable.rs`), the wire structure of a graph
//! (`topology.rs`), and building graphs in code and laying them out
//! (`builder.rs`).

pub(super) mod builder;
pub(super) mod frame;
pub(super) mod topology;
pub(super) mod tunable;

use std::borrow::Cow;
use std::collections::BTreeMap;

use crate::strategy::error::StrategyError;
use crate::strategy::id::NodeId;
use crate::strategy::kind::docs::{PinInfo, info};
use crate::strategy::kind::pins::{GroupPin, PinType};
use crate::strategy::kind::{Kind, NodeKind};
use frame::Frame;

/// One node of a strategy graph.
#[derive(Clone, Debug, PartialEq)]
pub struct Node {
    /// The stable id.
    pub id: NodeId,
    /// The kind and its parameters.
    pub kind: NodeKind,
    /// Where the editor draws it (canvas units).
    pub pos: [f32; 2],
    /// The name the learner gave it, such as "safety penalty" (shown in its
    /// title, in explain traces and in messages).
    pub label: Option<String>,
}

/// Pins of a group or group interface node, as [`PinInfo`]s.
fn group_pins<'a>(pins: impl Iterator<Item = &'a GroupPin>, doc: &'a str) -> Vec<PinInfo<'a>> {
    pins.map(|p| PinInfo {
        name: &p.name,
        ty: p.ty,
        default: 0,
        doc,
    })
    .collect()
}

impl Node {
    /// A node without a label.
    pub fn new(id: NodeId, kind: NodeKind, pos: [f32; 2]) -> Node {
        Node {
            id,
            kind,
            pos,
            label: None,
        }
    }

    /// The node's input pins: fixed by the kind, or named by the node's data
    /// (a Weighted sum's terms, a group's inputs).
    pub fn inputs(&self) -> Cow<'_, [PinInfo<'_>]> {
        match &self.kind {
            NodeKind::WeightedSum { terms } => Cow::Owned(
                terms
                    .iter()
                    .map(|t| PinInfo {
                        name: &t.label,
                        ty: PinType::Int,
                        default: 0,
                        doc: "the term's input; it is multiplied by the term's weight",
                    })
                    .collect(),
            ),
            NodeKind::Group { inputs, .. } => {
                Cow::Owned(group_pins(inputs.iter(), "an input of the group"))
            }
            NodeKind::GroupOutput { pin, .. } => Cow::Owned(group_pins(
                std::iter::once(pin),
                "the value this output of the group gives",
            )),
            kind => Cow::Borrowed(info(kind.kind()).inputs),
        }
    }

    /// Input pin number `index`, if the node has it.
    pub fn input(&self, index: usize) -> Option<PinInfo<'_>> {
        self.inputs().get(index).copied()
    }

    /// How many outputs the node has (groups may have several; most kinds
    /// one; Comment, Cell value and Group output none).
    pub fn output_count(&self) -> usize {
        match &self.kind {
            NodeKind::Group { outputs, .. } => outputs.len(),
            _ => usize::from(self.output().is_some()),
        }
    }

    /// The type of output number `output`, if the node has it.
    pub fn output_type(&self, output: usize) -> Option<PinType> {
        match &self.kind {
            NodeKind::Group { outputs, .. } => outputs.get(output).map(|p| p.ty),
            _ if output == 0 => self.output(),
            _ => None,
        }
    }

    /// The name of output number `output`: a group's output names; `None`
    /// for the single unnamed output of other kinds.
    pub fn output_name(&self, output: usize) -> Option<&str> {
        match &self.kind {
            NodeKind::Group { outputs, .. } => outputs.get(output).map(|p| p.name.as_str()),
            _ => None,
        }
    }

    /// The type of the node's first output, if it has one.
    pub fn output(&self) -> Option<PinType> {
        match &self.kind {
            NodeKind::Group { outputs, .. } => outputs.first().map(|p| p.ty),
            NodeKind::GroupInput { pin, .. } => Some(pin.ty),
            kind => info(kind.kind()).output,
        }
    }

    /// The node's title: its label when it has one, else the kind's title
    /// with parameters.
    pub fn title(&self) -> String {
        match &self.label {
            Some(l) => l.clone(),
            None => self.kind.title(),
        }
    }

    /// "node 7 'Add'", or "node 7 'safety penalty' (Add)" when labelled: how
    /// diagnostics name the node.
    pub fn label(&self) -> String {
        match &self.label {
            Some(l) => format!("node {} '{l}' ({})", self.id, self.kind.title()),
            None => format!("node {} '{}'", self.id, self.kind.title()),
        }
    }
}

/// A wire from output number `output` of `from` (0 for every kind but
/// groups) to input number `input` of `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Wire {
    /// The node whose output is read.
    pub to: NodeId,
    /// The input pin of `to` (index into its inputs).
    pub input: usize,
    /// The node that feeds it.
    pub from: NodeId,
    /// Which output of `from` (index into its outputs).
    pub output: usize,
}

impl Wire {
    /// A wire from the (first) output of `from` to input `input` of `to`.
    pub fn new(from: NodeId, to: NodeId, input: usize) -> Wire {
        Wire {
            to,
            input,
            from,
            output: 0,
        }
    }
}

/// A strategy: a named graph that values one cell.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Strategy {
    /// A short name.
    pub name: String,
    /// What the strategy teaches or does.
    pub description: String,
    nodes: Vec<Node>,
    wires: Vec<Wire>,
    /// Titled boxes drawn behind regions of the canvas, in drawing order.
    pub frames: Vec<Frame>,
    /// The group definitions by id (only in a top-level strategy: a group's
    /// body has none of its own).
    pub(super) groups: BTreeMap<String, GroupDef>,
}

impl Strategy {
    /// An empty strategy.
    pub fn new(name: impl Into<String>) -> Strategy {
        Strategy {
            name: name.into(),
            ..Strategy::default()
        }
    }

    /// The nodes, sorted by id.
    pub fn nodes(&self) -> &[Node] {
        &self.nodes
    }

    /// The wires, sorted by target node, input and source.
    pub fn wires(&self) -> &[Wire] {
        &self.wires
    }

    /// The node with `id`.
    pub fn node(&self, id: NodeId) -> Option<&Node> {
        self.nodes
            .binary_search_by_key(&id, |n| n.id)
            .ok()
            .and_then(|i| self.nodes.get(i))
    }

    /// The node with `id`, for editing its parameters or position.
    pub fn node_mut(&mut self, id: NodeId) -> Option<&mut Node> {
        self.nodes
            .binary_search_by_key(&id, |n| n.id)
            .ok()
            .and_then(|i| self.nodes.get_mut(i))
    }

    /// Every node, mutably (ids must not change: they keep the order).
    pub(super) fn nodes_mut(&mut self) -> impl Iterator<Item = &mut Node> + '_ {
        self.nodes.iter_mut()
    }

    /// Removes wires into inputs or out of outputs that no longer exist
    /// (after a group's or a Weighted sum's pins changed).
    pub fn drop_dangling_wires(&mut self) {
        let nodes = &self.nodes;
        let find = |id: NodeId| {
            nodes
                .binary_search_by_key(&id, |n| n.id)
                .ok()
                .and_then(|i| nodes.get(i))
        };
        self.wires.retain(|w| {
            let (Some(to), Some(from)) = (find(w.to), find(w.from)) else {
                return true;
            };
            w.input < to.inputs().len() && w.output < from.output_count()
        });
    }

    /// Sets the value of the Constant node `id`, keeping its tuning mark;
    /// `false` (and nothing changed) when there is no such constant.
    pub fn set_constant(&mut self, id: NodeId, to: i64) -> bool {
        self.set_tunable(tunable::Tunable::constant(id), to)
    }

    /// The id the next added node gets: one more than the largest id, or,
    /// when the largest id is `u32::MAX` (a file may use it), the smallest
    /// free id from 1.
    pub fn next_id(&self) -> NodeId {
        match self.nodes.last() {
            None => NodeId(1),
            Some(last) if last.id.0 < u32::MAX => NodeId(last.id.0 + 1),
            Some(_) => {
                let mut free = 1u32;
                for n in &self.nodes {
                    if n.id.0 > free {
                        break;
                    }
                    if n.id.0 == free {
                        free = free.saturating_add(1);
                    }
                }
                NodeId(free)
            }
        }
    }

    /// Replaces the nodes, sorting them by id (loading a file in any order
    /// takes O(n log n), not one insertion per node). The caller guarantees
    /// that the ids are unique.
    pub(super) fn set_nodes(&mut self, mut nodes: Vec<Node>) {
        nodes.sort_by_key(|n| n.id);
        self.nodes = nodes;
    }

    /// Replaces the wires, sorting them (see [`Strategy::set_nodes`]).
    pub(super) fn set_wires(&mut self, mut wires: Vec<Wire>) {
        wires.sort();
        self.wires = wires;
    }

    /// Adds a node with default parameters at `pos`.
    pub fn add(&mut self, kind: Kind, pos: [f32; 2]) -> NodeId {
        self.add_node(NodeKind::new(kind), pos)
    }

    /// Adds a node at `pos`.
    pub fn add_node(&mut self, kind: NodeKind, pos: [f32; 2]) -> NodeId {
        let id = self.next_id();
        let i = self.nodes.partition_point(|n| n.id < id);
        self.nodes.insert(i, Node::new(id, kind, pos));
        id
    }

    /// Inserts a node with a given id (used when loading files and pasting);
    /// fails when the id is taken.
    pub fn insert(&mut self, node: Node) -> Result<(), StrategyError> {
        match self.nodes.binary_search_by_key(&node.id, |n| n.id) {
            Ok(_) => Err(StrategyError::DuplicateId(node.id)),
            Err(i) => {
                self.nodes.insert(i, node);
                Ok(())
            }
        }
    }

    /// Removes a node and every wire touching it.
    pub fn remove(&mut self, id: NodeId) -> Option<Node> {
        let i = self.nodes.binary_search_by_key(&id, |n| n.id).ok()?;
        self.wires.retain(|w| w.from != id && w.to != id);
        Some(self.nodes.remove(i))
    }

    /// The wires feeding input `input` of `to` (more than one is an error the
    /// validator reports).
    pub fn feeds(&self, to: NodeId, input: usize) -> impl Iterator<Item = &Wire> + '_ {
        // Wires are sorted by (to, input, from): the feeds are one run.
        let start = self
            .wires
            .partition_point(|w| (w.to, w.input) < (to, input));
        self.wires[start..]
            .iter()
            .take_while(move |w| w.to == to && w.input == input)
    }

    /// All wires into `to`, by input.
    pub fn wires_into(&self, to: NodeId) -> impl Iterator<Item = &Wire> + '_ {
        let start = self.wires.partition_point(|w| w.to < to);
        self.wires[start..].iter().take_while(move |w| w.to == to)
    }

    /// Adds a wire as it is, without checks (loading keeps what the file says so
    /// that the validator can report it). Keeps the wires sorted.
    pub fn push_wire(&mut self, wire: Wire) {
        let i = self.wires.partition_point(|w| *w <= wire);
        self.wires.insert(i, wire);
    }

    /// Connects the output of `from` to input `input` of `to`, replacing any
    /// wire already feeding that input. Refuses, with the reason, what would
    /// make the graph wrong: unknown nodes or pins, a node without an output,
    /// a number into a yes/no input, or a cycle.
    pub fn connect(&mut self, from: NodeId, to: NodeId, input: usize) -> Result<(), StrategyError> {
        self.connect_wire(Wire::new(from, to, input))
    }

    /// Adds `wire` (from any output), replacing any wire already feeding its
    /// input, with the checks of [`Strategy::connect`].
    pub fn connect_wire(&mut self, wire: Wire) -> Result<(), StrategyError> {
        self.check_wire(wire)?;
        self.disconnect(wire.to, wire.input);
        self.push_wire(wire);
        Ok(())
    }

    /// Why `connect(from, to, input)` would be refused, if it would.
    pub fn check_connect(
        &self,
        from: NodeId,
        to: NodeId,
        input: usize,
    ) -> Result<(), StrategyError> {
        self.check_wire(Wire::new(from, to, input))
    }

    /// Why `connect_wire(wire)` would be refused, if it would.
    pub fn check_wire(&self, wire: Wire) -> Result<(), StrategyError> {
        let Wire {
            from,
            to,
            input,
            output,
        } = wire;
        let source = self.node(from).ok_or(StrategyError::UnknownNode(from))?;
        let target = self.node(to).ok_or(StrategyError::UnknownNode(to))?;
        let Some(out) = source.output_type(output) else {
            return Err(StrategyError::Refused(if output == 0 {
                format!("{} has no output", source.label())
            } else {
                format!("{} has no output number {output}", source.label())
            }));
        };
        let Some(pin) = target.input(input) else {
            return Err(StrategyError::Refused(format!(
                "{} has no input number {input}",
                target.label()
            )));
        };
        if !out.fits(pin.ty) {
            return Err(StrategyError::Refused(format!(
                "{} gives a {}, but input '{}' of {} needs a {}",
                source.label(),
                out.name(),
                pin.name,
                target.label(),
                pin.ty.name()
            )));
        }
        if from == to || self.reaches(to, from) {
            return Err(StrategyError::Refused(format!(
                "connecting {} to {} would make a cycle: a value cannot depend on itself",
                source.label(),
                target.label()
            )));
        }
        Ok(())
    }

    /// Removes the wire(s) feeding input `input` of `to`.
    pub fn disconnect(&mut self, to: NodeId, input: usize) {
        self.wires.retain(|w| !(w.to == to && w.input == input));
    }

    /// Removes one exact wire.
    pub fn remove_wire(&mut self, wire: Wire) {
        self.wires.retain(|w| *w != wire);
    }

    /// Whether the output of `from` flows, through wires, into `to`.
    pub fn reaches(&self, from: NodeId, to: NodeId) -> bool {
        // Search backwards from `to` (wires are sorted by target, so each
        // step is a binary search): is `from` among the nodes feeding it?
        let mut seen = std::collections::HashSet::new();
        let mut stack = vec![to];
        while let Some(n) = stack.pop() {
            if n == from {
                return true;
            }
            if seen.insert(n) {
                stack.extend(self.wires_into(n).map(|w| w.from));
            }
        }
        false
    }

    /// The nodes of kind Cell value.
    pub fn outputs(&self) -> impl Iterator<Item = &Node> + '_ {
        self.nodes.iter().filter(|n| n.kind == NodeKind::Output)
    }

    /// The nodes inside frame number `frame` (none when there is no such frame).
    pub fn frame_members(&self, frame: usize) -> Vec<NodeId> {
        let Some(f) = self.frames.get(frame) else {
            return Vec::new();
        };
        self.nodes()
            .iter()
            .filter(|n: &&Node| f.contains(n.pos))
            .map(|n| n.id)
            .collect()
    }
}

/// A group's definition: its interface and the graph inside.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct GroupDef {
    /// The inputs, in pin order.
    pub inputs: Vec<GroupPin>,
    /// The outputs, in pin order.
    pub outputs: Vec<GroupPin>,
    /// The nodes and wires inside. Its name is the group's name and its
    /// description the group's; it has no groups of its own.
    pub body: Strategy,
}

impl GroupDef {
    /// The group's name.
    pub fn name(&self) -> &str {
        &self.body.name
    }
}
