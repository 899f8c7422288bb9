//! Where group operations act, and how groups may nest.
//!
//! Definitions are global: the top-level strategy keeps them all, and a
//! group's body is a graph without definitions of its own. An operation
//! therefore names its *scope*: `None` for the top-level graph, or the id of
//! the group whose body it edits. Groups nest through instances in bodies;
//! the rule is that no group contains itself, directly or through others
//! ([`Strategy::check_nesting`] finds the path when one would), and that
//! nesting stays within [`MAX_GROUP_DEPTH`].

use std::collections::{BTreeMap, BTreeSet};

use crate::strategy::error::StrategyError;
use crate::strategy::graph::Strategy;
use crate::strategy::id::NodeId;
use crate::strategy::kind::NodeKind;
use crate::strategy::limits::MAX_GROUP_DEPTH;

/// The groups whose instances stand directly in `graph`.
pub(super) fn used_groups(graph: &Strategy) -> BTreeSet<String> {
    graph
        .nodes()
        .iter()
        .filter_map(|n| match &n.kind {
            NodeKind::Group { def, .. } => Some(def.clone()),
            _ => None,
        })
        .collect()
}

impl Strategy {
    /// The graph of `scope`: the strategy itself for `None`, else the body
    /// of group `scope` (`None` when there is no such group).
    pub fn scope_graph(&self, scope: Option<&str>) -> Option<&Strategy> {
        match scope {
            None => Some(self),
            Some(id) => self.group(id).map(|d| &d.body),
        }
    }

    /// The graph of `scope`, for editing its nodes and wires.
    pub fn scope_graph_mut(&mut self, scope: Option<&str>) -> Option<&mut Strategy> {
        match scope {
            None => Some(self),
            Some(id) => self.group_body_mut(id),
        }
    }

    /// The graph of `scope`, or the reason there is none.
    pub(super) fn scope_or_refuse(
        &mut self,
        scope: Option<&str>,
    ) -> Result<&mut Strategy, StrategyError> {
        self.scope_graph_mut(scope).ok_or_else(|| {
            StrategyError::Refused(format!("there is no group '{}'", scope.unwrap_or_default()))
        })
    }

    /// How many instances of group `def` there are, in the top-level graph
    /// and in every group body.
    pub fn instance_count(&self, def: &str) -> usize {
        let count = |g: &Strategy| {
            g.nodes()
                .iter()
                .filter(|n| matches!(&n.kind, NodeKind::Group { def: d, .. } if d == def))
                .count()
        };
        count(self)
            + self
                .groups()
                .values()
                .map(|d| count(&d.body))
                .sum::<usize>()
    }

    /// The group's name for messages: its name, or its id when unnamed or missing.
    pub fn group_name(&self, id: &str) -> String {
        match self.group(id) {
            Some(d) if !d.name().trim().is_empty() => d.name().to_string(),
            _ => id.to_string(),
        }
    }

    /// A chain of groups that contain themselves, as ids from the first
    /// back to it (`["a", "b", "a"]`), if there is one.
    pub fn group_cycle(&self) -> Option<Vec<String>> {
        let uses: BTreeMap<&str, BTreeSet<String>> = self
            .groups()
            .iter()
            .map(|(id, d)| (id.as_str(), used_groups(&d.body)))
            .collect();
        cycle_in(&uses)
    }

    /// The path from group `from` to group `to` through instances in
    /// bodies (`[from, …, to]`), if `from` contains `to` (or is it).
    pub fn group_path(&self, from: &str, to: &str) -> Option<Vec<String>> {
        let mut parent: BTreeMap<String, String> = BTreeMap::new();
        let mut queue = std::collections::VecDeque::from([from.to_string()]);
        let mut seen = BTreeSet::from([from.to_string()]);
        while let Some(g) = queue.pop_front() {
            if g == to {
                let mut path = vec![g.clone()];
                let mut at = g;
                while let Some(p) = parent.get(&at) {
                    path.push(p.clone());
                    at = p.clone();
                }
                path.reverse();
                return Some(path);
            }
            let Some(def) = self.group(&g) else { continue };
            for next in used_groups(&def.body) {
                if seen.insert(next.clone()) {
                    parent.insert(next.clone(), g.clone());
                    queue.push_back(next);
                }
            }
        }
        None
    }

