//! Format version 2 (labels, frames, groups, Weighted sums, wires from group
//! outputs), flattening, and the validation of groups: round trips to the
//! same bytes, loading errors that name the group and node, recursion,
//! depth and size limits that hold before anything is copied.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;
use crate::group_util;

use std::collections::BTreeSet;

use chainlab::eval::{EvalError, Program};
use chainlab::strategy::Strategy as Graph;
use chainlab::strategy::{
    FORMAT, FlattenError, Frame, GroupDef, GroupPin, Kind, MAX_GROUP_DEPTH, MAX_GROUPS, MAX_NODES,
    Node, NodeId, NodeKind, PinType, Severity, StrategyError, TooLarge, Tuning, VERSION,
    WeightedTerm,
};
use group_util::{input, instance, numbers, output, wire};

fn load_err(text: &str) -> String {
    match Graph::from_json(text) {
        Ok(_) => panic!("loaded, but should not:\n{text:.400}"),
        Err(e) => e.to_string(),
    }
}

/// A version 2 file with these nodes, wires and extra top-level fields.
fn file(nodes: &str, wires: &str, extra: &str) -> String {
    format!(
        "{{\"format\": \"{FORMAT}\", \"version\": {VERSION}, \"name\": \"t\", \"nodes\": [{nodes}], \"wires\": [{wires}]{extra}}}"
    )
}

/// A `groups` field with one group `id` of these pins and body.
fn group(id: &str, inputs: &str, outputs: &str, nodes: &str, wires: &str) -> String {
    format!(
        ", \"groups\": {{\"{id}\": {{\"name\": \"{id}\", \"inputs\": [{inputs}], \"outputs\": [{outputs}], \"nodes\": [{nodes}], \"wires\": [{wires}]}}}}"
    )
}

/// Group "ops" (a, b → diff = a − b, product = a × b).
fn ops() -> GroupDef {
    let mut body = Graph::new("Ops");
    body.description = "differences and products".to_string();
    let a = body.add_node(input(0, "a", PinType::Int), [0.0, 0.0]);
    let b = body.add_node(input(1, "b", PinType::Int), [0.0, 90.0]);
    let d = body.add(Kind::Subtract, [200.0, 0.0]);
    let p = body.add(Kind::Multiply, [200.0, 90.0]);
    let od = body.add_node(output(0, "diff", PinType::Int), [400.0, 0.0]);
    let op = body.add_node(output(1, "product", PinType::Int), [400.0, 90.0]);
    for (f, t, i) in [
        (a, d, 0),
        (b, d, 1),
        (a, p, 0),
        (b, p, 1),
        (d, od, 0),
        (p, op, 0),
    ] {
        body.connect(f, t, i).unwrap();
    }
    GroupDef {
        inputs: numbers(&["a", "b"]),
        outputs: numbers(&["diff", "product"]),
        body,
    }
}

/// A strategy using every version 2 feature: labels, frames (top level and
/// in a body), "ops" used twice (once inside another group), a Weighted
/// sum with two terms of the same label, wires from group outputs.
fn everything() -> Graph {
    let mut g = Graph::new("everything");
    g.set_group("ops", ops());
    let mut outer = Graph::new("Outer");
    let x = outer.add_node(input(0, "x", PinType::Int), [0.0, 0.0]);
    let inner = outer.add_node(instance(&g, "ops"), [200.0, 0.0]);
    let y = outer.add_node(output(0, "y", PinType::Int), [400.0, 0.0]);
    outer.connect(x, inner, 0).unwrap();
    outer.connect(x, inner, 1).unwrap();
    wire(&mut outer, inner, 1, y, 0);
    outer
        .frames
        .push(Frame::new("inside", [0.0, 0.0, 100.0, 100.0]));
    g.set_group(
        "outer",
        GroupDef {
            inputs: numbers(&["x"]),
            outputs: numbers(&["y"]),
            body: outer,
        },
    );
    let r = g.add(Kind::Row, [0.0, 0.0]);
    let c = g.add(Kind::Column, [0.0, 90.0]);
    let first = g.add_node(instance(&g, "ops"), [200.0, 0.0]);
    let second = g.add_node(instance(&g, "outer"), [200.0, 200.0]);
    let sum = g.add_node(
        NodeKind::WeightedSum {
            terms: vec![
                WeightedTerm::new("same", 3),
                WeightedTerm {
                    label: "same".to_string(),
                    weight: -2,
                    tune: Tuning::Off,
                },
                WeightedTerm::new("squares", 1),
            ],
        },
        [400.0, 0.0],
    );
    let out = g.add(Kind::Output, [600.0, 0.0]);
    g.connect(r, first, 0).unwrap();
    g.connect(c, first, 1).unwrap();
    g.connect(c, second, 0).unwrap();
    wire(&mut g, first, 0, sum, 0);
    wire(&mut g, first, 1, sum, 1);
    wire(&mut g, second, 0, sum, 2);
    g.connect(sum, out, 0).unwrap();
    g.node_mut(sum).unwrap().label = Some("score".to_string());
    g.node_mut(r).unwrap().label = Some("row ✓".to_string());
    let mut frame = Frame::new("Ideas", [-10.5, -20.0, 700.0, 300.0]);
    frame.colour = 3;
    frame.notes = "two lines\nof notes".to_string();
    frame.collapsed = true;
    g.frames.push(frame);
    g.frames.push(Frame::new("", [0.0, 0.0, 0.0, 0.0]));
    g
}

