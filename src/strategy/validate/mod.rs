//! Validation: every problem of a graph at once, each an error or a warning
//! naming the node (id and title) and the pin. This file checks one graph;
//! `groups.rs` runs it on a whole strategy (the top level and every group
//! body) and adds what concerns groups.

mod groups;

use std::collections::HashMap;
use std::fmt;

use crate::strategy::graph::{Node, Strategy, Wire};
use crate::strategy::id::NodeId;
use crate::strategy::kind::NodeKind;
use crate::strategy::kind::pins::PinType;

/// At most this many nodes are named in one message (a cycle, the wires
/// feeding one input); the rest are counted (`docs/limits.md`).
const LISTED_NODES: usize = 12;

/// The first `limit` of `items` joined by `separator`, then "and K more"
/// when `more` (the number of items past the limit) is above 0: how error
/// lists are capped (`docs/limits.md`).
pub fn capped_list<T: fmt::Display>(
    items: &[T],
    limit: usize,
    separator: &str,
    more: usize,
) -> String {
    let mut text: Vec<String> = items.iter().take(limit).map(T::to_string).collect();
    if more > 0 {
        text.push(format!("and {more} more"));
    }
    text.join(separator)
}

/// How bad a diagnostic is: errors stop a strategy from playing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Severity {
    /// The graph cannot be compiled.
    Error,
    /// The graph plays, but probably not as meant.
    Warning,
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        })
    }
}

/// One finding of the validator.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// The group (its id) whose body holds the node concerned, or which the
    /// finding is about; `None` for the top level.
    pub group: Option<String>,
    /// The node concerned, if any (in the group's body when `group` is set).
    pub node: Option<NodeId>,
    /// The node's title at the time of validation.
    pub title: String,
    /// The input pin concerned, if any.
    pub pin: Option<String>,
    /// What is wrong, in plain words.
    pub message: String,
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: ", self.severity)?;
        if let Some(group) = &self.group {
            write!(f, "in group '{group}': ")?;
        }
        if let Some(id) = self.node {
            write!(f, "node {id} '{}'", self.title)?;
            if let Some(pin) = &self.pin {
                write!(f, ", input '{pin}'")?;
            }
            write!(f, ": ")?;
        }
        f.write_str(&self.message)
    }
}

/// The diagnostics of a strategy.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Every finding, errors first, then by node id.
    pub diagnostics: Vec<Diagnostic>,
}

impl Report {
    /// Whether any diagnostic is an error.
    pub fn has_errors(&self) -> bool {
        self.errors().next().is_some()
    }

    /// The errors.
    pub fn errors(&self) -> impl Iterator<Item = &Diagnostic> + '_ {
        self.diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
    }

    /// The warnings.
    pub fn warnings(&self) -> impl Iterator<Item = &Diagnostic> + '_ {
        self.diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Warning)
    }

    /// The diagnostics about the top-level node `node`.
    pub fn for_node(&self, node: NodeId) -> impl Iterator<Item = &Diagnostic> + '_ {
        self.diagnostics
            .iter()
            .filter(move |d| d.group.is_none() && d.node == Some(node))
    }

    /// The diagnostics about node `node` inside group `group`'s body.
    pub fn for_group_node<'a>(
        &'a self,
        group: &'a str,
        node: NodeId,
    ) -> impl Iterator<Item = &'a Diagnostic> + 'a {
        self.diagnostics
            .iter()
            .filter(move |d| d.group.as_deref() == Some(group) && d.node == Some(node))
    }
}

/// The diagnostics found so far, with the graph they are about (the top
/// level, or a group's body).
pub(super) struct Findings<'a> {
    pub strategy: &'a Strategy,
    /// The group whose body `strategy` is.
    pub group: Option<&'a str>,
    pub list: Vec<Diagnostic>,
}

