//! A strategy in a seat as the guide of a search: "search with this graph".
//! The search is the expert's alpha-beta; at every node the strategy's cell
//! values order the moves and only its `width` best are searched, `depth`
//! plies deep (see `docs/players.md`, graph-guided search).
//!
//! A seat names it by spec, as every seat does:
//! - a strategy **file** takes the command line's grammar,
//!   `bot:expert:graph=FILE,width=W,depth=D`, so that records, merges and
//!   resumes from the command line name the same player;
//! - a strategy held in memory (from the editor, `editor:NAME`), which has
//!   no file for `graph=`, takes the app's own form
//!   `search:depth=D,width=W:editor:NAME`, whose player is made here from
//!   the catalogue's compiled graph (`seats` resolves the strategy).

use std::path::Path;
use std::sync::Arc;

use crate::bots::{AgentFactory, BotKind, BotSpec, SpecKind, relabel};
use crate::eval::Program;

/// The prefix of the app's own guided-search specs (strategies in memory).
pub const GUIDED: &str = "search:";

/// Depth and width a strategy's search starts with (the example:
/// a graph's five best moves, four plies deep).
pub const DEFAULT_DEPTH: u8 = 4;
/// See [`DEFAULT_DEPTH`].
pub const DEFAULT_WIDTH: u16 = 5;

/// The deepest search offered in the app (deeper searches take seconds a move).
pub const MAX_DEPTH: u8 = 8;
/// The widest search offered (wider is the plain search on 5x6 boards).
pub const MAX_WIDTH: u16 = 40;

/// A strategy guiding a search: the strategy's spec, depth and width.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Guided {
    /// The strategy's own spec (a file's path or `editor:NAME`).
    pub strategy: String,
    /// Plies searched.
    pub depth: u8,
    /// Moves searched at each node: the graph's best.
    pub width: u16,
}

impl Guided {
    /// The spec a seat saves for this search (see the module's docs).
    pub fn spec(&self) -> String {
        let Guided {
            strategy,
            depth,
            width,
        } = self;
        let strategy = strategy.trim();
        // The command line's grammar takes a path without ','.
        if SpecKind::of(strategy) == Some(SpecKind::Strategy) && !strategy.contains(',') {
            format!("bot:expert:graph={strategy},width={width},depth={depth}")
        } else {
            format!("{GUIDED}depth={depth},width={width}:{strategy}")
        }
    }

    /// The search a seat's spec names, if it names one: either form.
    pub fn of(spec: &str) -> Option<Guided> {
        if let Some(rest) = spec.trim().strip_prefix(GUIDED) {
            let (options, strategy) = rest.split_once(':')?;
            if strategy.trim().is_empty() {
                return None;
            }
            let mut guided = Guided {
                strategy: strategy.to_string(),
                depth: DEFAULT_DEPTH,
                width: DEFAULT_WIDTH,
            };
            for option in options.split(',') {
                match option.split_once('=')? {
                    ("depth", v) => guided.depth = v.parse().ok().filter(|d| *d >= 1)?,
                    ("width", v) => guided.width = v.parse().ok().filter(|w| *w >= 1)?,
                    _ => return None,
                }
            }
            return Some(guided);
        }
        let parsed: BotSpec = spec.parse().ok()?;
        let graph = parsed.graph.as_ref()?;
        if parsed.kind != BotKind::Expert || parsed != Guided::plain(&parsed) {
            return None;
        }
        Some(Guided {
            strategy: graph.display().to_string(),
            depth: parsed.depth.unwrap_or(BotKind::Expert.default_depth()),
            width: parsed.width?,
        })
    }

    /// `parsed` with only the options this form writes (others make it a
    /// spec of its own, edited as a built-in).
    fn plain(parsed: &BotSpec) -> BotSpec {
        BotSpec {
            graph: parsed.graph.clone(),
            width: parsed.width,
            depth: parsed.depth,
            ..BotSpec::new(BotKind::Expert)
        }
    }

    /// The name a seat shows: the strategy's, and how it searches.
    pub fn name(&self, strategy_name: &str) -> String {
        format!(
            "{strategy_name}, searched (depth {}, width {})",
            self.depth, self.width
        )
    }
}

