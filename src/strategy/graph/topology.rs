//! The wire structure of a graph: what feeds what, topological orders,
//! cycles, and the values that are constant. Every walk is iterative (no
//! recursion), so a graph as large as the format allows cannot overflow the
//! stack; nodes in or after a cycle are left out of orders, never looped on.

use std::collections::{HashMap, HashSet};

use super::Strategy;
use crate::strategy::id::NodeId;
use crate::strategy::kind::NodeKind;
use crate::strategy::kind::ops::{PureOp, constant_of};

impl Strategy {
    /// The nodes whose value flows into `target` (including it), following wires backwards.
    pub fn feeding(&self, target: Option<NodeId>) -> HashSet<NodeId> {
        let mut seen = HashSet::new();
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
            let weights: Option<Vec<i64>> = match &node.kind {
                NodeKind::Sum => Some(vec![1; node.inputs().len()]),
                NodeKind::WeightedSum { terms } => Some(terms.iter().map(|t| t.weight).collect()),
                _ => None,
            };
            if let Some(weights) = weights {
                // Connected inputs times their weights; unconnected ones count as 0.
                let terms: Option<Vec<i64>> = weights
                    .iter()
                    .enumerate()
                    .filter_map(|(i, &weight)| {
                        let mut feeds = self.feeds(id, i);
                        match (feeds.next(), feeds.next()) {
                            (None, _) => None,
                            (Some(w), None) => {
                                Some(values.get(&w.from).map(|v| v.saturating_mul(weight)))
                            }
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
        strongly_connected(&succ)
            .into_iter()
            .filter(|c| c.len() > 1 || c.first().is_some_and(|&v| self_loop[v]))
            .map(|c| c.into_iter().map(|i| nodes[i].id).collect())
            .collect()
    }
}

/// The strongly connected components of a graph given by successor lists,
/// children first (Tarjan's algorithm with an explicit stack).
pub(in crate::strategy) fn strongly_connected(succ: &[Vec<usize>]) -> Vec<Vec<usize>> {
    const UNSEEN: usize = usize::MAX;
    let n = succ.len();
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
                component.sort_unstable();
                found.push(component);
            }
        }
    }
    found
}
