//! Built-in player specs (`bot:expert:depth=3`): parsing and printing them,
//! the player each makes, and the ladder of built-ins. Grammar in
//! `docs/players.md`.
//!
//! Every option is read by one arm of [`BotSpec::set_option`] and written by
//! one arm of [`BotSpec::option_text`], both exhaustive over
//! [`BotOption`]: an option added to the vocabulary fails to compile until
//! it is read and written, and a name that is no option of the kind is
//! refused before any value is read.
//!
//! `graph=FILE` names a strategy file that guides a search (see
//! [`MoveGuide`](crate::bots::search::MoveGuide)); the spec keeps only its
//! path, and the file is read and compiled once, where the factory is made
//! ([`BuiltinFactory::new`]), so the search never sees a file. A guided
//! player's search takes the guided defaults
//! ([`SearchConfig::guided`]) before its options, so `quiescence=` still
//! sets the quiescence.

use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use super::path::is_strategy_path;
use crate::bots::error::{SpecError, SpecProblem};
use crate::bots::graph::search_player;
use crate::bots::kind::{BotKind, BotOption, LeafValue};
use crate::bots::search::{MAX_DEPTH, SearchConfig};
use crate::bots::{
    Agent, AgentFactory, BotError, GreedyPlayer, MctsPlayer, MixedPlayer, PerfectPlayer,
    PreferOwnPlayer, RandomPlayer,
};
use crate::eval::Program;
use crate::rules::MAX_CELLS;
use crate::strategy::Strategy;

/// The default number of playouts per move of `bot:mcts`.
pub const DEFAULT_ITERS: u32 = 2000;

/// The default number of random plies per playout of `bot:mcts` before the
/// expert evaluation scores it.
pub const DEFAULT_PLAYOUT: u32 = 4;

/// A parsed built-in player spec: `bot:KIND[:OPTION=VALUE[,OPTION=VALUE…]]`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BotSpec {
    /// The kind of player.
    pub kind: BotKind,
    /// Search depth in plies (expert, master).
    pub depth: Option<u8>,
    /// Node limit per move (expert, master).
    pub nodes: Option<u64>,
    /// Playouts per move (mcts).
    pub iters: Option<u32>,
    /// Random plies per playout before the evaluation scores it; 0 plays to the end (mcts).
    pub playout: Option<u32>,
    /// Time limit per move in milliseconds (not exactly replayable).
    pub ms: Option<u64>,
    /// Quiescence plies at the leaves of a search (expert, master).
    pub quiescence: Option<u8>,
    /// The value at the leaves of a search (expert, master).
    pub eval: Option<LeafValue>,
    /// A strategy file whose cell values order the moves at every node
    /// (expert, master).
    pub graph: Option<PathBuf>,
    /// With `graph`: how many of its best moves each node searches.
    pub width: Option<u16>,
    /// Percentage of uniformly random moves mixed in.
    pub random: Option<u8>,
}

impl BotSpec {
    /// A spec of `kind` with every option at its default.
    pub fn new(kind: BotKind) -> BotSpec {
        BotSpec {
            kind,
            depth: None,
            nodes: None,
            iters: None,
            playout: None,
            ms: None,
            quiescence: None,
            eval: None,
            graph: None,
            width: None,
            random: None,
        }
    }

    /// A factory of this spec's player with its search guided by
    /// `program`, a graph compiled elsewhere (the app's strategies held in
    /// memory, which have no file for `graph=`); `graph=` is not read.
    /// Refused for kinds that do not search.
    pub fn guided_by(&self, program: Arc<Program>) -> Result<Arc<dyn AgentFactory>, BotError> {
        if !matches!(self.kind, BotKind::Expert | BotKind::Master) {
            return Err(BotError::Spec(SpecError::new(
                self.to_string(),
                SpecProblem::UnknownOption {
                    kind: self.kind,
                    key: "graph".to_string(),
                },
            )));
        }
        Ok(Arc::new(BuiltinFactory {
            spec: self.clone(),
            guide: Some(program),
        }))
    }

    /// Whether games with this player replay exactly from their seed (no time limit).
    pub fn is_deterministic(&self) -> bool {
        self.ms.is_none()
    }

