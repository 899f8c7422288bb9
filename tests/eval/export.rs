//! `chainlab::export`: a graph as a Python module. That the module values cells as the graph
//! does is checked by the Python tests (python/tests/test_export.py, run by .ci/run), which
//! need the package; these check its shape: one line per node feeding the Cell value, in
//! evaluation order, named after labels, groups as functions, bad graphs refused.

use std::collections::HashSet;
use std::path::Path;

use chainlab::export::{ExportError, python_module};
use chainlab::strategy::{NodeKind, Strategy};

fn shipped() -> Vec<std::path::PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("strategies");
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    paths.sort();
    paths
}

/// The lines of the function `def NAME(` up to the next blank line.
fn function<'a>(module: &'a str, name: &str) -> Vec<&'a str> {
    module
        .lines()
        .skip_while(|l| !l.starts_with(&format!("def {name}(")))
        .skip(1)
        .take_while(|l| !l.is_empty())
        .collect()
}

#[test]
fn every_shipped_strategy_is_one_line_per_node_in_evaluation_order() {
    for path in shipped() {
        let strategy = Strategy::load(&path).unwrap();
        let module = python_module(&strategy, "x.json").unwrap();
        let body = function(&module, "cell_value");
        let output = strategy
            .nodes()
            .iter()
            .find(|n| n.kind == NodeKind::Output)
            .unwrap()
            .id;
        let feeding = strategy.feeding(Some(output));
        let order = strategy.topological_order().unwrap();
        let expected: Vec<String> = order
            .iter()
            .filter(|id| feeding.contains(id))
            .map(|id| format!("# node {id}: "))
            .collect();
        let lines: Vec<&&str> = body.iter().filter(|l| l.contains("# node ")).collect();
        assert_eq!(lines.len(), expected.len(), "{}:\n{module}", path.display());
        for (line, tag) in lines.iter().zip(&expected) {
            assert!(
                line.contains(tag.as_str()),
                "{}: {line} is not {tag}",
                path.display()
            );
        }
        assert!(lines.last().unwrap().trim_start().starts_with("return "));
        // Every name is assigned once and is an identifier.
        let mut names = HashSet::new();
        for line in body.iter().filter(|l| l.contains(" = ")) {
            let name = line.trim_start().split(" = ").next().unwrap();
            assert!(
                name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'),
                "{line}"
            );
            assert!(!name.starts_with(|c: char| c.is_ascii_digit()), "{line}");
            assert!(names.insert(name.to_string()), "{} assigned twice", name);
        }
        for id in strategy.groups().keys() {
            let name = id.replace('-', "_");
            assert!(module.contains(&format!("\ndef group_{name}(m")), "{id}");
        }
        assert!(module.contains("chainlab.engine.run(choose"));
    }
}

#[test]
fn labels_name_the_lines_and_measures_call_the_package() {
    let text = r#"{"format": "chainlab-strategy", "version": 2, "name": "t", "nodes": [
        {"id": 1, "kind": "cells_captured", "label": "Taken cells!", "at": [0, 0]},
        {"id": 2, "kind": "neighbours", "params": {"owner": "opponent", "state": "critical", "when": "after"}, "at": [0, 0]},
        {"id": 3, "kind": "add", "label": "if", "at": [0, 0]},
        {"id": 4, "kind": "output", "at": [0, 0]}],
      "wires": [{"from": 1, "to": 3, "input": "a"}, {"from": 2, "to": 3, "input": "b"},
                {"from": 3, "to": 4, "input": "value"}]}"#;
    let strategy = Strategy::from_json(text).unwrap();
    let module = python_module(&strategy, "t.json").unwrap();
    let body = function(&module, "cell_value").join("\n");
    assert!(
        body.contains("taken_cells = m.cells_captured()  # node 1: "),
        "{body}"
    );
    assert!(
        body.contains(
            "neighbours_2 = m.neighbours(owner=\"opponent\", state=\"critical\", when=\"after\")"
        ),
        "{body}"
    );
    // A keyword is no name: the id makes it one.
    assert!(
        body.contains("if_3 = ops.add(taken_cells, neighbours_2)"),
        "{body}"
    );
    assert!(body.contains("return if_3  # node 4: "), "{body}");
}

#[test]
fn a_graph_with_errors_is_refused_with_the_validators_message() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/strategies/cycle.json");
    let strategy = Strategy::load(&path).unwrap();
    let e = python_module(&strategy, "cycle.json").unwrap_err();
    assert!(matches!(e, ExportError::Invalid { .. }), "{e}");
    assert!(e.to_string().contains("chainlab validate"), "{e}");
}

/// Two group ids that read as the same identifier ("after" and "after!")
/// get two functions, and each group node calls its own.
#[test]
fn group_ids_that_read_alike_get_functions_of_their_own() {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/strategies/expert-grouped.json");
    let text = std::fs::read_to_string(path)
        .unwrap()
        .replace("\"danger-now\"", "\"after!\"");
    let strategy = Strategy::from_json(&text).unwrap();
    assert!(strategy.groups().contains_key("after!"), "the rename took");
    let module = python_module(&strategy, "t.json").unwrap();
    let defs: Vec<&str> = module
        .lines()
        .filter(|l| l.starts_with("def group_after"))
        .collect();
    assert_eq!(defs.len(), 2, "{defs:?}");
    assert!(
        defs.iter().any(|d| d.starts_with("def group_after(")),
        "{defs:?}"
    );
    assert!(
        defs.iter().any(|d| d.starts_with("def group_after_2(")),
        "{defs:?}"
    );
    assert!(
        module.contains("group_after_2(m"),
        "a node calls the second"
    );
}
