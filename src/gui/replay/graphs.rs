//! The strategy graphs behind a replayed game's players, found by the name
//! the game gives each seat: a strategy on offer in the app (by its name,
//! its file's stem or its path), or a file `NAME.json` in one of the given
//! folders (the records file's, the shipped strategies'). A built-in
//! player, or a strategy that cannot be found or no longer compiles, has no
//! graph: the replay then shows only the analyser's side of a move.
//! A graph handed over by the editor (Test, Play against it) is in the
//! catalogue only compiled; its nodes are named from the editor's graph of
//! the same name, when there is one.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::eval::Program;
use crate::gui::seats::{Catalogue, ComputerChoice, is_file_spec};
use crate::strategy::{NodeId, Strategy};

/// A player's strategy graph, compiled.
pub struct Graph {
    /// The name the game gives the seat.
    pub name: String,
    /// The compiled program (for its heat map and explain trace).
    pub program: Arc<Program>,
    /// The graph itself when its file was found (to name its nodes).
    pub strategy: Option<Strategy>,
}

impl Graph {
    /// How the trace table names node `id`: its title, or its number.
    pub fn node_name(&self, id: NodeId) -> String {
        self.strategy
            .as_ref()
            .and_then(|s| s.node(id))
            .map_or_else(|| format!("node {id}"), |n| n.kind.title())
    }
}

/// Where the graphs are looked for.
pub struct Sources<'a> {
    /// The players the app offers.
    pub catalogue: &'a Catalogue,
    /// Folders that may hold `LABEL.json`.
    pub dirs: Vec<PathBuf>,
    /// The editor's graph (names the nodes of a graph it handed over).
    pub editing: Option<&'a Strategy>,
}

/// The graph of each seat named in `labels` (`A` first).
pub fn find_graphs(labels: &[String], sources: &Sources<'_>) -> Vec<Option<Arc<Graph>>> {
    labels
        .iter()
        .map(|label| find_graph(label, sources).map(Arc::new))
        .collect()
}

fn find_graph(label: &str, sources: &Sources<'_>) -> Option<Graph> {
    let (catalogue, dirs) = (sources.catalogue, &sources.dirs);
    if let Some(choice) = catalogue
        .choices()
        .iter()
        .find(|c| c.is_strategy && names(c, label))
    {
        let program = choice.program.clone()?;
        let strategy = if is_file_spec(&choice.spec) {
            crate::gui::platform::load_strategy(Path::new(choice.spec.trim())).ok()
        } else {
            sources.editing.filter(|s| s.name == choice.name).cloned()
        };
        return Some(Graph {
            name: label.to_string(),
            program,
            strategy,
        });
    }
    // A name, not a path: a record's label never leads out of the folders.
    if label.is_empty() || label.contains(['/', '\\']) || label.starts_with('.') {
        return None;
    }
    dirs.iter()
        .map(|dir| dir.join(format!("{label}.json")))
        .find(|path| crate::gui::platform::is_file(path))
        .and_then(|path| load(label, &path))
}

/// Whether `label` names `choice`: its name, its spec, or its file's stem.
fn names(choice: &ComputerChoice, label: &str) -> bool {
    choice.name == label
        || choice.spec == label
        || (is_file_spec(&choice.spec)
            && Path::new(choice.spec.trim())
                .file_stem()
                .is_some_and(|s| s.to_string_lossy() == label))
}

fn load(label: &str, path: &Path) -> Option<Graph> {
    let strategy = crate::gui::platform::load_strategy(path).ok()?;
    let program = Program::compile(&strategy).ok()?;
    Some(Graph {
        name: label.to_string(),
        program: Arc::new(program),
        strategy: Some(strategy),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::seats::shipped_strategies_dir;

    #[test]
    fn strategies_are_found_by_stem_and_bots_are_not() {
        let dir = shipped_strategies_dir().unwrap();
        let labels = vec![
            "05-do-not-feed".to_string(),
            "bot:expert".to_string(),
            "../secret".to_string(),
        ];
        let sources = Sources {
            catalogue: &Catalogue::default(),
            dirs: vec![dir],
            editing: None,
        };
        let found = find_graphs(&labels, &sources);
        let first = found[0].as_ref().unwrap();
        assert_eq!(first.name, "05-do-not-feed");
        assert!(first.strategy.is_some());
        assert!(found[1].is_none() && found[2].is_none());
    }

    #[test]
    fn a_graph_from_the_editor_is_named_from_the_editor() {
        let dir = shipped_strategies_dir().unwrap();
        let strategy = Strategy::load(&dir.join("02-avoid-danger.json")).unwrap();
        let mut catalogue = Catalogue::default();
        catalogue.add_strategy("Mine", &strategy).unwrap();
        let mut editing = strategy.clone();
        editing.name = "Mine".to_string();
        let labels = vec!["Mine".to_string()];
        let sources = Sources {
            catalogue: &catalogue,
            dirs: Vec::new(),
            editing: Some(&editing),
        };
        let graph = find_graphs(&labels, &sources)[0].clone().unwrap();
        let node = &strategy.nodes()[0];
        assert_eq!(graph.node_name(node.id), node.kind.title());
        let unnamed = Sources {
            editing: None,
            ..sources
        };
        let graph = find_graphs(&labels, &unnamed)[0].clone().unwrap();
        assert_eq!(graph.node_name(node.id), format!("node {}", node.id));
    }
}
