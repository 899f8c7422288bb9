//! Grouping: selected nodes of a graph become the body of a new group
//! definition, and one instance of it takes their place.
//!
//! The group's pins are derived from the wires that cross the selection:
//! one input per distinct outside source (node, output), however many inner
//! pins it feeds, and one output per distinct inner (node, output) read
//! outside. Every crossing wire is rerouted through the instance, so the
//! graph computes exactly what it did (the evaluator inlines groups). A
//! selection is refused, with the reason, when it is empty, holds the Cell
//! value or a group's interface node, or when a path leaves it and comes back
//! (the group would depend on itself).

use std::collections::{BTreeMap, BTreeSet, HashMap, VecDeque};

use crate::strategy::error::StrategyError;
use crate::strategy::graph::{GroupDef, Node, Strategy, Wire};
use crate::strategy::id::NodeId;
use crate::strategy::kind::NodeKind;
use crate::strategy::kind::pins::{GroupPin, PinType};

/// How far left (right) of the body its group inputs (outputs) stand.
const INTERFACE_GAP: f32 = 260.0;
/// The least vertical distance between interface nodes.
const INTERFACE_STEP: f32 = 80.0;

/// A source of a value: a node and which of its outputs.
type Source = (NodeId, usize);

/// An input of a new group: the outside source, the inner pins (node,
/// input) it feeds, and the pin.
type InputPlan = (Source, Vec<(NodeId, usize)>, GroupPin);

/// The wires crossing a selection, grouped into the group's pins.
struct Crossing {
    /// Per input: see [`InputPlan`].
    inputs: Vec<InputPlan>,
    /// Per output: the inner source, the outside wires it feeds, the pin.
    outputs: Vec<(Source, Vec<Wire>, GroupPin)>,
}

impl Strategy {
    /// Groups the top-level nodes `nodes` into a new group named `name`;
    /// returns the new definition's id and its instance (see
    /// [`Strategy::group_nodes_in`]).
    pub fn group_nodes(
        &mut self,
        nodes: &BTreeSet<NodeId>,
        name: &str,
    ) -> Result<(String, NodeId), StrategyError> {
        self.group_nodes_in(None, nodes, name)
    }

    /// Moves `nodes` of the graph of `scope` (the top level for `None`, else
    /// a group's body) into a new group definition named `name`, and puts
    /// one instance of it at the selection's centre, wired as the nodes
    /// were. The nodes keep their ids inside the body. Returns the new
    /// definition's id and the instance's id.
    pub fn group_nodes_in(
        &mut self,
        scope: Option<&str>,
        nodes: &BTreeSet<NodeId>,
        name: &str,
    ) -> Result<(String, NodeId), StrategyError> {
        let name = match name.trim() {
            "" => "group",
            n => n,
        };
        let id = self.new_group_id(name);
        let graph = self.scope_or_refuse(scope)?;
        check_selection(graph, nodes)?;
        check_no_cycle(graph, nodes)?;
        let (def, instance) = carve(graph, nodes, name, &id);
        self.set_group(id.clone(), def);
        Ok((id, instance))
    }
}

/// Refuses an empty selection, unknown nodes, the Cell value and interface nodes.
fn check_selection(graph: &Strategy, nodes: &BTreeSet<NodeId>) -> Result<(), StrategyError> {
    if nodes.is_empty() {
        return Err(StrategyError::Refused(
            "select the nodes to group first".to_string(),
        ));
    }
    for &id in nodes {
        let node = graph.node(id).ok_or(StrategyError::UnknownNode(id))?;
        let why = match node.kind {
            NodeKind::Output => "the Cell value is the graph's result and cannot be grouped",
            NodeKind::GroupInput { .. } | NodeKind::GroupOutput { .. } => {
                "a group's inputs and outputs stay in its body and cannot be grouped"
            }
            _ => continue,
        };
        return Err(StrategyError::Refused(format!("{}: {why}", node.label())));
    }
    Ok(())
}

/// Refuses a selection that a path leaves and comes back into through
/// outside nodes: as one node, the group would feed itself. The reason
/// names the path.
fn check_no_cycle(graph: &Strategy, nodes: &BTreeSet<NodeId>) -> Result<(), StrategyError> {
    let mut out: HashMap<NodeId, Vec<NodeId>> = HashMap::new();
    for w in graph.wires() {
        out.entry(w.from).or_default().push(w.to);
    }
    // Breadth first from the selection's outside readers, remembering where
    // each outside node was reached from.
    let mut came: HashMap<NodeId, NodeId> = HashMap::new();
    let mut queue = VecDeque::new();
    for &n in nodes {
        for &to in out.get(&n).into_iter().flatten() {
            if !nodes.contains(&to) && !came.contains_key(&to) {
                came.insert(to, n);
                queue.push_back(to);
            }
        }
    }
    while let Some(n) = queue.pop_front() {
        for &to in out.get(&n).into_iter().flatten() {
            if nodes.contains(&to) {
                return Err(cycle_reason(graph, &came, n, to));
            }
            if let std::collections::hash_map::Entry::Vacant(e) = came.entry(to) {
                e.insert(n);
                queue.push_back(to);
            }
        }
    }
    Ok(())
}