    /// Makes a fresh player, reading and compiling its `graph=` file if it
    /// has one (a factory, [`BuiltinFactory`], compiles it once for all its
    /// players).
    pub fn player(&self) -> Result<Box<dyn Agent>, BotError> {
        let guide = self.compile_graph()?;
        Ok(self.player_with(guide.as_ref()))
    }

    /// Reads and compiles the `graph=` file, `None` without one; the error
    /// names the option.
    fn compile_graph(&self) -> Result<Option<Arc<Program>>, BotError> {
        let Some(path) = &self.graph else {
            return Ok(None);
        };
        let problem = |message: String| {
            SpecError::new(
                self.to_string(),
                SpecProblem::GraphFile {
                    path: path.display().to_string(),
                    message,
                },
            )
        };
        let strategy = Strategy::load(path).map_err(|e| problem(e.to_string()))?;
        let program = Program::compile(&strategy).map_err(|e| problem(e.to_string()))?;
        if !program.has_output() {
            return Err(problem("the graph has no Cell value".to_string()).into());
        }
        Ok(Some(Arc::new(program)))
    }

    /// Makes a fresh player whose search `guide` (the compiled `graph=`)
    /// orders.
    fn player_with(&self, guide: Option<&Arc<Program>>) -> Box<dyn Agent> {
        let label = self.to_string();
        let time = self.ms.map(Duration::from_millis);
        let search = |mut config: SearchConfig| {
            if guide.is_some() {
                config = config.guided();
            }
            config.nodes = self.nodes;
            if self.nodes.is_some() || time.is_some() {
                // A limit of the player's own replaces the default cap.
                config.node_cells = None;
            }
            if let Some(q) = self.quiescence {
                config.quiescence = q;
            }
            match self.eval {
                Some(LeafValue::Heuristic) => config.balanced = false,
                Some(LeafValue::Balanced) => config.balanced = true,
                None => {}
            }
            config.time = time;
            config.width = self.width;
            if time.is_some() && self.depth.is_none() {
                config.depth = MAX_DEPTH;
            }
            config
        };
        let depth = self.depth.unwrap_or(self.kind.default_depth());
        let base: Box<dyn Agent> = match self.kind {
            BotKind::Random => Box::new(RandomPlayer),
            BotKind::PreferOwn => Box::new(PreferOwnPlayer),
            BotKind::Greedy => Box::new(GreedyPlayer),
            BotKind::Expert => search_player(label, search(SearchConfig::plain(depth)), guide),
            BotKind::Master => search_player(label, search(SearchConfig::enhanced(depth)), guide),
            BotKind::Mcts => Box::new(MctsPlayer::new(
                label,
                self.iters.unwrap_or(DEFAULT_ITERS),
                time,
                self.playout.unwrap_or(DEFAULT_PLAYOUT),
            )),
            BotKind::Perfect => Box::new(PerfectPlayer),
        };
        match self.random {
            Some(p) if p > 0 => Box::new(MixedPlayer::new(p, base)),
            _ => base,
        }
    }
}

impl fmt::Display for BotSpec {
    /// The canonical spec: the kind and the options given, in a fixed order.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bot:{}", self.kind.name())?;
        let options: Vec<String> = BotOption::ALL
            .into_iter()
            .filter_map(|option| {
                let value = self.option_text(option)?;
                Some(format!("{}={value}", option.name()))
            })
            .collect();
        if !options.is_empty() {
            write!(f, ":{}", options.join(","))?;
        }
        Ok(())
    }
}

/// Parses `value` as a whole number of `unit` from `min` to `max` for option `key`.
fn number<T: FromStr + PartialOrd + Copy + Into<u64>>(
    key: &'static str,
    value: &str,
    (min, max): (T, T),
    unit: &'static str,
) -> Result<T, SpecProblem> {
    value
        .trim()
        .parse::<T>()
        .ok()
        .filter(|v| *v >= min && *v <= max)
        .ok_or_else(|| SpecProblem::BadNumber {
            key,
            value: value.to_string(),
            min: min.into(),
            max: max.into(),
            unit,
        })
}