#[test]
fn everything_round_trips_to_the_same_bytes() {
    let g = everything();
    let report = g.validate();
    assert!(!report.has_errors(), "{report:#?}");
    let text = g.to_json();
    let back = Graph::from_json(&text).unwrap();
    assert_eq!(back.to_json(), text);
    assert_eq!(back.groups(), g.groups());
    assert_eq!(back.nodes(), g.nodes());
    assert_eq!(back.wires(), g.wires());
    // Frames are saved at whole units (-10.5 → -11 rounds half away from 0).
    assert_eq!(back.frames[0].rect, [-11.0, -20.0, 700.0, 300.0]);
    assert_eq!(back.frames[1], g.frames[1]);
    for part in [
        r#""version": 2"#,
        r#"{"id": 1, "kind": "row", "label": "row ✓", "at": [0, 0]}"#,
        r#""params": {"def": "ops"}"#,
        r#"{"label": "same", "weight": -2, "tune": "off"}"#,
        // Two terms named "same": the Weighted sum's pins are written by number.
        r#"{"from": 3, "output": "diff", "to": 5, "input": "0"}"#,
        r#"{"from": 3, "output": "product", "to": 5, "input": "1"}"#,
        r#"{"from": 4, "output": "y", "to": 5, "input": "2"}"#,
        r#"{"title": "Ideas", "colour": 3, "at": [-11, -20], "size": [700, 300], "notes": "two lines\nof notes", "collapsed": true}"#,
        r#"{"title": "", "colour": 0, "at": [0, 0], "size": [0, 0]}"#,
        r#""inputs": [{"name": "a", "type": "number"}, {"name": "b", "type": "number"}]"#,
        r#"{"id": 1, "kind": "group_input", "params": {"index": 0}, "at": [0, 0]}"#,
        r#"{"from": 3, "to": 5, "input": "diff"}"#,
        r#"{"from": 2, "output": "product", "to": 3, "input": "y"}"#,
    ] {
        assert!(text.contains(part), "{part} not in\n{text}");
    }
    // Groups are written sorted by id, whatever order they were made in.
    assert!(text.find("\"ops\": {").unwrap() < text.find("\"outer\": {").unwrap());
}

#[test]
fn the_grouped_fixture_loads_and_saves_as_written() {
    let path = common::repo().join("tests/data/strategies/expert-grouped.json");
    let text = std::fs::read_to_string(&path).unwrap();
    let g = Graph::from_json(&text).unwrap();
    assert_eq!(g.to_json(), text);
    assert!(g.validate().diagnostics.is_empty(), "{:#?}", g.validate());
    assert_eq!(g.groups().len(), 4);
    let flat = g.flatten().unwrap();
    assert!(flat.graph.groups().is_empty());
    assert!(flat.graph.nodes().iter().all(|n| !matches!(
        n.kind,
        NodeKind::Group { .. } | NodeKind::GroupInput { .. } | NodeKind::GroupOutput { .. }
    )));
}

#[test]
fn version_1_files_load_unchanged_and_save_as_version_2() {
    let text = std::fs::read_to_string(common::fixture("scrambled.json")).unwrap();
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["version"], 1);
    let g = Graph::from_json(&text).unwrap();
    assert!(g.frames.is_empty() && g.groups().is_empty());
    assert!(g.nodes().iter().all(|n| n.label.is_none()));
    let saved = g.to_json();
    assert!(saved.contains("\"version\": 2,") && !saved.contains("\"frames\""));
    assert!(!saved.contains("\"groups\"") && !saved.contains("\"label\""));
    // Positions were rounded to whole units; nothing else changed.
    let again = Graph::from_json(&saved).unwrap();
    assert_eq!(again.to_json(), saved);
    assert_eq!(again.wires(), g.wires());
}