/// "… leaves the selection through node 3 'Add' and comes back into node 5 …".
fn cycle_reason(
    graph: &Strategy,
    came: &HashMap<NodeId, NodeId>,
    last: NodeId,
    back: NodeId,
) -> StrategyError {
    let label = |id: NodeId| {
        graph
            .node(id)
            .map_or_else(|| format!("node {id}"), Node::label)
    };
    let mut outside = vec![last];
    let mut at = last;
    while let Some(&p) = came.get(&at) {
        if !came.contains_key(&p) {
            // `p` is in the selection: the path is complete.
            outside.reverse();
            let through: Vec<String> = outside.iter().map(|&n| label(n)).collect();
            return StrategyError::Refused(format!(
                "these nodes cannot be grouped: the value of {} leaves the selection through {} \
                 and comes back into {}, so the group would depend on itself; select {} too, \
                 or fewer nodes",
                label(p),
                through.join(" → "),
                label(back),
                through.join(" and "),
            ));
        }
        outside.push(p);
        at = p;
    }
    StrategyError::Refused("these nodes cannot be grouped: the group would depend on itself".into())
}

/// A name not yet in `taken` ("danger", "danger 2", …), which it joins.
fn unique(taken: &mut Vec<String>, name: String) -> String {
    let mut candidate = name.clone();
    let mut n = 2;
    while taken.contains(&candidate) {
        candidate = format!("{name} {n}");
        n += 1;
    }
    taken.push(candidate.clone());
    candidate
}

/// What an output of `node` is called: its label, a group's output name,
/// or its title.
fn source_name(node: &Node, output: usize) -> String {
    match (&node.label, node.output_name(output)) {
        (Some(l), _) => l.clone(),
        (None, Some(n)) => n.to_string(),
        (None, None) => node.title(),
    }
}

/// The sort key of a node: its position top to bottom, then left to right.
fn place(graph: &Strategy, id: NodeId) -> (i64, i64, NodeId) {
    let pos = graph.node(id).map_or([0.0, 0.0], |n| n.pos);
    (pos[1] as i64, pos[0] as i64, id)
}

/// The group's pins, from the wires crossing the selection.
fn crossing(graph: &Strategy, nodes: &BTreeSet<NodeId>) -> Crossing {
    let mut ins: BTreeMap<Source, Vec<(NodeId, usize)>> = BTreeMap::new();
    let mut outs: BTreeMap<Source, Vec<Wire>> = BTreeMap::new();
    for w in graph.wires() {
        match (nodes.contains(&w.from), nodes.contains(&w.to)) {
            (false, true) if graph.node(w.from).is_some() => {
                ins.entry((w.from, w.output))
                    .or_default()
                    .push((w.to, w.input));
            }
            (true, false) if graph.node(w.to).is_some() => {
                outs.entry((w.from, w.output)).or_default().push(*w);
            }
            _ => {}
        }
    }
    let mut ins: Vec<_> = ins.into_iter().collect();
    ins.sort_by_key(|((n, o), _)| (place(graph, *n), *o));
    let mut outs: Vec<_> = outs.into_iter().collect();
    outs.sort_by_key(|((n, o), _)| (place(graph, *n), *o));
    let mut names = Vec::new();
    let inputs = ins
        .into_iter()
        .map(|((from, output), targets)| {
            let node = graph.node(from);
            let source = node.and_then(|n| n.output_type(output));
            // A yes/no stays yes/no where an inner pin needs one; a yes/no
            // that only feeds numbers enters as a number.
            let needs_bool = targets.iter().any(|(to, input)| {
                graph
                    .node(*to)
                    .and_then(|n| n.input(*input))
                    .is_some_and(|p| p.ty == PinType::Bool)
            });
            let ty = match source {
                Some(PinType::Bool) if needs_bool => PinType::Bool,
                _ => PinType::Int,
            };
            let name = node.map_or_else(|| "input".to_string(), |n| source_name(n, output));
            let pin = GroupPin::new(unique(&mut names, name), ty);
            ((from, output), targets, pin)
        })
        .collect();
    let mut names = Vec::new();
    let outputs = outs
        .into_iter()
        .map(|((from, output), wires)| {
            let node = graph.node(from);
            let ty = node
                .and_then(|n| n.output_type(output))
                .unwrap_or(PinType::Int);
            let name = node.map_or_else(|| "result".to_string(), |n| source_name(n, output));
            (
                (from, output),
                wires,
                GroupPin::new(unique(&mut names, name), ty),
            )
        })
        .collect();
    Crossing { inputs, outputs }
}

