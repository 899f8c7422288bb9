//! The node documentation: `docs/nodes.md` is generated from the table in
//! `src/strategy/kind/docs.rs`; every entry is complete and unique; the pins'
//! documented defaults are the ones the nodes use; the parameters written to
//! files are the documented ones; every kind round-trips through the file
//! format with every value of every parameter.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

use std::collections::HashSet;

use chainlab::strategy::Strategy as Graph;
use chainlab::strategy::{
    BoardMeasure, CompareOp, GroupDef, GroupPin, KINDS, Kind, Node, NodeId, NodeKind, OwnerFilter,
    PinType, SizeMeasure, StateFilter, Tuning, WeightedTerm, When, Whose, info, kind_by_key,
    nodes_markdown,
};

#[test]
fn nodes_md_is_up_to_date() {
    let path = common::repo().join("docs/nodes.md");
    let on_disk = std::fs::read_to_string(&path).unwrap();
    assert!(
        on_disk == nodes_markdown(),
        "docs/nodes.md is out of date: regenerate it with `cargo run -- nodes > docs/nodes.md`"
    );
}

#[test]
fn every_kind_is_documented_once() {
    assert_eq!(KINDS.len(), Kind::ALL.len());
    let mut keys = HashSet::new();
    let mut titles = HashSet::new();
    for (k, kind) in KINDS.iter().zip(Kind::ALL) {
        assert_eq!(k.kind, *kind);
        assert!(keys.insert(k.key), "key {} twice", k.key);
        assert!(titles.insert(k.title), "title {} twice", k.title);
        assert!(
            !k.key.is_empty() && k.key.chars().all(|c| c.is_ascii_lowercase() || c == '_'),
            "key {:?}",
            k.key
        );
        assert_eq!(kind_by_key(k.key), Some(*kind));
        for text in [k.title, k.summary, k.doc] {
            assert!(!text.trim().is_empty(), "{}: empty text", k.key);
            assert_eq!(text.trim(), text, "{}: stray spaces", k.key);
        }
        assert!(
            k.summary.ends_with('.'),
            "{}: summary {:?}",
            k.key,
            k.summary
        );
        let mut pins = HashSet::new();
        for (i, p) in k.inputs.iter().enumerate() {
            assert!(pins.insert(p.name), "{}: pin {} twice", k.key, p.name);
            assert!(!p.doc.is_empty(), "{}: pin {} undocumented", k.key, p.name);
            if p.ty == PinType::Bool {
                assert!(
                    p.default == 0 || p.default == 1,
                    "{}: pin {}",
                    k.key,
                    p.name
                );
            }
            // The defaults written down by hand from docs/nodes.md.
            assert_eq!(
                p.default,
                common::default_of(*kind, i),
                "{}: pin {}",
                k.key,
                p.name
            );
        }
        for (name, doc) in k.params {
            assert!(!name.is_empty() && !doc.is_empty(), "{}", k.key);
        }
        let md = nodes_markdown();
        assert!(
            md.contains(&format!("### {}\n", k.title)),
            "{} not in the reference",
            k.title
        );
        assert!(
            md.contains(&format!("`{}` — {}", k.key, k.summary)),
            "{}",
            k.key
        );
    }
    assert!(kind_by_key("teleport").is_none());
}

/// The group the Group variant is an instance of: two inputs, two outputs.
fn group_def() -> GroupDef {
    let mut body = Graph::new("a group");
    body.description = "with a description".to_string();
    GroupDef {
        inputs: vec![
            GroupPin::new("x", PinType::Int),
            GroupPin::new("ok", PinType::Bool),
        ],
        outputs: vec![
            GroupPin::new("value", PinType::Int),
            GroupPin::new("safe", PinType::Bool),
        ],
        body,
    }
}

