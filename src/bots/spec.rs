//! Player specs: the names of built-in players on the command line and in
//! files (`bot:expert:depth=3`), the ladder of built-ins, and resolving a spec
//! or a strategy file path into an [`AgentFactory`]. Grammar in `docs/players.md`.

use std::fmt;
use std::path::Path;
use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use super::search::{MAX_DEPTH, SearchConfig};
use super::{
    Agent, AgentFactory, BotError, GreedyPlayer, MctsPlayer, MixedPlayer, PreferOwnPlayer,
    RandomPlayer, SearchPlayer,
};

/// The kinds of built-in players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BotKind {
    /// A uniformly random legal move.
    Random,
    /// A random own cell, else a random empty cell.
    PreferOwn,
    /// Greedy one-ply: win, else the most atoms after the move.
    Greedy,
    /// The expert evaluation in plain alpha-beta search.
    Expert,
    /// The expert evaluation in alpha-beta with move ordering and a transposition table.
    Master,
    /// Monte Carlo tree search with random playouts.
    Mcts,
}

impl BotKind {
    /// Every kind, weakest first.
    pub const ALL: [BotKind; 6] = [
        BotKind::Random,
        BotKind::PreferOwn,
        BotKind::Greedy,
        BotKind::Expert,
        BotKind::Master,
        BotKind::Mcts,
    ];

    /// The name used in specs.
    pub fn name(self) -> &'static str {
        match self {
            BotKind::Random => "random",
            BotKind::PreferOwn => "prefer-own",
            BotKind::Greedy => "greedy",
            BotKind::Expert => "expert",
            BotKind::Master => "master",
            BotKind::Mcts => "mcts",
        }
    }

    /// The options this kind accepts.
    pub fn options(self) -> &'static [&'static str] {
        match self {
            BotKind::Random => &[],
            BotKind::PreferOwn | BotKind::Greedy => &["random"],
            BotKind::Expert | BotKind::Master => {
                &["depth", "nodes", "ms", "quiescence", "eval", "random"]
            }
            BotKind::Mcts => &["iters", "ms", "playout", "random"],
        }
    }

    /// The default search depth (expert and master).
    pub fn default_depth(self) -> u8 {
        match self {
            BotKind::Master => 5,
            _ => 3,
        }
    }
}

/// The default number of playouts per move of `bot:mcts`.
pub const DEFAULT_ITERS: u32 = 2000;

/// The default number of random plies per playout of `bot:mcts` before the
/// expert evaluation scores it.
pub const DEFAULT_PLAYOUT: u32 = 4;

/// A parsed built-in player spec: `bot:KIND[:OPTION=VALUE[,OPTION=VALUE…]]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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
    /// The evaluation of a search (expert, master).
    pub eval: Option<Eval>,
    /// Percentage of uniformly random moves mixed in.
    pub random: Option<u8>,
}

/// The evaluation a search player uses at its leaves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Eval {
    /// The expert value of the player to move (the default).
    Expert,
    /// The player's expert value minus the best opponent's.
    Balanced,
}

impl Eval {
    /// The name used in specs.
    pub fn name(self) -> &'static str {
        match self {
            Eval::Expert => "expert",
            Eval::Balanced => "balanced",
        }
    }
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
            random: None,
        }
    }

    /// Whether games with this player replay exactly from their seed (no time limit).
    pub fn is_deterministic(&self) -> bool {
        self.ms.is_none()
    }

    /// Makes a fresh player.
    pub fn player(&self) -> Box<dyn Agent> {
        let label = self.to_string();
        let time = self.ms.map(Duration::from_millis);
        let search = |mut config: SearchConfig| {
            config.nodes = self.nodes;
            if self.nodes.is_some() || time.is_some() {
                // A limit of the player's own replaces the default cap.
                config.node_cells = None;
            }
            if let Some(q) = self.quiescence {
                config.quiescence = q;
            }
            match self.eval {
                Some(Eval::Expert) => config.balanced = false,
                Some(Eval::Balanced) => config.balanced = true,
                None => {}
            }
            config.time = time;
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
            BotKind::Expert => {
                Box::new(SearchPlayer::new(label, search(SearchConfig::plain(depth))))
            }
            BotKind::Master => Box::new(SearchPlayer::new(
                label,
                search(SearchConfig::enhanced(depth)),
            )),
            BotKind::Mcts => Box::new(MctsPlayer::new(
                label,
                self.iters.unwrap_or(DEFAULT_ITERS),
                time,
                self.playout.unwrap_or(DEFAULT_PLAYOUT),
            )),
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
        let mut options = Vec::new();
        if let Some(d) = self.depth {
            options.push(format!("depth={d}"));
        }
        if let Some(n) = self.nodes {
            options.push(format!("nodes={n}"));
        }
        if let Some(n) = self.iters {
            options.push(format!("iters={n}"));
        }
        if let Some(n) = self.playout {
            options.push(format!("playout={n}"));
        }
        if let Some(ms) = self.ms {
            options.push(format!("ms={ms}"));
        }
        if let Some(q) = self.quiescence {
            options.push(format!("quiescence={q}"));
        }
        if let Some(e) = self.eval {
            options.push(format!("eval={}", e.name()));
        }
        if let Some(r) = self.random {
            options.push(format!("random={r}"));
        }
        if !options.is_empty() {
            write!(f, ":{}", options.join(","))?;
        }
        Ok(())
    }
}

fn spec_error(spec: &str, message: impl fmt::Display) -> BotError {
    BotError::Spec(format!("player '{spec}': {message}"))
}