impl<'a> Findings<'a> {
    /// No findings yet about `strategy` (the body of `group`, if given).
    pub fn new(strategy: &'a Strategy, group: Option<&'a str>) -> Findings<'a> {
        Findings {
            strategy,
            group,
            list: Vec::new(),
        }
    }

    /// Adds a finding.
    pub fn add(
        &mut self,
        severity: Severity,
        node: Option<NodeId>,
        pin: Option<&str>,
        message: String,
    ) {
        let title = node
            .and_then(|id| self.strategy.node(id))
            .map(|n| n.title())
            .unwrap_or_default();
        self.list.push(Diagnostic {
            severity,
            group: self.group.map(str::to_string),
            node,
            title,
            pin: pin.map(str::to_string),
            message,
        });
    }

    /// How a message names node `id`.
    pub fn label(&self, id: NodeId) -> String {
        self.strategy
            .node(id)
            .map_or_else(|| format!("node {id}"), |n| n.label())
    }

    /// Exactly one Cell value: an error for none, one for each extra.
    pub fn outputs(&mut self, outputs: &[NodeId]) {
        match outputs {
            [] => self.add(
                Severity::Error,
                None,
                None,
                "the graph has no Cell value node: add one and wire the cell's value into it"
                    .to_string(),
            ),
            [first, rest @ ..] => {
                let first = self.label(*first);
                for &extra in rest {
                    self.add(
                        Severity::Error,
                        Some(extra),
                        None,
                        format!("a strategy has exactly one Cell value, and {first} is already one; delete one of them"),
                    );
                }
            }
        }
    }

    /// Every wire joins existing pins of fitting types; then the inputs fed
    /// by more than one wire.
    pub fn wires(&mut self) {
        let strategy = self.strategy;
        let mut feeds: HashMap<(NodeId, usize), Vec<NodeId>> = HashMap::new();
        for w in strategy.wires() {
            feeds.entry((w.to, w.input)).or_default().push(w.from);
            self.wire(w);
        }
        let mut fed_twice: Vec<_> = feeds.iter().filter(|(_, v)| v.len() > 1).collect();
        fed_twice.sort();
        for ((to, input), sources) in fed_twice {
            let pin = strategy
                .node(*to)
                .and_then(|n| n.input(*input))
                .map(|p| p.name.to_string());
            let names: Vec<String> = sources
                .iter()
                .take(LISTED_NODES)
                .map(|&s| self.label(s))
                .collect();
            let more = sources.len().saturating_sub(LISTED_NODES);
            self.add(
                Severity::Error,
                Some(*to),
                pin.as_deref(),
                format!(
                    "is fed by {} wires ({}); an input takes one",
                    sources.len(),
                    capped_list(&names, LISTED_NODES, ", ", more)
                ),
            );
        }
    }

    /// One wire: its nodes exist, its pins exist, and their types fit.
    fn wire(&mut self, w: &Wire) {
        let strategy = self.strategy;
        let (Some(src), Some(dst)) = (strategy.node(w.from), strategy.node(w.to)) else {
            self.add(
                Severity::Error,
                strategy.node(w.to).map(|n| n.id),
                None,
                format!("a wire joins missing node {} or {}", w.from, w.to),
            );
            return;
        };
        let (Some(out), Some(pin)) = (src.output_type(w.output), dst.input(w.input)) else {
            self.add(
                Severity::Error,
                Some(w.to),
                None,
                format!(
                    "a wire from {} does not fit: {}",
                    src.label(),
                    if src.output().is_none() {
                        "that node has no output".to_string()
                    } else if src.output_type(w.output).is_none() {
                        format!("that node has no output number {}", w.output)
                    } else {
                        format!("there is no input number {}", w.input)
                    }
                ),
            );
            return;
        };
        if !out.fits(pin.ty) {
            self.add(
                Severity::Error,
                Some(w.to),
                Some(pin.name),
                format!(
                    "needs a {} but {} gives a {}; use Compare to turn a number into yes/no",
                    pin.ty.name(),
                    src.label(),
                    out.name()
                ),
            );
        }
    }

    /// Every node of a cycle gets an error; each message lists a few of them
    /// (listing all in each would make the report quadratic).
    pub fn cycles(&mut self) {
        for cycle in self.strategy.cycles() {
            let mut names: Vec<String> = cycle
                .iter()
                .take(LISTED_NODES)
                .map(|id| id.to_string())
                .collect();
            if cycle.len() > LISTED_NODES {
                names.push(format!("… ({} nodes in all)", cycle.len()));
            }
            let names = names.join(", ");
            for &id in &cycle {
                self.add(
                    Severity::Error,
                    Some(id),
                    None,
                    format!("is part of a cycle (nodes {names}): a value cannot depend on itself"),
                );
            }
        }
    }

    /// Warnings about each node's use: not feeding the result (the Cell
    /// value, or in a group its Group output nodes), inputs left
    /// unconnected, a division by the constant 0.
    pub fn uses(&mut self, results: &[NodeId]) {
        let strategy = self.strategy;
        let mut reachable = std::collections::HashSet::new();
        for &r in results {
            reachable.extend(strategy.feeding(Some(r)));
        }
        let constants = strategy.constant_values();
        for node in strategy.nodes() {
            let used = reachable.contains(&node.id);
            match &node.kind {
                NodeKind::Comment { .. } => continue,
                NodeKind::Output | NodeKind::GroupOutput { .. } => {}
                kind if !used => {
                    self.unused(node.id, kind, results.is_empty());
                    continue;
                }
                _ => {}
            }
            self.unconnected(node);
            if node.kind == NodeKind::Divide {
                let divisor = strategy.feeds(node.id, 1).next().map(|w| w.from);
                if divisor.and_then(|d| constants.get(&d)) == Some(&0) {
                    self.add(
                        Severity::Warning,
                        Some(node.id),
                        Some("b"),
                        "divides by the constant 0: the result is always 0".to_string(),
                    );
                }
            }
        }
    }

    /// A warning for each Constant whose explicit tuning range is reversed,
    /// empty, or does not contain its value (`chainlab tune` refuses the
    /// first two before it starts); likewise for Weighted sum terms.
    pub fn tuning_ranges(&mut self) {
        for node in self.strategy.nodes() {
            match &node.kind {
                NodeKind::Constant { value, tune } => {
                    if let Some(problem) = tune.problem(*value) {
                        self.add(Severity::Warning, Some(node.id), None, problem.to_string());
                    }
                }
                NodeKind::WeightedSum { terms } => {
                    for t in terms {
                        if let Some(problem) = t.tune.problem(t.weight) {
                            self.add(
                                Severity::Warning,
                                Some(node.id),
                                Some(&t.label),
                                format!("the weight: {problem}"),
                            );
                        }
                    }
                }
                _ => {}
            }
        }
    }

    /// The warning for a node that does not feed the Cell value.
    fn unused(&mut self, id: NodeId, kind: &NodeKind, no_output: bool) {
        let message = if self.group.is_some() {
            "does not feed any of the group's outputs: it has no effect".to_string()
        } else if kind.needs_lookahead() && no_output {
            "measures after placing here, but the graph has no Cell value, so nothing is computed"
                .to_string()
        } else if kind.needs_lookahead() {
            "measures after placing here but does not feed the Cell value: it has no effect"
                .to_string()
        } else {
            "does not feed the Cell value: it has no effect".to_string()
        };
        self.add(Severity::Warning, Some(id), None, message);
    }

    /// A warning for each unconnected input, saying the default it takes.
    fn unconnected(&mut self, node: &Node) {
        for (i, pin) in node.inputs().iter().enumerate() {
            // A Sum's unused inputs are expected: they count as 0.
            if node.kind != NodeKind::Sum && self.strategy.feeds(node.id, i).next().is_none() {
                if let NodeKind::GroupOutput { pin, .. } = &node.kind {
                    self.add(
                        Severity::Error,
                        Some(node.id),
                        None,
                        format!("nothing feeds the group's output '{}': wire the value it gives into this node", pin.name),
                    );
                    continue;
                }
                let message = if node.kind == NodeKind::Output {
                    "nothing is connected, so every cell is worth 0".to_string()
                } else if pin.ty == PinType::Bool {
                    format!(
                        "is not connected: it takes the default {}",
                        if pin.default != 0 { "yes" } else { "no" }
                    )
                } else {
                    format!("is not connected: it takes the default {}", pin.default)
                };
                self.add(Severity::Warning, Some(node.id), Some(pin.name), message);
            }
        }
    }
}
