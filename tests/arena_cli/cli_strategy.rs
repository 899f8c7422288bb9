//! The strategy commands run as a real process: `validate`, `score`,
//! `explain` and `nodes`, on the shipped strategies, the broken fixtures in
//! `tests/data/strategies/` and bad arguments.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

use std::process::Command;
use std::sync::Arc;

use chainlab::eval::{Evaluator, Program};
use chainlab::rng::rng_from_seed;
use chainlab::strategy::Strategy as Graph;
use rand::Rng;
use serde_json::Value;

use crate::cli_util;

use cli_util::{chainlab, stderr, stdout};

/// A failure: a non-zero exit code, nothing on stdout, one line on stderr
/// containing every piece of `expected`, no panic.
fn fails(args: &[&str], expected: &[&str]) {
    let o = chainlab(args);
    let err = stderr(&o);
    assert!(!o.status.success(), "{args:?} succeeded");
    assert_ne!(o.status.code(), Some(101), "{args:?} panicked: {err}");
    assert!(!err.contains("panicked"), "{args:?}: {err}");
    assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    assert!(err.starts_with("chainlab: error: "), "{args:?}: {err}");
    for e in expected {
        assert!(err.contains(e), "{args:?}: {e:?} not in {err}");
    }
    assert_eq!(stdout(&o), "", "{args:?}");
}

const MIDGAME: &str = "tests/data/positions/midgame.txt";

#[test]
fn validate_accepts_every_shipped_strategy() {
    let paths: Vec<String> = common::shipped_paths()
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    let args: Vec<&str> = std::iter::once("validate")
        .chain(paths.iter().map(String::as_str))
        .collect();
    let o = chainlab(&args);
    assert!(o.status.success(), "{}{}", stdout(&o), stderr(&o));
    let out = stdout(&o);
    assert_eq!(out.lines().count(), paths.len(), "{out}");
    for (line, path) in out.lines().zip(&paths) {
        assert!(line.starts_with(&format!("{path}: ok: '")), "{line}");
        assert!(line.ends_with(", 0 warning(s)"), "{line}");
    }
}

#[test]
fn validate_rejects_broken_files_and_names_the_problem() {
    let cases: &[(&str, &[&str])] = &[
        ("bad-json.json", &["line 8"]),
        ("unknown-kind.json", &["node 17", "teleport"]),
        ("bad-param.json", &["node 23", "friendly"]),
        ("duplicate-id.json", &["node 12"]),
        ("dangling-wire.json", &["wire 1", "41"]),
        ("newer-version.json", &["version 7", "newer chainlab"]),
        (
            "cycle.json",
            &[
                "node 3 'Add'",
                "node 4",
                "node 6",
                "node 7",
                "cycle",
                "4 error(s)",
            ],
        ),
        (
            "two-outputs.json",
            &["node 9 'Cell value'", "exactly one", "1 error(s)"],
        ),
        ("no-output.json", &["no Cell value", "1 error(s)"]),
        (
            "type-mismatch.json",
            &["node 4 'If then else', input 'condition'", "yes/no"],
        ),
        ("fed-twice.json", &["node 4 'Add', input 'b'", "2 wires"]),
        ("everything-wrong.json", &["5 error(s), 5 warning(s)"]),
    ];
    for (name, expected) in cases {
        let path = format!("tests/data/strategies/{name}");
        let o = chainlab(&["validate", &path]);
        // Errors go to stderr; nothing passes, so stdout stays empty.
        assert!(stdout(&o).is_empty(), "{name}: {}", stdout(&o));
        let out = stderr(&o);
        assert_eq!(o.status.code(), Some(1), "{name}: {out}");
        for e in *expected {
            assert!(out.contains(e), "{name}: {e:?} not in\n{out}");
        }
        for line in out.lines() {
            assert!(line.starts_with(&format!("{path}: ")), "{line}");
            // The path is named once per line.
            assert_eq!(line.matches(name).count(), 1, "{line}");
        }
    }
}

