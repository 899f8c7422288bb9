//! The strategy file format: byte-stable saving, round trips of random
//! graphs, versions, errors that name the line, node or wire, and hostile
//! input (huge numbers, huge files, deep nesting) that must give errors,
//! never panics, hangs or stack overflows.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

use chainlab::strategy::Strategy as Graph;
use chainlab::strategy::{
    BoardMeasure, CompareOp, FORMAT, GroupDef, GroupPin, Kind, MAX_FILE_BYTES, MAX_NODES, Node,
    NodeId, NodeKind, OwnerFilter, ParamMut, PinSide, PinType, SizeMeasure, StateFilter,
    StrategyError, TooLarge, Tuning, VERSION, WeightedTerm, When, Whose, Wire,
};
use proptest::prelude::*;

fn load_err(text: &str) -> String {
    match Graph::from_json(text) {
        Ok(_) => panic!("loaded, but should not:\n{text:.300}"),
        Err(e) => e.to_string(),
    }
}

/// A version 1 file's text as this chainlab saves it: the same but for the
/// version (version 1 files have none of the fields version 2 added).
fn upgraded(text: &str) -> String {
    text.replacen("\"version\": 1,", &format!("\"version\": {VERSION},"), 1)
}

/// A file with the given `nodes` and `wires` arrays.
fn file(nodes: &str, wires: &str) -> String {
    format!(
        "{{\"format\": \"{FORMAT}\", \"version\": {VERSION}, \"name\": \"t\", \"nodes\": [{nodes}], \"wires\": [{wires}]}}"
    )
}

#[test]
fn shipped_strategies_resave_to_the_same_bytes() {
    for path in common::shipped_paths() {
        let text = std::fs::read_to_string(&path).unwrap();
        let s = Graph::from_json(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        // Version 1 files are saved as version 2, and change in nothing else.
        let text = upgraded(&text);
        assert_eq!(
            s.to_json(),
            text,
            "{} changes when re-saved",
            path.display()
        );
        // Through the file API too, into a temporary directory.
        let dir = common::temp_dir("resave");
        let copy = dir.join("copy.json");
        s.save(&copy).unwrap();
        assert_eq!(std::fs::read_to_string(&copy).unwrap(), text);
        assert_eq!(Graph::load(&copy).unwrap(), s);
        std::fs::remove_dir_all(dir).unwrap();
    }
}

#[test]
fn scrambled_file_is_saved_sorted_with_defaults_written_out() {
    let s = Graph::load(&common::fixture("scrambled.json")).unwrap();
    assert!(!s.validate().has_errors());
    let expected = r#"{
  "format": "chainlab-strategy",
  "version": 2,
  "name": "Scrambled",
  "description": "A valid strategy written by hand: nodes and wires out of order, no positions, default parameters left out, odd spacing.",
  "nodes": [
    {"id": 1, "kind": "constant", "params": {"value": 6}, "at": [0, 0]},
    {"id": 2, "kind": "constant", "params": {"value": 0}, "at": [0, 0]},
    {"id": 3, "kind": "multiply", "at": [0, 0]},
    {"id": 4, "kind": "is_corner", "at": [0, 0]},
    {"id": 5, "kind": "is_endangered", "params": {"when": "now"}, "at": [0, 0]},
    {"id": 7, "kind": "if", "at": [10, -4]},
    {"id": 9, "kind": "output", "at": [0, 0]}
  ],
  "wires": [
    {"from": 4, "to": 3, "input": "a"},
    {"from": 1, "to": 3, "input": "b"},
    {"from": 5, "to": 7, "input": "condition"},
    {"from": 2, "to": 7, "input": "then"},
    {"from": 3, "to": 7, "input": "else"},
    {"from": 7, "to": 9, "input": "value"}
  ]
}
"#;
    assert_eq!(s.to_json(), expected);
    // Wires are sorted by target node, then input pin (in pin order, not by
    // name), then source.
    let keys: Vec<(NodeId, usize, NodeId)> =
        s.wires().iter().map(|w| (w.to, w.input, w.from)).collect();
    let mut sorted = keys.clone();
    sorted.sort();
    assert_eq!(keys, sorted);
    // Positions are saved rounded (10.4, -3.6 became 10, -4); from then on
    // loading and saving changes nothing.
    assert_eq!(Graph::from_json(expected).unwrap().to_json(), expected);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// build → save → load → save gives the same bytes, and the loaded
    /// graph equals the built one: ids, kinds, parameters, positions, wires
    /// (wrong types, cycles and pins fed twice included), name, description.
    #[test]
    fn random_graphs_round_trip(g in common::any_graph()) {
        let text = g.to_json();
        let back = Graph::from_json(&text).unwrap();
        prop_assert_eq!(&back, &g);
        prop_assert_eq!(back.to_json(), text);
        // Validation sees the same graph before and after.
        prop_assert_eq!(back.validate(), g.validate());
    }

    /// Shuffling the nodes and wires of a file does not change what is saved.
    #[test]
    fn order_in_the_file_does_not_matter(g in common::any_graph(), seed in any::<u64>()) {
        use rand::seq::SliceRandom;
        let text = g.to_json();
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        let mut rng = chainlab::rng::rng_from_seed(seed);
        let mut nodes = v["nodes"].as_array().unwrap().clone();
        let mut wires = v["wires"].as_array().unwrap().clone();
        nodes.shuffle(&mut rng);
        wires.shuffle(&mut rng);
        let mut shuffled = v.clone();
        shuffled["nodes"] = serde_json::Value::Array(nodes);
        shuffled["wires"] = serde_json::Value::Array(wires);
        let back = Graph::from_json(&shuffled.to_string()).unwrap();
        prop_assert_eq!(back.to_json(), text);
    }
}

