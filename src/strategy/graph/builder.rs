//! Building graphs in code (examples, tests, generated graphs) and laying
//! them out for the editor.

use std::collections::HashMap;

use super::Strategy;
use crate::strategy::id::NodeId;
use crate::strategy::kind::tuning::Tuning;
use crate::strategy::kind::{Kind, NodeKind};

/// Builds a strategy graph node by node; wires are made as nodes are added.
///
/// ```
/// use chainlab::strategy::{GraphBuilder, Kind, NodeKind};
/// let mut g = GraphBuilder::new("Prefer corners", "Corners are worth 10, other cells 1.");
/// let corner = g.node(NodeKind::IsCorner, &[]);
/// let ten = g.constant(10);
/// let weighted = g.op(Kind::Multiply, &[corner, ten]);
/// let one = g.constant(1);
/// let value = g.op(Kind::Max, &[weighted, one]);
/// let strategy = g.finish(value);
/// assert!(!strategy.validate().has_errors());
/// ```
#[derive(Debug, Default)]
pub struct GraphBuilder {
    strategy: Strategy,
}

impl GraphBuilder {
    /// Starts a strategy with a name and a description.
    pub fn new(name: &str, description: &str) -> GraphBuilder {
        let mut strategy = Strategy::new(name);
        strategy.description = description.to_string();
        GraphBuilder { strategy }
    }

    /// Adds a node fed by `inputs` (in pin order) and returns its id.
    pub fn node(&mut self, kind: NodeKind, inputs: &[NodeId]) -> NodeId {
        let id = self.strategy.add_node(kind, [0.0, 0.0]);
        for (pin, &from) in inputs.iter().enumerate() {
            // A builder wires fresh nodes only, so there is no cycle to refuse.
            // A wrong type stays in the graph for the validator to report; a
            // wire from a node without an output, or to a missing pin, is
            // left out (no file could hold it).
            if self.strategy.connect(from, id, pin).is_err() {
                let source_has_output = self
                    .strategy
                    .node(from)
                    .is_some_and(|n| n.output().is_some());
                let pin_exists = self
                    .strategy
                    .node(id)
                    .is_some_and(|n| pin < n.inputs().len());
                if source_has_output && pin_exists {
                    self.strategy.push_wire(super::Wire::new(from, id, pin));
                }
            }
        }
        id
    }

    /// Adds a node of `kind` with default parameters.
    pub fn op(&mut self, kind: Kind, inputs: &[NodeId]) -> NodeId {
        self.node(NodeKind::new(kind), inputs)
    }

    /// Adds a constant.
    pub fn constant(&mut self, value: i64) -> NodeId {
        self.node(
            NodeKind::Constant {
                value,
                tune: Tuning::Auto,
            },
            &[],
        )
    }

    /// Adds `a × weight` (a Multiply fed by a new constant).
    pub fn weighted(&mut self, a: NodeId, weight: i64) -> NodeId {
        let w = self.constant(weight);
        self.op(Kind::Multiply, &[a, w])
    }

    /// Adds the sum of `terms`: one Sum node for up to eight terms, Sums of
    /// Sums for more (the term itself when alone).
    pub fn sum(&mut self, terms: &[NodeId]) -> NodeId {
        match terms {
            [] => self.constant(0),
            [one] => *one,
            _ if terms.len() <= 8 => self.node(NodeKind::Sum, terms),
            _ => {
                // The first Sum takes eight terms; the next takes it and up to seven more.
                let (first, rest) = terms.split_at(8);
                let mut acc = self.node(NodeKind::Sum, first);
                for chunk in rest.chunks(7) {
                    let mut inputs = vec![acc];
                    inputs.extend_from_slice(chunk);
                    acc = self.node(NodeKind::Sum, &inputs);
                }
                acc
            }
        }
    }

    /// Adds a comment node.
    pub fn comment(&mut self, text: &str) -> NodeId {
        self.node(
            NodeKind::Comment {
                text: text.to_string(),
            },
            &[],
        )
    }

    /// Adds the Cell value fed by `value`, lays the graph out, and returns it.
    pub fn finish(mut self, value: NodeId) -> Strategy {
        self.node(NodeKind::Output, &[value]);
        self.strategy.arrange();
        self.strategy
    }

    /// The graph so far (without an output, not laid out).
    pub fn into_strategy(self) -> Strategy {
        self.strategy
    }
}

/// Horizontal distance between layers, and vertical distance between nodes.
const LAYER_GAP: f32 = 230.0;
const ROW_GAP: f32 = 90.0;
/// The editor's height of a node's header and of each input row, in canvas
/// units: nodes with many inputs (Sum) take more than one row of the layout.
const HEADER: f32 = 50.0;
const PIN_ROW: f32 = 25.0;

impl Strategy {
    /// Lays the graph out left to right: each node one layer left of the
    /// leftmost node it feeds, the Cell value at the right; comments in a
    /// column at the far left. Deterministic and without recursion.
    pub fn arrange(&mut self) {
        let (order, left) = self.partial_order();
        // Layer = longest distance to a sink, computed in reverse topological order.
        let mut targets: HashMap<NodeId, Vec<NodeId>> = HashMap::new();
        for w in self.wires() {
            targets.entry(w.from).or_default().push(w.to);
        }
        let mut layer: HashMap<NodeId, usize> = HashMap::new();
        for &id in order.iter().rev() {
            let depth = targets
                .get(&id)
                .into_iter()
                .flatten()
                .filter_map(|to| layer.get(to))
                .map(|d| d + 1)
                .max()
                .unwrap_or(0);
            layer.insert(id, depth);
        }
        for id in left {
            layer.insert(id, 0);
        }
        let max_layer = layer.values().copied().max().unwrap_or(0);
        let mut rows: HashMap<usize, f32> = HashMap::new();
        let mut comments = 0.0;
        let ids: Vec<NodeId> = self.nodes().iter().map(|n| n.id).collect();
        // Place nodes in topological order so that rows follow the data flow.
        let in_order: std::collections::HashSet<NodeId> = order.iter().copied().collect();
        let mut placed_order: Vec<NodeId> = order.clone();
        placed_order.extend(ids.iter().filter(|id| !in_order.contains(id)));
        for id in placed_order {
            let Some(node) = self.node_mut(id) else {
                continue;
            };
            if matches!(node.kind, NodeKind::Comment { .. }) {
                node.pos = [0.0, comments];
                comments += ROW_GAP * 1.5;
                continue;
            }
            let l = layer.get(&id).copied().unwrap_or(0);
            let column = (max_layer - l) as f32 + 1.0;
            let row = rows.entry(l).or_insert(0.0);
            node.pos = [column * LAYER_GAP, *row];
            let pins = node.inputs().len().max(node.output_count()) as f32;
            *row += ROW_GAP.max(HEADER + PIN_ROW * pins);
        }
    }
}