#[test]
fn validate_reports_every_file_and_warnings_unless_quiet() {
    let good = "tests/data/strategies/unconnected.json";
    let bad = "tests/data/strategies/cycle.json";
    let o = chainlab(&["validate", good, bad, "strategies/04-capture.json"]);
    assert_eq!(o.status.code(), Some(1));
    let (out, err) = (stdout(&o), stderr(&o));
    assert!(err.contains(&format!("{good}: warning: node 2 'Clamp', input 'high': is not connected: it takes the default 100")), "{err}");
    assert!(err.contains(&format!("{bad}: error: node 3")), "{err}");
    assert!(!out.contains("error") && !out.contains("warning:"), "{out}");
    assert!(
        out.contains(&format!(
            "{good}: ok: 'Unconnected inputs', 7 nodes, 6 wires, 5 warning(s)"
        )),
        "{out}"
    );
    assert!(out.contains("strategies/04-capture.json: ok:"), "{out}");
    let o = chainlab(&["validate", "--quiet", good, bad]);
    let err = stderr(&o);
    assert!(!err.contains("warning:"), "{err}");
    assert!(err.contains("error: node 3"), "{err}");
    // Warnings alone do not fail.
    let o = chainlab(&[
        "validate",
        good,
        "tests/data/strategies/divide-by-zero.json",
    ]);
    assert!(o.status.success(), "{}", stdout(&o));
    // A missing file is reported on stderr, the others still checked, and fails.
    let o = chainlab(&["validate", "no/such/file.json", good]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("no/such/file.json: error: cannot read"),
        "{}",
        stderr(&o)
    );
    assert!(
        stdout(&o).contains(&format!("{good}: ok:")),
        "{}",
        stdout(&o)
    );
}

/// The library's view of `score`: the heat map for the seed's first draw.
fn library_scores(strategy: &str, position: &str, seed: u64) -> Vec<Vec<Option<i64>>> {
    let g = Graph::load(&common::repo().join(strategy)).unwrap();
    let p = common::position(&std::fs::read_to_string(common::repo().join(position)).unwrap());
    let mut ev = Evaluator::new(Arc::new(Program::compile(&g).unwrap()));
    let mut rng = rng_from_seed(seed);
    let map = ev.heat_map(&p, rng.next_u64()).unwrap();
    let cols = p.size().cols();
    (0..p.size().rows())
        .map(|r| (0..cols).map(|c| map.value(r * cols + c)).collect())
        .collect()
}