impl BotSpec {
    /// Sets `option` from its `value` as written.
    fn set_option(&mut self, option: BotOption, value: &str) -> Result<(), SpecProblem> {
        let key = option.name();
        match option {
            BotOption::Depth => self.depth = Some(number(key, value, (1, MAX_DEPTH), "plies")?),
            BotOption::Nodes => {
                self.nodes = Some(number(key, value, (1, 1_000_000_000_000), "nodes")?);
            }
            BotOption::Iters => {
                self.iters = Some(number(key, value, (1, 100_000_000), "playouts")?);
            }
            BotOption::Ms => self.ms = Some(number(key, value, (1, 3_600_000), "milliseconds")?),
            BotOption::Playout => self.playout = Some(number(key, value, (0, 10_000), "plies")?),
            BotOption::Quiescence => {
                self.quiescence = Some(number(key, value, (0, 16), "plies")?);
            }
            BotOption::Eval => {
                let wanted = value.trim().to_ascii_lowercase();
                let leaf = LeafValue::ALL.into_iter().find(|v| v.name() == wanted);
                self.eval = Some(leaf.ok_or_else(|| SpecProblem::BadEval {
                    value: value.to_string(),
                })?);
            }
            BotOption::Graph => self.graph = Some(graph_path(value)?),
            BotOption::Width => {
                let most = MAX_CELLS as u16;
                self.width = Some(number(key, value, (1, most), "moves")?);
            }
            BotOption::Random => self.random = Some(number(key, value, (0, 100), "percent")?),
        }
        Ok(())
    }

    /// The value of `option` as a canonical spec writes it, `None` when it
    /// is not given.
    fn option_text(&self, option: BotOption) -> Option<String> {
        match option {
            BotOption::Depth => self.depth.map(|v| v.to_string()),
            BotOption::Nodes => self.nodes.map(|v| v.to_string()),
            BotOption::Iters => self.iters.map(|v| v.to_string()),
            BotOption::Playout => self.playout.map(|v| v.to_string()),
            BotOption::Ms => self.ms.map(|v| v.to_string()),
            BotOption::Quiescence => self.quiescence.map(|v| v.to_string()),
            BotOption::Eval => self.eval.map(|v| v.name().to_string()),
            BotOption::Graph => self.graph.as_ref().map(|p| p.display().to_string()),
            BotOption::Width => self.width.map(|v| v.to_string()),
            BotOption::Random => self.random.map(|v| v.to_string()),
        }
    }

    /// Parses `bot:KIND[:OPTIONS]` into what is wrong with it, if anything.
    fn parse(spec: &str) -> Result<BotSpec, SpecProblem> {
        let rest = spec
            .trim()
            .strip_prefix("bot:")
            .ok_or(SpecProblem::NoPrefix)?;
        let (kind_name, options) = match rest.split_once(':') {
            Some((k, o)) => (k, Some(o)),
            None => (rest, None),
        };
        let kind = BotKind::ALL
            .into_iter()
            .find(|k| k.name().eq_ignore_ascii_case(kind_name.trim()))
            .ok_or_else(|| SpecProblem::UnknownKind {
                name: kind_name.to_string(),
            })?;
        let mut parsed = BotSpec::new(kind);
        for option in options.into_iter().flat_map(|o| o.split(',')) {
            let option = option.trim();
            let Some((key, value)) = option.split_once('=') else {
                return Err(SpecProblem::NoValue {
                    option: option.to_string(),
                });
            };
            let key = key.trim().to_ascii_lowercase();
            let Some(option) = BotOption::from_name(&key).filter(|o| kind.options().contains(o))
            else {
                return Err(SpecProblem::UnknownOption { kind, key });
            };
            parsed.set_option(option, value)?;
        }
        if parsed.width.is_some() && parsed.graph.is_none() {
            return Err(SpecProblem::WidthWithoutGraph);
        }
        Ok(parsed)
    }
}

/// The path of `graph=VALUE`: a strategy file's (ending in `.json`).
fn graph_path(value: &str) -> Result<PathBuf, SpecProblem> {
    let path = Path::new(value.trim());
    if is_strategy_path(path) {
        Ok(path.to_path_buf())
    } else {
        Err(SpecProblem::BadGraph {
            value: value.to_string(),
        })
    }
}

impl FromStr for BotSpec {
    type Err = SpecError;

    /// Parses `bot:KIND[:OPTION=VALUE[,OPTION=VALUE…]]` (see `docs/players.md`).
    fn from_str(spec: &str) -> Result<BotSpec, SpecError> {
        BotSpec::parse(spec).map_err(|problem| SpecError::new(spec, problem))
    }
}

