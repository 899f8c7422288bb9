//! The tunable constants of a strategy: every Constant node and every
//! Weighted sum term weight that feeds the Cell value and is not marked
//! `"tune": "off"`, with its range (the explicit one, or the automatic
//! `value ± max(|value|, 5)`). Numbers inside group definitions are not
//! tuned (a definition is shared by all its uses).

use super::error::TuneError;
use crate::strategy::{NodeId, Strategy, Tunable};

/// One constant being tuned: where it is, how messages name it, its value
/// and its range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tuned {
    /// The Constant node, or the Weighted sum whose term weight it is.
    pub node: NodeId,
    /// For a Weighted sum, which term's weight (counting from 0).
    pub term: Option<usize>,
    /// How messages name it: "node 7 'Constant (3)'".
    pub label: String,
    /// Its value in the strategy.
    pub value: i64,
    /// The lowest value tuning may give it.
    pub min: i64,
    /// The highest value tuning may give it.
    pub max: i64,
}

impl Tuned {
    /// Where the number lives in the strategy.
    pub fn at(&self) -> Tunable {
        Tunable {
            node: self.node,
            term: self.term,
        }
    }

    /// The width of its range, `max − min`, as a real number.
    pub fn width(&self) -> f64 {
        self.max as f64 - self.min as f64
    }
}

/// The tunable constants of `strategy` in node order. Fails, before any
/// game, when the strategy has validation errors, when a constant's
/// explicit range is reversed or empty (even one that does not feed the
/// Cell value), or when nothing is left to tune. Constants that do not feed
/// the Cell value are left out: changing them changes no move.
pub fn params(strategy: &Strategy) -> Result<Vec<Tuned>, TuneError> {
    let report = strategy.validate();
    if report.has_errors() {
        return Err(TuneError::Invalid(report));
    }
    let output = strategy.outputs().next().map(|n| n.id);
    let used = strategy.feeding(output);
    let mut out = Vec::new();
    for (at, label) in strategy.tunables() {
        let Some((value, tune)) = strategy.tunable(at) else {
            continue;
        };
        if let Some(problem) = tune.problem(value).filter(|p| p.stops_tuning()) {
            return Err(TuneError::BadRange { label, problem });
        }
        if !used.contains(&at.node) {
            continue;
        }
        if let Some((min, max)) = tune.range(value) {
            out.push(Tuned {
                node: at.node,
                term: at.term,
                label,
                value,
                min,
                max,
            });
        }
    }
    if out.is_empty() {
        return Err(TuneError::NothingToTune);
    }
    Ok(out)
}

/// `strategy` with every parameter's number set to its value in `values`
/// (same order as `params`); the tuning marks are kept.
pub fn with_values(strategy: &Strategy, params: &[Tuned], values: &[i64]) -> Strategy {
    let mut out = strategy.clone();
    for (param, &new) in params.iter().zip(values) {
        out.set_tunable(param.at(), new);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::strategy::{GraphBuilder, Kind, NodeKind, Tuning};

    /// Cell value = atoms × c1 + c2, plus an unused constant c3.
    fn graph(t1: Tuning, t2: Tuning) -> (Strategy, [NodeId; 3]) {
        let mut b = GraphBuilder::new("t", "");
        let atoms = b.op(Kind::Atoms, &[]);
        let c1 = b.constant(3);
        let c2 = b.constant(-8);
        let c3 = b.constant(1);
        let product = b.op(Kind::Multiply, &[atoms, c1]);
        let sum = b.op(Kind::Add, &[product, c2]);
        let mut s = b.finish(sum);
        for (id, t) in [(c1, t1), (c2, t2)] {
            if let Some(NodeKind::Constant { tune, .. }) = s.node_mut(id).map(|n| &mut n.kind) {
                *tune = t;
            }
        }
        (s, [c1, c2, c3])
    }

    #[test]
    fn lists_used_constants_with_their_ranges() {
        let (s, [c1, c2, _]) = graph(Tuning::Auto, Tuning::Range { min: -20, max: 0 });
        let p = params(&s).unwrap();
        assert_eq!(p.len(), 2);
        assert_eq!((p[0].node, p[0].min, p[0].max), (c1, -2, 8));
        assert_eq!((p[1].node, p[1].min, p[1].max), (c2, -20, 0));
        let changed = with_values(&s, &p, &[5, -1]);
        let v: Vec<_> = p
            .iter()
            .map(|q| changed.node(q.node).unwrap().kind.clone())
            .collect();
        assert_eq!(
            v[1],
            NodeKind::Constant {
                value: -1,
                tune: Tuning::Range { min: -20, max: 0 }
            }
        );
    }

    #[test]
    fn refuses_bad_ranges_errors_and_nothing_to_tune() {
        let (s, _) = graph(Tuning::Range { min: 5, max: 1 }, Tuning::Auto);
        let e = params(&s).unwrap_err().to_string();
        assert!(e.contains("reversed") && e.contains("node"), "{e}");
        let (s, _) = graph(Tuning::Auto, Tuning::Range { min: 2, max: 2 });
        assert!(params(&s).unwrap_err().to_string().contains("empty"));
        let (s, _) = graph(Tuning::Off, Tuning::Off);
        assert!(matches!(params(&s), Err(TuneError::NothingToTune)));
        let mut broken = Strategy::new("no output");
        broken.add(Kind::Constant, [0.0, 0.0]);
        assert!(matches!(params(&broken), Err(TuneError::Invalid(_))));
    }

    #[test]
    fn weighted_sum_term_weights_are_parameters() {
        use crate::strategy::WeightedTerm;
        let mut b = GraphBuilder::new("w", "");
        let atoms = b.op(Kind::Atoms, &[]);
        let corner = b.op(Kind::IsCorner, &[]);
        let mut off = WeightedTerm::new("corner", 7);
        off.tune = Tuning::Off;
        let terms = vec![
            WeightedTerm::new("atoms", 3),
            off,
            WeightedTerm::new("spare", 2),
        ];
        let sum = b.node(NodeKind::WeightedSum { terms }, &[atoms, corner]);
        let s = b.finish(sum);
        let p = params(&s).unwrap();
        let found: Vec<_> = p.iter().map(|q| (q.at(), q.value, q.min, q.max)).collect();
        let at = |term| Tunable {
            node: sum,
            term: Some(term),
        };
        // The "off" term is left out; an unwired term still counts (its weight
        // is a number of a node that feeds the Cell value, though it changes
        // nothing while unwired).
        assert_eq!(found, vec![(at(0), 3, -2, 8), (at(2), 2, -3, 7)]);
        assert!(p[0].label.contains("term 'atoms'"), "{}", p[0].label);
        let changed = with_values(&s, &p, &[5, -1]);
        let weights: Vec<i64> = match &changed.node(sum).unwrap().kind {
            NodeKind::WeightedSum { terms } => terms.iter().map(|t| t.weight).collect(),
            other => panic!("{other:?}"),
        };
        assert_eq!(weights, vec![5, 7, -1]);
    }
}
