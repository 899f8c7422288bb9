//! Code generation: a strategy graph written as a readable Python module
//! (`chainlab export --python`), for learners who go on in code.
//!
//! The module is the graph, node for node: one line per node that feeds the
//! Cell value, in evaluation (topological) order, named after its label or
//! its kind and id; each group definition becomes a function; measurements
//! call into the `chainlab` package, which measures with chainlab's own code,
//! and arithmetic goes through `chainlab.ops`, which saturates as the
//! interpreter does. So the module values every cell as the graph does (the
//! Python tests check it for every shipped strategy). A Random node inside
//! a group draws by its own id in the group's body, which is not the id the
//! compiler gives its inlined copy: such a graph exports, but its random
//! values differ from the graph's.

mod error;
mod lines;
mod names;

use std::collections::{BTreeMap, HashSet};

pub use error::ExportError;
use lines::{Line, line};
use names::{Names, identifier, parameters};

use crate::strategy::{NodeId, NodeKind, Strategy};

/// Writes `strategy` as a Python module; `source` is what the header says it
/// was exported from (the file's path).
pub fn python_module(strategy: &Strategy, source: &str) -> Result<String, ExportError> {
    let report = strategy.validate();
    if let Some(first) = report.errors().next() {
        return Err(ExportError::Invalid {
            count: report.errors().count(),
            first: Box::new(first.clone()),
        });
    }
    let group_fns = group_names(strategy);
    let mut out = header(strategy, source);
    for (id, def) in strategy.groups() {
        let fn_name = group_fns.get(id).map_or("group", String::as_str);
        let params = parameters(def.inputs.iter().map(|p| p.name.as_str()));
        out.push_str(&format!(
            "\n\ndef {fn_name}(m{}):\n",
            params.iter().map(|p| format!(", {p}")).collect::<String>()
        ));
        out.push_str(&docstring(
            &format!("Group '{}': {}", def.name(), def.body.description.trim()),
            "    ",
        ));
        let place = format!("group '{id}'");
        out.push_str(&body(
            &def.body,
            &params,
            def.outputs.len(),
            &group_fns,
            &place,
        )?);
    }
    out.push_str("\n\ndef cell_value(m):\n");
    out.push_str("    \"\"\"The graph's value of the cell `m` measures (the Cell value).\"\"\"\n");
    out.push_str(&body(strategy, &[], 0, &group_fns, "the graph")?);
    out.push_str(&footer(strategy));
    Ok(out)
}

/// The module's docstring and imports.
fn header(strategy: &Strategy, source: &str) -> String {
    let about = format!(
        "{}: {}\n\nExported from {source} by `chainlab export --python`: one line per node of the graph, in\nevaluation order, named after its label (or its kind and id); each group is a function.\n`m` measures one cell with chainlab's own rules (chainlab.graph.Measures); `ops` is the\ngraph's arithmetic. Play it: chainlab match 'cmd:python3 THIS_FILE.py' bot:random",
        strategy.name.trim(),
        strategy.description.trim()
    );
    format!(
        "{}\nimport chainlab.engine\nfrom chainlab import graph, ops\n",
        docstring(&about, "")
    )
}

/// The functions every module has: scores, choose, and the engine.
fn footer(strategy: &Strategy) -> String {
    format!(
        "\n\ndef scores(position, seed=0):\n    \"\"\"Each cell's value row by row (None where the player may not play), as the graph's.\"\"\"\n    return graph.scores(cell_value, position, seed)\n\n\ndef choose(position, seed=0):\n    \"\"\"The graph's move: the highest value (below 0 counts as 0), ties broken as chainlab does.\"\"\"\n    return graph.choose(cell_value, position, seed)\n\n\nif __name__ == \"__main__\":\n    chainlab.engine.run(choose, name={})\n",
        python_string(&strategy.name)
    )
}

/// A Python string literal of `text`.
fn python_string(text: &str) -> String {
    serde_json::Value::String(text.to_string()).to_string()
}

/// `text` as a docstring at `indent` (no triple quotes or backslashes inside).
fn docstring(text: &str, indent: &str) -> String {
    let text = text.replace('\\', "/").replace("\"\"\"", "'''");
    let lines: Vec<String> = text
        .lines()
        .map(|l| {
            if l.is_empty() {
                String::new()
            } else {
                format!("{indent}{l}")
            }
        })
        .collect();
    format!(
        "{indent}\"\"\"{}\n{indent}\"\"\"\n",
        lines.join("\n").trim_start()
    )
}

