//! Validation: every problem of a graph at once, each an error or a warning
//! naming the node (id and title) and the pin.

use std::collections::HashMap;
use std::fmt;

use super::graph::{NodeId, Strategy};
use super::kind::NodeKind;
use super::ops::{PureOp, constant_of};

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
    /// The node concerned, if any.
    pub node: Option<NodeId>,
    /// The node's title at the time of validation.
    pub title: String,
    /// The input pin concerned, if any.
    pub pin: Option<&'static str>,
    /// What is wrong, in plain words.
    pub message: String,
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: ", self.severity)?;
        if let Some(id) = self.node {
            write!(f, "node {id} '{}'", self.title)?;
            if let Some(pin) = self.pin {
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

    /// The diagnostics about `node`.
    pub fn for_node(&self, node: NodeId) -> impl Iterator<Item = &Diagnostic> + '_ {
        self.diagnostics
            .iter()
            .filter(move |d| d.node == Some(node))
    }
}

struct Findings<'a> {
    strategy: &'a Strategy,
    list: Vec<Diagnostic>,
}

impl Findings<'_> {
    fn add(
        &mut self,
        severity: Severity,
        node: Option<NodeId>,
        pin: Option<&'static str>,
        message: String,
    ) {
        let title = node
            .and_then(|id| self.strategy.node(id))
            .map(|n| n.kind.title())
            .unwrap_or_default();
        self.list.push(Diagnostic {
            severity,
            node,
            title,
            pin,
            message,
        });
    }
}

