//! Validation of a whole strategy: the top-level graph, then every group
//! definition (its body as a graph of its own, its interface nodes, its
//! instances), and how groups use each other (missing definitions,
//! recursion, nesting depth, the size of the inlined graph, unused groups).
//! Every finding inside a group names the group.

use std::collections::BTreeSet;

use super::{Findings, Report, Severity};
use crate::strategy::error::FlattenError;
use crate::strategy::flatten::nesting::Nesting;
use crate::strategy::graph::{GroupDef, Strategy};
use crate::strategy::id::NodeId;
use crate::strategy::kind::NodeKind;
use crate::strategy::limits::{MAX_FLAT_WIRES, MAX_GROUP_DEPTH, MAX_NODES};

impl Strategy {
    /// Checks the graph and its groups and returns every diagnostic at once.
    pub fn validate(&self) -> Report {
        let nesting = Nesting::of(self);
        let mut f = Findings::new(self, None);
        let outputs: Vec<NodeId> = self.outputs().map(|n| n.id).collect();
        f.outputs(&outputs);
        f.wires();
        f.cycles();
        f.uses(outputs.get(..1).unwrap_or_default());
        f.tuning_ranges();
        weighted_sums(&mut f);
        instances(&mut f, &nesting, self);
        let mut list = f.list;
        if !self.groups().is_empty() {
            list.extend(inlined_size(self, &nesting));
            list.extend(unused_groups(self));
        }
        for (id, def) in self.groups() {
            list.extend(body(self, id, def, &nesting));
        }
        // A stable sort: findings of one node and pin keep the order above.
        list.sort_by(|a, b| {
            (a.severity, &a.group, a.node, &a.pin).cmp(&(b.severity, &b.group, b.node, &b.pin))
        });
        Report { diagnostics: list }
    }
}

/// The findings about one group definition.
fn body(top: &Strategy, id: &str, def: &GroupDef, nesting: &Nesting) -> Vec<super::Diagnostic> {
    let g = &def.body;
    let mut f = Findings::new(g, Some(id));
    if def.outputs.is_empty() {
        // Like a node that feeds nothing: it does no harm, and no good.
        f.add(
            Severity::Warning,
            None,
            None,
            "the group has no outputs, so it has no effect: give it an output".to_string(),
        );
    }
    for n in g.outputs() {
        f.add(
            Severity::Error,
            Some(n.id),
            None,
            "a group has no Cell value: wire its result into a Group output node instead"
                .to_string(),
        );
    }
    f.wires();
    f.cycles();
    let results: Vec<NodeId> = g
        .nodes()
        .iter()
        .filter(|n| matches!(n.kind, NodeKind::GroupOutput { .. }))
        .map(|n| n.id)
        .collect();
    f.uses(&results);
    f.tuning_ranges();
    weighted_sums(&mut f);
    instances(&mut f, nesting, top);
    interface(&mut f, def);
    f.list
}

/// The interface nodes of a body: indexes within the group's pins, pins as
/// the group's, and exactly one Group output node for each output.
fn interface(f: &mut Findings, def: &GroupDef) {
    let mut first_output: Vec<Option<NodeId>> = vec![None; def.outputs.len()];
    for n in f.strategy.nodes() {
        let (index, pin, pins, what) = match &n.kind {
            NodeKind::GroupInput { index, pin } => (*index, pin, &def.inputs, "inputs"),
            NodeKind::GroupOutput { index, pin } => (*index, pin, &def.outputs, "outputs"),
            _ => continue,
        };
        let Some(expected) = pins.get(index) else {
            f.add(
                Severity::Error,
                Some(n.id),
                None,
                format!("is number {index}, but the group has {} {what}", pins.len()),
            );
            continue;
        };
        if expected != pin {
            f.add(
                Severity::Error,
                Some(n.id),
                None,
                format!(
                    "its pin '{}' differs from the group's '{}'",
                    pin.name, expected.name
                ),
            );
        }
        if what == "outputs"
            && let Some(slot) = first_output.get_mut(index)
        {
            match slot {
                None => *slot = Some(n.id),
                Some(first) => {
                    let first = f.label(*first);
                    f.add(
                        Severity::Error,
                        Some(n.id),
                        None,
                        format!(
                            "the group's output '{}' already has a Group output node ({first}); delete one of them",
                            expected.name
                        ),
                    );
                }
            }
        }
    }
    for (k, first) in first_output.iter().enumerate() {
        if first.is_none()
            && let Some(pin) = def.outputs.get(k)
        {
            f.add(
                Severity::Error,
                None,
                None,
                format!(
                    "the group's output '{}' (number {k}) has no Group output node inside the group",
                    pin.name
                ),
            );
        }
    }
}

