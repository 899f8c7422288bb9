//! Fuzz-style properties: mutated shipped strategy files (bit flips,
//! deletions, inserted JSON tokens, swapped and retargeted ids) and random
//! graphs go through the whole pipeline — load, validate, save, strict and
//! lenient compile, heat map, choose and explain on random positions —
//! without a panic, and whatever loads saves and loads again unchanged. The
//! grouped fixture and the format documentation's example are mutated in
//! their groups too (bodies, definitions named, interface indexes, pins,
//! whole groups dropped), which makes missing and recursive groups.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

use std::sync::Arc;

use chainlab::eval::{EvalError, Evaluator, Program};
use chainlab::rng::rng_from_seed;
use chainlab::strategy::KINDS;
use chainlab::strategy::Strategy as Graph;
use proptest::prelude::*;
use proptest::sample::Index;
use serde_json::Value;

/// JSON fragments inserted into files.
const TOKENS: &[&str] = &[
    "{",
    "}",
    "[",
    "]",
    ",",
    ":",
    "\"",
    "null",
    "true",
    "false",
    "0",
    "-1",
    "1e400",
    "4294967296",
    "9223372036854775808",
    "-0.5",
    "\"output\"",
    "\"x\"",
    "\"\\u0000\"",
    "{\"id\": 1, \"kind\": \"output\"}",
    "{\"id\": 2, \"kind\": \"add\"}",
    "{\"from\": 2, \"to\": 5, \"input\": \"a\"}",
    "{\"from\": 5, \"to\": 2, \"input\": \"b\"}",
    "\"params\": {}",
    "\"when\": \"after\"",
    "\"at\": [1e308, -1e308]",
    "\"version\": 2",
    "[[[[[[[[[[",
    "]]]]]]]]]]",
    "\u{feff}",
    "😀",
    "\"label\": \"x\", ",
    "\"label\": \"\\t\", ",
    "{\"id\": 3, \"kind\": \"group\", \"params\": {\"def\": \"after\"}}",
    "{\"id\": 4, \"kind\": \"group_output\", \"params\": {\"index\": 9}}",
    "{\"from\": 3, \"output\": \"wins\", \"to\": 6, \"input\": \"0\"}",
    "\"output\": \"risky\", ",
    "\"def\": \"risky\"",
    "\"index\": 1",
    "\"frames\": [{\"colour\": 9}], ",
    "\"groups\": {}, ",
    "{\"label\": \"t\", \"weight\": 3}",
];

#[derive(Clone, Debug)]
enum Mutation {
    FlipBit(Index, u8),
    Delete(Index, usize),
    Insert(Index, Index),
    /// Structural: give one node the id of another (swap or duplicate).
    SwapIds(Index, Index, bool),
    /// Structural: point a wire's end at another node.
    Retarget(Index, Index, bool),
    /// Structural: change a node's kind to another kind.
    Rekind(Index, Index),
    /// Structural: rename a wire's input pin to a pin of another kind.
    Repin(Index, Index, Index),
    /// Structural: drop a node (its wires dangle).
    DropNode(Index),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        2 => (any::<Index>(), 0u8..8).prop_map(|(i, b)| Mutation::FlipBit(i, b)),
        2 => (any::<Index>(), 1usize..40).prop_map(|(i, n)| Mutation::Delete(i, n)),
        2 => (any::<Index>(), any::<Index>()).prop_map(|(i, t)| Mutation::Insert(i, t)),
        1 => (any::<Index>(), any::<Index>(), any::<bool>())
            .prop_map(|(a, b, s)| Mutation::SwapIds(a, b, s)),
        6 => (any::<Index>(), any::<Index>(), any::<bool>())
            .prop_map(|(a, b, s)| Mutation::Retarget(a, b, s)),
        2 => (any::<Index>(), any::<Index>()).prop_map(|(a, b)| Mutation::Rekind(a, b)),
        1 => (any::<Index>(), any::<Index>(), any::<Index>())
            .prop_map(|(a, b, c)| Mutation::Repin(a, b, c)),
        1 => any::<Index>().prop_map(Mutation::DropNode),
    ]
}

fn structural(text: &str, f: impl FnOnce(&mut Vec<Value>, &mut Vec<Value>)) -> String {
    let Ok(mut v) = serde_json::from_str::<Value>(text) else {
        return text.to_string();
    };
    structural_in(&mut v, f);
    serde_json::to_string_pretty(&v).unwrap()
}