#[test]
fn ids_parameters_and_positions_survive() {
    let mut g = Graph::new("Survivors");
    g.description = "Üñíçødé, \"quotes\", back\\slash, new\nline and tab\t.".to_string();
    let nodes = [
        (
            7,
            NodeKind::Constant {
                value: i64::MIN,
                tune: Tuning::Auto,
            },
            [-10_000_000.0, 10_000_000.0],
        ),
        (
            3,
            NodeKind::Constant {
                value: i64::MAX,
                tune: Tuning::Auto,
            },
            [1.0, -1.0],
        ),
        (
            4_000_000_000,
            NodeKind::Comment {
                text: "\u{0}\u{1f}\u{7f}😀</script>".to_string(),
            },
            [0.0, 0.0],
        ),
        (0, NodeKind::Truth { value: false }, [12345.0, 0.0]),
        (u32::MAX, NodeKind::Output, [-3.0, 4.0]),
    ];
    for (id, kind, pos) in nodes.clone() {
        g.insert(Node {
            id: NodeId(id),
            kind,
            pos,
            label: None,
        })
        .unwrap();
    }
    let back = Graph::from_json(&g.to_json()).unwrap();
    assert_eq!(back, g);
    for (id, kind, pos) in nodes {
        let n = back.node(NodeId(id)).unwrap();
        assert_eq!((&n.kind, n.pos), (&kind, pos));
    }
    // Positions are whole canvas units within ±1e7: fractions round, the
    // rest is clamped, non-finite values become 0.
    let mut h = Graph::new("positions");
    for (i, pos) in [[0.4f32, -0.6], [2.5e9, -2.5e9], [f32::NAN, f32::INFINITY]]
        .into_iter()
        .enumerate()
    {
        h.insert(Node {
            id: NodeId(i as u32),
            kind: NodeKind::Row,
            pos,
            label: None,
        })
        .unwrap();
    }
    let back = Graph::from_json(&h.to_json()).unwrap();
    let pos: Vec<[f32; 2]> = back.nodes().iter().map(|n| n.pos).collect();
    assert_eq!(pos, [[0.0, -1.0], [1.0e7, -1.0e7], [0.0, 0.0]]);
}

#[test]
fn adding_after_the_largest_id_keeps_ids_unique() {
    // A file may use the largest id; a node added in the editor afterwards
    // must not reuse it (it did: the file could then not be loaded again).
    let text = file(
        r#"{"id": 4294967295, "kind": "output"}, {"id": 1, "kind": "row"}, {"id": 2, "kind": "row"}, {"id": 4, "kind": "row"}"#,
        "",
    );
    let mut g = Graph::from_json(&text).unwrap();
    let a = g.add(Kind::Constant, [0.0, 0.0]);
    let b = g.add(Kind::Constant, [0.0, 0.0]);
    assert_eq!((a, b), (NodeId(3), NodeId(5)));
    let ids = common::ids(&g);
    assert_eq!(ids, [1, 2, 3, 4, 5, u32::MAX].map(NodeId));
    assert_eq!(
        g.node(a).unwrap().kind,
        NodeKind::Constant {
            value: 0,
            tune: Tuning::Auto
        }
    );
    let back = Graph::from_json(&g.to_json()).unwrap();
    assert_eq!(back, g);
    // Wiring the new node works (lookups rely on the nodes being sorted).
    g.connect(a, NodeId(u32::MAX), 0).unwrap();
    assert_eq!(g.feeds(NodeId(u32::MAX), 0).count(), 1);
}

