//! The strategy being edited: the graph model (the truth the canvas mirrors),
//! where it was loaded from, the state last saved (for the unsaved-changes
//! marker), the undo history, and the editing scope: the path of groups
//! opened (see [`super::scope`]); edits act on the innermost one's body.

use std::path::{Path, PathBuf};

use crate::strategy::{Kind, NodeId, Strategy};

use super::edit::Edit;
use super::history::History;

/// Where the strategy being edited lives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Location {
    /// Never saved.
    Untitled,
    /// A file of the user's.
    File(PathBuf),
    /// A shipped strategy: never overwritten (Save acts as Save as).
    Shipped(PathBuf),
}

impl Location {
    /// The file, if any.
    pub fn path(&self) -> Option<&Path> {
        match self {
            Location::Untitled => None,
            Location::File(p) | Location::Shipped(p) => Some(p),
        }
    }

    /// The file's name, or "untitled".
    pub fn file_name(&self) -> String {
        self.path().and_then(Path::file_name).map_or_else(
            || "untitled".to_string(),
            |n| n.to_string_lossy().into_owned(),
        )
    }
}

/// The strategy being edited with its file and history.
#[derive(Debug)]
pub struct Document {
    strategy: Strategy,
    saved: Option<Strategy>,
    location: Location,
    history: History,
    revision: u64,
    dirty: bool,
    scope: Vec<String>,
}

impl Default for Document {
    fn default() -> Self {
        Document::new_graph()
    }
}

impl Document {
    /// A new strategy: only the Cell value node, nothing to save yet.
    pub fn new_graph() -> Document {
        let mut strategy = Strategy::new("My strategy");
        strategy.add(Kind::Output, [460.0, 0.0]);
        Document::opened(strategy, Location::Untitled)
    }

    /// A strategy as loaded from `location` (unchanged, so not dirty).
    pub fn opened(strategy: Strategy, location: Location) -> Document {
        Document {
            saved: Some(strategy.clone()),
            strategy,
            location,
            history: History::default(),
            revision: next_revision(),
            dirty: false,
            scope: Vec::new(),
        }
    }

    /// Work restored after a crash: `strategy` with unsaved changes to
    /// `location`, whose saved state is `saved` (if the file still loads).
    pub fn restored(strategy: Strategy, location: Location, saved: Option<Strategy>) -> Document {
        let mut doc = Document::opened(strategy, location);
        doc.saved = saved;
        doc.refresh_dirty();
        doc
    }

    /// The graph.
    pub fn strategy(&self) -> &Strategy {
        &self.strategy
    }

    /// The graph edited: the body of the innermost group opened, or the
    /// strategy's own graph at the top level.
    pub fn graph(&self) -> &Strategy {
        self.scope
            .last()
            .and_then(|id| self.strategy.group(id))
            .map_or(&self.strategy, |d| &d.body)
    }

    /// The groups opened, outermost first (empty at the top level).
    pub fn scope(&self) -> &[String] {
        &self.scope
    }

    /// Opens group `def` inside the graph shown; false when there is no such group.
    pub fn enter(&mut self, def: &str) -> bool {
        if self.strategy.group(def).is_none() {
            return false;
        }
        self.scope.push(def.to_string());
        self.history.seal();
        true
    }

    /// Goes back out to `depth` groups opened (0: the top level).
    pub fn leave(&mut self, depth: usize) {
        self.scope.truncate(depth);
        self.history.seal();
    }

    /// Where it lives.
    pub fn location(&self) -> &Location {
        &self.location
    }

    /// Changes with every change of the graph (edits, undo, redo, loading):
    /// no two states of any documents share a revision.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// Whether the graph differs from the state last saved or loaded.
    pub fn is_dirty(&self) -> bool {
        self.dirty
    }

    /// The undo history.
    pub fn history(&self) -> &History {
        &self.history
    }

    /// Applies `edit`, remembering the state before it for undo (bursts of the
    /// same edit, within the press `press` of the pointer, are one step).
    /// Returns the nodes it created, or why it was refused (the graph is then unchanged).
    pub fn apply(&mut self, edit: Edit, now: f64, press: u64) -> Result<Vec<NodeId>, String> {
        let before = self.strategy.clone();
        let what = edit.label(self.graph());
        let key = edit.coalesce(press);
        let scope = self.scope.last().map(String::as_str);
        match super::scope::apply_in(&mut self.strategy, scope, edit) {
            Ok(created) => {
                if self.strategy != before {
                    self.history.record(before, &self.scope, &what, key, now);
                    self.changed();
                }
                Ok(created)
            }
            Err(e) => {
                self.strategy = before;
                Err(e)
            }
        }
    }

    /// Takes back the last step; false when there is none.
    pub fn undo(&mut self) -> bool {
        match self.history.undo(self.strategy.clone()) {
            Some((s, scope)) => {
                self.strategy = s;
                self.scope = scope;
                self.changed();
                true
            }
            None => false,
        }
    }

    /// Does the last undone step again; false when there is none.
    pub fn redo(&mut self) -> bool {
        match self.history.redo(self.strategy.clone()) {
            Some((s, scope)) => {
                self.strategy = s;
                self.scope = scope;
                self.changed();
                true
            }
            None => false,
        }
    }

    /// Ends a burst of edits (the pointer was released, a field lost focus).
    pub fn seal(&mut self) {
        self.history.seal();
    }

    /// Marks the graph as saved to `location`.
    pub fn saved_as(&mut self, location: Location) {
        self.location = location;
        self.saved = Some(self.strategy.clone());
        self.history.seal();
        self.refresh_dirty();
    }

    fn changed(&mut self) {
        // Groups that are gone close (with the groups opened inside them).
        let open = self
            .scope
            .iter()
            .take_while(|id| self.strategy.group(id).is_some())
            .count();
        self.scope.truncate(open);
        self.revision = next_revision();
        self.refresh_dirty();
    }

    fn refresh_dirty(&mut self) {
        self.dirty = self.saved.as_ref() != Some(&self.strategy);
    }
}

/// A number never handed out before.
fn next_revision() -> u64 {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
    NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn undo_back_to_the_saved_state_clears_the_marker() {
        let mut doc = Document::new_graph();
        assert!(!doc.is_dirty());
        let edit = Edit::Add {
            kind: Kind::IsCorner,
            pos: [0.0, 0.0],
            link: None,
        };
        assert!(doc.apply(edit, 0.0, 0).is_ok());
        assert!(doc.is_dirty());
        assert!(doc.undo());
        assert!(!doc.is_dirty());
        let undone = doc.revision();
        assert!(doc.redo());
        assert!(doc.is_dirty());
        assert_ne!(doc.revision(), undone);
    }

    #[test]
    fn a_refused_edit_changes_nothing() {
        let mut doc = Document::new_graph();
        let out = doc.strategy().nodes()[0].id;
        let revision = doc.revision();
        let edit = Edit::Connect {
            from: out,
            to: out,
            input: 0,
        };
        assert!(doc.apply(edit, 0.0, 0).is_err());
        assert_eq!(doc.revision(), revision);
        assert!(doc.history().undo_label().is_none());
    }
}