/// Applies `f` to the nodes and wires of one graph (the file, or a group).
fn structural_in(v: &mut Value, f: impl FnOnce(&mut Vec<Value>, &mut Vec<Value>)) {
    let (Some(Value::Array(mut nodes)), Some(Value::Array(mut wires))) =
        (v.get("nodes").cloned(), v.get("wires").cloned())
    else {
        return;
    };
    if nodes.is_empty() || wires.is_empty() {
        return;
    }
    f(&mut nodes, &mut wires);
    v["nodes"] = Value::Array(nodes);
    v["wires"] = Value::Array(wires);
}

/// Mutations of the groups of a file.
#[derive(Clone, Debug)]
enum GroupMutation {
    /// A structural mutation of one group's body.
    Body(Index, Mutation),
    /// Point a group instance (anywhere) at some group, maybe its own.
    Redef(Index, Index, Index),
    /// Give an interface node another index.
    Reindex(Index, Index, u8),
    /// Delete a group (its instances dangle).
    Drop(Index),
    /// Turn a pin of a group into the other type, or rename it.
    Repin(Index, Index, bool),
}

fn group_mutation() -> impl Strategy<Value = GroupMutation> {
    prop_oneof![
        3 => (any::<Index>(), mutation()).prop_map(|(g, m)| GroupMutation::Body(g, m)),
        2 => (any::<Index>(), any::<Index>(), any::<Index>())
            .prop_map(|(a, b, c)| GroupMutation::Redef(a, b, c)),
        1 => (any::<Index>(), any::<Index>(), 0u8..4).prop_map(|(a, b, k)| GroupMutation::Reindex(a, b, k)),
        1 => any::<Index>().prop_map(GroupMutation::Drop),
        1 => (any::<Index>(), any::<Index>(), any::<bool>())
            .prop_map(|(a, b, t)| GroupMutation::Repin(a, b, t)),
    ]
}

/// The graphs of a file: the top level (`None`) and each group's id.
fn graph_mut<'a>(v: &'a mut Value, which: Option<&str>) -> Option<&'a mut Value> {
    match which {
        None => Some(v),
        Some(id) => v.get_mut("groups")?.get_mut(id),
    }
}

fn mutate_groups(text: String, m: &GroupMutation) -> String {
    let Ok(mut v) = serde_json::from_str::<Value>(&text) else {
        return text;
    };
    let ids: Vec<String> = v
        .get("groups")
        .and_then(Value::as_object)
        .map(|o| o.keys().cloned().collect())
        .unwrap_or_default();
    if ids.is_empty() {
        return text;
    }
    let graphs: Vec<Option<String>> = std::iter::once(None)
        .chain(ids.iter().cloned().map(Some))
        .collect();
    match m {
        GroupMutation::Body(g, inner) => {
            let id = &ids[g.index(ids.len())];
            let Some(body) = graph_mut(&mut v, Some(id)) else {
                return text;
            };
            // The byte-level mutations act on the body's text.
            let mutated = mutate(body.to_string(), inner);
            match serde_json::from_str::<Value>(&mutated) {
                Ok(b) => *body = b,
                Err(_) => return mutate(text, inner),
            }
        }
        GroupMutation::Redef(g, n, d) => {
            let which = graphs[g.index(graphs.len())].clone();
            let target = ids[d.index(ids.len())].clone();
            let Some(graph) = graph_mut(&mut v, which.as_deref()) else {
                return text;
            };
            let mut changed = None;
            if let Some(nodes) = graph.get_mut("nodes").and_then(Value::as_array_mut) {
                let groups: Vec<usize> = (0..nodes.len())
                    .filter(|&i| nodes[i]["kind"] == "group")
                    .collect();
                if !groups.is_empty() {
                    let node = &mut nodes[groups[n.index(groups.len())]];
                    node["params"]["def"] = Value::String(target);
                    changed = Some(node["id"].clone());
                }
            }
            // Its wires named the old group's pins: drop them (so that
            // recursive groups load, for the validator to find).
            if let (Some(id), Some(wires)) = (
                changed,
                graph.get_mut("wires").and_then(Value::as_array_mut),
            ) {
                wires.retain(|w| w["from"] != id && w["to"] != id);
            }
        }
        GroupMutation::Reindex(g, n, k) => {
            let id = &ids[g.index(ids.len())];
            if let Some(nodes) = graph_mut(&mut v, Some(id))
                .and_then(|b| b.get_mut("nodes"))
                .and_then(Value::as_array_mut)
            {
                let interface: Vec<usize> = (0..nodes.len())
                    .filter(|&i| {
                        nodes[i]["kind"] == "group_input" || nodes[i]["kind"] == "group_output"
                    })
                    .collect();
                if !interface.is_empty() {
                    nodes[interface[n.index(interface.len())]]["params"]["index"] = Value::from(*k);
                }
            }
        }
        GroupMutation::Drop(g) => {
            let id = ids[g.index(ids.len())].clone();
            if let Some(o) = v.get_mut("groups").and_then(Value::as_object_mut) {
                o.remove(&id);
            }
        }
        GroupMutation::Repin(g, p, flip) => {
            let id = &ids[g.index(ids.len())];
            if let Some(pins) = graph_mut(&mut v, Some(id))
                .and_then(|b| b.get_mut("outputs"))
                .and_then(Value::as_array_mut)
                && !pins.is_empty()
            {
                let k = p.index(pins.len());
                let pin = &mut pins[k];
                if *flip {
                    let ty = if pin["type"] == "yes_no" {
                        "number"
                    } else {
                        "yes_no"
                    };
                    pin["type"] = Value::String(ty.to_string());
                } else {
                    pin["name"] = Value::String("renamed".to_string());
                }
            }
        }
    }
    serde_json::to_string_pretty(&v).unwrap()
}

