//! What the Tune panel knows of a run: the tuned constants as they were
//! when it started, the iterations reported so far, how it ended, and the
//! check before its values go into the graph.
//!
//! The run tunes a snapshot of the graph. Its values are applied by node id
//! only when every tuned constant still exists with the value it had at the
//! start: the graph may have been edited elsewhere meanwhile (moved nodes,
//! a new wire), but a constant changed or deleted by hand is never
//! overwritten silently; the panel says which and asks for a new run.

use crate::strategy::{Strategy, Tunable};
use crate::tune::{Iteration, Tuned};

/// How far a run has come.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RunState {
    /// Iterations are being played.
    Running,
    /// Every iteration was played.
    Done,
    /// Cancelled: the values of the iterations finished are kept.
    Cancelled,
    /// Stopped on an error.
    Failed(String),
}

/// A run's record.
#[derive(Clone, Debug)]
pub struct RunRecord {
    /// The tuned constants with their values at the start.
    pub params: Vec<Tuned>,
    /// The iterations planned.
    pub of: u64,
    /// The iterations reported, in order.
    pub iterations: Vec<Iteration>,
    /// How far it has come.
    pub state: RunState,
}

impl RunRecord {
    /// A run of `of` iterations of `params` that has just started.
    pub fn new(params: Vec<Tuned>, of: u64) -> RunRecord {
        RunRecord {
            params,
            of,
            iterations: Vec::new(),
            state: RunState::Running,
        }
    }

    /// The values found so far, in the order of `params`: those of the last
    /// iteration, or the original values before the first.
    pub fn values(&self) -> Vec<i64> {
        self.iterations.last().map_or_else(
            || self.params.iter().map(|p| p.value).collect(),
            |i| i.values.clone(),
        )
    }

    /// The numbers the run changed: (where, label, from, to).
    pub fn changes(&self) -> Vec<(Tunable, String, i64, i64)> {
        self.params
            .iter()
            .zip(self.values())
            .filter(|(p, v)| p.value != *v)
            .map(|(p, v)| (p.at(), p.label.clone(), p.value, v))
            .collect()
    }

    /// The new values to set in `current` (the graph as it is now), or why
    /// they cannot be: a tuned constant is gone or no longer has the value
    /// it had when the run started, the values are already there, or the
    /// run changed nothing.
    pub fn to_apply(&self, current: &Strategy) -> Result<Vec<(Tunable, i64)>, String> {
        let changes = self.changes();
        if changes.is_empty() {
            return Err("Nothing to apply: tuning kept every value.".to_string());
        }
        let value_of = |at: Tunable| current.tunable(at).map(|(value, _)| value);
        if changes
            .iter()
            .all(|(id, _, _, to)| value_of(*id) == Some(*to))
        {
            return Err("The tuned values are already in the graph.".to_string());
        }
        for p in &self.params {
            match value_of(p.at()) {
                None => {
                    return Err(format!(
                        "Not applied: the graph changed while tuning ({} is gone). Start again to tune the graph as it is.",
                        p.label
                    ));
                }
                Some(v) if v != p.value => {
                    return Err(format!(
                        "Not applied: the graph changed while tuning ({} is now {v}, was {}). Start again to tune the graph as it is.",
                        p.label, p.value
                    ));
                }
                Some(_) => {}
            }
        }
        Ok(changes.into_iter().map(|(id, _, _, to)| (id, to)).collect())
    }
}

/// "node 7 'Constant (3)' 3 to 5; node 9 … 2 to 1".
pub fn describe(changes: &[(Tunable, String, i64, i64)]) -> String {
    changes
        .iter()
        .map(|(_, label, from, to)| format!("{label} {from} to {to}"))
        .collect::<Vec<_>>()
        .join("; ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::editor::edit::tests::sample;
    use crate::tune::params;

    fn record_with(s: &Strategy, shift: i64) -> RunRecord {
        let params = params(s).unwrap();
        let values = params.iter().map(|p| p.value + shift).collect();
        let mut record = RunRecord::new(params, 3);
        record.iterations.push(Iteration {
            number: 1,
            of: 3,
            values,
            plus_score: 0.5,
            minus_score: 0.5,
            elo: 0.0,
        });
        record
    }

    #[test]
    fn values_apply_only_to_the_graph_they_were_tuned_on() {
        let s = sample();
        let record = record_with(&s, 2);
        let apply = record.to_apply(&s).unwrap();
        assert!(!apply.is_empty());
        let (id, to) = apply[0];
        let mut moved = s.clone();
        moved.arrange();
        assert_eq!(
            record.to_apply(&moved).unwrap(),
            apply,
            "moving nodes is harmless"
        );
        let mut edited = s.clone();
        edited.set_tunable(id, 99);
        let refused = record.to_apply(&edited).unwrap_err();
        assert!(refused.contains("changed while tuning"), "{refused}");
        let mut deleted = s.clone();
        deleted.remove(id.node);
        assert!(record.to_apply(&deleted).unwrap_err().contains("is gone"));
        let mut applied = s.clone();
        applied.set_tunable(id, to);
        assert!(record.to_apply(&applied).unwrap_err().contains("already"));
        assert!(
            record_with(&s, 0)
                .to_apply(&s)
                .unwrap_err()
                .contains("Nothing")
        );
    }
}
