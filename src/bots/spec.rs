//! Player specs: the names of built-in players on the command line and in
//! files (`bot:expert:depth=3`), the ladder of built-ins, and resolving a spec,
//! a strategy file path or a program (`cmd:`, `bot.toml`) into an
//! [`AgentFactory`]. Grammar in `docs/players.md`.

use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use super::error::{SpecError, SpecProblem};
use super::external::{EngineFactory, EngineLog, EngineSpec, ExternalError, MANIFEST};
use super::kind::{BotKind, Eval};
use super::search::{MAX_DEPTH, SearchConfig};
use super::{
    Agent, AgentFactory, BotError, GreedyPlayer, MctsPlayer, MixedPlayer, PreferOwnPlayer,
    RandomPlayer, SearchPlayer,
};

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
    /// Sets option `key` (lowercase, one the kind accepts) from its `value`.
    fn set_option(&mut self, key: &str, value: &str) -> Result<(), SpecProblem> {
        match key {
            "depth" => self.depth = Some(number("depth", value, (1, MAX_DEPTH), "plies")?),
            "nodes" => {
                self.nodes = Some(number("nodes", value, (1, 1_000_000_000_000), "nodes")?);
            }
            "iters" => self.iters = Some(number("iters", value, (1, 100_000_000), "playouts")?),
            "ms" => self.ms = Some(number("ms", value, (1, 3_600_000), "milliseconds")?),
            "playout" => self.playout = Some(number("playout", value, (0, 10_000), "plies")?),
            "quiescence" => {
                self.quiescence = Some(number("quiescence", value, (0, 16), "plies")?);
            }
            "eval" => {
                self.eval = Some(match value.trim().to_ascii_lowercase().as_str() {
                    "expert" => Eval::Expert,
                    "balanced" => Eval::Balanced,
                    _ => {
                        return Err(SpecProblem::BadEval {
                            value: value.to_string(),
                        });
                    }
                });
            }
            _ => self.random = Some(number("random", value, (0, 100), "percent")?),
        }
        Ok(())
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
            if !kind.options().contains(&key.as_str()) {
                return Err(SpecProblem::UnknownOption { kind, key });
            }
            parsed.set_option(&key, value)?;
        }
        Ok(parsed)
    }
}

impl FromStr for BotSpec {
    type Err = SpecError;

    /// Parses `bot:KIND[:OPTION=VALUE[,OPTION=VALUE…]]` (see `docs/players.md`).
    fn from_str(spec: &str) -> Result<BotSpec, SpecError> {
        BotSpec::parse(spec).map_err(|problem| SpecError::new(spec, problem))
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

/// Where the players of a run keep their side files: engines' stderr logs
/// go to `<dir>/<prefix><name>.stderr.log` (beside the game records).
#[derive(Clone, Debug, Default)]
pub struct PlayerContext {
    /// The folder and file-name prefix of engine logs; none: no logs (the
    /// last stderr lines still appear in a forfeit's reason).
    pub logs: Option<(PathBuf, String)>,
}

impl PlayerContext {
    /// Logs beside `records`: `runs/m.jsonl` gives `runs/m.jsonl.<name>.stderr.log`.
    pub fn beside(records: &Path) -> PlayerContext {
        let dir = records
            .parent()
            .filter(|d| !d.as_os_str().is_empty())
            .unwrap_or(Path::new("."))
            .to_path_buf();
        let name = records
            .file_name()
            .map_or_else(String::new, |n| format!("{}.", n.to_string_lossy()));
        PlayerContext {
            logs: Some((dir, name)),
        }
    }

    /// The part of a log's file name that names the player labelled
    /// `label`: ASCII letters, digits and dots, every other run of
    /// characters as one `-`, at most 60 characters ("player" if empty).
    pub fn log_name(label: &str) -> String {
        let mut slug = label
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '.' {
                    c
                } else {
                    '-'
                }
            })
            .collect::<String>()
            .split('-')
            .filter(|part| !part.is_empty())
            .collect::<Vec<_>>()
            .join("-");
        slug.truncate(60);
        if slug.is_empty() {
            "player".to_string()
        } else {
            slug
        }
    }

    /// The log file of the engine labelled `label`, created empty.
    fn log_for(&self, label: &str) -> Result<Option<Arc<EngineLog>>, BotError> {
        let Some((dir, prefix)) = &self.logs else {
            return Ok(None);
        };
        let path = dir.join(format!(
            "{prefix}{}.stderr.log",
            PlayerContext::log_name(label)
        ));
        EngineLog::create(&path)
            .map(|log| Some(Arc::new(log)))
            .map_err(|e| {
                BotError::Other(
                    format!("cannot write the engine log {}: {e}", path.display()).into(),
                )
            })
    }
}

/// Resolves a player named on the command line: a built-in spec starting
/// with `bot:`, the path of a strategy file ending in `.json`, a program
/// as `cmd:COMMAND ARGS…`, or the path of a `bot.toml` manifest. Programs
/// are not started here (see [`EngineFactory::create`]).
pub fn parse_player(spec: &str) -> Result<Arc<dyn AgentFactory>, BotError> {
    parse_player_in(spec, &PlayerContext::default())
}

/// [`parse_player`], with engines' stderr logs where `context` says.
pub fn parse_player_in(
    spec: &str,
    context: &PlayerContext,
) -> Result<Arc<dyn AgentFactory>, BotError> {
    let trimmed = spec.trim();
    if trimmed.starts_with("bot:") {
        let parsed: BotSpec = trimmed.parse()?;
        return Ok(Arc::new(BuiltinFactory(parsed)));
    }
    if let Some(command) = trimmed.strip_prefix("cmd:") {
        let mut engine = EngineSpec::from_command_line(command).map_err(|e| match e {
            ExternalError::CommandLine(e) => {
                BotError::from(SpecError::new(spec, SpecProblem::Command(e)))
            }
            e => e.into(),
        })?;
        engine.log = context.log_for(&engine.label)?;
        return Ok(Arc::new(EngineFactory(Arc::new(engine))));
    }
    if trimmed.is_empty() {
        return Err(SpecError::new(spec, SpecProblem::Empty).into());
    }
    let path = Path::new(trimmed);
    if path.file_name().is_some_and(|n| n == MANIFEST) {
        let mut engine = EngineSpec::from_manifest(path)?;
        engine.log = context.log_for(&engine.label)?;
        return Ok(Arc::new(EngineFactory(Arc::new(engine))));
    }
    if path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("json"))
    {
        return super::graph::file_factory(path);
    }
    Err(SpecError::new(spec, SpecProblem::NotAPlayer).into())
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