fn number<T: FromStr + PartialOrd + fmt::Display + Copy>(
    spec: &str,
    key: &str,
    value: &str,
    min: T,
    max: T,
    unit: &str,
) -> Result<T, BotError> {
    value
        .trim()
        .parse::<T>()
        .ok()
        .filter(|v| *v >= min && *v <= max)
        .ok_or_else(|| {
            spec_error(
                spec,
                format!(
                    "{key} must be a whole number of {unit} from {min} to {max}, not '{value}'"
                ),
            )
        })
}

impl FromStr for BotSpec {
    type Err = BotError;

    /// Parses `bot:KIND[:OPTION=VALUE[,OPTION=VALUE…]]` (see `docs/players.md`).
    fn from_str(spec: &str) -> Result<BotSpec, BotError> {
        let rest = spec
            .trim()
            .strip_prefix("bot:")
            .ok_or_else(|| spec_error(spec, "a built-in player starts with 'bot:'"))?;
        let (kind_name, options) = match rest.split_once(':') {
            Some((k, o)) => (k, Some(o)),
            None => (rest, None),
        };
        let kind = BotKind::ALL
            .into_iter()
            .find(|k| k.name().eq_ignore_ascii_case(kind_name.trim()))
            .ok_or_else(|| {
                let names: Vec<&str> = BotKind::ALL.iter().map(|k| k.name()).collect();
                spec_error(
                    spec,
                    format!(
                        "unknown built-in '{kind_name}': expected one of {} (see 'chainlab players')",
                        names.join(", ")
                    ),
                )
            })?;
        let mut parsed = BotSpec::new(kind);
        for option in options.into_iter().flat_map(|o| o.split(',')) {
            let option = option.trim();
            let Some((key, value)) = option.split_once('=') else {
                return Err(spec_error(
                    spec,
                    format!("option '{option}' needs a value, as in depth=3"),
                ));
            };
            let key = key.trim().to_ascii_lowercase();
            if !kind.options().contains(&key.as_str()) {
                let accepted = match kind.options() {
                    [] => "takes no options".to_string(),
                    list => format!("accepts {}", list.join(", ")),
                };
                return Err(spec_error(
                    spec,
                    format!("unknown option '{key}': bot:{} {accepted}", kind.name()),
                ));
            }
            match key.as_str() {
                "depth" => {
                    parsed.depth = Some(number(spec, "depth", value, 1, MAX_DEPTH, "plies")?)
                }
                "nodes" => {
                    parsed.nodes =
                        Some(number(spec, "nodes", value, 1, 1_000_000_000_000, "nodes")?);
                }
                "iters" => {
                    parsed.iters = Some(number(spec, "iters", value, 1, 100_000_000, "playouts")?);
                }
                "ms" => parsed.ms = Some(number(spec, "ms", value, 1, 3_600_000, "milliseconds")?),
                "playout" => {
                    parsed.playout = Some(number(spec, "playout", value, 0, 10_000, "plies")?);
                }
                "quiescence" => {
                    parsed.quiescence = Some(number(spec, "quiescence", value, 0, 16, "plies")?);
                }
                "eval" => {
                    parsed.eval = Some(match value.trim().to_ascii_lowercase().as_str() {
                        "expert" => Eval::Expert,
                        "balanced" => Eval::Balanced,
                        _ => {
                            return Err(spec_error(
                                spec,
                                format!("eval must be expert or balanced, not '{value}'"),
                            ));
                        }
                    });
                }
                _ => parsed.random = Some(number(spec, "random", value, 0, 100, "percent")?),
            }
        }
        Ok(parsed)
    }
}

/// A factory for a built-in spec.
struct BuiltinFactory(BotSpec);

impl AgentFactory for BuiltinFactory {
    fn label(&self) -> String {
        self.0.to_string()
    }

    fn create(&self) -> Result<Box<dyn Agent>, BotError> {
        Ok(self.0.player())
    }

    fn is_deterministic(&self) -> bool {
        self.0.is_deterministic()
    }
}

/// Resolves a player named on the command line: a built-in spec starting
/// with `bot:`, or the path of a strategy file ending in `.json`.
pub fn parse_player(spec: &str) -> Result<Arc<dyn AgentFactory>, BotError> {
    let trimmed = spec.trim();
    if trimmed.starts_with("bot:") {
        let parsed: BotSpec = trimmed.parse()?;
        return Ok(Arc::new(BuiltinFactory(parsed)));
    }
    if trimmed.is_empty() {
        return Err(BotError::Spec(
            "empty player: expected a built-in such as bot:greedy or a strategy file ending in .json"
                .into(),
        ));
    }
    let path = Path::new(trimmed);
    if path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("json"))
    {
        return super::graph::file_factory(path);
    }
    Err(spec_error(
        spec,
        "expected a built-in such as bot:greedy (see 'chainlab players') or a strategy file ending in .json",
    ))
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
            assert!(parse_player(&info.spec).is_ok());
        }
    }

    #[test]
    fn bad_specs_say_what_is_wrong() {
        for (text, needle) in [
            ("bot:frob", "unknown built-in 'frob'"),
            ("bot:expert:dpth=3", "unknown option 'dpth'"),
            (
                "bot:expert:depth=0",
                "depth must be a whole number of plies from 1",
            ),
            ("bot:expert:depth=x", "not 'x'"),
            ("bot:random:random=5", "takes no options"),
            ("bot:greedy:random=101", "from 0 to 100"),
            ("bot:mcts:iters", "needs a value"),
            ("greedy", "expected a built-in such as bot:greedy"),
        ] {
            let e = parse_player(text).err().unwrap().to_string();
            assert!(e.contains(needle), "{text}: {e}");
            assert!(!e.contains('\n'));
        }
    }
}
