//! Fuzz-style properties: mutated shipped strategy files (bit flips,
//! deletions, inserted JSON tokens, swapped and retargeted ids) and random
//! graphs go through the whole pipeline — load, validate, save, strict and
//! lenient compile, heat map, choose and explain on random positions —
//! without a panic, and whatever loads saves and loads again unchanged.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

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
    let (Some(Value::Array(mut nodes)), Some(Value::Array(mut wires))) =
        (v.get("nodes").cloned(), v.get("wires").cloned())
    else {
        return text.to_string();
    };
    if nodes.is_empty() || wires.is_empty() {
        return text.to_string();
    }
    f(&mut nodes, &mut wires);
    v["nodes"] = Value::Array(nodes);
    v["wires"] = Value::Array(wires);
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

/// Everything a user can do with a graph; none of it may panic.
fn pipeline(g: &Graph, seed: u64) -> Result<(), TestCaseError> {
    // Whatever loads, saves, and loads again to the same bytes.
    let text = g.to_json();
    let again = Graph::from_json(&text).unwrap();
    prop_assert_eq!(again.to_json(), text);
    let report = g.validate();
    let strict = Program::compile(g);
    prop_assert_eq!(strict.is_ok(), !report.has_errors());
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
                    ["line ", "node ", "wire ", "version", "format"].iter().any(|w| e.contains(w)),
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
