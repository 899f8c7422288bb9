//! Where a tunable number lives: a Constant node's value, or the weight of
//! one term of a Weighted sum.

use std::fmt;

use super::Strategy;
use crate::strategy::id::NodeId;
use crate::strategy::kind::NodeKind;
use crate::strategy::kind::tuning::Tuning;

/// A tunable number's address in a strategy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Tunable {
    /// The Constant or Weighted sum node.
    pub node: NodeId,
    /// For a Weighted sum, which term's weight (counting from 0).
    pub term: Option<usize>,
}

impl Tunable {
    /// The value of Constant node `node`.
    pub fn constant(node: NodeId) -> Tunable {
        Tunable { node, term: None }
    }
}

impl fmt::Display for Tunable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.term {
            None => write!(f, "node {}", self.node),
            Some(t) => write!(f, "node {} term {}", self.node, t + 1),
        }
    }
}

impl Strategy {
    /// The current number at `at` with its tuning mark, if it exists.
    pub fn tunable(&self, at: Tunable) -> Option<(i64, Tuning)> {
        match (&self.node(at.node)?.kind, at.term) {
            (NodeKind::Constant { value, tune }, None) => Some((*value, *tune)),
            (NodeKind::WeightedSum { terms }, Some(t)) => {
                terms.get(t).map(|term| (term.weight, term.tune))
            }
            _ => None,
        }
    }

    /// Sets the number at `at`, keeping its tuning mark; `false` (and
    /// nothing changed) when it does not exist.
    pub fn set_tunable(&mut self, at: Tunable, to: i64) -> bool {
        match (self.node_mut(at.node).map(|n| &mut n.kind), at.term) {
            (Some(NodeKind::Constant { value, .. }), None) => {
                *value = to;
                true
            }
            (Some(NodeKind::WeightedSum { terms }), Some(t)) => match terms.get_mut(t) {
                Some(term) => {
                    term.weight = to;
                    true
                }
                None => false,
            },
            _ => false,
        }
    }

    /// Every tunable number of the top-level graph, in node order (a Weighted
    /// sum's terms in term order), with how messages name it: "node 7
    /// 'Constant (3)'" or "node 9 'Weighted sum' term 'corners (lesson 1)'".
    pub fn tunables(&self) -> Vec<(Tunable, String)> {
        let mut out = Vec::new();
        for node in self.nodes() {
            match &node.kind {
                NodeKind::Constant { .. } => out.push((Tunable::constant(node.id), node.label())),
                NodeKind::WeightedSum { terms } => {
                    for (i, t) in terms.iter().enumerate() {
                        out.push((
                            Tunable {
                                node: node.id,
                                term: Some(i),
                            },
                            format!("{} term '{}'", node.label(), t.label),
                        ));
                    }
                }
                _ => {}
            }
        }
        out
    }
}