    /// Why an instance of group `def` may not stand in the graph of `scope`:
    /// inside group X, an instance of X or of a group containing X would make
    /// X contain itself. The reason names the path.
    pub fn check_instance(&self, scope: Option<&str>, def: &str) -> Result<(), StrategyError> {
        let Some(scope) = scope else { return Ok(()) };
        match self.group_path(def, scope) {
            Some(path) => {
                let mut names: Vec<String> = vec![self.group_name(scope)];
                names.extend(path.iter().map(|g| self.group_name(g)));
                Err(StrategyError::Refused(format!(
                    "group '{}' may not contain itself: {}",
                    self.group_name(scope),
                    names.join(" › ")
                )))
            }
            None => Ok(()),
        }
    }

    /// Refuses, naming the path, when a group contains itself or groups nest
    /// deeper than [`MAX_GROUP_DEPTH`].
    pub fn check_nesting(&self) -> Result<(), StrategyError> {
        if let Some(path) = self.group_cycle() {
            let names: Vec<String> = path.iter().map(|g| self.group_name(g)).collect();
            return Err(StrategyError::Refused(format!(
                "group '{}' may not contain itself: {}",
                names.first().map_or("", String::as_str),
                names.join(" › ")
            )));
        }
        let depth = self.nesting_depth();
        if depth > MAX_GROUP_DEPTH {
            return Err(StrategyError::Refused(format!(
                "groups nest {depth} deep; at most {MAX_GROUP_DEPTH} levels are allowed"
            )));
        }
        Ok(())
    }

    /// How deeply groups nest below the top-level graph (0 without groups;
    /// call only when there is no cycle, else the count stops at the cycle).
    pub fn nesting_depth(&self) -> usize {
        // Longest chain of definitions, by repeated relaxation: at most one
        // round per definition, so a cycle cannot loop forever.
        let uses: BTreeMap<&str, BTreeSet<String>> = self
            .groups()
            .iter()
            .map(|(id, d)| (id.as_str(), used_groups(&d.body)))
            .collect();
        let mut depth: BTreeMap<&str, usize> = uses.keys().map(|k| (*k, 1)).collect();
        for _ in 0..uses.len() {
            let mut changed = false;
            for (id, used) in &uses {
                let below = used
                    .iter()
                    .filter_map(|u| depth.get(u.as_str()))
                    .max()
                    .copied()
                    .unwrap_or(0);
                if let Some(d) = depth.get_mut(id)
                    && *d < below + 1
                {
                    *d = below + 1;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        used_groups(self)
            .iter()
            .filter_map(|u| depth.get(u.as_str()))
            .max()
            .copied()
            .unwrap_or(0)
    }

    /// The instance nodes of group `def` in the graph of `scope`.
    pub fn instances_in(&self, scope: Option<&str>, def: &str) -> Vec<NodeId> {
        self.scope_graph(scope).map_or_else(Vec::new, |g| {
            g.nodes()
                .iter()
                .filter(|n| matches!(&n.kind, NodeKind::Group { def: d, .. } if d == def))
                .map(|n| n.id)
                .collect()
        })
    }
}

/// A cycle in the "uses" relation, as a path of ids ending where it began
/// (iterative depth-first search with colours).
pub(super) fn cycle_in(uses: &BTreeMap<&str, BTreeSet<String>>) -> Option<Vec<String>> {
    #[derive(Clone, Copy, PartialEq)]
    enum Colour {
        Open,
        Done,
    }
    let mut colour: BTreeMap<&str, Colour> = BTreeMap::new();
    for &root in uses.keys() {
        if colour.contains_key(root) {
            continue;
        }
        let mut stack: Vec<(&str, Vec<&str>)> = vec![(root, children(uses, root))];
        colour.insert(root, Colour::Open);
        while let Some((node, next)) = stack.last_mut() {
            let node = *node;
            let Some(child) = next.pop() else {
                colour.insert(node, Colour::Done);
                stack.pop();
                continue;
            };
            match colour.get(child) {
                Some(Colour::Open) => {
                    let start = stack.iter().position(|(n, _)| *n == child).unwrap_or(0);
                    let mut path: Vec<String> =
                        stack[start..].iter().map(|(n, _)| n.to_string()).collect();
                    path.push(child.to_string());
                    return Some(path);
                }
                Some(Colour::Done) => {}
                None => {
                    colour.insert(child, Colour::Open);
                    stack.push((child, children(uses, child)));
                }
            }
        }
    }
    None
}

/// The defined groups `id` uses, in reverse order (popped in order).
fn children<'a>(uses: &'a BTreeMap<&str, BTreeSet<String>>, id: &str) -> Vec<&'a str> {
    uses.get(id).map_or_else(Vec::new, |set| {
        set.iter()
            .filter_map(|u| uses.get_key_value(u.as_str()).map(|(k, _)| *k))
            .rev()
            .collect()
    })
}
