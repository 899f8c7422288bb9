//! What a player spec names, decided in one place: a built-in (`bot:…`), a
//! strategy file (a path ending in `.json`), a program (`cmd:COMMAND ARGS…`)
//! or a program's `bot.toml` manifest. The command line, the app's seat
//! menus and the class tournament all ask [`PlayerSpec`] instead of looking
//! at prefixes themselves.
//!
//! Classifying is pure: nothing is read or started. A `cmd:` spec's command
//! line is split here (so a quote never closed is a spec error at once); a
//! file or manifest is read only when its factory is made.

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::builtin::{BotSpec, BuiltinFactory};
use super::context::PlayerContext;
pub use super::path::{STRATEGY_EXTENSION, is_strategy_path};
use crate::bots::error::{SpecError, SpecProblem};
use crate::bots::external::{EngineFactory, EngineSpec, ExternalError, MANIFEST};
use crate::bots::{AgentFactory, BotError};
use crate::protocol::split_command_line;

/// The prefix of a built-in player's spec.
pub const BUILTIN_PREFIX: &str = "bot:";
/// The prefix of a program's spec.
pub const PROGRAM_PREFIX: &str = "cmd:";

/// A player spec, classified (see the module docs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerSpec {
    /// A built-in: `bot:KIND[:OPTIONS]`.
    Builtin(BotSpec),
    /// A strategy file: its path.
    Strategy(PathBuf),
    /// A program: its command line as written after `cmd:`.
    Program(String),
    /// A program described by a `bot.toml` manifest: the manifest's path.
    Manifest(PathBuf),
}

/// What kind of player a spec names, without its details.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SpecKind {
    /// `bot:…`
    Builtin,
    /// A path ending in `.json`.
    Strategy,
    /// `cmd:…`
    Program,
    /// A path whose file name is `bot.toml`.
    Manifest,
}

impl PlayerSpec {
    /// Classifies `spec` (surrounding spaces ignored), with what is wrong
    /// with it when it names no player.
    pub fn parse(spec: &str) -> Result<PlayerSpec, SpecError> {
        let trimmed = spec.trim();
        let problem = |problem| SpecError::new(spec, problem);
        match SpecKind::of(trimmed) {
            Some(SpecKind::Builtin) => Ok(PlayerSpec::Builtin(trimmed.parse()?)),
            Some(SpecKind::Program) => {
                let line = trimmed.get(PROGRAM_PREFIX.len()..).unwrap_or_default();
                split_command_line(line).map_err(|e| problem(SpecProblem::Command(e)))?;
                Ok(PlayerSpec::Program(line.to_string()))
            }
            Some(SpecKind::Manifest) => Ok(PlayerSpec::Manifest(PathBuf::from(trimmed))),
            Some(SpecKind::Strategy) => Ok(PlayerSpec::Strategy(PathBuf::from(trimmed))),
            None if trimmed.is_empty() => Err(problem(SpecProblem::Empty)),
            None => Err(problem(SpecProblem::NotAPlayer)),
        }
    }

    /// The kind of player.
    pub fn kind(&self) -> SpecKind {
        match self {
            PlayerSpec::Builtin(_) => SpecKind::Builtin,
            PlayerSpec::Strategy(_) => SpecKind::Strategy,
            PlayerSpec::Program(_) => SpecKind::Program,
            PlayerSpec::Manifest(_) => SpecKind::Manifest,
        }
    }

    /// Whether the player is a program (`cmd:` or a `bot.toml`).
    pub fn is_program(&self) -> bool {
        self.kind().is_program()
    }

    /// The file the spec names (a strategy file or a manifest), if any.
    pub fn path(&self) -> Option<&Path> {
        match self {
            PlayerSpec::Strategy(path) | PlayerSpec::Manifest(path) => Some(path),
            PlayerSpec::Builtin(_) | PlayerSpec::Program(_) => None,
        }
    }

