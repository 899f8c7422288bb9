//! Undo and redo: snapshots of the project's own graph model (not of the
//! canvas widget), with bursts of the same edit (dragging a node, typing a
//! number or a comment) merged into one step.

use crate::strategy::{NodeId, Strategy};

/// The most steps kept; older ones are forgotten.
const LIMIT: usize = 300;

/// Seconds within which two edits of the same kind are merged into one step.
const WINDOW: f64 = 1.5;

/// What an edit belongs to, for merging bursts of it into one undo step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Coalesce {
    /// Moving nodes during one press of the pointer (the press's serial number).
    Move(u64),
    /// Changing one node's parameters (typing, dragging a value).
    Param(NodeId),
    /// Typing the strategy's name.
    Name,
    /// Typing the strategy's description.
    Description,
    /// Typing a node's label.
    Label(NodeId),
    /// Typing a frame's title or notes (the frame's index).
    Frame(usize),
    /// Typing a group's name.
    GroupName,
}

/// One remembered state, what the step that left it did, and where: the
/// path of groups open when it was made (empty at the top level), shown
/// again when the step is undone or redone.
#[derive(Clone, Debug)]
struct Step {
    strategy: Strategy,
    what: String,
    scope: Vec<String>,
}

/// The undo and redo stacks.
#[derive(Clone, Debug, Default)]
pub struct History {
    undo: Vec<Step>,
    redo: Vec<Step>,
    last: Option<(Coalesce, f64)>,
}

impl History {
    /// Remembers `before`, the state an edit described by `what` made in
    /// `scope` changed, unless the edit continues the previous one (same
    /// `key` within a moment, in the same scope). Any redo steps are dropped.
    pub fn record(
        &mut self,
        before: Strategy,
        scope: &[String],
        what: &str,
        key: Option<Coalesce>,
        now: f64,
    ) {
        let same_scope = self.undo.last().is_some_and(|s| s.scope == scope);
        let continues = match (key, self.last) {
            (Some(k), Some((last, at))) => {
                same_scope && k == last && (matches!(k, Coalesce::Move(_)) || now - at <= WINDOW)
            }
            _ => false,
        };
        if !continues {
            self.undo.push(Step {
                strategy: before,
                what: what.to_string(),
                scope: scope.to_vec(),
            });
            if self.undo.len() > LIMIT {
                self.undo.remove(0);
            }
        }
        self.redo.clear();
        self.last = key.map(|k| (k, now));
    }

    /// The state before the last step and the scope it was made in, taking
    /// `current` onto the redo stack.
    pub fn undo(&mut self, current: Strategy) -> Option<(Strategy, Vec<String>)> {
        let step = self.undo.pop()?;
        self.redo.push(Step {
            strategy: current,
            what: step.what.clone(),
            scope: step.scope.clone(),
        });
        self.last = None;
        Some((step.strategy, step.scope))
    }

    /// The state the last undo left and the scope of its step, taking
    /// `current` back onto the undo stack.
    pub fn redo(&mut self, current: Strategy) -> Option<(Strategy, Vec<String>)> {
        let step = self.redo.pop()?;
        self.undo.push(Step {
            strategy: current,
            what: step.what.clone(),
            scope: step.scope.clone(),
        });
        self.last = None;
        Some((step.strategy, step.scope))
    }

    /// Ends the current burst: the next edit is a step of its own.
    pub fn seal(&mut self) {
        self.last = None;
    }

    /// What undo would take back, if anything.
    pub fn undo_label(&self) -> Option<&str> {
        self.undo.last().map(|s| s.what.as_str())
    }

    /// What redo would do again, if anything.
    pub fn redo_label(&self) -> Option<&str> {
        self.redo.last().map(|s| s.what.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn named(name: &str) -> Strategy {
        Strategy::new(name)
    }

    #[test]
    fn bursts_merge_and_undo_redo_walk_the_steps() {
        let mut h = History::default();
        h.record(named("a"), &[], "rename", Some(Coalesce::Name), 0.0);
        h.record(named("ab"), &[], "rename", Some(Coalesce::Name), 0.5);
        h.record(named("abc"), &[], "add", None, 0.6);
        assert_eq!(h.undo_label(), Some("add"));
        let back = h.undo(named("abcd")).map(|(s, _)| s.name);
        assert_eq!(back.as_deref(), Some("abc"));
        let back = h.undo(named("abc")).map(|(s, _)| s.name);
        assert_eq!(back.as_deref(), Some("a"));
        assert!(h.undo(named("a")).is_none());
        let again = h.redo(named("a")).map(|(s, _)| s.name);
        assert_eq!(again.as_deref(), Some("abc"));
    }

    #[test]
    fn the_same_key_after_a_pause_is_a_new_step() {
        let mut h = History::default();
        h.record(named("a"), &[], "rename", Some(Coalesce::Name), 0.0);
        h.record(named("b"), &[], "rename", Some(Coalesce::Name), 10.0);
        assert!(h.undo(named("c")).is_some());
        assert!(h.undo(named("b")).is_some());
    }
}