#[test]
fn labels_are_trimmed_checked_and_name_the_node() {
    let g = Graph::from_json(&file(
        r#"{"id": 4, "kind": "add", "label": "  safety penalty "}, {"id": 5, "kind": "add", "label": "   "}"#,
        "",
        "",
    ))
    .unwrap();
    let n = g.node(NodeId(4)).unwrap();
    assert_eq!(n.label.as_deref(), Some("safety penalty"));
    assert_eq!(n.title(), "safety penalty");
    assert_eq!(n.label(), "node 4 'safety penalty' (Add)");
    assert_eq!(g.node(NodeId(5)).unwrap().label, None);
    let e = load_err(&file(
        r#"{"id": 4, "kind": "add", "label": "a\tb"}"#,
        "",
        "",
    ));
    assert!(
        e.starts_with("node 4 (add): the label") && e.contains("control"),
        "{e}"
    );
    let long = "x".repeat(81);
    let e = load_err(&file(
        &format!(r#"{{"id": 4, "kind": "add", "label": "{long}"}}"#),
        "",
        "",
    ));
    assert!(
        e.starts_with("node 4 (add)") && e.contains("81 characters"),
        "{e}"
    );
    let e = load_err(&file(r#"{"id": 4, "kind": "add", "label": 7}"#, "", ""));
    assert!(e.contains("line 1"), "{e}");
    // 80 characters (not bytes) are fine.
    let ok = "é".repeat(80);
    Graph::from_json(&file(
        &format!(r#"{{"id": 4, "kind": "add", "label": "{ok}"}}"#),
        "",
        "",
    ))
    .unwrap();
}

#[test]
fn frames_are_clamped_and_bad_colours_refused() {
    let g = Graph::from_json(&file(
        "",
        "",
        r#", "frames": [{"title": "far", "colour": 7, "at": [1e300, -1e300], "size": [-5, 1e300]}, {}]"#,
    ))
    .unwrap();
    assert_eq!(g.frames[0].rect, [1.0e7, -1.0e7, 0.0, 1.0e7]);
    assert_eq!(g.frames[0].colour, 7);
    assert_eq!(g.frames[1].title, "");
    for (frames, want) in [
        (
            r#"[{"colour": 8}]"#,
            "frame 0 (counting from 0): \"colour\" is 8",
        ),
        (
            r#"[{}, {"colour": 300}]"#,
            "frame 1 (counting from 0): \"colour\" is 300",
        ),
        (r#"[{"colour": -1}]"#, "line 1"),
        (
            r#"[{"title": "a\nb"}]"#,
            "frame 0 (counting from 0): the title",
        ),
        (r#"[{"shape": "round"}]"#, "unknown field `shape`"),
    ] {
        let e = load_err(&file("", "", &format!(", \"frames\": {frames}")));
        assert!(e.contains(want), "{frames}: {e}");
    }
}

#[test]
fn weighted_sum_terms_are_checked() {
    let node = |terms: &str| {
        format!(r#"{{"id": 2, "kind": "weighted_sum", "params": {{"terms": {terms}}}}}"#)
    };
    let g = Graph::from_json(&file(
        &node(r#"[{"label": "a", "weight": 5, "tune": {"min": 0, "max": 9}}, {"label": "b", "weight": -1}]"#),
        "",
        "",
    ))
    .unwrap();
    let NodeKind::WeightedSum { terms } = &g.nodes()[0].kind else {
        panic!()
    };
    assert_eq!(terms[0].tune, Tuning::Range { min: 0, max: 9 });
    assert_eq!(terms[1].weight, -1);
    let too_many = format!(
        "[{}]",
        vec![r#"{"label": "t", "weight": 1}"#; 65].join(", ")
    );
    for (terms, want) in [
        (r#"{"label": "a"}"#, "expected a list"),
        (
            r#"[{"weight": 1}]"#,
            "term 0 (counting from 0): \"label\" is missing",
        ),
        (
            r#"[{"label": "a", "weight": 1.5}]"#,
            "term 0 (counting from 0): \"weight\" is 1.5",
        ),
        (r#"[{"label": "a"}]"#, "\"weight\" is missing"),
        (
            r#"[{"label": "a", "weight": 1, "size": 2}]"#,
            "unknown field \"size\"",
        ),
        (
            r#"[{"label": "a", "weight": 1, "tune": "sometimes"}]"#,
            "term 0 (counting from 0): parameter \"tune\" is \"sometimes\"",
        ),
        (
            r#"[{"label": "a\u0007", "weight": 1}]"#,
            "control character",
        ),
        (too_many.as_str(), "65 terms"),
    ] {
        let e = load_err(&file(&node(terms), "", ""));
        assert!(
            e.starts_with("node 2 (weighted_sum)") && e.contains(want),
            "{terms}: {e}"
        );
    }
}

#[test]
fn group_loading_errors_name_the_group_and_node() {
    let threats = group(
        "threats",
        r#"{"name": "x", "type": "number"}"#,
        r#"{"name": "value", "type": "number"}, {"name": "safe", "type": "yes_no"}"#,
        r#"{"id": 1, "kind": "group_input", "params": {"index": 0}}, {"id": 2, "kind": "not"}, {"id": 3, "kind": "group_output", "params": {"index": 0}}, {"id": 4, "kind": "group_output", "params": {"index": 1}}"#,
        r#"{"from": 1, "to": 3, "input": "value"}, {"from": 2, "to": 4, "input": "safe"}"#,
    );
    let g = Graph::from_json(&file(
        r#"{"id": 12, "kind": "group", "params": {"def": "threats"}}, {"id": 13, "kind": "add"}"#,
        r#"{"from": 12, "output": "safe", "to": 13, "input": "b"}"#,
        &threats,
    ))
    .unwrap();
    let NodeKind::Group {
        inputs, outputs, ..
    } = &g.node(NodeId(12)).unwrap().kind
    else {
        panic!()
    };
    assert_eq!(inputs, &[GroupPin::new("x", PinType::Int)]);
    assert_eq!(outputs[1], GroupPin::new("safe", PinType::Bool));
    assert_eq!(g.wires()[0].output, 1);
    let cases = [
        (
            file(r#"{"id": 12, "kind": "group", "params": {"def": "threats"}}"#, "", ""),
            "node 12 (group): there is no group 'threats' in \"groups\"".to_string(),
        ),
        (
            file(
                "",
                "",
                &group("outer", "", "", r#"{"id": 3, "kind": "group", "params": {"def": "threats"}}"#, ""),
            ),
            "in group 'outer': node 3 (group): there is no group 'threats' in \"groups\"".to_string(),
        ),
        (
            file(
                r#"{"id": 12, "kind": "group", "params": {"def": "threats"}}, {"id": 13, "kind": "add"}"#,
                r#"{"from": 13, "to": 12, "input": "y"}"#,
                &threats,
            ),
            "wire 0 (counting from 0): node 12 'threats' has no input \"y\" (its inputs: x)".to_string(),
        ),
        (
            file(
                r#"{"id": 12, "kind": "group", "params": {"def": "threats"}}, {"id": 13, "kind": "add"}"#,
                r#"{"from": 12, "output": "danger", "to": 13, "input": "a"}"#,
                &threats,
            ),
            "node 12 'threats' has no output \"danger\" (its outputs: value, safe)".to_string(),
        ),
        (
            file(
                r#"{"id": 12, "kind": "row"}, {"id": 13, "kind": "add"}"#,
                r#"{"from": 12, "output": "value", "to": 13, "input": "a"}"#,
                "",
            ),
            "\"output\" is only for group outputs".to_string(),
        ),
        (
            file(
                "",
                "",
                &group("threats", "", r#"{"name": "v"}"#, r#"{"id": 3, "kind": "group_output", "params": {"index": 4}}"#, ""),
            ),
            "in group 'threats': node 3 (group_output): \"index\" is 4, but the group has 1 outputs (0 to 0)".to_string(),
        ),
        (
            file("", "", &group("threats", "", "", r#"{"id": 3, "kind": "group_input", "params": {"index": 0}}"#, "")),
            "the group has 0 inputs".to_string(),
        ),
        (
            file("", "", &group("threats", r#"{"name": "x", "type": "text"}"#, "", "", "")),
            "group 'threats': input 0 (counting from 0): \"type\" is \"text\", expected \"number\" or \"yes_no\"".to_string(),
        ),
        (
            file("", "", &group("", "", "", "", "")),
            "a group id may not be empty".to_string(),
        ),
        (
            file(
                "",
                "",
                r#", "groups": {"a": {"name": "one"}, "a": {"name": "two"}}"#,
            ),
            "group 'a': the id is used by two groups".to_string(),
        ),
        (
            file("", "", &group("g", "", "", r#"{"id": 1, "kind": "add"}, {"id": 1, "kind": "add"}"#, "")),
            "in group 'g': node 1: the id is used by two nodes".to_string(),
        ),
        (
            file("", "", &group("g", "", "", r#"{"id": 1, "kind": "teleport"}"#, "")),
            "in group 'g': node 1: unknown kind \"teleport\"".to_string(),
        ),
        (
            file("", "", &group("g", "", "", "", r#"{"from": 1, "to": 2, "input": "a"}"#)),
            "in group 'g': wire 0 (counting from 0): \"from\": 1 is not a node".to_string(),
        ),
        (
            file(r#"{"id": 12, "kind": "group"}"#, "", ""),
            "node 12 (group): parameter \"def\" is missing".to_string(),
        ),
        (
            file(r#"{"id": 12, "kind": "group", "params": {"def": 3}}"#, "", ""),
            "node 12 (group): parameter \"def\" is 3".to_string(),
        ),
    ];
    for (text, want) in cases {
        let e = load_err(&text);
        assert!(e.contains(&want), "expected «{want}» in «{e}»");
        assert!(!e.contains('\n'), "{e}");
    }
}

#[test]
fn limits_count_the_nodes_inside_groups() {
    // Too many groups.
    let groups: Vec<String> = (0..=MAX_GROUPS)
        .map(|i| format!("\"g{i}\": {{}}"))
        .collect();
    let text = file("", "", &format!(", \"groups\": {{{}}}", groups.join(", ")));
    assert!(matches!(
        Graph::from_json(&text),
        Err(StrategyError::TooLarge(TooLarge::Groups(n))) if n == MAX_GROUPS + 1
    ));
    // The top level and the bodies together.
    let half = MAX_NODES / 2 + 1;
    let nodes = |n: usize| -> String {
        (0..n)
            .map(|i| format!(r#"{{"id": {i}, "kind": "row"}}"#))
            .collect::<Vec<_>>()
            .join(",")
    };
    let text = file(&nodes(half), "", &group("g", "", "", &nodes(half), ""));
    assert!(matches!(
        Graph::from_json(&text),
        Err(StrategyError::TooLarge(TooLarge::Nodes(n))) if n == 2 * half
    ));
    // Too many pins.
    let pins: Vec<String> = (0..65).map(|i| format!(r#"{{"name": "p{i}"}}"#)).collect();
    let e = load_err(&file("", "", &group("g", &pins.join(", "), "", "", "")));
    assert!(
        e.contains("group 'g': 65 inputs; a group may have at most 64"),
        "{e}"
    );
}

/// A strategy whose groups `names[i]` contain an instance of `names[i + 1]`,
/// the last one a Row; the top level uses the first.
fn chain(names: &[&str], last_uses: Option<&str>) -> Graph {
    let mut g = Graph::new("chain");
    for name in names {
        g.set_group(
            *name,
            GroupDef {
                inputs: Vec::new(),
                outputs: numbers(&["v"]),
                body: Graph::new(*name),
            },
        );
    }
    for (i, name) in names.iter().enumerate() {
        let inner = names.get(i + 1).copied().or(last_uses);
        let mut body = Graph::new(*name);
        let source = match inner {
            Some(inner) => body.add_node(instance(&g, inner), [0.0, 0.0]),
            None => body.add(Kind::Row, [0.0, 0.0]),
        };
        let out = body.add_node(output(0, "v", PinType::Int), [0.0, 0.0]);
        wire(&mut body, source, 0, out, 0);
        g.group_body_mut(name).unwrap().clone_from(&body);
    }
    let first = g.add_node(instance(&g, names[0]), [0.0, 0.0]);
    let out = g.add(Kind::Output, [0.0, 0.0]);
    wire(&mut g, first, 0, out, 0);
    g
}

#[test]
fn recursion_is_found_with_its_path() {
    let g = chain(&["threats", "safety"], Some("threats"));
    let e = g.flatten().unwrap_err();
    assert_eq!(
        e.to_string(),
        "group 'threats' contains itself: threats → safety → threats"
    );
    let r = g.validate();
    let messages: Vec<String> = r.errors().map(|d| d.to_string()).collect();
    assert!(
        messages.contains(
            &"error: node 1 'threats': group 'threats' contains itself: threats → safety → threats"
                .to_string()
        ),
        "{messages:#?}"
    );
    assert!(
        messages.contains(&"error: in group 'safety': node 1 'threats': group 'threats' contains itself: threats → safety → threats".to_string()),
        "{messages:#?}"
    );
    assert!(matches!(Program::compile(&g), Err(EvalError::Invalid(_))));
    // The editor's program still compiles: the instance gives nothing.
    let lenient = Program::compile_lenient(&g);
    assert!(!lenient.has_output());
    // A group that contains itself directly, used through another.
    let g = chain(&["outer", "self"], Some("self"));
    assert_eq!(
        g.flatten().unwrap_err(),
        FlattenError::Recursion {
            path: vec!["self".to_string(), "self".to_string()]
        }
    );
    // It loads (the editor shows it), and saves as it was.
    let text = g.to_json();
    assert_eq!(Graph::from_json(&text).unwrap().to_json(), text);
}

#[test]
fn nesting_is_limited_in_depth() {
    let names: Vec<String> = (0..MAX_GROUP_DEPTH).map(|i| format!("g{i:02}")).collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let ok = chain(&names, None);
    assert!(!ok.validate().has_errors(), "{:#?}", ok.validate());
    let flat = ok.flatten().unwrap();
    assert_eq!(flat.graph.nodes().len(), 2); // the Row and the Cell value
    let deeper = format!("g{MAX_GROUP_DEPTH}");
    let mut names = names.clone();
    names.push(&deeper);
    let too_deep = chain(&names, None);
    let e = too_deep.flatten().unwrap_err();
    assert!(matches!(&e, FlattenError::TooDeep { path } if path.len() == MAX_GROUP_DEPTH + 1));
    assert!(
        e.to_string().starts_with("groups nest 33 deep (g00 → g01"),
        "{e}"
    );
    assert!(
        too_deep
            .validate()
            .errors()
            .any(|d| d.message == e.to_string())
    );
}

/// Groups `l0` … `l{levels-1}`, each with two instances of the next (the
/// last with two Rows) added up: inlining doubles at every level.
fn doubling(levels: usize) -> Graph {
    let mut g = Graph::new("doubling");
    let names: Vec<String> = (0..levels).map(|i| format!("l{i}")).collect();
    for name in &names {
        g.set_group(
            name.clone(),
            GroupDef {
                inputs: Vec::new(),
                outputs: numbers(&["v"]),
                body: Graph::new(name.clone()),
            },
        );
    }
    for (i, name) in names.iter().enumerate() {
        let mut body = Graph::new(name.clone());
        let (a, b) = match names.get(i + 1) {
            Some(inner) => (
                body.add_node(instance(&g, inner), [0.0, 0.0]),
                body.add_node(instance(&g, inner), [0.0, 0.0]),
            ),
            None => (
                body.add(Kind::Row, [0.0, 0.0]),
                body.add(Kind::Row, [0.0, 0.0]),
            ),
        };
        let add = body.add(Kind::Add, [0.0, 0.0]);
        let out = body.add_node(output(0, "v", PinType::Int), [0.0, 0.0]);
        wire(&mut body, a, 0, add, 0);
        wire(&mut body, b, 0, add, 1);
        body.connect(add, out, 0).unwrap();
        g.group_body_mut(name).unwrap().clone_from(&body);
    }
    let first = g.add_node(instance(&g, "l0"), [0.0, 0.0]);
    let out = g.add(Kind::Output, [0.0, 0.0]);
    wire(&mut g, first, 0, out, 0);
    g
}

#[test]
fn a_small_file_cannot_make_a_huge_graph() {
    // 10 levels: about 4000 nodes, fine; the counts are exact.
    let g = doubling(10);
    let flat = g.flatten().unwrap();
    // 2^10 Rows, 2^10 − 1 Adds, and the Cell value.
    assert_eq!(flat.graph.nodes().len(), 1024 + 1023 + 1);
    // 32 levels of two instances each would make 2^32 nodes: refused at
    // once, from a file of a few KB.
    let levels: Vec<String> = (0..32)
        .map(|i| {
            let inner = if i < 31 {
                format!(r#"{{"kind": "group", "params": {{"def": "l{}"}}"#, i + 1)
            } else {
                r#"{"kind": "row""#.to_string()
            };
            format!(
                r#""l{i}": {{"outputs": [{{"name": "v"}}], "nodes": [{inner}, "id": 1}}, {inner}, "id": 2}}]}}"#
            )
        })
        .collect();
    let text = format!(
        r#"{{"format": "{FORMAT}", "version": 2, "nodes": [{{"id": 1, "kind": "group", "params": {{"def": "l0"}}}}], "groups": {{{}}}}}"#,
        levels.join(", ")
    );
    assert!(text.len() < 6000, "{}", text.len());
    let g = Graph::from_json(&text).unwrap();
    let e = g.flatten().unwrap_err();
    assert!(matches!(e, FlattenError::TooLarge { nodes, .. } if nodes > 1 << 32));
    assert!(e.to_string().contains("inlining the groups gives"), "{e}");
    assert!(g.validate().errors().any(|d| d.message == e.to_string()));
    assert!(matches!(Program::compile(&g), Err(EvalError::Invalid(_))));
    // The editor's program inlines nothing then (and does not hang).
    assert!(!Program::compile_lenient(&g).has_output());
}

#[test]
fn flattening_keeps_top_ids_and_records_where_nodes_came_from() {
    let g = everything();
    let flat = g.flatten().unwrap();
    let top_max = g.nodes().last().unwrap().id;
    // Top-level nodes keep their ids (instances are gone); the rest are above them.
    for n in g.nodes() {
        let kept = flat.graph.node(n.id);
        match n.kind {
            NodeKind::Group { .. } => assert!(kept.is_none()),
            _ => assert_eq!(kept, Some(n)),
        }
    }
    let inlined: Vec<&Node> = flat
        .graph
        .nodes()
        .iter()
        .filter(|n| n.id > top_max)
        .collect();
    // "ops" twice (Subtract and Multiply each), nothing else: interface nodes vanish.
    let kinds: Vec<Kind> = inlined.iter().map(|n| n.kind.kind()).collect();
    assert_eq!(
        kinds,
        [
            Kind::Subtract,
            Kind::Multiply,
            Kind::Subtract,
            Kind::Multiply
        ]
    );
    assert_eq!(flat.origin.len(), 4);
    let paths: BTreeSet<Vec<NodeId>> = flat.origin.values().map(|o| o.path.clone()).collect();
    // "ops" at node 3, and inside "outer" (node 4) at its node 2.
    assert_eq!(
        paths,
        BTreeSet::from([vec![NodeId(3)], vec![NodeId(4), NodeId(2)]])
    );
    // The instances' outputs come from the inlined Subtract and Multiply.
    let outputs = &flat.outputs[&NodeId(3)];
    assert_eq!(outputs.len(), 2);
    for (k, source) in outputs.iter().enumerate() {
        let (id, _) = source.unwrap();
        let want = if k == 0 {
            Kind::Subtract
        } else {
            Kind::Multiply
        };
        assert_eq!(flat.graph.node(id).unwrap().kind.kind(), want);
        assert_eq!(flat.origin[&id].group, "ops");
    }
    // Inside "outer", x feeds both inputs of "ops": the Multiply reads the Column twice.
    let (product, _) = flat.outputs[&NodeId(4)][0].unwrap();
    let feeds: Vec<NodeId> = flat.graph.wires_into(product).map(|w| w.from).collect();
    assert_eq!(feeds, [NodeId(2), NodeId(2)]);
    assert!(flat.graph.validate().errors().next().is_none());
}

#[test]
fn an_open_group_input_is_zero_even_where_the_pin_default_is_not() {
    let mut g = Graph::new("open");
    g.set_group("ops", ops());
    let inst = g.add_node(instance(&g, "ops"), [0.0, 0.0]);
    let out = g.add(Kind::Output, [0.0, 0.0]);
    wire(&mut g, inst, 1, out, 0);
    let r = g.add(Kind::Row, [0.0, 0.0]);
    g.connect(r, inst, 0).unwrap();
    let flat = g.flatten().unwrap();
    // The Multiply's b (default 1) reads a constant 0; the Subtract's b (default 0) stays open.
    let multiply = flat
        .graph
        .nodes()
        .iter()
        .find(|n| n.kind == NodeKind::Multiply)
        .unwrap();
    let b = flat.graph.feeds(multiply.id, 1).next().unwrap().from;
    assert_eq!(
        flat.graph.node(b).unwrap().kind,
        NodeKind::Constant {
            value: 0,
            tune: Tuning::Off
        }
    );
    let subtract = flat
        .graph
        .nodes()
        .iter()
        .find(|n| n.kind == NodeKind::Subtract)
        .unwrap();
    assert!(flat.graph.feeds(subtract.id, 1).next().is_none());
    // The validator warns about the open input of the instance.
    let r = g.validate();
    assert!(
        r.for_node(inst)
            .any(|d| d.severity == Severity::Warning && d.pin.as_deref() == Some("b"))
    );
}

/// Finds the diagnostic whose text contains `text`.
fn has(r: &chainlab::strategy::Report, severity: Severity, text: &str) -> bool {
    r.diagnostics
        .iter()
        .any(|d| d.severity == severity && d.to_string().contains(text))
}

#[test]
fn validation_covers_groups_and_names_them() {
    let mut g = everything();
    assert!(!g.validate().has_errors());
    // Inside a body: a type error, named with the group.
    let body = g.group_body_mut("ops").unwrap();
    let t = body.add_node(NodeKind::Truth { value: true }, [0.0, 0.0]);
    let not = body.add(Kind::Not, [0.0, 0.0]);
    let r_body = body.add(Kind::Row, [0.0, 0.0]);
    body.push_wire(chainlab::strategy::Wire::new(r_body, not, 0));
    let _ = t;
    let r = g.validate();
    let d = r
        .errors()
        .find(|d| d.group.as_deref() == Some("ops"))
        .unwrap_or_else(|| panic!("{r:#?}"));
    assert_eq!(d.node, Some(not));
    assert!(
        d.to_string().starts_with(&format!(
            "error: in group 'ops': node {not} 'Not', input 'x': needs a yes/no"
        )),
        "{d}"
    );
    assert_eq!(r.for_group_node("ops", not).count(), 2); // the type, and it feeds no output
    assert!(r.for_node(not).all(|d| d.group.is_none()));
    assert!(has(
        &r,
        Severity::Warning,
        "in group 'ops': node 7 'Yes / no (yes)': does not feed any of the group's outputs"
    ));
    // Missing definitions, interface nodes outside groups, Weighted sums.
    let mut g = everything();
    let ws = g.add_node(NodeKind::WeightedSum { terms: Vec::new() }, [0.0, 0.0]);
    let stray = g.add_node(input(0, "x", PinType::Int), [0.0, 0.0]);
    g.remove_group("outer");
    let r = g.validate();
    assert!(
        has(
            &r,
            Severity::Error,
            "node 4 'outer': there is no group 'outer'"
        ),
        "{r:#?}"
    );
    assert!(has(
        &r,
        Severity::Error,
        &format!("node {stray} 'Input 'x'': is only allowed inside a group")
    ));
    assert!(has(
        &r,
        Severity::Warning,
        &format!("node {ws} 'Weighted sum': has no terms")
    ));
    assert!(
        has(
            &r,
            Severity::Warning,
            "node 5 'score' (Weighted sum), input 'same': two terms have this label"
        ) || has(
            &r,
            Severity::Warning,
            "node 5 'score', input 'same': two terms have this label"
        ),
        "{r:#?}"
    );
    // Interface problems and unused groups.
    let mut g = everything();
    let mut def = g.group("ops").unwrap().clone();
    def.outputs.push(GroupPin::new("unmade", PinType::Int));
    let extra = def
        .body
        .add_node(output(0, "diff", PinType::Int), [0.0, 0.0]);
    let open = def
        .body
        .add_node(output(1, "product", PinType::Int), [0.0, 0.0]);
    let cell = def.body.add(Kind::Output, [0.0, 0.0]);
    let beyond = def.body.add_node(input(5, "far", PinType::Int), [0.0, 0.0]);
    g.set_group("ops", def);
    g.set_group(
        "empty",
        GroupDef {
            inputs: Vec::new(),
            outputs: Vec::new(),
            body: Graph::new("Empty"),
        },
    );
    let r = g.validate();
    for (severity, text) in [
        (Severity::Error, "in group 'ops': the group's output 'unmade' (number 2) has no Group output node inside the group".to_string()),
        (Severity::Error, format!("in group 'ops': node {extra} 'Output 'diff'': the group's output 'diff' already has a Group output node (node 5 'Output 'diff'')")),
        (Severity::Error, format!("in group 'ops': node {open} 'Output 'product'': nothing feeds the group's output 'product'")),
        (Severity::Error, format!("in group 'ops': node {cell} 'Cell value': a group has no Cell value")),
        (Severity::Error, format!("in group 'ops': node {beyond} 'Input 'far'': is number 5, but the group has 2 inputs")),
        (Severity::Warning, "in group 'empty': the group has no outputs".to_string()),
        (Severity::Warning, "in group 'empty': no node uses this group".to_string()),
    ] {
        assert!(has(&r, severity, &text), "{text}\n{r:#?}");
    }
    // An instance whose pins are out of date (changed without set_group).
    let mut g = everything();
    if let Some(n) = g.node_mut(NodeId(3)) {
        n.kind = NodeKind::Group {
            def: "ops".to_string(),
            inputs: numbers(&["a"]),
            outputs: numbers(&["diff", "product"]),
        };
    }
    let r = g.validate();
    assert!(
        has(
            &r,
            Severity::Error,
            "node 3 'ops': its pins are not those of group 'ops' (inputs a, b; outputs diff, product)"
        ),
        "{r:#?}"
    );
}

#[test]
fn whatever_the_editor_holds_saves_to_a_file_that_loads() {
    // Labels, term labels, pin names and frame titles with control
    // characters or too long are cleaned when written (the reader refuses them).
    let long = "é".repeat(100);
    let mut g = everything();
    g.node_mut(NodeId(1)).unwrap().label = Some(format!("  tab\there {long}"));
    g.frames[0].title = "line\nbreak".to_string();
    if let Some(NodeKind::WeightedSum { terms }) = g.node_mut(NodeId(5)).map(|n| &mut n.kind) {
        terms[2].label = format!("bell\u{7}{long}");
    }
    let mut def = g.group("ops").unwrap().clone();
    def.outputs[0].name = "new\nline".to_string();
    def.inputs[1].name = String::new();
    g.set_group("ops", def);
    let text = g.to_json();
    let back = Graph::from_json(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(back.to_json(), text);
    let label = back.node(NodeId(1)).unwrap().label.clone().unwrap();
    assert!(
        label.starts_with("tab here é") && label.chars().count() == 80,
        "{label}"
    );
    assert_eq!(back.frames[0].title, "line break");
    assert_eq!(back.group("ops").unwrap().outputs[0].name, "new line");
    assert_eq!(back.wires(), g.wires());
}

#[test]
fn group_ids_are_made_from_names() {
    let mut g = Graph::new("ids");
    assert_eq!(g.new_group_id("Threats (lesson 6)!"), "threats-lesson-6");
    g.set_group("threats", GroupDef::default());
    assert_eq!(g.new_group_id("Threats"), "threats-2");
    assert_eq!(g.new_group_id("✓✓"), "group");
    let e = load_err(&file("", "", &group(&"x".repeat(65), "", "", "", "")));
    assert!(e.contains("at most 64 characters"), "{e}");
}

#[test]
fn labelled_kinds_keep_their_labels_through_groups() {
    // A label inside a body survives the round trip and the flattening.
    let mut g = everything();
    let body = g.group_body_mut("ops").unwrap();
    let id = body.nodes()[2].id;
    body.node_mut(id).unwrap().label = Some("gap".to_string());
    let back = Graph::from_json(&g.to_json()).unwrap();
    assert_eq!(
        back.group("ops")
            .unwrap()
            .body
            .node(id)
            .unwrap()
            .label
            .as_deref(),
        Some("gap")
    );
    let flat = back.flatten().unwrap();
    let copies = flat
        .graph
        .nodes()
        .iter()
        .filter(|n| n.label.as_deref() == Some("gap"))
        .count();
    assert_eq!(copies, 2);
}

#[test]
fn kinds_can_be_added_to_a_group_body_and_top_level_alike() {
    // The palette adds the new kinds like any other.
    let mut g = Graph::new("palette");
    for kind in [Kind::WeightedSum, Kind::GroupInput, Kind::GroupOutput] {
        g.add(kind, [0.0, 0.0]);
    }
    let text = g.to_json();
    assert_eq!(Graph::from_json(&text).unwrap().to_json(), text);
}