fn mutate(text: String, m: &Mutation) -> String {
    match m {
        Mutation::FlipBit(i, bit) => {
            let mut bytes = text.into_bytes();
            let k = i.index(bytes.len());
            bytes[k] ^= 1 << bit;
            String::from_utf8_lossy(&bytes).into_owned()
        }
        Mutation::Delete(i, n) => {
            let bytes = text.as_bytes();
            let k = i.index(bytes.len());
            let end = (k + n).min(bytes.len());
            let mut out = bytes[..k].to_vec();
            out.extend_from_slice(&bytes[end..]);
            String::from_utf8_lossy(&out).into_owned()
        }
        Mutation::Insert(i, t) => {
            let bytes = text.as_bytes();
            let k = i.index(bytes.len() + 1);
            let mut out = bytes[..k].to_vec();
            out.extend_from_slice(TOKENS[t.index(TOKENS.len())].as_bytes());
            out.extend_from_slice(&bytes[k..]);
            String::from_utf8_lossy(&out).into_owned()
        }
        Mutation::SwapIds(a, b, swap) => structural(&text, |nodes, _| {
            let (i, j) = (a.index(nodes.len()), b.index(nodes.len()));
            let (x, y) = (nodes[i]["id"].clone(), nodes[j]["id"].clone());
            nodes[i]["id"] = y;
            if *swap {
                nodes[j]["id"] = x;
            }
        }),
        Mutation::Retarget(a, b, to) => structural(&text, |nodes, wires| {
            // Mostly to places that fit: a source with an output, a target's own pin.
            let w = a.index(wires.len());
            let node = &nodes[b.index(nodes.len())];
            let info = KINDS.iter().find(|k| node["kind"] == k.key);
            if *to {
                wires[w]["to"] = node["id"].clone();
                if let Some(pin) = info.and_then(|k| k.inputs.get(a.index(3)).or(k.inputs.first()))
                {
                    wires[w]["input"] = Value::String(pin.name.to_string());
                }
            } else {
                wires[w]["from"] = node["id"].clone();
            }
        }),
        Mutation::Rekind(a, b) => structural(&text, |nodes, _| {
            let n = a.index(nodes.len());
            nodes[n]["kind"] = Value::String(KINDS[b.index(KINDS.len())].key.to_string());
            if let Some(o) = nodes[n].as_object_mut() {
                o.remove("params");
            }
        }),
        Mutation::Repin(a, b, c) => structural(&text, |_, wires| {
            let w = a.index(wires.len());
            let with_inputs: Vec<_> = KINDS.iter().filter(|k| !k.inputs.is_empty()).collect();
            let kind = with_inputs[b.index(with_inputs.len())];
            wires[w]["input"] =
                Value::String(kind.inputs[c.index(kind.inputs.len())].name.to_string());
        }),
        Mutation::DropNode(a) => structural(&text, |nodes, _| {
            nodes.remove(a.index(nodes.len()));
        }),
    }
}

