//! The editable graph: nodes with stable ids, parameters and editor
//! positions, and wires from a node's output to another node's input.

use std::fmt;

use super::StrategyError;
use super::docs::{PinInfo, info};
use super::kind::{Kind, NodeKind, PinType};

/// A node's stable id: kept across edits, saves and loads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(pub u32);

impl fmt::Display for NodeId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// One node of a strategy graph.
#[derive(Clone, Debug, PartialEq)]
pub struct Node {
    /// The stable id.
    pub id: NodeId,
    /// The kind and its parameters.
    pub kind: NodeKind,
    /// Where the editor draws it (canvas units).
    pub pos: [f32; 2],
}

impl Node {
    /// The node's input pins.
    pub fn inputs(&self) -> &'static [PinInfo] {
        info(self.kind.kind()).inputs
    }

    /// The node's output type, if it has an output.
    pub fn output(&self) -> Option<PinType> {
        info(self.kind.kind()).output
    }

    /// "node 7 'Add'": how diagnostics name the node.
    pub fn label(&self) -> String {
        format!("node {} '{}'", self.id, self.kind.title())
    }
}

/// A wire from the output of `from` to input number `input` of `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Wire {
    /// The node whose output is read.
    pub to: NodeId,
    /// The input pin of `to` (index into its inputs).
    pub input: usize,
    /// The node that feeds it.
    pub from: NodeId,
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

    /// Sets the value of the Constant node `id`, keeping its tuning mark;
    /// `false` (and nothing changed) when there is no such constant.
    pub fn set_constant(&mut self, id: NodeId, to: i64) -> bool {
        match self.node_mut(id).map(|n| &mut n.kind) {
            Some(NodeKind::Constant { value, .. }) => {
                *value = to;
                true
            }
            _ => false,
        }
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
        self.nodes.insert(i, Node { id, kind, pos });
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
        self.check_connect(from, to, input)?;
        self.disconnect(to, input);
        self.push_wire(Wire { to, input, from });
        Ok(())
    }

    /// Why `connect(from, to, input)` would be refused, if it would.
    pub fn check_connect(
        &self,
        from: NodeId,
        to: NodeId,
        input: usize,
    ) -> Result<(), StrategyError> {
        let source = self.node(from).ok_or(StrategyError::UnknownNode(from))?;
        let target = self.node(to).ok_or(StrategyError::UnknownNode(to))?;
        let Some(out) = source.output() else {
            return Err(StrategyError::Refused(format!(
                "{} has no output",
                source.label()
            )));
        };
        let Some(pin) = target.inputs().get(input) else {
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
}