/// Group instances (missing, recursive or out-of-date definitions) and
/// interface nodes outside a group.
fn instances(f: &mut Findings, nesting: &Nesting, top: &Strategy) {
    let at_top = f.group.is_none();
    for n in f.strategy.nodes() {
        match &n.kind {
            NodeKind::Group {
                def,
                inputs,
                outputs,
            } => {
                let message = match (nesting.cycle_for(def), top.group(def)) {
                    (Some(path), _) => FlattenError::Recursion { path }.to_string(),
                    (_, Some(d)) if (&d.inputs, &d.outputs) != (inputs, outputs) => format!(
                        "its pins are not those of group '{def}' ({}); the group was changed without updating its uses",
                        pin_names(d)
                    ),
                    (_, Some(_)) => continue,
                    (_, None) => {
                        format!("there is no group '{def}': import it or delete this node")
                    }
                };
                f.add(Severity::Error, Some(n.id), None, message);
            }
            NodeKind::GroupInput { .. } | NodeKind::GroupOutput { .. } if at_top => {
                f.add(
                    Severity::Error,
                    Some(n.id),
                    None,
                    "is only allowed inside a group: it stands for one of the group's pins"
                        .to_string(),
                );
            }
            _ => {}
        }
    }
}

/// A group's pins in words: "inputs a, b; outputs value".
fn pin_names(def: &GroupDef) -> String {
    let names = |pins: &[crate::strategy::kind::pins::GroupPin]| -> String {
        if pins.is_empty() {
            "none".to_string()
        } else {
            pins.iter()
                .map(|p| p.name.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        }
    };
    format!(
        "inputs {}; outputs {}",
        names(&def.inputs),
        names(&def.outputs)
    )
}

/// Weighted sums without terms, and terms with the same label.
fn weighted_sums(f: &mut Findings) {
    for n in f.strategy.nodes() {
        let NodeKind::WeightedSum { terms } = &n.kind else {
            continue;
        };
        if terms.is_empty() {
            f.add(
                Severity::Warning,
                Some(n.id),
                None,
                "has no terms, so it is always 0: add a term for each idea it weighs".to_string(),
            );
        }
        let mut seen = BTreeSet::new();
        for t in terms {
            if !seen.insert(t.label.as_str()) {
                f.add(
                    Severity::Warning,
                    Some(n.id),
                    Some(&t.label),
                    "two terms have this label: give each term its own, so that explain can tell them apart".to_string(),
                );
            }
        }
    }
}

/// Whether the instances of the top level nest too deep or inline to too
/// large a graph (an error without a node).
fn inlined_size(s: &Strategy, nesting: &Nesting) -> Option<super::Diagnostic> {
    let (nodes, wires, deepest) = nesting.inlined(s);
    let error = if deepest.len() > MAX_GROUP_DEPTH {
        FlattenError::TooDeep { path: deepest }
    } else if nodes > MAX_NODES as u64 || wires > MAX_FLAT_WIRES {
        FlattenError::TooLarge { nodes, wires }
    } else {
        return None;
    };
    let mut f = Findings::new(s, None);
    f.add(Severity::Error, None, None, error.to_string());
    f.list.pop()
}

/// A warning for each definition no instance uses (directly or through
/// groups the top level uses).
fn unused_groups(s: &Strategy) -> Vec<super::Diagnostic> {
    let mut used: BTreeSet<&str> = BTreeSet::new();
    let mut stack: Vec<&Strategy> = vec![s];
    while let Some(g) = stack.pop() {
        for n in g.nodes() {
            if let NodeKind::Group { def, .. } = &n.kind
                && let Some(d) = s.group(def)
                && used.insert(def.as_str())
            {
                stack.push(&d.body);
            }
        }
    }
    let mut out = Vec::new();
    for (id, def) in s.groups() {
        if !used.contains(id.as_str()) {
            let mut f = Findings::new(&def.body, Some(id));
            f.add(
                Severity::Warning,
                None,
                None,
                "no node uses this group: it has no effect (place it from the palette, or delete it)".to_string(),
            );
            out.append(&mut f.list);
        }
    }
    out
}
