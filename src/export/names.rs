//! Python names for the nodes and groups of a graph.
//!
//! Invariant: within one function every name is a valid Python identifier,
//! none is a keyword or a name the module itself uses, and no two nodes get
//! the same name (a clash takes the node's id as a suffix, and ids are unique).

use std::collections::{HashMap, HashSet};

use crate::strategy::{Node, NodeId, NodeKind, info};

/// Python's keywords and the names an exported module defines or imports.
const RESERVED: &[&str] = &[
    "False",
    "None",
    "True",
    "and",
    "as",
    "assert",
    "async",
    "await",
    "break",
    "class",
    "continue",
    "def",
    "del",
    "elif",
    "else",
    "except",
    "finally",
    "for",
    "from",
    "global",
    "if",
    "import",
    "in",
    "is",
    "lambda",
    "nonlocal",
    "not",
    "or",
    "pass",
    "raise",
    "return",
    "try",
    "while",
    "with",
    "yield",
    "m",
    "ops",
    "graph",
    "chainlab",
    "cell_value",
    "scores",
    "choose",
    "match",
    "case",
    "type",
];

/// `text` as a snake_case identifier, or `None` when nothing of it is left.
pub(super) fn identifier(text: &str) -> Option<String> {
    let mut out = String::new();
    for c in text.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('_') && !out.is_empty() {
            out.push('_');
        }
    }
    let out = out.trim_end_matches('_').to_string();
    if out.is_empty() {
        return None;
    }
    Some(if out.starts_with(|c: char| c.is_ascii_digit()) {
        format!("n_{out}")
    } else {
        out
    })
}

/// The names of one function's nodes: each node's label, or its kind and id.
pub(super) struct Names {
    by_node: HashMap<NodeId, String>,
    taken: HashSet<String>,
}

impl Names {
    /// Names that are already taken in the function (its parameters).
    pub(super) fn new(taken: impl IntoIterator<Item = String>) -> Names {
        Names {
            by_node: HashMap::new(),
            taken: taken.into_iter().collect(),
        }
    }

    /// Gives `node` its name: its label, or its kind's key and id; a
    /// clash or a reserved word takes the id as a suffix.
    pub(super) fn add(&mut self, node: &Node) -> String {
        let key = info(node.kind.kind()).key;
        // A group instance is named after its definition (`safety`), others
        // after their kind and id (`atoms_7`).
        let unlabelled = || match &node.kind {
            NodeKind::Group { def, .. } => identifier(def),
            _ => None,
        };
        let base = node
            .label
            .as_deref()
            .and_then(identifier)
            .or_else(unlabelled)
            .unwrap_or_else(|| format!("{key}_{}", node.id));
        let name = if self.taken.contains(&base) || RESERVED.contains(&base.as_str()) {
            format!("{base}_{}", node.id)
        } else {
            base
        };
        self.insert(node.id, name.clone());
        name
    }

    /// Names `node` as `name` (a group's input pin, already a parameter).
    pub(super) fn insert(&mut self, node: NodeId, name: String) {
        self.taken.insert(name.clone());
        self.by_node.insert(node, name);
    }

    /// The name of `node`, if it has one.
    pub(super) fn of(&self, node: NodeId) -> Option<&str> {
        self.by_node.get(&node).map(String::as_str)
    }
}

/// A unique parameter name for each of `pins` (a group's inputs).
pub(super) fn parameters<'a>(pins: impl Iterator<Item = &'a str>) -> Vec<String> {
    let mut seen: HashSet<String> = HashSet::new();
    pins.enumerate()
        .map(|(i, pin)| {
            let base = identifier(pin).unwrap_or_else(|| format!("input_{i}"));
            let name = if seen.contains(&base) || RESERVED.contains(&base.as_str()) {
                format!("{base}_{i}")
            } else {
                base
            };
            seen.insert(name.clone());
            name
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_become_snake_case_identifiers() {
        assert_eq!(
            identifier("Safety penalty!").as_deref(),
            Some("safety_penalty")
        );
        assert_eq!(identifier("3 points").as_deref(), Some("n_3_points"));
        assert_eq!(identifier("  ---  "), None);
        assert_eq!(
            parameters(["x", "x", "if"].into_iter()),
            ["x", "x_1", "if_2"]
        );
    }
}
