//! What the editor knows about the graph being edited, recomputed once per
//! change (never while drawing): the validator's diagnostics per node, the
//! lenient program (whatever can be computed, also in a broken graph), the
//! heat map on the preview position, and the explain trace of one cell.

use std::collections::HashMap;
use std::sync::Arc;

use crate::eval::{EvalError, Evaluator, HeatMap, Program};
use crate::rules::{Coord, Position};
use crate::strategy::{NodeId, Report, Severity, Strategy};

/// The seed the preview's Random nodes use (fixed, so the heat map is stable).
pub const PREVIEW_SEED: u64 = 1;

/// The diagnostics about one node, for its badge and border.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NodeMark {
    /// The worst severity (errors before warnings).
    pub severity: Option<Severity>,
    /// Every message about the node, each naming the pin when there is one.
    pub messages: Vec<String>,
}

/// The analysis of one version of the graph on one preview position.
pub struct Analysis {
    graph: Option<Strategy>,
    graph_revision: Option<u64>,
    position_revision: Option<u64>,
    explained: Option<Coord>,
    evaluator: Evaluator,
    /// The validator's findings.
    pub report: Report,
    /// The findings by node.
    pub marks: HashMap<NodeId, NodeMark>,
    /// Every cell's value on the preview position, or why there is none.
    pub heat: Result<HeatMap, String>,
    /// The cells the strategy would pick.
    pub best: Vec<Coord>,
    /// Every node's value for the explained cell (empty when none is explained).
    pub values: HashMap<NodeId, Option<i64>>,
    /// The explained cell's raw value, or why the cell cannot be explained.
    pub explained_value: Option<Result<Option<i64>, String>>,
    /// How many times the graph was compiled (for tests: once per change).
    pub compiles: u64,
}

impl Default for Analysis {
    fn default() -> Self {
        Analysis {
            graph: None,
            graph_revision: None,
            position_revision: None,
            explained: None,
            evaluator: Evaluator::new(Arc::new(Program::compile_lenient(&Strategy::default()))),
            report: Report::default(),
            marks: HashMap::new(),
            heat: Err(String::new()),
            best: Vec::new(),
            values: HashMap::new(),
            explained_value: None,
            compiles: 0,
        }
    }
}

impl Analysis {
    /// Brings the analysis up to date with graph revision `revision` of
    /// `strategy` and position revision `position_revision` of `position`,
    /// explaining `explain`. Recompiles only when nodes, parameters or
    /// wires changed (moving nodes changes nothing here).
    pub fn update(
        &mut self,
        strategy: &Strategy,
        revision: u64,
        position: Option<&Position>,
        position_revision: u64,
        explain: Option<Coord>,
    ) {
        let mut graph_changed = false;
        if self.graph_revision != Some(revision) {
            self.graph_revision = Some(revision);
            if !self.graph.as_ref().is_some_and(|g| same_graph(g, strategy)) {
                self.recompile(strategy);
                graph_changed = true;
            }
        }
        let position_changed = self.position_revision != Some(position_revision);
        if graph_changed || position_changed || self.explained != explain {
            self.position_revision = Some(position_revision);
            self.explained = explain;
            self.evaluate(position, explain);
        }
    }

    fn recompile(&mut self, strategy: &Strategy) {
        self.compiles += 1;
        self.report = strategy.validate();
        self.marks.clear();
        for d in &self.report.diagnostics {
            let Some(id) = d.node else { continue };
            let mark = self.marks.entry(id).or_default();
            mark.severity = Some(mark.severity.map_or(d.severity, |s| s.min(d.severity)));
            mark.messages.push(match &d.pin {
                Some(pin) => format!("{} (input '{pin}'): {}", d.severity, d.message),
                None => format!("{}: {}", d.severity, d.message),
            });
        }
        self.evaluator = Evaluator::new(Arc::new(Program::compile_lenient(strategy)));
        self.graph = Some(strategy.clone());
    }

    fn evaluate(&mut self, position: Option<&Position>, explain: Option<Coord>) {
        self.values.clear();
        self.best.clear();
        self.explained_value = None;
        let Some(position) = position else {
            self.heat = Err("set up a valid position to see the heat map".to_string());
            return;
        };
        self.heat = self
            .evaluator
            .heat_map(position, PREVIEW_SEED)
            .map_err(|e| describe(&e));
        if let Ok(heat) = &self.heat {
            self.best = heat.best();
        }
        if let Some(cell) = explain {
            match self.evaluator.explain(position, cell, PREVIEW_SEED) {
                Ok(trace) => {
                    self.values.extend(trace.values);
                    self.explained_value = Some(Ok(trace.output));
                }
                Err(e) => self.explained_value = Some(Err(describe(&e))),
            }
        }
    }

    /// The number of errors and of warnings.
    pub fn counts(&self) -> (usize, usize) {
        (self.report.errors().count(), self.report.warnings().count())
    }
}

/// Whether two graphs compute and read the same: same nodes with the same
/// parameters and labels (messages name nodes by their labels), same wires
/// (positions, name and description do not matter).
fn same_graph(a: &Strategy, b: &Strategy) -> bool {
    a.wires() == b.wires()
        && a.nodes().len() == b.nodes().len()
        && a.nodes()
            .iter()
            .zip(b.nodes())
            .all(|(x, y)| x.id == y.id && x.kind == y.kind && x.label == y.label)
}

fn describe(e: &EvalError) -> String {
    match e {
        EvalError::NoOutput => {
            "no Cell value can be computed yet: add a Cell value node and wire a number into it"
                .to_string()
        }
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Rules, Size};
    use crate::strategy::{GraphBuilder, Kind};

    #[test]
    fn moving_nodes_does_not_recompile() {
        let mut b = GraphBuilder::new("t", "");
        let corner = b.op(Kind::IsCorner, &[]);
        let mut s = b.finish(corner);
        let position = Position::new(Size::JABC, 2, Rules::Standard).ok();
        let mut a = Analysis::default();
        a.update(&s, 1, position.as_ref(), 1, None);
        assert_eq!(a.compiles, 1);
        let best = a.best.clone();
        assert_eq!(best.len(), 4, "the four corners");
        if let Some(n) = s.node_mut(corner) {
            n.pos = [500.0, 500.0];
        }
        a.update(&s, 2, position.as_ref(), 1, None);
        assert_eq!(a.compiles, 1);
        a.update(&s, 2, position.as_ref(), 1, Coord::new(0, 0));
        assert_eq!(a.values.get(&corner), Some(&Some(1)));
    }
}