/// The top, left and right of the nodes' positions, and their centre.
fn extent(nodes: &[&Node]) -> ([f32; 4], [f32; 2]) {
    let mut r = [f32::MAX, f32::MAX, f32::MIN, f32::MIN];
    for n in nodes {
        r = [
            r[0].min(n.pos[0]),
            r[1].min(n.pos[1]),
            r[2].max(n.pos[0]),
            r[3].max(n.pos[1]),
        ];
    }
    if nodes.is_empty() {
        r = [0.0; 4];
    }
    (r, [(r[0] + r[2]) / 2.0, (r[1] + r[3]) / 2.0])
}

/// Interface node heights: near `wanted`, top to bottom, never closer than
/// [`INTERFACE_STEP`].
fn stack(wanted: impl Iterator<Item = f32>) -> Vec<f32> {
    let mut last = f32::MIN;
    wanted
        .map(|y| {
            let y = y.max(last + INTERFACE_STEP);
            last = y;
            y
        })
        .collect()
}

/// Takes the selection out of `graph` into a definition and puts the
/// instance in its place; returns both.
fn carve(
    graph: &mut Strategy,
    nodes: &BTreeSet<NodeId>,
    name: &str,
    def_id: &str,
) -> (GroupDef, NodeId) {
    let Crossing { inputs, outputs } = crossing(graph, nodes);
    let chosen: Vec<&Node> = graph
        .nodes()
        .iter()
        .filter(|n| nodes.contains(&n.id))
        .collect();
    let (bounds, centre) = extent(&chosen);
    let mut body = Strategy::new(name);
    body.set_nodes(chosen.iter().map(|n| (*n).clone()).collect());
    body.set_wires(
        graph
            .wires()
            .iter()
            .filter(|w| nodes.contains(&w.from) && nodes.contains(&w.to))
            .copied()
            .collect(),
    );
    add_interface(&mut body, graph, &inputs, &outputs, bounds);
    let def = GroupDef {
        inputs: inputs.iter().map(|(_, _, p)| p.clone()).collect(),
        outputs: outputs.iter().map(|(_, _, p)| p.clone()).collect(),
        body,
    };
    let instance = graph.next_id();
    for &id in nodes {
        graph.remove(id);
    }
    let kind = NodeKind::Group {
        def: def_id.to_string(),
        inputs: def.inputs.clone(),
        outputs: def.outputs.clone(),
    };
    // The id was free before the selection was removed, so it still is.
    let _ = graph.insert(Node::new(instance, kind, centre));
    for (i, ((from, output), _, _)) in inputs.iter().enumerate() {
        graph.push_wire(Wire {
            output: *output,
            ..Wire::new(*from, instance, i)
        });
    }
    for (j, (_, wires, _)) in outputs.iter().enumerate() {
        for w in wires {
            graph.push_wire(Wire {
                from: instance,
                output: j,
                ..*w
            });
        }
    }
    (def, instance)
}

/// Adds the group's input nodes left of the body (each near the first
/// inner node it feeds) and its output nodes right of it (each near the
/// node it reads), wired to the inner pins.
fn add_interface(
    body: &mut Strategy,
    graph: &Strategy,
    inputs: &[InputPlan],
    outputs: &[(Source, Vec<Wire>, GroupPin)],
    bounds: [f32; 4],
) {
    let y_of = |id: NodeId| graph.node(id).map_or(bounds[1], |n| n.pos[1]);
    let in_ys = stack(
        inputs
            .iter()
            .map(|(_, t, _)| t.first().map_or(bounds[1], |t| y_of(t.0))),
    );
    for (index, ((_, targets, pin), y)) in inputs.iter().zip(in_ys).enumerate() {
        let kind = NodeKind::GroupInput {
            index,
            pin: pin.clone(),
        };
        let at = body.add_node(kind, [bounds[0] - INTERFACE_GAP, y]);
        for &(to, input) in targets {
            body.push_wire(Wire::new(at, to, input));
        }
    }
    let out_ys = stack(outputs.iter().map(|((from, _), _, _)| y_of(*from)));
    for (index, (((from, output), _, pin), y)) in outputs.iter().zip(out_ys).enumerate() {
        let kind = NodeKind::GroupOutput {
            index,
            pin: pin.clone(),
        };
        let at = body.add_node(kind, [bounds[2] + INTERFACE_GAP, y]);
        body.push_wire(Wire {
            output: *output,
            ..Wire::new(*from, at, 0)
        });
    }
}