impl Strategy {
    /// Checks the graph and returns every diagnostic at once.
    pub fn validate(&self) -> Report {
        let mut f = Findings {
            strategy: self,
            list: Vec::new(),
        };
        let label = |id: NodeId| {
            self.node(id)
                .map_or_else(|| format!("node {id}"), |n| n.label())
        };
        // Exactly one output.
        let outputs: Vec<NodeId> = self.outputs().map(|n| n.id).collect();
        match outputs.as_slice() {
            [] => f.add(
                Severity::Error,
                None,
                None,
                "the graph has no Cell value node: add one and wire the cell's value into it"
                    .to_string(),
            ),
            [first, rest @ ..] => {
                for &extra in rest {
                    f.add(
                        Severity::Error,
                        Some(extra),
                        None,
                        format!("a strategy has exactly one Cell value, and {} is already one; delete one of them", label(*first)),
                    );
                }
            }
        }
        // Wires: types, pins fed twice.
        let mut feeds: HashMap<(NodeId, usize), Vec<NodeId>> = HashMap::new();
        for w in self.wires() {
            feeds.entry((w.to, w.input)).or_default().push(w.from);
            let (Some(src), Some(dst)) = (self.node(w.from), self.node(w.to)) else {
                f.add(
                    Severity::Error,
                    self.node(w.to).map(|n| n.id),
                    None,
                    format!("a wire joins missing node {} or {}", w.from, w.to),
                );
                continue;
            };
            let (Some(out), Some(pin)) = (src.output(), dst.inputs().get(w.input)) else {
                f.add(
                    Severity::Error,
                    Some(w.to),
                    None,
                    format!(
                        "a wire from {} does not fit: {}",
                        src.label(),
                        if src.output().is_none() {
                            "that node has no output".to_string()
                        } else {
                            format!("there is no input number {}", w.input)
                        }
                    ),
                );
                continue;
            };
            if !out.fits(pin.ty) {
                f.add(
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
        let mut fed_twice: Vec<_> = feeds.iter().filter(|(_, v)| v.len() > 1).collect();
        fed_twice.sort();
        for ((to, input), sources) in fed_twice {
            let pin = self
                .node(*to)
                .and_then(|n| n.inputs().get(*input))
                .map(|p| p.name);
            let names: Vec<String> = sources
                .iter()
                .take(LISTED_NODES)
                .map(|&s| label(s))
                .collect();
            let more = sources.len().saturating_sub(LISTED_NODES);
            f.add(
                Severity::Error,
                Some(*to),
                pin,
                format!(
                    "is fed by {} wires ({}); an input takes one",
                    sources.len(),
                    capped_list(&names, LISTED_NODES, ", ", more)
                ),
            );
        }
        // Cycles.
        for cycle in self.cycles() {
            // Every node of the cycle gets an error; each message lists a few
            // of them (listing all in each would make the report quadratic).
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
                f.add(
                    Severity::Error,
                    Some(id),
                    None,
                    format!("is part of a cycle (nodes {names}): a value cannot depend on itself"),
                );
            }
        }
        // Reachability from the output.
        let reachable = self.feeding(outputs.first().copied());
        let constants = self.constant_values();
        for node in self.nodes() {
            let used = reachable.contains(&node.id);
            match &node.kind {
                NodeKind::Comment { .. } => continue,
                NodeKind::Output => {}
                kind if !used => {
                    let message = if kind.needs_lookahead() && outputs.is_empty() {
                        "measures after placing here, but the graph has no Cell value, so nothing is computed".to_string()
                    } else if kind.needs_lookahead() {
                        "measures after placing here but does not feed the Cell value: it has no effect".to_string()
                    } else {
                        "does not feed the Cell value: it has no effect".to_string()
                    };
                    f.add(Severity::Warning, Some(node.id), None, message);
                    continue;
                }
                _ => {}
            }
            for (i, pin) in node.inputs().iter().enumerate() {
                // A Sum's unused inputs are expected: they count as 0.
                if node.kind != NodeKind::Sum && self.feeds(node.id, i).next().is_none() {
                    let message = if node.kind == NodeKind::Output {
                        "nothing is connected, so every cell is worth 0".to_string()
                    } else if pin.ty == super::kind::PinType::Bool {
                        format!(
                            "is not connected: it takes the default {}",
                            if pin.default != 0 { "yes" } else { "no" }
                        )
                    } else {
                        format!("is not connected: it takes the default {}", pin.default)
                    };
                    f.add(Severity::Warning, Some(node.id), Some(pin.name), message);
                }
            }
            if node.kind == NodeKind::Divide {
                let divisor = self.feeds(node.id, 1).next().map(|w| w.from);
                if divisor.and_then(|d| constants.get(&d)) == Some(&0) {
                    f.add(
                        Severity::Warning,
                        Some(node.id),
                        Some("b"),
                        "divides by the constant 0: the result is always 0".to_string(),
                    );
                }
            }
        }
        f.list.sort_by_key(|d| (d.severity, d.node, d.pin));
        Report {
            diagnostics: f.list,
        }
    }

    /// The nodes whose value flows into `target` (including it), following wires backwards.
    pub fn feeding(&self, target: Option<NodeId>) -> std::collections::HashSet<NodeId> {
        let mut seen = std::collections::HashSet::new();
        let mut stack: Vec<NodeId> = target.into_iter().collect();
        while let Some(n) = stack.pop() {
            if seen.insert(n) {
                stack.extend(self.wires_into(n).map(|w| w.from));
            }
        }
        seen
    }

    /// The values of nodes that are constant: constants, and pure operations
    /// whose inputs are all constant or unconnected (cycles are left out).
    pub fn constant_values(&self) -> HashMap<NodeId, i64> {
        let mut values: HashMap<NodeId, i64> = HashMap::new();
        // Nodes in or after a cycle are left out; the others still fold.
        let (order, _) = self.partial_order();
        for id in order {
            let Some(node) = self.node(id) else { continue };
            if let Some(v) = constant_of(&node.kind) {
                values.insert(id, v);
                continue;
            }
            if node.kind == NodeKind::Sum {
                let terms: Option<Vec<i64>> = (0..node.inputs().len())
                    .filter_map(|i| {
                        let mut feeds = self.feeds(id, i);
                        match (feeds.next(), feeds.next()) {
                            (None, _) => None,
                            (Some(w), None) => Some(values.get(&w.from).copied()),
                            _ => Some(None),
                        }
                    })
                    .collect();
                if let Some(terms) = terms {
                    values.insert(id, terms.into_iter().fold(0i64, i64::saturating_add));
                }
                continue;
            }
            let Some(op) = PureOp::of(&node.kind) else {
                continue;
            };
            let mut args = [0i64; 3];
            let mut all_constant = true;
            for (i, pin) in node.inputs().iter().enumerate() {
                let mut feeds = self.feeds(id, i);
                args[i] = match (feeds.next(), feeds.next()) {
                    (None, _) => pin.default,
                    (Some(w), None) => match values.get(&w.from) {
                        Some(&v) => v,
                        None => {
                            all_constant = false;
                            0
                        }
                    },
                    _ => {
                        all_constant = false;
                        0
                    }
                };
            }
            if all_constant {
                values.insert(id, op.apply(args[0], args[1], args[2]));
            }
        }
        values
    }

    /// The nodes in an order where every node comes after the nodes feeding
    /// it (Kahn's algorithm, no recursion); `Err` with the nodes left over when
    /// there is a cycle.
    pub fn topological_order(&self) -> Result<Vec<NodeId>, Vec<NodeId>> {
        let (order, left) = self.partial_order();
        if left.is_empty() {
            Ok(order)
        } else {
            Err(left)
        }
    }

    /// A topological order of every node not in or after a cycle, and the
    /// nodes left over (those in a cycle or fed, directly or not, by one).
    pub fn partial_order(&self) -> (Vec<NodeId>, Vec<NodeId>) {
        let index: HashMap<NodeId, usize> = self
            .nodes()
            .iter()
            .enumerate()
            .map(|(i, n)| (n.id, i))
            .collect();
        let n = self.nodes().len();
        let mut indegree = vec![0usize; n];
        let mut out: Vec<Vec<usize>> = vec![Vec::new(); n];
        for w in self.wires() {
            if let (Some(&a), Some(&b)) = (index.get(&w.from), index.get(&w.to)) {
                out[a].push(b);
                indegree[b] += 1;
            }
        }
        let mut ready: Vec<usize> = (0..n).filter(|&i| indegree[i] == 0).rev().collect();
        let mut order = Vec::with_capacity(n);
        while let Some(i) = ready.pop() {
            order.push(i);
            for &j in &out[i] {
                indegree[j] -= 1;
                if indegree[j] == 0 {
                    ready.push(j);
                }
            }
        }
        let ids = |v: Vec<usize>| -> Vec<NodeId> {
            v.into_iter()
                .filter_map(|i| self.nodes().get(i).map(|n| n.id))
                .collect()
        };
        let left = (0..n).filter(|&i| indegree[i] > 0).collect();
        (ids(order), ids(left))
    }

    /// The cycles of the graph (strongly connected components with a loop),
    /// found without recursion (Tarjan's algorithm with an explicit stack).
    pub fn cycles(&self) -> Vec<Vec<NodeId>> {
        let nodes = self.nodes();
        let index: HashMap<NodeId, usize> =
            nodes.iter().enumerate().map(|(i, n)| (n.id, i)).collect();
        let n = nodes.len();
        let mut succ: Vec<Vec<usize>> = vec![Vec::new(); n];
        let mut self_loop = vec![false; n];
        for w in self.wires() {
            if let (Some(&a), Some(&b)) = (index.get(&w.from), index.get(&w.to)) {
                succ[a].push(b);
                if a == b {
                    self_loop[a] = true;
                }
            }
        }
        const UNSEEN: usize = usize::MAX;
        let mut idx = vec![UNSEEN; n];
        let mut low = vec![0usize; n];
        let mut on_stack = vec![false; n];
        let mut stack: Vec<usize> = Vec::new();
        let mut next = 0;
        let mut found = Vec::new();
        for root in 0..n {
            if idx[root] != UNSEEN {
                continue;
            }
            let mut call: Vec<(usize, usize)> = vec![(root, 0)];
            idx[root] = next;
            low[root] = next;
            next += 1;
            stack.push(root);
            on_stack[root] = true;
            while let Some(&mut (v, ref mut child)) = call.last_mut() {
                if let Some(&w) = succ[v].get(*child) {
                    *child += 1;
                    if idx[w] == UNSEEN {
                        idx[w] = next;
                        low[w] = next;
                        next += 1;
                        stack.push(w);
                        on_stack[w] = true;
                        call.push((w, 0));
                    } else if on_stack[w] {
                        low[v] = low[v].min(idx[w]);
                    }
                    continue;
                }
                call.pop();
                if let Some(&(parent, _)) = call.last() {
                    low[parent] = low[parent].min(low[v]);
                }
                if low[v] == idx[v] {
                    let mut component = Vec::new();
                    while let Some(w) = stack.pop() {
                        on_stack[w] = false;
                        component.push(w);
                        if w == v {
                            break;
                        }
                    }
                    if component.len() > 1 || self_loop[v] {
                        component.sort_unstable();
                        found.push(component.into_iter().map(|i| nodes[i].id).collect());
                    }
                }
            }
        }
        found
    }
}
