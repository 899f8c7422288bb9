//! Ungrouping: one instance of a group is replaced by a copy of the group's
//! body, wired as the instance was. The copy computes what the instance did:
//! an unconnected group input gives 0 (no), so an inner pin it fed gets a
//! constant 0 where the pin's own default differs; the same holds for an
//! unconnected group output read outside. The definition stays while other
//! instances use it.

use std::collections::{BTreeMap, HashMap};

use crate::strategy::error::StrategyError;
use crate::strategy::graph::{GroupDef, Node, Strategy, Wire};
use crate::strategy::id::NodeId;
use crate::strategy::kind::NodeKind;
use crate::strategy::kind::pins::PinType;
use crate::strategy::kind::tuning::Tuning;

/// Where a value wired inside the body comes from once inlined.
type Source = (NodeId, usize);

impl Strategy {
    /// Inlines the top-level instance `instance` (see [`Strategy::ungroup_in`]).
    pub fn ungroup(&mut self, instance: NodeId) -> Result<Vec<NodeId>, StrategyError> {
        self.ungroup_in(None, instance)
    }

    /// Replaces the instance `instance` in the graph of `scope` by a copy of
    /// its group's body (without the interface nodes), wired as the instance
    /// was; the copied nodes keep their ids where those are free. The
    /// definition is removed when no other instance uses it. Returns the
    /// nodes added.
    pub fn ungroup_in(
        &mut self,
        scope: Option<&str>,
        instance: NodeId,
    ) -> Result<Vec<NodeId>, StrategyError> {
        let graph = self.scope_or_refuse(scope)?;
        let node = graph
            .node(instance)
            .ok_or(StrategyError::UnknownNode(instance))?;
        let NodeKind::Group { def: def_id, .. } = &node.kind else {
            return Err(StrategyError::Refused(format!(
                "{} is not a group: only groups can be ungrouped",
                node.label()
            )));
        };
        let def_id = def_id.clone();
        let def = self.group(&def_id).cloned().ok_or_else(|| {
            StrategyError::Refused(format!(
                "node {instance} uses group '{def_id}', which has no definition"
            ))
        })?;
        let graph = self.scope_or_refuse(scope)?;
        let created = inline(graph, instance, &def);
        if self.instance_count(&def_id) == 0 {
            self.remove_group(&def_id);
        }
        Ok(created)
    }
}

/// Inlines `instance` of `def` into `graph`; returns the nodes added.
fn inline(graph: &mut Strategy, instance: NodeId, def: &GroupDef) -> Vec<NodeId> {
    let Some(inst) = graph.node(instance).cloned() else {
        return Vec::new();
    };
    let mut feeds: BTreeMap<usize, Source> = BTreeMap::new();
    for w in graph.wires_into(instance) {
        // The first wire of an input wins when there are several.
        feeds.entry(w.input).or_insert((w.from, w.output));
    }
    let readers: Vec<Wire> = graph
        .wires()
        .iter()
        .filter(|w| w.from == instance)
        .copied()
        .collect();
    graph.remove(instance);
    let body = &def.body;
    let inner: Vec<&Node> = body
        .nodes()
        .iter()
        .filter(|n| !is_interface(&n.kind))
        .collect();
    let offset = offset(&inner, inst.pos);
    let mut ids: HashMap<NodeId, NodeId> = HashMap::new();
    let mut created = Vec::new();
    for n in &inner {
        let id = if graph.node(n.id).is_none() {
            n.id
        } else {
            graph.next_id()
        };
        let pos = [n.pos[0] + offset[0], n.pos[1] + offset[1]];
        let _ = graph.insert(Node {
            id,
            pos,
            ..(*n).clone()
        });
        ids.insert(n.id, id);
        created.push(id);
    }
    // What a body source is outside: a copied node, the instance's feed of
    // a group input, or nothing (the value 0).
    let resolve = |from: NodeId, output: usize| -> Option<Source> {
        match body.node(from).map(|n| &n.kind) {
            Some(NodeKind::GroupInput { index, .. }) => feeds.get(index).copied(),
            _ => ids.get(&from).map(|&id| (id, output)),
        }
    };
    let mut wires = Vec::new();
    for w in body.wires() {
        if let Some(&to) = ids.get(&w.to) {
            wires.push((resolve(w.from, w.output), to, w.input));
        }
    }
    for r in &readers {
        let fed = body
            .nodes()
            .iter()
            .filter(|n| matches!(n.kind, NodeKind::GroupOutput { index, .. } if index == r.output))
            .find_map(|n| body.wires_into(n.id).next());
        let source = fed.and_then(|w| resolve(w.from, w.output));
        wires.push((source, r.to, r.input));
    }
    for (source, to, input) in wires {
        match source {
            Some((from, output)) => graph.push_wire(Wire {
                to,
                input,
                from,
                output,
            }),
            None => created.extend(zero_into(graph, to, input)),
        }
    }
    created
}

/// Whether `kind` is a group input or output node.
fn is_interface(kind: &NodeKind) -> bool {
    matches!(
        kind,
        NodeKind::GroupInput { .. } | NodeKind::GroupOutput { .. }
    )
}

/// How far the body moves so that its middle lands on the instance.
fn offset(nodes: &[&Node], to: [f32; 2]) -> [f32; 2] {
    if nodes.is_empty() {
        return [0.0, 0.0];
    }
    let (mut lo, mut hi) = ([f32::MAX; 2], [f32::MIN; 2]);
    for n in nodes {
        lo = [lo[0].min(n.pos[0]), lo[1].min(n.pos[1])];
        hi = [hi[0].max(n.pos[0]), hi[1].max(n.pos[1])];
    }
    [to[0] - (lo[0] + hi[0]) / 2.0, to[1] - (lo[1] + hi[1]) / 2.0]
}

/// Feeds input `input` of `to` the value 0 (no), as an unconnected group
/// pin did: with a fixed constant when the pin's own default differs, else
/// by leaving it unconnected. Returns the constant added, if any.
fn zero_into(graph: &mut Strategy, to: NodeId, input: usize) -> Option<NodeId> {
    let node = graph.node(to)?;
    let pin = node.input(input)?;
    if pin.default == 0 {
        return None;
    }
    let kind = match pin.ty {
        PinType::Bool => NodeKind::Truth { value: false },
        PinType::Int => NodeKind::Constant {
            value: 0,
            tune: Tuning::Off,
        },
    };
    let pos = [node.pos[0] - 200.0, node.pos[1] + 40.0 * input as f32];
    let id = graph.add_node(kind, pos);
    graph.push_wire(Wire::new(id, to, input));
    Some(id)
}