/// A factory for a built-in spec, with its `graph=` compiled once.
pub(super) struct BuiltinFactory {
    spec: BotSpec,
    guide: Option<Arc<Program>>,
}

impl BuiltinFactory {
    /// The factory of `spec`; reads and compiles its `graph=` file.
    pub(super) fn new(spec: BotSpec) -> Result<BuiltinFactory, BotError> {
        let guide = spec.compile_graph()?;
        Ok(BuiltinFactory { spec, guide })
    }
}

impl AgentFactory for BuiltinFactory {
    fn label(&self) -> String {
        self.spec.to_string()
    }

    fn create(&self) -> Result<Box<dyn Agent>, BotError> {
        Ok(self.spec.player_with(self.guide.as_ref()))
    }

    fn is_deterministic(&self) -> bool {
        self.spec.is_deterministic()
    }
}

/// One built-in player of the ladder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BuiltinInfo {
    /// The spec that selects it, e.g. `bot:expert`.
    pub spec: String,
    /// A plain name for menus.
    pub name: String,
    /// What it does, in one line.
    pub description: String,
}

/// The built-in ladder, weakest first (the GUI's seat picker lists these).
pub fn builtins() -> Vec<BuiltinInfo> {
    [
        ("bot:random", "Random", "plays a uniformly random legal move"),
        (
            "bot:prefer-own",
            "Prefer own cell",
            "adds an atom to a random cell it owns; a random empty cell when it owns none",
        ),
        (
            "bot:greedy:random=50",
            "Greedy, half random",
            "plays like Greedy half of the time and a random move otherwise",
        ),
        (
            "bot:greedy",
            "Greedy",
            "wins at once if it can, else takes the move that leaves it the most atoms (one ply)",
        ),
        (
            "bot:expert:depth=1",
            "Expert, one ply",
            "the expert evaluation of the move's result, without looking at replies",
        ),
        (
            "bot:mcts",
            "Monte Carlo",
            "Monte Carlo tree search (UCT): 2000 playouts of 4 random plies per move, scored by the expert evaluation",
        ),
        (
            "bot:expert",
            "Expert",
            "the expert evaluation in a 3-ply alpha-beta search",
        ),
        (
            "bot:master",
            "Master",
            "5-ply alpha-beta with move ordering, a transposition table and a 4-ply search of captures at the leaves",
        ),
    ]
    .into_iter()
    .map(|(spec, name, description)| BuiltinInfo {
        spec: spec.into(),
        name: name.into(),
        description: description.into(),
    })
    .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_round_trip_through_display() {
        for text in [
            "bot:random",
            "bot:greedy:random=30",
            "bot:expert:depth=4,nodes=5000",
            "bot:mcts:iters=200,playout=0,ms=50",
            "bot:master:depth=6,random=10",
            "bot:expert:depth=2,eval=balanced",
        ] {
            let spec: BotSpec = text.parse().unwrap();
            assert_eq!(spec.to_string(), text);
        }
        let spec: BotSpec = "bot:EXPERT: random = 5 , depth=2".parse().unwrap();
        assert_eq!(spec.to_string(), "bot:expert:depth=2,random=5");
    }

    #[test]
    fn every_builtin_parses() {
        for info in builtins() {
            let spec: BotSpec = info.spec.parse().unwrap();
            assert_eq!(spec.to_string(), info.spec);
        }
    }

    #[test]
    fn every_option_of_every_kind_reads_and_writes() {
        for kind in BotKind::ALL {
            for &option in kind.options() {
                let value = match option {
                    BotOption::Eval => "balanced",
                    BotOption::Graph => "strategies/02-avoid-danger.json",
                    _ => "1",
                };
                let text = match option {
                    // width needs a graph, which a canonical spec writes first.
                    BotOption::Width => format!(
                        "bot:{}:graph=strategies/02-avoid-danger.json,width=1",
                        kind.name()
                    ),
                    _ => format!("bot:{}:{}={value}", kind.name(), option.name()),
                };
                let spec: BotSpec = text.parse().unwrap();
                assert_eq!(spec.option_text(option).as_deref(), Some(value), "{text}");
                assert_eq!(spec.to_string(), text);
            }
        }
        for option in BotOption::ALL {
            assert!(
                BotKind::ALL.iter().any(|k| k.options().contains(&option)),
                "no kind takes {}",
                option.name()
            );
        }
    }
}
