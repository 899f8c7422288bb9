//! Helpers of the group tests: building group definitions and instances in
//! code, and grouping a selection of a graph the simple way (every wire
//! crossing into the selection becomes a group input, every wire leaving
//! it a group output), so that a grouped graph and its flat twin can be
//! compared.

#![allow(dead_code)]

use std::collections::{BTreeMap, BTreeSet};

use chainlab::strategy::Strategy as Graph;
use chainlab::strategy::{GroupDef, GroupPin, NodeId, NodeKind, PinType, Wire};

/// A Group input node for input `index` named `name`.
pub fn input(index: usize, name: &str, ty: PinType) -> NodeKind {
    NodeKind::GroupInput {
        index,
        pin: GroupPin::new(name, ty),
    }
}

/// A Group output node for output `index` named `name`.
pub fn output(index: usize, name: &str, ty: PinType) -> NodeKind {
    NodeKind::GroupOutput {
        index,
        pin: GroupPin::new(name, ty),
    }
}

/// An instance of the definition `def` of `top` (pins copied from it; none
/// when it is missing).
pub fn instance(top: &Graph, def: &str) -> NodeKind {
    let (inputs, outputs) = top
        .group(def)
        .map(|d| (d.inputs.clone(), d.outputs.clone()))
        .unwrap_or_default();
    NodeKind::Group {
        def: def.to_string(),
        inputs,
        outputs,
    }
}

/// Number pins with these names.
pub fn numbers(names: &[&str]) -> Vec<GroupPin> {
    names
        .iter()
        .map(|n| GroupPin::new(*n, PinType::Int))
        .collect()
}

/// A wire from output `output` of `from` to input `input` of `to`, added
/// without checks.
pub fn wire(g: &mut Graph, from: NodeId, output: usize, to: NodeId, input: usize) {
    g.push_wire(Wire {
        to,
        input,
        from,
        output,
    });
}

/// `g` with the nodes `inside` moved into a new group `id` used once, in
/// their place. Every distinct source outside that feeds the selection
/// becomes an input, every node inside that feeds something outside an
/// output; nothing else changes, so the result computes exactly what `g`
/// computes.
pub fn group_selection(g: &Graph, inside: &BTreeSet<NodeId>, id: &str) -> Graph {
    let mut body = Graph::new(id);
    for n in g.nodes().iter().filter(|n| inside.contains(&n.id)) {
        body.insert(n.clone()).unwrap();
    }
    let mut next = body.nodes().last().map_or(1, |n| n.id.0 + 1);
    let mut fresh = || {
        next += 1;
        NodeId(next - 1)
    };
    let mut inputs: BTreeMap<(NodeId, usize), usize> = BTreeMap::new();
    let mut outputs: BTreeMap<(NodeId, usize), usize> = BTreeMap::new();
    let mut input_pins = Vec::new();
    let mut output_pins = Vec::new();
    let mut input_nodes = Vec::new();
    let mut top_wires = Vec::new();
    let type_of = |id: NodeId, output: usize| {
        g.node(id)
            .and_then(|n| n.output_type(output))
            .unwrap_or(PinType::Int)
    };
    for w in g.wires() {
        match (inside.contains(&w.from), inside.contains(&w.to)) {
            (true, true) => body.push_wire(*w),
            (false, true) => {
                let k = *inputs.entry((w.from, w.output)).or_insert_with(|| {
                    input_pins.push(GroupPin::new(
                        format!("in {}", input_pins.len()),
                        type_of(w.from, w.output),
                    ));
                    input_nodes.push(None);
                    input_pins.len() - 1
                });
                let node = *input_nodes[k].get_or_insert_with(&mut fresh);
                body.push_wire(Wire {
                    to: w.to,
                    input: w.input,
                    from: node,
                    output: 0,
                });
            }
            (true, false) => {
                let k = *outputs.entry((w.from, w.output)).or_insert_with(|| {
                    output_pins.push(GroupPin::new(
                        format!("out {}", output_pins.len()),
                        type_of(w.from, w.output),
                    ));
                    output_pins.len() - 1
                });
                top_wires.push((k, w.to, w.input));
            }
            (false, false) => {}
        }
    }
    for (k, node) in input_nodes.iter().enumerate() {
        if let Some(node) = node {
            let pin = input_pins[k].clone();
            body.insert(chainlab::strategy::Node::new(
                *node,
                input(k, &pin.name, pin.ty),
                [0.0, 0.0],
            ))
            .unwrap();
        }
    }
    for (&(from, out), &k) in &outputs {
        let node = fresh();
        let pin = output_pins[k].clone();
        body.insert(chainlab::strategy::Node::new(
            node,
            output(k, &pin.name, pin.ty),
            [0.0, 0.0],
        ))
        .unwrap();
        body.push_wire(Wire {
            to: node,
            input: 0,
            from,
            output: out,
        });
    }
    let mut top = Graph::new(g.name.clone());
    top.description = g.description.clone();
    for (gid, def) in g.groups() {
        top.set_group(gid.clone(), def.clone());
    }
    top.set_group(
        id,
        GroupDef {
            inputs: input_pins,
            outputs: output_pins,
            body,
        },
    );
    for n in g.nodes().iter().filter(|n| !inside.contains(&n.id)) {
        top.insert(n.clone()).unwrap();
    }
    let inst = top.add_node(instance(&top, id), [0.0, 0.0]);
    for w in g.wires() {
        if !inside.contains(&w.from) && !inside.contains(&w.to) {
            top.push_wire(*w);
        }
    }
    for (&(from, out), &k) in &inputs {
        wire(&mut top, from, out, inst, k);
    }
    for (k, to, input) in top_wires {
        wire(&mut top, inst, k, to, input);
    }
    top
}