/// Every node kind with every combination of its parameter values.
fn every_variant() -> Vec<NodeKind> {
    let mut out = Vec::new();
    for kind in Kind::ALL {
        let base = NodeKind::new(*kind);
        match base {
            NodeKind::Neighbours { .. } => {
                for &owner in OwnerFilter::ALL {
                    for &state in StateFilter::ALL {
                        for &when in When::ALL {
                            out.push(NodeKind::Neighbours { owner, state, when });
                        }
                    }
                }
            }
            NodeKind::BoardCount { .. } => {
                for &measure in BoardMeasure::ALL {
                    for &whose in Whose::ALL {
                        for &when in When::ALL {
                            out.push(NodeKind::BoardCount {
                                measure,
                                whose,
                                when,
                            });
                        }
                    }
                }
            }
            NodeKind::BoardSize { .. } => out.extend(
                SizeMeasure::ALL
                    .iter()
                    .map(|&measure| NodeKind::BoardSize { measure }),
            ),
            NodeKind::Compare { .. } => {
                out.extend(CompareOp::ALL.iter().map(|&op| NodeKind::Compare { op }))
            }
            NodeKind::Constant { .. } => {
                out.extend([0, 1, -1, 100_000, i64::MAX, i64::MIN].map(|value| {
                    NodeKind::Constant {
                        value,
                        tune: Tuning::Auto,
                    }
                }))
            }
            NodeKind::Truth { .. } => {
                out.extend([true, false].map(|value| NodeKind::Truth { value }))
            }
            NodeKind::WeightedSum { .. } => {
                let term = |label: &str, weight, tune| WeightedTerm {
                    label: label.to_string(),
                    weight,
                    tune,
                };
                out.extend([
                    base.clone(),
                    NodeKind::WeightedSum { terms: Vec::new() },
                    NodeKind::WeightedSum {
                        terms: vec![
                            term("corners (lesson 1)", 20, Tuning::Auto),
                            term("ünïcödé \"quoted\" ✓", i64::MIN, Tuning::Off),
                            term("", i64::MAX, Tuning::Range { min: -3, max: 7 }),
                            term("corners (lesson 1)", -1, Tuning::Auto),
                        ],
                    },
                ]);
            }
            NodeKind::Group { .. } => out.push(NodeKind::Group {
                def: "g".to_string(),
                inputs: group_def().inputs,
                outputs: group_def().outputs,
            }),
            // At the top level an interface node keeps its placeholder pin.
            NodeKind::GroupInput { ref pin, .. } => {
                out.extend([0, 1, 7].map(|index| NodeKind::GroupInput {
                    index,
                    pin: pin.clone(),
                }))
            }
            NodeKind::GroupOutput { ref pin, .. } => {
                out.extend([0, 1, 7].map(|index| NodeKind::GroupOutput {
                    index,
                    pin: pin.clone(),
                }))
            }
            NodeKind::Comment { .. } => out.extend(
                ["", "a note", "two\nlines, \"quoted\", ünïcödé ✓"].map(|t| NodeKind::Comment {
                    text: t.to_string(),
                }),
            ),
            _ if base.when().is_some() => {
                for &when in When::ALL {
                    let mut k = base.clone();
                    k.set_when(when);
                    out.push(k);
                }
            }
            _ => out.push(base),
        }
    }
    out
}

#[test]
fn every_kind_round_trips_with_every_parameter() {
    let variants = every_variant();
    let covered: HashSet<Kind> = variants.iter().map(|v| v.kind()).collect();
    assert_eq!(covered.len(), Kind::ALL.len());
    let mut g = Graph::new("every variant");
    g.set_group("g", group_def());
    for (i, kind) in variants.iter().enumerate() {
        g.insert(Node {
            id: NodeId(i as u32 * 3 + 1),
            kind: kind.clone(),
            pos: [i as f32, -(i as f32)],
            label: None,
        })
        .unwrap();
    }
    let text = g.to_json();
    let back = Graph::from_json(&text).unwrap();
    assert_eq!(back, g);
    assert_eq!(back.to_json(), text);
    // The parameters in the file are exactly the documented ones, by name.
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    for node in v["nodes"].as_array().unwrap() {
        let key = node["kind"].as_str().unwrap();
        let doc = info(kind_by_key(key).unwrap());
        let written: Vec<&str> = node
            .get("params")
            .and_then(|p| p.as_object())
            .map(|p| p.keys().map(String::as_str).collect())
            .unwrap_or_default();
        let documented: Vec<&str> = doc.params.iter().map(|p| p.0).collect();
        assert_eq!(written, documented, "{key}");
    }
    // Titles name the parameters, so that two variants never look alike
    // (comments and Weighted sums show their text and terms in the node;
    // interface nodes are named by their pin, whatever its number).
    let plain = |k: &&NodeKind| {
        !matches!(
            k,
            NodeKind::Comment { .. }
                | NodeKind::WeightedSum { .. }
                | NodeKind::GroupInput { .. }
                | NodeKind::GroupOutput { .. }
        )
    };
    let titles: HashSet<String> = variants.iter().filter(plain).map(NodeKind::title).collect();
    let distinct = variants.iter().filter(plain).count();
    assert_eq!(titles.len(), distinct);
    assert_eq!(
        NodeKind::Neighbours {
            owner: OwnerFilter::Opponent,
            state: StateFilter::Critical,
            when: When::After
        }
        .title(),
        "Neighbours (opponent's, critical, after placing here)"
    );
    assert_eq!(
        NodeKind::BoardCount {
            measure: BoardMeasure::EndangeredCells,
            whose: Whose::Mine,
            when: When::Now
        }
        .title(),
        "Count on board (mine endangered cells, now)"
    );
}

#[test]
fn parameters_may_be_left_out_and_take_their_defaults() {
    for k in KINDS {
        let text = format!(
            r#"{{"format": "chainlab-strategy", "version": 1, "nodes": [{{"id": 1, "kind": "{}"}}]}}"#,
            k.key
        );
        if k.kind == Kind::Group {
            // A group instance names its definition: there is no default.
            let e = Graph::from_json(&text).unwrap_err().to_string();
            assert!(e.contains("\"def\" is missing"), "{e}");
            continue;
        }
        let g = Graph::from_json(&text).unwrap();
        assert_eq!(g.nodes()[0].kind, NodeKind::new(k.kind), "{}", k.key);
    }
}