    /// Makes the factory of the player, with engines' stderr logs where
    /// `context` says. A strategy file or manifest is read here; a program
    /// is not started (see [`EngineFactory::create`]).
    pub fn factory_in(&self, context: &PlayerContext) -> Result<Arc<dyn AgentFactory>, BotError> {
        match self {
            PlayerSpec::Builtin(spec) => Ok(Arc::new(BuiltinFactory::new(spec.clone())?)),
            PlayerSpec::Program(line) => {
                let engine = EngineSpec::from_command_line(line).map_err(|e| match e {
                    ExternalError::CommandLine(e) => BotError::from(SpecError::new(
                        format!("{PROGRAM_PREFIX}{line}"),
                        SpecProblem::Command(e),
                    )),
                    e => e.into(),
                })?;
                engine_factory(engine, context)
            }
            PlayerSpec::Manifest(path) => engine_factory(EngineSpec::from_manifest(path)?, context),
            PlayerSpec::Strategy(path) => crate::bots::graph::file_factory(path),
        }
    }
}

/// The factory of `engine`, its log opened where `context` says.
fn engine_factory(
    mut engine: EngineSpec,
    context: &PlayerContext,
) -> Result<Arc<dyn AgentFactory>, BotError> {
    engine.log = context.log_for(&engine.label)?;
    engine.sandbox = context.sandbox.clone();
    for (name, value) in &context.engine_options {
        engine.options.retain(|(n, _)| n != name);
        engine.options.push((name.clone(), value.clone()));
    }
    Ok(Arc::new(EngineFactory(Arc::new(engine))))
}

impl SpecKind {
    /// The kind `spec` names by its form alone (leading and trailing spaces
    /// ignored), `None` when it names none.
    pub fn of(spec: &str) -> Option<SpecKind> {
        let spec = spec.trim();
        if spec.starts_with(BUILTIN_PREFIX) {
            return Some(SpecKind::Builtin);
        }
        if spec.starts_with(PROGRAM_PREFIX) {
            return Some(SpecKind::Program);
        }
        if spec.is_empty() {
            return None;
        }
        let path = Path::new(spec);
        if path.file_name().is_some_and(|n| n == MANIFEST) {
            return Some(SpecKind::Manifest);
        }
        is_strategy_path(path).then_some(SpecKind::Strategy)
    }

    /// Whether it is a program (`cmd:` or a `bot.toml`).
    pub fn is_program(self) -> bool {
        match self {
            SpecKind::Program | SpecKind::Manifest => true,
            SpecKind::Builtin | SpecKind::Strategy => false,
        }
    }
}

impl fmt::Display for PlayerSpec {
    /// The spec as it would be typed (a built-in in its canonical form).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerSpec::Builtin(spec) => write!(f, "{spec}"),
            PlayerSpec::Strategy(path) | PlayerSpec::Manifest(path) => {
                write!(f, "{}", path.display())
            }
            PlayerSpec::Program(line) => write!(f, "{PROGRAM_PREFIX}{line}"),
        }
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
    PlayerSpec::parse(spec)?.factory_in(context)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_are_classified_by_form() {
        for (text, kind) in [
            ("bot:greedy", Some(SpecKind::Builtin)),
            ("  cmd:python3 bot.py ", Some(SpecKind::Program)),
            ("subs/alice/bot.toml", Some(SpecKind::Manifest)),
            ("strategies/08-expert.JSON", Some(SpecKind::Strategy)),
            ("greedy", None),
            ("", None),
            ("notes.toml", None),
        ] {
            assert_eq!(SpecKind::of(text), kind, "{text}");
            if let Ok(spec) = PlayerSpec::parse(text) {
                assert_eq!(Some(spec.kind()), kind);
            }
        }
        assert!(PlayerSpec::parse("cmd:x 'open").is_err());
        assert!(PlayerSpec::parse("bot.toml").unwrap().is_program());
        assert_eq!(
            PlayerSpec::parse(" bot:EXPERT:depth=2 ")
                .unwrap()
                .to_string(),
            "bot:expert:depth=2"
        );
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

    #[test]
    fn every_builtin_makes_a_player() {
        for info in crate::bots::builtins() {
            assert!(parse_player(&info.spec).is_ok(), "{}", info.spec);
        }
    }
}
