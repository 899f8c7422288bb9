//! `chainlab explain`: every node's value for one cell, in data-flow order,
//! with labels, each group instance's outputs and each Weighted sum term's
//! contribution.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use chainlab::eval::{Evaluator, Program, TermTrace, Trace};
use chainlab::rng::rng_from_seed;
use chainlab::rules::Coord;
use chainlab::strategy::{Node, NodeId, NodeKind, PinType, Strategy};
use rand::Rng;
use serde_json::{Value, json};

use super::strategy_cmds::{compile, load_position, load_strategy};
use super::{CmdResult, Failure, shown};

/// Arguments of `chainlab explain`.
#[derive(clap::Args, Debug)]
pub struct ExplainArgs {
    /// The strategy file.
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// The position file (text notation or JSON).
    #[arg(long, value_name = "POSITION_FILE")]
    position: PathBuf,
    /// The cell to explain, ROW,COL (zero-based).
    #[arg(long, value_name = "ROW,COL")]
    cell: Coord,
    /// Seed for Random nodes.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Print JSON instead of a table.
    #[arg(long)]
    json: bool,
}

/// A value as shown: yes/no for yes/no pins, "-" when there is none.
fn shown_value(value: Option<i64>, ty: PinType) -> String {
    match (value, ty) {
        (None, _) => "-".to_string(),
        (Some(v), PinType::Bool) => if v != 0 { "yes" } else { "no" }.to_string(),
        (Some(v), PinType::Int) => v.to_string(),
    }
}

/// How explain names a node: its label, or for an unlabelled group
/// instance the group's name, or the kind's title.
fn title(strategy: &Strategy, node: &Node) -> String {
    match (&node.label, &node.kind) {
        (None, NodeKind::Group { def, .. }) => {
            let name = strategy.group(def).map_or(def.as_str(), |d| d.name());
            format!("{name} (group)")
        }
        _ => node.title(),
    }
}

/// The trace's entry for `id` in one of its per-node lists.
fn entry<T>(list: &[(NodeId, T)], id: NodeId) -> Option<&T> {
    list.iter().find(|(n, _)| *n == id).map(|(_, v)| v)
}

/// One term as explain prints it: "corners (lesson 1): 20 × 3 = 60".
fn term_line(label: &str, weight: i64, value: Option<&TermTrace>, connected: bool) -> String {
    match value {
        Some(t) if connected => format!("{label}: {weight} × {} = {}", t.input, t.contribution),
        Some(_) => format!("{label}: {weight} × 0 = 0 (not connected)"),
        None => format!("{label}: {weight} × - = -"),
    }
}

/// Runs `chainlab explain`.
pub fn explain(args: &ExplainArgs) -> CmdResult {
    let strategy = load_strategy(&args.file)?;
    // Refuse what cannot play, with the reason.
    compile(&args.file, &strategy)?;
    let position = load_position(&args.position)?;
    // Explain every node, also those that do not feed the Cell value.
    let full = Arc::new(Program::compile_lenient(&strategy));
    let mut evaluator = Evaluator::new(full);
    let mut rng = rng_from_seed(args.seed);
    let trace = evaluator
        .explain(&position, args.cell, rng.next_u64())
        .map_err(|e| Failure::new(e.to_string()))?;
    let order: Vec<&Node> = strategy
        .topological_order()
        .unwrap_or_default()
        .into_iter()
        .filter_map(|id| strategy.node(id))
        .collect();
    if args.json {
        print_json(args, &strategy, &order, &trace)?;
        return Ok(ExitCode::SUCCESS);
    }
    outln!(
        "'{}' explains cell {} (player {} to move):",
        shown(&strategy.name),
        args.cell,
        position
            .to_move()
            .map_or("-".to_string(), |p| p.to_string())
    );
    print_table(&strategy, &order, &trace)?;
    match trace.output {
        Some(v) if v < 0 => outln!("Cell value = {v}, which counts as 0"),
        Some(v) => outln!("Cell value = {v}"),
        None => outln!("Cell value: not computable"),
    }
    Ok(ExitCode::SUCCESS)
}

