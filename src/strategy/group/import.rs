//! Importing a group from another strategy: its definition and every
//! definition it uses, directly or through others, are copied. A copied id
//! that is taken here by a different definition is renamed (and the
//! instances inside the copied bodies follow); a definition identical to one
//! here, using the same groups, is shared rather than copied twice. A group
//! that contains itself in the other strategy is refused, with the path.

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use super::scope::{cycle_in, used_groups};
use crate::strategy::error::StrategyError;
use crate::strategy::graph::{GroupDef, Node, Strategy};
use crate::strategy::id::NodeId;
use crate::strategy::kind::NodeKind;

impl Strategy {
    /// Copies group `id` of `from`, with every group it uses, into this
    /// strategy; returns the id it has here (renamed when the id was taken
    /// by a different group).
    pub fn import_group(&mut self, from: &Strategy, id: &str) -> Result<String, StrategyError> {
        let needed = closure(from, id)?;
        let uses: BTreeMap<&str, BTreeSet<String>> = needed
            .iter()
            .filter_map(|g| from.group(g).map(|d| (g.as_str(), used_groups(&d.body))))
            .collect();
        if let Some(path) = cycle_in(&uses) {
            let names: Vec<String> = path.iter().map(|g| from.group_name(g)).collect();
            return Err(StrategyError::Refused(format!(
                "group '{}' of {} contains itself ({}) and cannot be imported",
                from.group_name(id),
                from.name,
                names.join(" › ")
            )));
        }
        let order = leaves_first(&uses);
        let mut ids: BTreeMap<String, String> = BTreeMap::new();
        let mut copies: Vec<(String, GroupDef)> = Vec::new();
        for g in order {
            let Some(def) = from.group(g) else { continue };
            let copy = renamed(def, &ids);
            let twin = if self.group(g) == Some(&copy) {
                Some(g.to_string())
            } else {
                self.groups()
                    .iter()
                    .find(|(_, d)| **d == copy)
                    .map(|(k, _)| k.clone())
            };
            let here = if let Some(twin) = twin {
                twin
            } else {
                let taken = |c: &str| self.group(c).is_some() || copies.iter().any(|(k, _)| k == c);
                let fresh = free_id(g, &taken);
                copies.push((fresh.clone(), copy));
                fresh
            };
            ids.insert(g.to_string(), here);
        }
        for (g, def) in copies {
            self.groups.insert(g, def);
        }
        self.sync_groups();
        ids.get(id).cloned().ok_or_else(|| {
            StrategyError::Refused(format!("there is no group '{id}' in {}", from.name))
        })
    }

    /// Adds an instance of group `def` at `pos` to the graph of `scope`,
    /// refused when the group is missing or would contain itself.
    pub fn add_instance(
        &mut self,
        scope: Option<&str>,
        def: &str,
        pos: [f32; 2],
    ) -> Result<NodeId, StrategyError> {
        let d = self
            .group(def)
            .ok_or_else(|| StrategyError::Refused(format!("there is no group '{def}'")))?;
        let kind = NodeKind::Group {
            def: def.to_string(),
            inputs: d.inputs.clone(),
            outputs: d.outputs.clone(),
        };
        self.check_instance(scope, def)?;
        let graph = self.scope_or_refuse(scope)?;
        Ok(graph.add_node(kind, pos))
    }
}

/// Group `id` of `from` and every group it uses, directly or not.
fn closure(from: &Strategy, id: &str) -> Result<BTreeSet<String>, StrategyError> {
    let mut needed = BTreeSet::new();
    let mut queue = VecDeque::from([(id.to_string(), None::<String>)]);
    while let Some((g, by)) = queue.pop_front() {
        if !needed.insert(g.clone()) {
            continue;
        }
        let Some(def) = from.group(&g) else {
            return Err(StrategyError::Refused(match by {
                None => format!("there is no group '{g}' in {}", from.name),
                Some(user) => format!(
                    "group '{}' of {} uses group '{g}', which has no definition there",
                    from.group_name(&user),
                    from.name
                ),
            }));
        };
        for used in used_groups(&def.body) {
            queue.push_back((used, Some(g.clone())));
        }
    }
    Ok(needed)
}

/// The groups of `uses` (which has no cycle) with every group after the
/// groups it uses.
fn leaves_first<'a>(uses: &BTreeMap<&'a str, BTreeSet<String>>) -> Vec<&'a str> {
    let mut done: BTreeSet<&str> = BTreeSet::new();
    let mut order = Vec::new();
    // At most one round per group: each round places at least one.
    for _ in 0..=uses.len() {
        for (&g, used) in uses {
            if !done.contains(g)
                && used
                    .iter()
                    .all(|u| done.contains(u.as_str()) || !uses.contains_key(u.as_str()))
            {
                done.insert(g);
                order.push(g);
            }
        }
    }
    order
}

/// A copy of `def` whose instances use the ids `ids` gives their groups.
fn renamed(def: &GroupDef, ids: &BTreeMap<String, String>) -> GroupDef {
    let mut copy = def.clone();
    let nodes: Vec<Node> = copy
        .body
        .nodes()
        .iter()
        .map(|n| {
            let mut n = n.clone();
            if let NodeKind::Group { def, .. } = &mut n.kind
                && let Some(new) = ids.get(def.as_str())
            {
                *def = new.clone();
            }
            n
        })
        .collect();
    copy.body.set_nodes(nodes);
    copy
}

/// `base`, or `base-2`, `base-3`, … : the first for which `taken` is false.
fn free_id(base: &str, taken: &dyn Fn(&str) -> bool) -> String {
    if !taken(base) {
        return base.to_string();
    }
    (2u32..)
        .map(|n| format!("{base}-{n}"))
        .find(|c| !taken(c))
        .unwrap_or_else(|| base.to_string())
}
