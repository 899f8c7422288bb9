//! Short-circuiting for If then else: an instruction whose value reaches the
//! Cell value only through one branch of an If is skipped, per cell, when the
//! If takes the other branch. This is what lets a graph gate an expensive
//! lookahead behind a cheap test, as hand-written code would.
//!
//! A node N is *guarded* by (If node I, branch b) when every path from N to the
//! Cell value passes through input b of I. Skipping N then never changes the
//! result: its stale slot is read only by nodes that are skipped too, or by I
//! on the branch it does not take. The condition of I is scheduled before
//! every node it guards (that cannot create a cycle: a node that also reached
//! the condition would have a path to the output avoiding branch b).

use std::collections::{HashMap, HashSet};

use crate::eval::ir::{Instr, Slot};
use crate::strategy::{NodeId, NodeKind, Strategy};

/// At most this many guards are tracked per node; any subset of a node's
/// guards is still correct, so truncating only skips less.
const MAX_GUARDS: usize = 6;

/// A guard: the If node and whether the node is needed on its `then` branch.
type Guard = (NodeId, bool);

/// Guards of every node that reaches `output`, computed from the output backwards.
fn guards(strategy: &Strategy, order: &[NodeId], output: NodeId) -> HashMap<NodeId, Vec<Guard>> {
    let mut consumers: HashMap<NodeId, Vec<(NodeId, usize)>> = HashMap::new();
    for w in strategy.wires() {
        consumers.entry(w.from).or_default().push((w.to, w.input));
    }
    let reachable = strategy.feeding(Some(output));
    let mut result: HashMap<NodeId, Vec<Guard>> = HashMap::new();
    result.insert(output, Vec::new());
    for &id in order.iter().rev() {
        if id == output || !reachable.contains(&id) {
            continue;
        }
        let mut acc: Option<Vec<Guard>> = None;
        for &(to, pin) in consumers.get(&id).into_iter().flatten() {
            let Some(base) = result.get(&to) else {
                continue;
            };
            let mut set = base.clone();
            let is_if = strategy
                .node(to)
                .is_some_and(|n| n.kind == NodeKind::IfThenElse);
            if is_if && (pin == 1 || pin == 2) {
                set.push((to, pin == 1));
            }
            acc = Some(match acc {
                None => set,
                Some(prev) => prev.into_iter().filter(|g| set.contains(g)).collect(),
            });
        }
        let mut set = acc.unwrap_or_default();
        set.sort();
        set.dedup();
        set.truncate(MAX_GUARDS);
        result.insert(id, set);
    }
    result
}

/// Gives each per-cell instruction its guard and orders them so that every
/// guard's condition is computed before the instructions it guards.
pub(super) fn apply(
    strategy: &Strategy,
    order: &[NodeId],
    output: Option<NodeId>,
    per_cell: Vec<(NodeId, Instr)>,
    if_cond: &HashMap<NodeId, Slot>,
) -> Vec<Instr> {
    let Some(output) = output else {
        return per_cell.into_iter().map(|(_, i)| i).collect();
    };
    let position: HashMap<NodeId, usize> =
        order.iter().enumerate().map(|(i, &id)| (id, i)).collect();
    let guards = guards(strategy, order, output);
    let mut instrs: Vec<Instr> = per_cell
        .iter()
        .map(|(id, instr)| {
            let mut instr = *instr;
            instr.guard = guards
                .get(id)
                .into_iter()
                .flatten()
                .filter_map(|&(if_node, then)| {
                    let slot = *if_cond.get(&if_node)?;
                    Some((position.get(&if_node).copied().unwrap_or(0), slot, then))
                })
                .max()
                .map(|(_, slot, then)| (slot, then));
            instr
        })
        .collect();
    // Schedule: a topological order of the instructions, with the guard's
    // condition as one more dependency; ties keep the original order.
    let producer: HashMap<Slot, usize> =
        instrs.iter().enumerate().map(|(i, x)| (x.dst, i)).collect();
    let n = instrs.len();
    let mut indegree = vec![0usize; n];
    let mut dependents: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (i, instr) in instrs.iter().enumerate() {
        let deps: HashSet<usize> = instr
            .args
            .iter()
            .chain(instr.guard.as_ref().map(|(s, _)| s))
            .filter_map(|s| producer.get(s).copied())
            .filter(|&d| d != i)
            .collect();
        indegree[i] = deps.len();
        for d in deps {
            dependents[d].push(i);
        }
    }
    let mut ready: std::collections::BinaryHeap<std::cmp::Reverse<usize>> = (0..n)
        .filter(|&i| indegree[i] == 0)
        .map(std::cmp::Reverse)
        .collect();
    let mut scheduled = Vec::with_capacity(n);
    while let Some(std::cmp::Reverse(i)) = ready.pop() {
        scheduled.push(i);
        for &j in &dependents[i] {
            indegree[j] -= 1;
            if indegree[j] == 0 {
                ready.push(std::cmp::Reverse(j));
            }
        }
    }
    if scheduled.len() != n {
        // Cannot happen (see the module documentation); stay correct anyway.
        for instr in &mut instrs {
            instr.guard = None;
        }
        return instrs;
    }
    scheduled.into_iter().map(|i| instrs[i]).collect()
}