/// The table: one line per node with a value, then a group's outputs or a
/// Weighted sum's terms below it.
fn print_table(strategy: &Strategy, order: &[&Node], trace: &Trace) -> Result<(), Failure> {
    let used = strategy.feeding(strategy.outputs().next().map(|n| n.id));
    let width = order
        .iter()
        .map(|n| title(strategy, n).chars().count())
        .max()
        .unwrap_or(10);
    for node in order {
        if node.output_count() == 0 {
            continue;
        }
        let note = if used.contains(&node.id) {
            ""
        } else {
            "   (does not feed the Cell value)"
        };
        let title = title(strategy, node);
        let name = shown(&title);
        if let NodeKind::Group { outputs, .. } = &node.kind {
            outln!(
                "  {:>5}  {name:<width$}  {:>8}{note}",
                node.id.to_string(),
                ""
            );
            let values = entry(&trace.groups, node.id);
            for (k, pin) in outputs.iter().enumerate() {
                let v = values.and_then(|v| v.get(k).copied().flatten());
                let out = format!("  {}", shown(&pin.name));
                outln!("  {:>5}  {out:<width$}  {:>8}", "", shown_value(v, pin.ty));
            }
            continue;
        }
        let value = shown_value(
            entry(&trace.values, node.id).copied().flatten(),
            node.output().unwrap_or(PinType::Int),
        );
        outln!(
            "  {:>5}  {name:<width$}  {value:>8}{note}",
            node.id.to_string()
        );
        if let NodeKind::WeightedSum { terms } = &node.kind {
            let values = entry(&trace.terms, node.id);
            for (i, t) in terms.iter().enumerate() {
                let v = values.and_then(|v| v.get(i)).and_then(Option::as_ref);
                let connected = strategy.feeds(node.id, i).next().is_some();
                outln!(
                    "  {:>5}    {}",
                    "",
                    shown(&term_line(&t.label, t.weight, v, connected))
                );
            }
        }
    }
    Ok(())
}

/// The trace as one JSON object.
fn print_json(
    args: &ExplainArgs,
    strategy: &Strategy,
    order: &[&Node],
    trace: &Trace,
) -> Result<(), Failure> {
    let used = strategy.feeding(strategy.outputs().next().map(|n| n.id));
    let nodes: Vec<Value> = order
        .iter()
        .map(|n| {
            let mut item = json!({
                "id": n.id.0,
                "title": n.kind.title(),
                "label": n.label,
                "value": entry(&trace.values, n.id).copied().flatten(),
                "used": used.contains(&n.id),
            });
            match &n.kind {
                NodeKind::WeightedSum { terms } => {
                    let values = entry(&trace.terms, n.id);
                    let terms: Vec<Value> = terms
                        .iter()
                        .enumerate()
                        .map(|(i, t)| {
                            let v = values.and_then(|v| v.get(i)).and_then(Option::as_ref);
                            json!({
                                "label": t.label,
                                "weight": t.weight,
                                "input": v.map(|v| v.input),
                                "value": v.map(|v| v.contribution),
                            })
                        })
                        .collect();
                    item["terms"] = Value::Array(terms);
                }
                NodeKind::Group { outputs, .. } => {
                    let values = entry(&trace.groups, n.id);
                    let outputs: Vec<Value> = outputs
                        .iter()
                        .enumerate()
                        .map(|(k, p)| {
                            let v = values.and_then(|v| v.get(k).copied().flatten());
                            json!({"name": p.name, "value": v})
                        })
                        .collect();
                    item["outputs"] = Value::Array(outputs);
                }
                _ => {}
            }
            item
        })
        .collect();
    outln!(
        "{}",
        json!({"cell": [args.cell.row(), args.cell.col()], "nodes": nodes, "value": trace.output, "counts_as": trace.output.map(|v| v.max(0))})
    );
    Ok(())
}
