//! Where a tunable number lives: a Constant node's value, or the weight of
//! one term of a Weighted sum. Which numbers of a node are tunable is read
//! from the parameter table (a number with a tuning mark beside it, or
//! weighted terms), so a kind added with such parameters is tunable too.

use std::fmt;

use super::Strategy;
use crate::strategy::id::NodeId;
use crate::strategy::kind::NodeKind;
use crate::strategy::kind::tuning::Tuning;
use crate::strategy::{Param, ParamMut, WeightedTerm};

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
        let kind = &self.node(at.node)?.kind;
        match at.term {
            None => own_number(kind),
            Some(t) => terms_of(kind)?.get(t).map(|term| (term.weight, term.tune)),
        }
    }

    /// Sets the number at `at`, keeping its tuning mark; `false` (and
    /// nothing changed) when it does not exist.
    pub fn set_tunable(&mut self, at: Tunable, to: i64) -> bool {
        let Some(node) = self.node_mut(at.node) else {
            return false;
        };
        if at.term.is_none() && own_number(&node.kind).is_none() {
            return false;
        }
        for (_, param) in node.kind.params_mut() {
            match (param, at.term) {
                (ParamMut::Number(value), None) => {
                    *value = to;
                    return true;
                }
                (ParamMut::Terms(terms), Some(t)) => {
                    return terms.get_mut(t).is_some_and(|term| {
                        term.weight = to;
                        true
                    });
                }
                _ => {}
            }
        }
        false
    }

    /// Every tunable number of the top-level graph, in node order (a Weighted
    /// sum's terms in term order), with how messages name it: "node 7
    /// 'Constant (3)'" or "node 9 'Weighted sum' term 'corners (lesson 1)'".
    pub fn tunables(&self) -> Vec<(Tunable, String)> {
        let mut out = Vec::new();
        for node in self.nodes() {
            if own_number(&node.kind).is_some() {
                out.push((Tunable::constant(node.id), node.label()));
            }
            for (i, t) in terms_of(&node.kind).into_iter().flatten().enumerate() {
                let at = Tunable {
                    node: node.id,
                    term: Some(i),
                };
                out.push((at, format!("{} term '{}'", node.label(), t.label)));
            }
        }
        out
    }
}

/// A node's own tunable number, read from the parameter table: a number
/// (`value`) with a tuning mark (`tune`) beside it, as a Constant has.
fn own_number(kind: &NodeKind) -> Option<(i64, Tuning)> {
    let (mut value, mut tune) = (None, None);
    for (_, param) in kind.params() {
        match param {
            Param::Number(v) => value = Some(*v),
            Param::Tune(t) => tune = Some(*t),
            // Choices, texts and pins are not numbers to tune; terms are
            // tuned one by one (`terms_of`).
            Param::When(_)
            | Param::Owner(_)
            | Param::State(_)
            | Param::BoardMeasure(_)
            | Param::Whose(_)
            | Param::SizeMeasure(_)
            | Param::Compare(_)
            | Param::Truth(_)
            | Param::Text(_)
            | Param::Terms(_)
            | Param::Def { .. }
            | Param::Index { .. } => {}
        }
    }
    value.zip(tune)
}

/// A node's weighted terms, each weight a tunable number, from the table.
fn terms_of(kind: &NodeKind) -> Option<&Vec<WeightedTerm>> {
    kind.params()
        .into_iter()
        .find_map(|(_, param)| match param {
            Param::Terms(terms) => Some(terms),
            _ => None,
        })
}