#[test]
fn versions_and_format_are_checked() {
    let body = r#""name": "x", "nodes": [], "wires": []"#;
    let next = VERSION + 1;
    let newer = load_err(&format!(
        r#"{{"format": "{FORMAT}", "version": {next}, {body}}}"#
    ));
    assert!(
        newer.contains(&format!("version {next}")) && newer.contains("newer chainlab"),
        "{newer}"
    );
    // Both versions this chainlab knows load.
    for v in 1..=VERSION {
        Graph::from_json(&format!(
            r#"{{"format": "{FORMAT}", "version": {v}, {body}}}"#
        ))
        .unwrap();
    }
    assert!(newer.contains(&format!("up to {VERSION}")), "{newer}");
    assert!(matches!(
        Graph::from_json(&format!(
            r#"{{"format": "{FORMAT}", "version": 99999999999, {body}}}"#
        )),
        Err(StrategyError::NewerVersion(99_999_999_999))
    ));
    // The newer-version message wins even when the rest is unreadable to us.
    let future = load_err(&std::fs::read_to_string(common::fixture("newer-version.json")).unwrap());
    assert!(
        future.contains("version 7") && future.contains("newer"),
        "{future}"
    );
    for bad in ["0", "-1", "1.0", "\"1\"", "null", "[1]", "1.5"] {
        let e = load_err(&format!(
            r#"{{"format": "{FORMAT}", "version": {bad}, {body}}}"#
        ));
        assert!(e.contains("\"version\""), "version {bad}: {e}");
    }
    let missing = load_err(&format!(r#"{{"format": "{FORMAT}", {body}}}"#));
    assert!(
        missing.contains("\"version\"") && missing.contains("nothing"),
        "{missing}"
    );
    for bad in ["\"chainlab-position\"", "\"\"", "1", "null"] {
        let e = load_err(&format!(r#"{{"format": {bad}, "version": 1, {body}}}"#));
        assert!(e.contains("\"format\""), "format {bad}: {e}");
    }
    let e = load_err(&format!(r#"{{"version": 1, {body}}}"#));
    assert!(e.contains("not a strategy file"), "{e}");
    let e = load_err(r#"{"rows": 5, "cols": 6, "cells": []}"#);
    assert!(e.contains("not a strategy file"), "{e}");
}

#[test]
fn syntax_errors_name_the_line() {
    let text = std::fs::read_to_string(common::fixture("bad-json.json")).unwrap();
    let e = load_err(&text);
    assert!(e.contains("line 8"), "{e}");
    for (text, line) in [
        (
            "{\n\"format\": \"chainlab-strategy\",\n\"version\": 1,,\n}",
            3,
        ),
        ("\n\n\n{\"format\": \"chainlab-strategy\"", 4),
        (
            "{\"format\": \"chainlab-strategy\", \"version\": 1, \"name\": \"unterminated\n}",
            1,
        ),
        (
            "{\"format\": \"chainlab-strategy\",\n \"version\": 1,\n \"nodes\": [{\"id\": \"one\", \"kind\": \"row\"}]}",
            3,
        ),
        (
            "{\"format\": \"chainlab-strategy\",\n \"version\": 1,\n \"colour\": \"red\"}",
            3,
        ),
        ("", 1),
    ] {
        let e = load_err(text);
        assert!(
            e.contains(&format!("line {line}")),
            "expected line {line}: {e}"
        );
    }
}

#[test]
fn node_errors_name_the_node() {
    let cases = [
        (
            r#"{"id": 1, "kind": "row"}, {"id": 17, "kind": "teleport"}"#,
            "node 17",
            "teleport",
        ),
        (
            r#"{"id": 23, "kind": "neighbours", "params": {"owner": "friendly"}}"#,
            "node 23",
            "friendly",
        ),
        (
            r#"{"id": 5, "kind": "constant", "params": {"value": 1.5}}"#,
            "node 5",
            "value",
        ),
        (
            r#"{"id": 5, "kind": "constant", "params": {"value": "6"}}"#,
            "node 5",
            "value",
        ),
        (
            r#"{"id": 6, "kind": "truth", "params": {"value": 1}}"#,
            "node 6",
            "value",
        ),
        (
            r#"{"id": 8, "kind": "comment", "params": {"text": 42}}"#,
            "node 8",
            "text",
        ),
        (
            r#"{"id": 9, "kind": "add", "params": {"when": "now"}}"#,
            "node 9",
            "unknown parameter \"when\"",
        ),
        (
            r#"{"id": 10, "kind": "atoms", "params": {"when": "later"}}"#,
            "node 10",
            "later",
        ),
        (
            r#"{"id": 11, "kind": "compare", "params": {"op": ">"}}"#,
            "node 11",
            "lt, le, eq, ne, ge, gt",
        ),
        (
            r#"{"id": 12, "kind": "board_count", "params": {"whose": "theirs"}}"#,
            "node 12",
            "whose",
        ),
        (
            r#"{"id": 13, "kind": "board_size", "params": {"measure": "area"}}"#,
            "node 13",
            "area",
        ),
        (
            r#"{"id": 12, "kind": "row"}, {"id": 3, "kind": "row"}, {"id": 12, "kind": "output"}"#,
            "node 12",
            "two nodes",
        ),
    ];
    for (nodes, who, what) in cases {
        let e = load_err(&file(nodes, ""));
        assert!(e.contains(who) && e.contains(what), "{nodes}: {e}");
    }
    for name in ["unknown-kind.json", "bad-param.json", "duplicate-id.json"] {
        let e = Graph::load(&common::fixture(name)).unwrap_err().to_string();
        assert!(e.contains(name), "the path is named: {e}");
        assert!(
            e.contains("node 17") || e.contains("node 23") || e.contains("node 12"),
            "{e}"
        );
    }
}

#[test]
fn wire_errors_name_the_wire() {
    let nodes = r#"{"id": 1, "kind": "row"}, {"id": 2, "kind": "add"}, {"id": 3, "kind": "output"}, {"id": 4, "kind": "comment"}"#;
    let cases = [
        (
            r#"{"from": 1, "to": 2, "input": "a"}, {"from": 41, "to": 2, "input": "b"}"#,
            "wire 1",
            "\"from\": 41",
        ),
        (
            r#"{"from": 1, "to": 42, "input": "a"}"#,
            "wire 0",
            "\"to\": 42",
        ),
        (
            r#"{"from": 1, "to": 2, "input": "c"}"#,
            "wire 0",
            "its inputs: a, b",
        ),
        (
            r#"{"from": 1, "to": 1, "input": "x"}"#,
            "wire 0",
            "has no inputs",
        ),
        (
            r#"{"from": 1, "to": 2, "input": "a"}, {"from": 1, "to": 2, "input": "b"}, {"from": 3, "to": 2, "input": "a"}"#,
            "wire 2",
            "no output",
        ),
        (
            r#"{"from": 4, "to": 3, "input": "value"}"#,
            "wire 0",
            "no output",
        ),
        (r#"{"from": 1, "to": 3}"#, "line 1", "input"),
        (
            r#"{"from": 1, "to": 3, "input": "value", "colour": "red"}"#,
            "line 1",
            "colour",
        ),
    ];
    for (wires, which, what) in cases {
        let e = load_err(&file(nodes, wires));
        assert!(e.contains(which) && e.contains(what), "{wires}: {e}");
    }
    let e = Graph::load(&common::fixture("dangling-wire.json"))
        .unwrap_err()
        .to_string();
    assert!(e.contains("wire 1") && e.contains("41"), "{e}");
}

#[test]
fn huge_numbers_are_errors() {
    let two_70 = "1180591620717411303424";
    for (text, what) in [
        (
            file(
                r#"{"id": 1, "kind": "constant", "params": {"value": 1e400}}"#,
                "",
            ),
            "line 1",
        ),
        (
            file(
                &format!(r#"{{"id": 1, "kind": "constant", "params": {{"value": {two_70}}}}}"#),
                "",
            ),
            "node 1",
        ),
        (
            file(
                &format!(r#"{{"id": 1, "kind": "constant", "params": {{"value": -{two_70}}}}}"#),
                "",
            ),
            "node 1",
        ),
        (
            file(
                r#"{"id": 1, "kind": "constant", "params": {"value": 9223372036854775808}}"#,
                "",
            ),
            "node 1",
        ),
        (
            file(&format!(r#"{{"id": {two_70}, "kind": "row"}}"#), ""),
            "line 1",
        ),
        (file(r#"{"id": 4294967296, "kind": "row"}"#, ""), "line 1"),
        (file(r#"{"id": -1, "kind": "row"}"#, ""), "line 1"),
        (
            file(r#"{"id": 1, "kind": "row", "at": [1e400, 0]}"#, ""),
            "line 1",
        ),
        (
            file(
                r#"{"id": 1, "kind": "row"}"#,
                &format!(r#"{{"from": {two_70}, "to": 1, "input": "a"}}"#),
            ),
            "line 1",
        ),
        (
            format!(r#"{{"format": "{FORMAT}", "version": 1e400}}"#),
            "line 1",
        ),
        (
            format!(r#"{{"format": "{FORMAT}", "version": {two_70}}}"#),
            "version",
        ),
    ] {
        let e = load_err(&text);
        assert!(e.contains(what), "{text}: {e}");
    }
    // The extremes of i64 load and survive.
    for v in [i64::MIN, i64::MAX] {
        let g = Graph::from_json(&file(
            &format!(r#"{{"id": 1, "kind": "constant", "params": {{"value": {v}}}}}"#),
            "",
        ))
        .unwrap();
        assert_eq!(
            g.nodes()[0].kind,
            NodeKind::Constant {
                value: v,
                tune: Tuning::Auto
            }
        );
    }
    // Huge positions are clamped, not refused.
    let g = Graph::from_json(&file(
        r#"{"id": 1, "kind": "row", "at": [1e300, -1e300]}"#,
        "",
    ))
    .unwrap();
    assert_eq!(g.nodes()[0].pos, [1.0e7, -1.0e7]);
}

#[test]
fn deep_nesting_is_an_error_not_a_stack_overflow() {
    let deep = 100_000;
    let texts = [
        "[".repeat(deep),
        "{\"a\":".repeat(deep),
        format!("{}{}", "[".repeat(deep), "]".repeat(deep)),
        format!(
            r#"{{"format": "{FORMAT}", "version": 1, "name": {}{}}}"#,
            "[".repeat(deep),
            "]".repeat(deep)
        ),
        format!(
            r#"{{"format": "{FORMAT}", "version": 1, "extra": {}{}}}"#,
            "[".repeat(deep),
            "]".repeat(deep)
        ),
        file(
            &format!(
                r#"{{"id": 1, "kind": "comment", "params": {{"text": {}{}}}}}"#,
                "[".repeat(deep),
                "]".repeat(deep)
            ),
            "",
        ),
        file(
            &format!(
                r#"{{"id": 1, "kind": "comment", "params": {{"note": {}{}}}}}"#,
                "{\"a\":".repeat(deep),
                "}".repeat(deep)
            ),
            "",
        ),
    ];
    for text in texts {
        let e = Graph::from_json(&text);
        assert!(e.is_err(), "loaded {:.60}", text);
    }
}

#[test]
fn huge_files_and_node_counts_are_errors() {
    // Over the byte limit: refused before parsing.
    let big = format!("{}{}", file("", ""), " ".repeat(MAX_FILE_BYTES));
    assert!(matches!(
        Graph::from_json(&big),
        Err(StrategyError::TooLarge(TooLarge::Bytes(n))) if n > MAX_FILE_BYTES
    ));
    // And from disk, without reading it: a sparse file of the size.
    let dir = common::temp_dir("huge");
    let path = dir.join("huge.json");
    std::fs::File::create(&path)
        .unwrap()
        .set_len(MAX_FILE_BYTES as u64 + 1)
        .unwrap();
    let e = Graph::load(&path).unwrap_err();
    assert!(
        matches!(&e, StrategyError::File(f) if f.is_too_large()),
        "{e}"
    );
    assert!(e.to_string().contains("huge.json"), "{e}");
    // Not UTF-8.
    std::fs::write(
        &path,
        b"{\"format\": \"chainlab-strategy\", \"name\": \"\xff\xfe\"}",
    )
    .unwrap();
    assert!(
        Graph::load(&path)
            .unwrap_err()
            .to_string()
            .contains("UTF-8")
    );
    // A missing file names the path.
    let e = Graph::load(&dir.join("missing.json"))
        .unwrap_err()
        .to_string();
    assert!(e.contains("missing.json"), "{e}");
    std::fs::remove_dir_all(dir).unwrap();
    // Over the node limit (a small file: default kinds, no positions).
    let nodes: Vec<String> = (0..=MAX_NODES)
        .map(|i| format!(r#"{{"id":{i},"kind":"row"}}"#))
        .collect();
    let e = Graph::from_json(&file(&nodes.join(","), "")).unwrap_err();
    assert!(
        matches!(e, StrategyError::TooLarge(TooLarge::Nodes(n)) if n == MAX_NODES + 1),
        "{e}"
    );
    assert_eq!(
        e.to_string(),
        format!(
            "too large: {} nodes; a strategy may have at most {MAX_NODES}",
            MAX_NODES + 1
        )
    );
}

#[test]
fn big_files_in_reverse_order_load_quickly() {
    // The largest allowed node count with ids in descending order, and many
    // wires in descending order: loading used to insert one by one
    // (quadratic: minutes for such a file); it must stay a matter of seconds.
    let nodes: Vec<String> = (1..=MAX_NODES as u32)
        .rev()
        .map(|i| format!(r#"{{"id":{i},"kind":"add"}}"#))
        .collect();
    let wires: Vec<String> = (2..=MAX_NODES as u32)
        .rev()
        .flat_map(|i| {
            [
                format!(r#"{{"from":{},"to":{i},"input":"b"}}"#, i - 1),
                format!(r#"{{"from":1,"to":{i},"input":"a"}}"#),
            ]
        })
        .collect();
    let text = file(&nodes.join(",\n"), &wires.join(",\n"));
    assert!(text.len() < MAX_FILE_BYTES);
    let g = Graph::from_json(&text).unwrap();
    assert_eq!(g.nodes().len(), MAX_NODES);
    assert_eq!(g.wires().len(), 2 * (MAX_NODES - 1));
    assert!(g.nodes().windows(2).all(|w| w[0].id < w[1].id));
    assert!(g.wires().windows(2).all(|w| w[0] < w[1]));
    assert_eq!(
        g.feeds(NodeId(7), 1).collect::<Vec<_>>(),
        [&Wire {
            to: NodeId(7),
            input: 1,
            from: NodeId(6),
            output: 0,
        }]
    );
}

#[test]
fn saving_is_atomic_and_reports_errors() {
    let dir = common::temp_dir("save");
    let path = dir.join("s.json");
    let (_, first) = common::shipped().remove(0);
    let (_, last) = common::shipped().pop().unwrap();
    first.save(&path).unwrap();
    last.save(&path).unwrap();
    assert_eq!(Graph::load(&path).unwrap(), last);
    // No temporary file is left behind.
    let names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["s.json"]);
    // Saving into a missing directory fails with the path, and leaves nothing.
    let bad = dir.join("no/such/dir/s.json");
    let e = first.save(&bad).unwrap_err().to_string();
    assert!(e.contains("cannot save") && e.contains("s.json"), "{e}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn built_graphs_are_laid_out_left_to_right() {
    // The shipped strategies come from GraphBuilder (examples/curriculum.rs);
    // lessons 8 to 10 (with groups) are then laid out by hand to read at Fit
    // graph, and lessons 1 to 7 placed to fit a laptop screen (issue 35), so
    // only the left-to-right rules hold for them.
    let placed = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/curriculum/layout.rs"),
    )
    .unwrap();
    for (path, g) in common::shipped() {
        let name = path.display();
        // Grouped lessons are placed by hand, and so are those whose places
        // examples/curriculum/layout.rs lists (packed to fit a laptop screen).
        let file = path.file_name().unwrap().to_string_lossy().into_owned();
        let by_hand = !g.groups().is_empty() || placed.contains(&format!("\"{file}\""));
        let output = g.outputs().next().unwrap();
        let max_x = g.nodes().iter().map(|n| n.pos[0]).fold(f32::MIN, f32::max);
        assert_eq!(output.pos[0], max_x, "{name}: the Cell value is rightmost");
        for w in g.wires() {
            let (a, b) = (g.node(w.from).unwrap(), g.node(w.to).unwrap());
            assert!(a.pos[0] < b.pos[0], "{name}: wire {w:?} runs right to left");
        }
        let mut seen = std::collections::HashSet::new();
        for n in g.nodes() {
            assert!(
                seen.insert((n.pos[0] as i64, n.pos[1] as i64)),
                "{name}: two nodes at {:?}",
                n.pos
            );
            if matches!(n.kind, NodeKind::Comment { .. }) && !by_hand {
                assert_eq!(n.pos[0], 0.0, "{name}: comments sit at the left");
            }
        }
        // Laying out again changes nothing.
        if !by_hand {
            let mut again = g.clone();
            again.arrange();
            assert_eq!(again, g, "{name}");
        }
    }
    // Cycles and loose nodes are laid out too, without overlap.
    let mut g = Graph::load(&common::fixture("everything-wrong.json")).unwrap();
    g.arrange();
    let positions: std::collections::HashSet<(i64, i64)> = g
        .nodes()
        .iter()
        .map(|n| (n.pos[0] as i64, n.pos[1] as i64))
        .collect();
    assert_eq!(positions.len(), g.nodes().len());
}

#[test]
fn the_example_in_the_format_documentation_loads_and_saves_as_shown() {
    let doc = std::fs::read_to_string(common::repo().join("docs/strategy-format.md")).unwrap();
    let start = doc.find("```json\n").unwrap() + "```json\n".len();
    let example = &doc[start..start + doc[start..].find("```").unwrap()];
    let g = Graph::from_json(example).unwrap();
    assert_eq!(g.to_json(), example);
    assert!(!g.validate().has_errors());
    // The error messages it quotes are the ones given.
    let e = load_err(&file(r#"{"id": 7, "kind": "is_corners"}"#, ""));
    assert!(e.starts_with("node 7: unknown kind \"is_corners\""), "{e}");
    let e = load_err(&file(
        r#"{"id": 3, "kind": "constant", "params": {"value": 1.5}}"#,
        "",
    ));
    assert!(
        e.starts_with("node 3 (constant): parameter \"value\" is 1.5, expected a whole number"),
        "{e}"
    );
}

/// A file using `reply` (measures and the three reply nodes) loads as
/// written and re-saves to the same bytes, but for the version it is saved
/// in (files without it load unchanged:
/// `shipped_strategies_resave_to_the_same_bytes`).
#[test]
fn reply_measures_round_trip() {
    let path = common::repo().join("tests/data/strategies/reply-measures.json");
    let text = std::fs::read_to_string(&path).unwrap();
    let g = Graph::from_json(&text).unwrap();
    assert_eq!(g.to_json(), upgraded(&text));
    let replies = g.nodes().iter().filter(|n| n.kind.needs_reply()).count();
    let whens: Vec<When> = g.nodes().iter().filter_map(|n| n.kind.when()).collect();
    assert_eq!(replies, 6);
    assert_eq!(whens, [When::Reply, When::Reply, When::Reply, When::After]);
    assert!(!g.validate().has_errors(), "{:?}", g.validate());
}

#[test]
fn tuning_marks_round_trip_and_auto_is_not_written() {
    let text = file(
        r#"{"id": 1, "kind": "constant", "params": {"value": 6, "tune": {"min": 0, "max": 20}}},
           {"id": 2, "kind": "constant", "params": {"tune": "off", "value": -3}},
           {"id": 3, "kind": "constant", "params": {"value": 4, "tune": "auto"}},
           {"id": 4, "kind": "constant", "params": {"value": 1, "tune": {"max": -5, "min": 5}}}"#,
        "",
    );
    let g = Graph::from_json(&text).unwrap();
    let kinds: Vec<NodeKind> = g.nodes().iter().map(|n| n.kind.clone()).collect();
    assert_eq!(
        kinds,
        [
            NodeKind::Constant {
                value: 6,
                tune: Tuning::Range { min: 0, max: 20 }
            },
            NodeKind::Constant {
                value: -3,
                tune: Tuning::Off
            },
            NodeKind::Constant {
                value: 4,
                tune: Tuning::Auto
            },
            // Reversed ranges load (the validator warns, tuning refuses).
            NodeKind::Constant {
                value: 1,
                tune: Tuning::Range { min: 5, max: -5 }
            },
        ]
    );
    let saved = g.to_json();
    assert!(saved.contains(
        r#"{"id": 1, "kind": "constant", "params": {"value": 6, "tune": {"min": 0, "max": 20}}, "at": [0, 0]}"#
    ), "{saved}");
    assert!(
        saved.contains(r#""params": {"value": -3, "tune": "off"}"#),
        "{saved}"
    );
    assert!(
        saved.contains(r#"{"id": 3, "kind": "constant", "params": {"value": 4}, "at": [0, 0]}"#),
        "{saved}"
    );
    let again = Graph::from_json(&saved).unwrap();
    assert_eq!(again, g);
    assert_eq!(again.to_json(), saved);
}

#[test]
fn bad_tuning_marks_name_the_node() {
    let cases = [
        (r#""on""#, "expected \"off\", \"auto\""),
        ("3", "is 3"),
        ("null", "is null"),
        ("[0, 5]", "is [0,5]"),
        (r#"{"min": 1}"#, "lacks \"max\""),
        (r#"{"min": 1, "max": 2.5}"#, "\"max\" is 2.5"),
        (r#"{"min": "1", "max": 2}"#, "\"min\" is \"1\""),
        (r#"{"min": 1, "max": 1e30}"#, "whole number"),
        (
            r#"{"min": -99999999999999999999, "max": 2}"#,
            "whole number",
        ),
        (
            r#"{"min": 1, "max": 2, "step": 1}"#,
            "unknown field \"step\"",
        ),
    ];
    for (tune, what) in cases {
        let nodes =
            format!(r#"{{"id": 7, "kind": "constant", "params": {{"value": 1, "tune": {tune}}}}}"#);
        let e = load_err(&file(&nodes, ""));
        assert!(
            e.starts_with("node 7 (constant): parameter \"tune\"") && e.contains(what),
            "{tune}: {e}"
        );
    }
}

#[test]
fn fixtures_without_tuning_marks_resave_without_them() {
    for entry in std::fs::read_dir(common::fixture("")).unwrap() {
        let path = entry.unwrap().path();
        let Ok(g) = Graph::load(&path) else { continue };
        let saved = g.to_json();
        assert!(!saved.contains("\"tune\""), "{}", path.display());
        assert!(g.nodes().iter().all(|n| !matches!(
            n.kind,
            NodeKind::Constant {
                tune: Tuning::Off | Tuning::Range { .. },
                ..
            }
        )));
        assert_eq!(Graph::from_json(&saved).unwrap().to_json(), saved);
    }
}

/// The group every top-level instance uses: two inputs and two outputs, and
/// a body with every kind (its interface nodes read these pins).
const OUTER: &str = "g";
/// The group every instance inside [`OUTER`]'s body uses.
const INNER: &str = "h";

fn pins(names: [(&str, PinType); 2]) -> Vec<GroupPin> {
    names.iter().map(|(n, t)| GroupPin::new(*n, *t)).collect()
}

/// The next value of a choice after `v`, so that it differs from `v`.
fn other<T: Copy + PartialEq>(v: T, all: &[T]) -> T {
    let at = all.iter().position(|x| *x == v).unwrap();
    all[(at + 1) % all.len()]
}

/// Sets one parameter away from the value it has in a new node. Every kind
/// of parameter is listed (no catch-all), so a new one does not compile
/// until this test covers it. `body_of`: the group whose body holds the node
/// (`None` at the top level), whose pins an interface node stands for;
/// `uses`: the group an instance there uses.
fn change(param: ParamMut, body_of: Option<&GroupDef>, uses: (&str, &GroupDef)) {
    match param {
        ParamMut::When(p) => *p = other(*p, When::ALL),
        ParamMut::Owner(p) => *p = other(*p, OwnerFilter::ALL),
        ParamMut::State(p) => *p = other(*p, StateFilter::ALL),
        ParamMut::BoardMeasure(p) => *p = other(*p, BoardMeasure::ALL),
        ParamMut::Whose(p) => *p = other(*p, Whose::ALL),
        ParamMut::SizeMeasure(p) => *p = other(*p, SizeMeasure::ALL),
        ParamMut::Compare(p) => *p = other(*p, CompareOp::ALL),
        ParamMut::Number(p) => *p = p.wrapping_sub(123_456_789),
        ParamMut::Tune(p) => {
            assert_eq!(*p, Tuning::Auto);
            *p = Tuning::Range { min: -7, max: 9 };
        }
        ParamMut::Truth(p) => *p = !*p,
        ParamMut::Text(p) => p.push_str("a note, \"quoted\",\nünïcödé ✓"),
        ParamMut::Terms(p) => {
            *p = vec![
                WeightedTerm {
                    label: "corners (lesson 1)".to_string(),
                    weight: -20,
                    tune: Tuning::Off,
                },
                WeightedTerm {
                    label: "ünïcödé \"quoted\"".to_string(),
                    weight: i64::MAX,
                    tune: Tuning::Range { min: 3, max: 70 },
                },
                WeightedTerm::new("plain", 7),
            ]
        }
        ParamMut::Def {
            def,
            inputs,
            outputs,
        } => {
            *def = uses.0.to_string();
            *inputs = uses.1.inputs.clone();
            *outputs = uses.1.outputs.clone();
        }
        ParamMut::Index { index, pin, side } => {
            *index += 1;
            // At the top level there is no group: the node keeps its pin.
            if let Some(group) = body_of {
                let pins = match side {
                    PinSide::Input => &group.inputs,
                    PinSide::Output => &group.outputs,
                };
                *pin = pins[*index].clone();
            }
        }
    }
}

/// A graph with one node of every kind, every parameter changed by [`change`].
fn every_kind(body_of: Option<&GroupDef>, uses: (&str, &GroupDef)) -> Graph {
    let mut g = Graph::new("every kind, every parameter");
    g.description = "built from the parameter table".to_string();
    for (i, kind) in Kind::ALL.iter().enumerate() {
        let mut node_kind = NodeKind::new(*kind);
        for (_, param) in node_kind.params_mut() {
            change(param, body_of, uses);
        }
        let at = [i as f32 * 10.0, -(i as f32)];
        g.insert(Node::new(NodeId(2 * i as u32 + 3), node_kind, at))
            .unwrap();
    }
    g
}

/// The fields of a kind as its pretty `Debug` prints them: name and value
/// text. Independent of the parameter table, so it also sees a field the
/// table leaves out.
fn fields(kind: &NodeKind) -> Vec<(String, String)> {
    let text = format!("{kind:#?}");
    let mut out: Vec<(String, String)> = Vec::new();
    for line in text.lines().skip(1) {
        let top = line.strip_prefix("    ").filter(|l| !l.starts_with(' '));
        match top.and_then(|l| l.split_once(": ")) {
            Some((name, value)) => out.push((name.to_string(), value.to_string())),
            None => {
                if let Some(last) = out.last_mut() {
                    last.1.push_str(line);
                }
            }
        }
    }
    out
}

/// Every kind of `Kind::ALL`, each with every parameter of the parameter
/// table set away from its default, at the top level and inside a group,
/// saves, loads and saves again to the same bytes and the same graph; and
/// the file holds every parameter of the table. A parameter the writer
/// drops or the reader ignores fails here.
#[test]
fn every_kind_with_every_parameter_changed_round_trips() {
    let inner = GroupDef {
        inputs: pins([("a", PinType::Int), ("b", PinType::Bool)]),
        outputs: pins([("c", PinType::Int), ("d", PinType::Bool)]),
        body: Graph::new("inner"),
    };
    let mut outer = GroupDef {
        inputs: pins([("x", PinType::Int), ("ok", PinType::Bool)]),
        outputs: pins([("value", PinType::Int), ("safe", PinType::Bool)]),
        body: Graph::new("outer"),
    };
    let body = every_kind(Some(&outer), (INNER, &inner));
    outer.body = body;
    let mut g = every_kind(None, (OUTER, &outer));
    g.set_group(INNER, inner);
    g.set_group(OUTER, outer);

    // Every parameter is away from its default; inside the group, where the
    // interface nodes take their pins from it, so is every field.
    for node in g.nodes() {
        let fresh = NodeKind::new(node.kind.kind());
        for ((name, now), (_, default)) in node.kind.params().into_iter().zip(fresh.params()) {
            assert_ne!(now, default, "{:?} {name}", node.kind.kind());
        }
    }
    for node in g.groups()[OUTER].body.nodes() {
        let fresh = fields(&NodeKind::new(node.kind.kind()));
        let now = fields(&node.kind);
        assert_eq!(now.len(), fresh.len());
        for ((name, now), (_, default)) in now.iter().zip(&fresh) {
            assert_ne!(now, default, "{:?} {name}", node.kind.kind());
        }
    }
    let text = g.to_json();
    let back = Graph::from_json(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    // Node by node first, for a short message.
    let graphs = [
        (&back, &g),
        (&back.groups()[OUTER].body, &g.groups()[OUTER].body),
    ];
    for (loaded, built) in graphs {
        assert_eq!(loaded.nodes().len(), built.nodes().len());
        for (a, b) in loaded.nodes().iter().zip(built.nodes()) {
            assert_eq!(a, b, "loaded, then built");
        }
    }
    assert_eq!(back, g);
    assert_eq!(back.to_json(), text);
    // The file holds every parameter of the table, by name, in table order.
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let graphs = [
        (&g, &v["nodes"]),
        (&g.groups()[OUTER].body, &v["groups"][OUTER]["nodes"]),
    ];
    for (graph, nodes) in graphs {
        let nodes = nodes.as_array().unwrap();
        assert_eq!(nodes.len(), Kind::ALL.len());
        for (node, written) in graph.nodes().iter().zip(nodes) {
            let table: Vec<&str> = node.kind.params().iter().map(|(n, _)| *n).collect();
            let keys: Vec<&str> = written
                .get("params")
                .and_then(|p| p.as_object())
                .map(|p| p.keys().map(String::as_str).collect())
                .unwrap_or_default();
            assert_eq!(keys, table, "{:?}", node.kind.kind());
        }
    }
}