/// The function name of each group definition, by id: `group_` and the
/// id as an identifier, with `_2`, `_3`, … when two ids read the same
/// (`"A b"` and `"a-b"`), so that no definition replaces another.
fn group_names(strategy: &Strategy) -> BTreeMap<String, String> {
    let mut taken = HashSet::new();
    let mut out = BTreeMap::new();
    for id in strategy.groups().keys() {
        let base = format!(
            "group_{}",
            identifier(id).unwrap_or_else(|| "unnamed".to_string())
        );
        let mut name = base.clone();
        let mut n = 1;
        while !taken.insert(name.clone()) {
            n += 1;
            name = format!("{base}_{n}");
        }
        out.insert(id.clone(), name);
    }
    out
}

/// The body of a function computing `graph`: its comments, then one line
/// per node feeding the Cell value (or the group's outputs), then the return.
fn body(
    graph: &Strategy,
    params: &[String],
    outputs: usize,
    group_fns: &BTreeMap<String, String>,
    place: &str,
) -> Result<String, ExportError> {
    let targets: Vec<NodeId> = graph
        .nodes()
        .iter()
        .filter(|n| matches!(n.kind, NodeKind::Output | NodeKind::GroupOutput { .. }))
        .map(|n| n.id)
        .collect();
    let feeding: HashSet<NodeId> = targets
        .iter()
        .flat_map(|&t| graph.feeding(Some(t)))
        .collect();
    let (order, left) = graph.partial_order();
    let cyclic: Vec<NodeId> = left.into_iter().filter(|n| feeding.contains(n)).collect();
    if !cyclic.is_empty() {
        return Err(ExportError::Cycle {
            place: place.to_string(),
            nodes: cyclic,
        });
    }
    let mut names = Names::new(params.iter().cloned());
    let mut out = preamble(graph, params, &mut names);
    let mut returned = false;
    for id in order.into_iter().filter(|n| feeding.contains(n)) {
        let Some(node) = graph.node(id) else { continue };
        let inputs: Vec<Option<String>> = (0..node.inputs().len())
            .map(|i| source(graph, &names, id, i))
            .collect();
        let group_fn = match &node.kind {
            NodeKind::Group { def, .. } => {
                Some(
                    group_fns
                        .get(def)
                        .ok_or_else(|| ExportError::MissingGroup {
                            node: id,
                            def: def.clone(),
                        })?,
                )
            }
            _ => None,
        };
        let what = format!("node {id}: {}", node.kind.title());
        match line(node, &inputs, group_fn.map(String::as_str)) {
            Line::Value(expr) => {
                let name = names.add(node);
                out.push_str(&format!("    {name} = {expr}  # {what}\n"));
            }
            Line::Comment(text) => out.push_str(&format!("    # {text}\n")),
            Line::Return(expr) if !returned => {
                returned = true;
                out.push_str(&format!("    return {expr}  # {what}\n"));
            }
            Line::Return(_) | Line::Nothing => {}
        }
    }
    if params.is_empty() && outputs == 0 {
        if !returned {
            out.push_str("    return 0  # no Cell value\n");
        }
        return Ok(out);
    }
    out.push_str(&group_return(graph, &names, outputs));
    Ok(out)
}

/// The comment lines of `graph`'s notes, naming its group inputs after
/// `params` on the way.
fn preamble(graph: &Strategy, params: &[String], names: &mut Names) -> String {
    let mut out = String::new();
    for node in graph.nodes() {
        match &node.kind {
            NodeKind::GroupInput { index, .. } => {
                let name = params
                    .get(*index)
                    .cloned()
                    .unwrap_or_else(|| "0".to_string());
                names.insert(node.id, name);
            }
            NodeKind::Comment { text } if !text.trim().is_empty() => {
                for l in text.lines() {
                    out.push_str(&format!("    # {}\n", l.trim()));
                }
            }
            _ => {}
        }
    }
    out
}

/// The source of input `input` of node `to`: the name of the node wired into
/// it (`[k]` for output `k` of a group with several), `None` when unwired.
fn source(graph: &Strategy, names: &Names, to: NodeId, input: usize) -> Option<String> {
    let wire = graph.feeds(to, input).next()?;
    let name = names.of(wire.from)?.to_string();
    let several = graph
        .node(wire.from)
        .is_some_and(|n| matches!(n.kind, NodeKind::Group { .. }) && n.output_count() > 1);
    Some(if several {
        format!("{name}[{}]", wire.output)
    } else {
        name
    })
}

/// A group function's `return`: its outputs in pin order (one alone, several as a tuple).
fn group_return(graph: &Strategy, names: &Names, outputs: usize) -> String {
    let values: Vec<String> = (0..outputs)
        .map(|k| {
            graph
                .nodes()
                .iter()
                .find(|n| matches!(n.kind, NodeKind::GroupOutput { index, .. } if index == k))
                .and_then(|n| source(graph, names, n.id, 0))
                .unwrap_or_else(|| "0".to_string())
        })
        .collect();
    match values.as_slice() {
        [one] => format!("    return {one}\n"),
        _ => format!("    return ({})\n", values.join(", ")),
    }
}