/// The example file of `docs/strategy-format.md` (a frame, a group, a
/// Weighted sum).
fn docs_example() -> String {
    let doc = std::fs::read_to_string(common::repo().join("docs/strategy-format.md")).unwrap();
    let start = doc.find("```json\n").unwrap() + "```json\n".len();
    doc[start..start + doc[start..].find("```").unwrap()].to_string()
}

/// Everything a user can do with a graph; none of it may panic.
fn pipeline(g: &Graph, seed: u64) -> Result<(), TestCaseError> {
    // Whatever loads, saves, and loads again to the same bytes.
    let text = g.to_json();
    let again = Graph::from_json(&text).unwrap();
    prop_assert_eq!(again.to_json(), text);
    let report = g.validate();
    let strict = Program::compile(g);
    prop_assert_eq!(strict.is_ok(), !report.has_errors(), "{:?}", strict.err());
    // Inlining fails exactly when validation says why.
    if let Err(e) = g.flatten() {
        prop_assert!(
            report.errors().any(|d| d.message.contains(&e.to_string())
                || e.to_string().contains("there is no group")),
            "{}",
            e
        );
    }
    let lenient = Arc::new(Program::compile_lenient(g));
    let positions = common::mixed_positions(seed, 3);
    for p in &positions {
        let mut ev = Evaluator::new(Arc::clone(&lenient));
        let map = ev.heat_map(p, seed);
        if let Err(e) = &map {
            prop_assert_eq!(e, &EvalError::NoOutput);
        }
        for c in common::active(p).into_iter().take(3) {
            let t = ev.explain(p, c, seed).unwrap();
            if let Ok(map) = &map {
                prop_assert_eq!(map.raw[p.size().index(c)], t.output);
            }
        }
        if let Ok(program) = &strict {
            let mut ev = Evaluator::new(Arc::new(program.clone()));
            let chosen = ev.choose(p, &mut rng_from_seed(seed)).unwrap();
            prop_assert!(p.is_legal(chosen));
            prop_assert_eq!(ev.heat_map(p, seed).unwrap(), map.unwrap());
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    #[test]
    fn mutated_shipped_files_never_panic(
        file in any::<Index>(),
        mutations in prop::collection::vec(mutation(), 1..4),
        seed in any::<u64>(),
    ) {
        let paths = common::shipped_paths();
        let mut text = std::fs::read_to_string(&paths[file.index(paths.len())]).unwrap();
        for m in &mutations {
            text = mutate(text, m);
        }
        match Graph::from_json(&text) {
            Ok(g) => pipeline(&g, seed)?,
            Err(e) => {
                // One line, and it says where.
                let e = e.to_string();
                prop_assert!(!e.contains('\n'), "{}", e);
                prop_assert!(
                    ["line ", "node ", "wire ", "version", "format", "group ", "frame "]
                        .iter()
                        .any(|w| e.contains(w)),
                    "the error names nothing: {}", e
                );
            }
        }
    }

    #[test]
    fn mutated_grouped_files_never_panic(
        file in any::<bool>(),
        mutations in prop::collection::vec(prop_oneof![
            1 => mutation().prop_map(|m| (Some(m), None)),
            2 => group_mutation().prop_map(|m| (None, Some(m))),
        ], 1..4),
        seed in any::<u64>(),
    ) {
        let mut text = if file {
            std::fs::read_to_string(common::fixture("expert-grouped.json")).unwrap()
        } else {
            docs_example()
        };
        for m in &mutations {
            text = match m {
                (Some(m), _) => mutate(text, m),
                (_, Some(m)) => mutate_groups(text, m),
                _ => text,
            };
        }
        match Graph::from_json(&text) {
            Ok(g) => pipeline(&g, seed)?,
            Err(e) => {
                let e = e.to_string();
                prop_assert!(!e.contains('\n'), "{}", e);
                prop_assert!(
                    ["line ", "node ", "wire ", "version", "format", "group ", "frame ", "too large"]
                        .iter()
                        .any(|w| e.contains(w)),
                    "the error names nothing: {}", e
                );
            }
        }
    }

    #[test]
    fn random_graphs_never_panic(g in common::any_graph(), seed in any::<u64>()) {
        pipeline(&g, seed)?;
    }
}