/// A searching player: its name, a sentence on how it plays, its factory.
pub struct Searching {
    /// The name seats and tables show.
    pub name: String,
    /// How it plays.
    pub description: String,
    /// Makes the player for each game.
    pub factory: Arc<dyn AgentFactory>,
}

/// The player of a guided search whose strategy, called `strategy_name`,
/// is compiled as `program` (the app's in-memory strategies, `search:…`).
pub fn player(
    guided: &Guided,
    strategy_name: &str,
    program: Arc<Program>,
) -> Result<Searching, String> {
    let search = BotSpec {
        depth: Some(guided.depth),
        width: Some(guided.width),
        ..BotSpec::new(BotKind::Expert)
    };
    let name = guided.name(strategy_name);
    let factory = search.guided_by(program).map_err(|e| e.to_string())?;
    Ok(Searching {
        description: format!(
            "The expert's search, {} plies deep, over the {} best moves of {strategy_name} at every node.",
            guided.depth, guided.width
        ),
        factory: relabel(factory, name.clone()),
        name,
    })
}

/// The file stem of a guided search's strategy file, for its name.
pub fn strategy_stem(strategy: &str) -> String {
    Path::new(strategy.trim()).file_stem().map_or_else(
        || strategy.to_string(),
        |s| s.to_string_lossy().into_owned(),
    )
}

/// "search" for a strategy's seat: ticked, the seat's spec becomes the
/// strategy guiding a search, with its depth and width; unticked, the
/// strategy again. Nothing for other players. True when `spec` changed.
pub fn search_ui(ui: &mut egui::Ui, spec: &mut String, is_strategy: bool) -> bool {
    let guided = Guided::of(spec);
    if guided.is_none() && !is_strategy {
        return false;
    }
    let mut on = guided.is_some();
    let before = spec.clone();
    ui.checkbox(&mut on, "search").on_hover_text(
        "Search with this graph: the expert's alpha-beta plays, and at every node this \
         strategy orders the moves and keeps only its best (width), looking depth plies ahead. \
         Width 1 is the strategy itself; a better graph makes a better search.",
    );
    match (guided, on) {
        (None, true) => {
            *spec = Guided {
                strategy: spec.trim().to_string(),
                depth: DEFAULT_DEPTH,
                width: DEFAULT_WIDTH,
            }
            .spec();
        }
        (Some(g), false) => *spec = g.strategy,
        (Some(mut g), true) => {
            ui.add(
                egui::DragValue::new(&mut g.depth)
                    .range(1..=MAX_DEPTH)
                    .prefix("depth "),
            )
            .on_hover_text("Plies searched: deeper is stronger and slower.");
            ui.add(
                egui::DragValue::new(&mut g.width)
                    .range(1..=MAX_WIDTH)
                    .prefix("width "),
            )
            .on_hover_text("Moves searched at each node: the graph's best ones.");
            *spec = g.spec();
        }
        (None, false) => {}
    }
    *spec != before
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_forms_read_back() {
        for strategy in ["strategies/10-tuned.json", "editor:My graph", "a,b.json"] {
            let g = Guided {
                strategy: strategy.to_string(),
                depth: 3,
                width: 7,
            };
            assert_eq!(Guided::of(&g.spec()), Some(g.clone()), "{}", g.spec());
        }
        let file = Guided {
            strategy: "strategies/10-tuned.json".to_string(),
            depth: 4,
            width: 5,
        };
        assert_eq!(
            file.spec(),
            "bot:expert:graph=strategies/10-tuned.json,width=5,depth=4"
        );
        // Other specs are not searches with a graph.
        for spec in [
            "bot:expert",
            "bot:master:graph=strategies/10-tuned.json,width=5",
            "bot:expert:graph=x.json,width=2,quiescence=0",
            "search:depth=0,width=2:editor:x",
            "search:depth=2:",
            "bot:expert:graph=x.json",
            "strategies/10-tuned.json",
        ] {
            assert_eq!(Guided::of(spec), None, "{spec}");
        }
    }
}