fn score_json(strategy: &str, position: &str, seed: u64) -> Value {
    let seed_text = seed.to_string();
    let o = chainlab(&[
        "score",
        strategy,
        "--position",
        position,
        "--seed",
        &seed_text,
        "--json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert_eq!(out.lines().count(), 1, "{out}");
    serde_json::from_str(&out).unwrap()
}

#[test]
fn score_json_has_values_best_chosen_and_seed() {
    let p = common::position_file("midgame.txt");
    for path in common::shipped_paths() {
        let strategy = path
            .strip_prefix(common::repo())
            .unwrap()
            .to_string_lossy()
            .into_owned();
        for seed in [0, 1, 987_654_321] {
            let v = score_json(&strategy, MIDGAME, seed);
            let keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
            assert_eq!(keys, ["values", "best", "chosen", "seed"]);
            assert_eq!(v["seed"], seed);
            let values: Vec<Vec<Option<i64>>> =
                serde_json::from_value(v["values"].clone()).unwrap();
            assert_eq!(
                values,
                library_scores(&strategy, MIDGAME, seed),
                "{strategy}"
            );
            // null exactly for the cells the player may not play.
            for (r, row) in values.iter().enumerate() {
                assert_eq!(row.len(), 6);
                for (c, value) in row.iter().enumerate() {
                    let coord = chainlab::rules::Coord::new(r, c).unwrap();
                    assert_eq!(value.is_some(), p.is_legal(coord), "{strategy} {coord}");
                    assert!(value.is_none_or(|v| v >= 0), "values count as at least 0");
                }
            }
            let best: Vec<[usize; 2]> = serde_json::from_value(v["best"].clone()).unwrap();
            let top = values.iter().flatten().flatten().max().copied();
            let expected: Vec<[usize; 2]> = (0..5)
                .flat_map(|r| (0..6).map(move |c| [r, c]))
                .filter(|&[r, c]| values[r][c] == top)
                .collect();
            assert_eq!(best, expected, "{strategy}");
            let chosen: [usize; 2] = serde_json::from_value(v["chosen"].clone()).unwrap();
            assert!(
                best.contains(&chosen),
                "{strategy}: {chosen:?} not in {best:?}"
            );
        }
    }
    // With a tie, the seed picks among the best.
    let mut chosen = std::collections::HashSet::new();
    for seed in 0..24 {
        let v = score_json("strategies/01-prefer-corners.json", MIDGAME, seed);
        assert_eq!(v["best"].as_array().unwrap().len(), 3, "{v}");
        chosen.insert(v["chosen"].to_string());
    }
    assert!(
        chosen.len() >= 2,
        "the seed never changed the choice: {chosen:?}"
    );
}

#[test]
fn score_text_marks_inactive_best_and_chosen_cells() {
    let o = chainlab(&[
        "score",
        "strategies/04-capture.json",
        "--position",
        "tests/data/positions/3x3-hand.txt",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 6, "{out}");
    assert!(
        lines[0].contains("'04 Capture and win' for A on 3x3 (standard rules), 6 cells active"),
        "{out}"
    );
    // By hand (see tests/eval/nodes.rs for the measurements): corners 6,
    // edges 3, every cell 1, 8 per critical enemy neighbour, 4 when critical
    // after placing, 3 per captured cell, 100000 for a win; 0 when endangered
    // and not critical. 0,0 captures two cells: 6 + 1 + 6; 0,2 becomes
    // critical: 6 + 1 + 4; 1,1 is endangered but critical, and wins:
    // 1 + 8 + 9 + 100000; 1,2 is an edge: 3 + 1; 2,0 and 2,2: 0.
    let cells: Vec<Vec<&str>> = lines[2..5]
        .iter()
        .map(|l| l.split_whitespace().skip(1).collect())
        .collect();
    assert_eq!(
        cells,
        [
            ["13", "(B1)", "11"],
            ["(B1)", "[100018]", "4"],
            ["0", "(B2)", "0"]
        ],
        "{out}"
    );
    assert!(
        lines[5].contains("best value (100018)") && lines[5].contains("chosen 1,1"),
        "{out}"
    );
    // Ties are starred.
    let o = chainlab(&[
        "score",
        "strategies/01-prefer-corners.json",
        "--position",
        MIDGAME,
    ]);
    let out = stdout(&o);
    assert_eq!(
        out.matches('*').count(),
        2 + 1,
        "two starred, the legend has one:\n{out}"
    );
    assert_eq!(
        out.matches('[').count(),
        1 + 1,
        "one chosen, the legend has one:\n{out}"
    );
}

#[test]
fn explain_prints_titles_and_the_cell_value() {
    let o = chainlab(&[
        "explain",
        "strategies/04-capture.json",
        "--position",
        "tests/data/positions/3x3-hand.txt",
        "--cell",
        "1,1",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.starts_with("'04 Capture and win' explains cell 1,1 (player A to move):\n"),
        "{out}"
    );
    let g = Graph::load(&common::repo().join("strategies/04-capture.json")).unwrap();
    for (title, value) in [
        ("Cells captured", "3"),
        ("Wins the game", "yes"),
        ("Is critical (after placing here)", "no"),
        ("Critical enemy neighbours (now)", "1"),
        ("Is endangered (now)", "yes"),
        ("If then else", "100018"),
    ] {
        let id = g
            .nodes()
            .iter()
            .find(|n| n.kind.title() == title)
            .unwrap_or_else(|| panic!("no {title} node"))
            .id
            .to_string();
        let line = out
            .lines()
            .find(|l| l.split_whitespace().next() == Some(id.as_str()))
            .unwrap_or_else(|| panic!("node {id} missing:\n{out}"));
        assert!(
            line.contains(title) && line.trim_end().ends_with(value),
            "{line}"
        );
    }
    assert!(out.ends_with("Cell value = 100018\n"), "{out}");
    // Comments have no value line.
    assert!(!out.contains("Comment"), "{out}");
    // JSON: the same value as score, every node, used or not.
    let o = chainlab(&[
        "explain",
        "strategies/08-expert.json",
        "--position",
        MIDGAME,
        "--cell",
        "0,0",
        "--json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    let score = score_json("strategies/08-expert.json", MIDGAME, 0);
    assert_eq!(v["counts_as"], score["values"][0][0]);
    assert_eq!(v["cell"], serde_json::json!([0, 0]));
    let g = Graph::load(&common::repo().join("strategies/08-expert.json")).unwrap();
    assert_eq!(v["nodes"].as_array().unwrap().len(), g.nodes().len());
    // Nodes that do not feed the Cell value are explained, and marked.
    let o = chainlab(&[
        "explain",
        "tests/data/strategies/unreachable.json",
        "--position",
        MIDGAME,
        "--cell",
        "0,0",
    ]);
    let out = stdout(&o);
    let line = out.lines().find(|l| l.contains("Is edge")).unwrap();
    assert!(
        line.contains("no") && line.contains("(does not feed the Cell value)"),
        "{out}"
    );
    let line = out.lines().find(|l| l.contains("Is corner")).unwrap();
    assert!(line.trim_end().ends_with("yes"), "{out}");
    // A negative value says that it counts as 0.
    let dir = common::temp_dir("explain-negative");
    let mut b = chainlab::strategy::GraphBuilder::new("negative", "");
    let k = b.constant(-3);
    let row = b.op(chainlab::strategy::Kind::Row, &[]);
    let v = b.op(chainlab::strategy::Kind::Subtract, &[k, row]);
    let path = dir.join("negative.json");
    b.finish(v).save(&path).unwrap();
    let o = chainlab(&[
        "explain",
        path.to_str().unwrap(),
        "--position",
        MIDGAME,
        "--cell",
        "1,1",
    ]);
    assert!(
        stdout(&o).ends_with("Cell value = -4, which counts as 0\n"),
        "{}",
        stdout(&o)
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn errors_are_one_line_without_panics() {
    let capture = "strategies/04-capture.json";
    fails(
        &["score", "no/such.json", "--position", MIDGAME],
        &["no/such.json"],
    );
    fails(
        &["score", capture, "--position", "no/such.txt"],
        &["no/such.txt"],
    );
    fails(
        &[
            "explain",
            "no/such.json",
            "--position",
            MIDGAME,
            "--cell",
            "0,0",
        ],
        &["no/such.json"],
    );
    fails(
        &[
            "score",
            capture,
            "--position",
            "tests/data/positions/won.txt",
        ],
        &["game is over", "B has won"],
    );
    fails(
        &[
            "explain",
            capture,
            "--position",
            "tests/data/positions/won.txt",
            "--cell",
            "0,1",
        ],
        &["game is over"],
    );
    fails(
        &["explain", capture, "--position", MIDGAME, "--cell", "0,5"],
        &["0,5", "not active"],
    );
    fails(
        &["explain", capture, "--position", MIDGAME, "--cell", "7,7"],
        &["7,7", "off the 5x6 board"],
    );
    fails(
        &["explain", capture, "--position", MIDGAME, "--cell", "25,0"],
        &["25,0"],
    );
    fails(&["explain", capture, "--position", MIDGAME], &["--cell"]);
    for broken in [
        "cycle.json",
        "two-outputs.json",
        "no-output.json",
        "everything-wrong.json",
    ] {
        let path = format!("tests/data/strategies/{broken}");
        fails(
            &["score", &path, "--position", MIDGAME],
            &[broken, "errors", "chainlab validate"],
        );
        fails(
            &["explain", &path, "--position", MIDGAME, "--cell", "0,0"],
            &[broken, "errors"],
        );
    }
    for unreadable in ["bad-json.json", "newer-version.json", "unknown-kind.json"] {
        let path = format!("tests/data/strategies/{unreadable}");
        fails(&["score", &path, "--position", MIDGAME], &[unreadable]);
    }
    // A strategy file given as the position, and a position given as the strategy.
    fails(&["score", capture, "--position", capture], &[capture]);
    fails(&["score", MIDGAME, "--position", MIDGAME], &[MIDGAME]);
    fails(
        &["score", capture, "--position", MIDGAME, "--seed", "-1"],
        &["-1"],
    );
}

#[test]
fn nodes_prints_the_reference() {
    let o = chainlab(&["nodes"]);
    assert!(o.status.success());
    let out = stdout(&o);
    assert_eq!(out, chainlab::strategy::nodes_markdown());
    assert_eq!(
        out,
        std::fs::read_to_string(common::repo().join("docs/nodes.md")).unwrap()
    );
}

/// Output into a closed pipe (as in `chainlab … | head -1`, once head has
/// exited) ends the command quietly, never with a panic.
#[test]
fn a_closed_stdout_ends_text_commands_quietly() {
    let midgame = common::repo().join("tests/data/positions/midgame.txt");
    let midgame = midgame.to_str().unwrap();
    let s08 = common::repo().join("strategies/08-expert.json");
    let s04 = common::repo().join("strategies/04-capture.json");
    let commands: Vec<Vec<&str>> = vec![
        vec!["nodes"],
        vec!["score", s08.to_str().unwrap(), "--position", midgame],
        vec![
            "explain",
            s04.to_str().unwrap(),
            "--position",
            midgame,
            "--cell",
            "1,1",
        ],
        vec!["validate", s08.to_str().unwrap(), s04.to_str().unwrap()],
        vec!["apply", "--size", "20x20", "--moves", "0,0 1,1"],
        vec!["--help"],
    ];
    for args in commands {
        let mut child = Command::new(env!("CARGO_BIN_EXE_chainlab"))
            .args(&args)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        let e = stderr(&out);
        assert!(!e.contains("panicked"), "{args:?}: {e}");
    }
}

const GROUPED: &str = "tests/data/strategies/expert-grouped.json";

#[test]
fn explain_shows_labels_group_outputs_and_terms() {
    let o = chainlab(&["explain", GROUPED, "--position", MIDGAME, "--cell", "1,1"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    // The same value as the flat twin.
    let flat = score_json("tests/data/strategies/expert-flat.json", MIDGAME, 0);
    let value = flat["values"][1][1].as_i64().unwrap();
    assert!(out.ends_with(&format!("Cell value = {value}\n")), "{out}");
    let lines: Vec<&str> = out.lines().collect();
    let at = |text: &str| {
        lines
            .iter()
            .position(|l| l.contains(text))
            .unwrap_or_else(|| panic!("{text:?} not in\n{out}"))
    };
    // Labels are the titles; a group instance lists its outputs below it.
    assert!(
        lines[at("expert terms")]
            .trim_start()
            .starts_with("6  expert terms")
    );
    assert!(lines[at("bonus")].trim_end().ends_with("10000"));
    let group = at("After placing here (group)");
    assert!(
        lines[group + 1].trim_start().starts_with("critical here"),
        "{out}"
    );
    assert_eq!(lines[group].split_whitespace().next(), Some("3"));
    // Each term: "label: weight × input = contribution", in term order.
    let first = at("corners (lesson 1): 9 × ");
    let terms: Vec<&str> = lines[first..first + 15].iter().map(|l| l.trim()).collect();
    assert!(terms[2] == "base: 1 × 1 = 1", "{out}");
    assert!(terms[14].starts_with("contact: 8 × "), "{out}");
    for t in &terms {
        let (_, sum) = t.rsplit_once(": ").unwrap();
        let (product, result) = sum.split_once(" = ").unwrap();
        let (w, x) = product.split_once(" × ").unwrap();
        let (w, x, r): (i64, i64, i64) = (
            w.parse().unwrap(),
            x.parse().unwrap(),
            result.parse().unwrap(),
        );
        assert_eq!(w * x, r, "{t}");
    }
    // JSON: labels, terms and group outputs.
    let o = chainlab(&[
        "explain",
        GROUPED,
        "--position",
        MIDGAME,
        "--cell",
        "1,1",
        "--json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    let node = |id: u64| {
        v["nodes"]
            .as_array()
            .unwrap()
            .iter()
            .find(|n| n["id"] == id)
            .unwrap()
            .clone()
    };
    let ws = node(6);
    assert_eq!(ws["label"], "expert terms");
    assert_eq!(ws["title"], "Weighted sum");
    let terms = ws["terms"].as_array().unwrap();
    assert_eq!(terms.len(), 15);
    assert_eq!(
        terms[5],
        serde_json::json!({"label": "captures (lesson 4)", "weight": 23, "input": terms[5]["input"], "value": terms[5]["value"]})
    );
    let total: i64 = terms.iter().map(|t| t["value"].as_i64().unwrap()).sum();
    assert_eq!(ws["value"], total);
    assert_eq!(node(8)["label"], Value::Null);
    let outputs = node(3)["outputs"].as_array().unwrap().clone();
    assert_eq!(outputs.len(), 11);
    assert_eq!(outputs[1]["name"], "captured");
    assert_eq!(outputs[1]["value"], terms[5]["input"]);
    assert_eq!(v["value"], value);
}

#[test]
fn validate_names_the_group_of_a_problem() {
    let dir = common::temp_dir("validate-groups");
    let text = r#"{"format": "chainlab-strategy", "version": 2, "name": "loops",
      "nodes": [{"id": 1, "kind": "group", "params": {"def": "threats"}}, {"id": 2, "kind": "output"}],
      "wires": [{"from": 1, "output": "v", "to": 2, "input": "value"}],
      "groups": {
        "threats": {"outputs": [{"name": "v"}], "nodes": [{"id": 1, "kind": "group", "params": {"def": "safety"}}, {"id": 2, "kind": "group_output", "params": {"index": 0}}, {"id": 3, "kind": "row"}, {"id": 4, "kind": "not"}],
                    "wires": [{"from": 1, "output": "v", "to": 2, "input": "v"}, {"from": 3, "to": 4, "input": "x"}]},
        "safety": {"outputs": [{"name": "v"}], "nodes": [{"id": 1, "kind": "group", "params": {"def": "threats"}}, {"id": 2, "kind": "group_output", "params": {"index": 0}}],
                   "wires": [{"from": 1, "output": "v", "to": 2, "input": "v"}]}
      }}"#;
    let path = common::write(&dir, "loops.json", text);
    let o = chainlab(&["validate", path.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    for line in [
        "error: node 1 'threats': group 'threats' contains itself: threats → safety → threats",
        "error: in group 'safety': node 1 'threats': group 'threats' contains itself: threats → safety → threats",
        "error: in group 'threats': node 1 'safety': group 'safety' contains itself: safety → threats → safety",
        "error: in group 'threats': node 4 'Not', input 'x': needs a yes/no but node 3 'Row' gives a number",
        "warning: in group 'threats': node 4 'Not': does not feed any of the group's outputs",
    ] {
        assert!(err.contains(line), "{line}\nnot in\n{err}");
    }
    // score refuses it with the reason.
    fails(
        &["score", path.to_str().unwrap(), "--position", MIDGAME],
        &["contains itself"],
    );
    // The grouped fixture is fine.
    let o = chainlab(&["validate", GROUPED]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stderr(&o), "");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn bench_compares_a_grouped_strategy_with_its_flat_twin() {
    let o = chainlab(&["bench", "--quick", "--only", "groups"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let v: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["bench"], "groups");
    assert_eq!(v["same_size"], true);
    assert_eq!(v["grouped_program"], v["flat_program"]);
    assert!(v["grouped_program"]["per_cell"].as_u64().unwrap() > 0);
    assert!(v["ratio"].as_f64().unwrap() > 0.0);
    assert!(v["grouped_decisions_per_s"].as_f64().unwrap() > 0.0);
}

#[test]
fn share_says_when_its_link_names_the_placeholder_page() {
    let placeholder = chainlab(&["share", "strategies/02-avoid-danger.json"]);
    assert!(placeholder.status.success(), "{}", stderr(&placeholder));
    let link = stdout(&placeholder);
    let hosted = option_env!("CHAINLAB_SHARE_BASE").is_some();
    if !hosted {
        assert!(
            link.starts_with("https://chainlab.example.org/#s="),
            "{link}"
        );
        assert!(
            stderr(&placeholder).contains("--base URL"),
            "{}",
            stderr(&placeholder)
        );
    }
    let based = chainlab(&[
        "share",
        "strategies/02-avoid-danger.json",
        "--base",
        "http://127.0.0.1:8080/",
    ]);
    assert!(stdout(&based).starts_with("http://127.0.0.1:8080/#s="));
    assert_eq!(stderr(&based), "");
    // The same strategy after the '#' either way.
    let fragment = |text: &str| text.split('#').nth(1).map(str::to_string);
    assert_eq!(fragment(&link), fragment(&stdout(&based)));
}
