//! Why a player cannot be made or cannot choose, kept structured: a spec
//! that is not understood (and what is wrong in it), a strategy file that
//! does not load, a graph that does not compile or evaluate, a program that
//! cannot be started or forfeits ([`ExternalError`]; its errors read well
//! after "forfeits: " in a game record), a `bot.toml` that cannot be used
//! ([`ManifestError`], naming the file). Text is made from them only at the
//! edges (`cli`, `gui`).
//!
//! Convention (the same in `arena`): the `Display` of every error is its
//! whole one-line message, the cause's text included, so the messages are
//! those of the flat strings these variants replaced; `source()` exposes the
//! typed cause for code that asks. A caller prints `Display` only, never the
//! `source()` chain as well.

use std::fmt;
use std::path::PathBuf;

use super::kind::BotKind;
use crate::eval::EvalError;
use crate::protocol::{CommandLineError, MAX_LINE_BYTES, MessageError, VERSION};
use crate::strategy::StrategyError;

/// Why a player could not be made or could not choose a move.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum BotError {
    /// The position has no move to choose (the game is over).
    #[error("there is no move to choose: the game is over")]
    NoMove,
    /// The interrupt fired before the search valued every move once.
    #[error("stopped before every move was searched once")]
    Interrupted,
    /// A player spec that is not understood (see `docs/players.md`).
    #[error("{0}")]
    Spec(#[from] SpecError),
    /// A strategy file that cannot be loaded (its error names the file).
    #[error("{source}")]
    Strategy {
        /// The file.
        path: PathBuf,
        /// Why it does not load.
        #[source]
        source: StrategyError,
    },
    /// A strategy that does not compile (validation errors, no Cell value).
    #[error("{label}: {source}")]
    Compile {
        /// The strategy's label (a file's stem).
        label: String,
        /// Why it does not compile.
        #[source]
        source: EvalError,
    },
    /// A compiled strategy that could not value the position.
    #[error("{name}: {source}")]
    Eval {
        /// The player's name.
        name: String,
        /// Why the evaluation failed.
        #[source]
        source: EvalError,
    },
    /// The perfect player on a board or game the solver refuses.
    #[error("bot:perfect: {0}")]
    Solve(#[from] crate::solve::SolveError),
    /// An external program (a `cmd:` player) that cannot start or failed.
    #[error("{0}")]
    External(#[from] ExternalError),
    /// A `bot.toml` manifest that cannot be used (its error names the file).
    #[error("{0}")]
    Manifest(#[from] ManifestError),
    /// The failure of a player defined outside this crate, with its own error
    /// (`BotError::Other("why".into())` for a plain message).
    #[error("{0}")]
    Other(#[source] Box<dyn std::error::Error + Send + Sync>),
}

/// A player spec that is not understood: the spec as given and what is
/// wrong with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpecError {
    /// The spec as given.
    pub spec: String,
    /// What is wrong with it.
    pub problem: SpecProblem,
}

impl SpecError {
    /// The error of `spec` with `problem`.
    pub fn new(spec: impl Into<String>, problem: SpecProblem) -> SpecError {
        SpecError {
            spec: spec.into(),
            problem,
        }
    }
}

impl fmt::Display for SpecError {
    /// `player 'SPEC': PROBLEM`; an empty spec is named by its problem alone.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.problem {
            SpecProblem::Empty => write!(f, "{}", self.problem),
            _ => write!(
                f,
                "player '{}': {}",
                crate::input::clipped(&self.spec),
                self.problem
            ),
        }
    }
}

impl std::error::Error for SpecError {}

/// What is wrong with a player spec.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SpecProblem {
    /// Nothing was given.
    #[error(
        "empty player: expected a built-in such as bot:greedy, a strategy file ending in .json or a program as cmd:COMMAND"
    )]
    Empty,
    /// Neither a built-in spec, a strategy file nor a program.
    #[error(
        "expected a built-in such as bot:greedy (see 'chainlab players'), a strategy file ending in .json, a program as cmd:COMMAND ARGS or a bot.toml"
    )]
    NotAPlayer,
    /// A `cmd:` spec whose command line cannot be split.
    #[error("{0}")]
    Command(CommandLineError),
    /// A built-in spec without its `bot:` prefix.
    #[error("a built-in player starts with 'bot:'")]
    NoPrefix,
    /// A built-in kind that does not exist.
    #[error(
        "unknown built-in '{name}': expected one of {} (see 'chainlab players')",
        kind_names()
    )]
    UnknownKind {
        /// The kind as written.
        name: String,
    },
    /// An option without `=VALUE`.
    #[error("option '{option}' needs a value, as in depth=3")]
    NoValue {
        /// The option as written.
        option: String,
    },
    /// An option the kind does not take.
    #[error("unknown option '{key}': bot:{} {}", .kind.name(), accepted(*.kind))]
    UnknownOption {
        /// The kind of the spec.
        kind: BotKind,
        /// The option's name (lowercase).
        key: String,
    },
    /// A number that does not parse or is out of its range.
    #[error("{key} must be a whole number of {unit} from {min} to {max}, not '{value}'")]
    BadNumber {
        /// The option.
        key: &'static str,
        /// The value as written.
        value: String,
        /// The smallest value accepted.
        min: u64,
        /// The largest value accepted.
        max: u64,
        /// What the number counts ("plies").
        unit: &'static str,
    },
    /// A `graph=` that does not name a strategy file.
    #[error("graph must be a strategy file ending in .json (without ','), not '{value}'")]
    BadGraph {
        /// The value as written.
        value: String,
    },
    /// A `graph=` file that cannot be loaded or compiled.
    #[error("graph={path}: {message}")]
    GraphFile {
        /// The path as written.
        path: String,
        /// Why it cannot be used.
        message: String,
    },
    /// `width=` without `graph=`.
    #[error("width needs graph=FILE: the graph chooses the moves a node keeps")]
    WidthWithoutGraph,
    /// An evaluation that is not `expert` or `balanced`.
    #[error("eval must be expert or balanced, not '{value}'")]
    BadEval {
        /// The value as written.
        value: String,
    },
}

/// The built-in kinds, comma separated.
fn kind_names() -> String {
    let names: Vec<&str> = BotKind::ALL.iter().map(|k| k.name()).collect();
    names.join(", ")
}

/// What options `kind` accepts, in words.
fn accepted(kind: BotKind) -> String {
    match kind.options() {
        [] => "takes no options".to_string(),
        list => {
            let names: Vec<&str> = list.iter().map(|o| o.name()).collect();
            format!("accepts {}", names.join(", "))
        }
    }
}

/// Why an engine (a `cmd:` player) failed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ExternalError {
    /// The command line cannot be split.
    #[error("{0}")]
    CommandLine(#[from] CommandLineError),
    /// The program cannot be started.
    #[error("cannot start '{program}': {}", start_reason(.source))]
    Start {
        /// The program as given.
        program: String,
        /// The operating system's reason.
        #[source]
        source: std::io::Error,
    },
    /// The sandbox's scratch folder could not be made.
    #[error("cannot make the program's scratch folder: {source}")]
    Scratch {
        /// The operating system's reason.
        #[source]
        source: std::io::Error,
    },
    /// chainlab could not start the threads that talk to the engine.
    #[error("cannot start the threads that talk to the engine: {source}")]
    Threads {
        /// The operating system's reason.
        #[source]
        source: std::io::Error,
    },
    /// The engine did not answer a move in time (it was killed).
    #[error("did not answer within {ms} ms, so it was stopped")]
    Timeout {
        /// How long chainlab waited.
        ms: u128,
    },
    /// The engine did not finish the handshake in time (it was killed).
    #[error(
        "did not finish the handshake within {ms} ms (is it an engine for the chainlab protocol? see docs/protocol.md)"
    )]
    StartTimeout {
        /// How long chainlab waited.
        ms: u128,
    },
    /// The first answer is not part of the handshake.
    #[error(
        "does not speak the chainlab protocol: it answered '{line}' to 'protocol {VERSION}' (see docs/protocol.md)"
    )]
    NotAnEngine {
        /// What it answered.
        line: String,
    },
    /// The engine stopped: it exited, crashed or closed its output.
    #[error("{status}{}", quote_stderr(.stderr))]
    Exited {
        /// How it ended ("exited with code 1").
        status: String,
        /// Its last stderr lines, joined with " | ".
        stderr: String,
    },
    /// A line that is not a message of the protocol.
    #[error("sent an unreadable line: {error}")]
    Garbage {
        /// The line.
        line: String,
        /// Why it is not a message.
        error: MessageError,
    },
    /// A message that does not belong where it came.
    #[error("sent '{0}' where {1} was expected")]
    Unexpected(String, &'static str),
    /// A message sent when no answer was pending.
    #[error("sent '{0}' before it was asked to move")]
    Early(String),
    /// A handshake too long to be one.
    #[error("sent {0} in its handshake")]
    HandshakeFlood(String),
    /// A line longer than the protocol allows.
    #[error("sent a line longer than {MAX_LINE_BYTES} bytes")]
    LineTooLong,
    /// Bytes that are not UTF-8.
    #[error("sent bytes that are not UTF-8 text")]
    NotUtf8,
    /// The engine said it cannot go on.
    #[error("said: error {0}")]
    Said(String),
    /// The engine speaks another version of the protocol.
    #[error("speaks protocol version {0}; this chainlab speaks version {VERSION}")]
    Version(u32),
    /// An option was set that the engine did not declare.
    #[error("has no option '{name}' (its options: {declared})")]
    NoSuchOption {
        /// The option asked for.
        name: String,
        /// The options it declared, comma separated, or "none".
        declared: String,
    },
}

/// Why a program could not be started in its sandbox (said by the
/// launcher, on the program's stderr, before the program would have run).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SandboxError {
    /// The launcher's own command line is wrong (chainlab wrote it, so a
    /// person typed it).
    #[error("the sandbox launcher: {0}")]
    Usage(String),
    /// A limit could not be set.
    #[error("cannot limit the program's {what}: {source}")]
    Limit {
        /// Which limit.
        what: &'static str,
        /// The operating system's reason.
        #[source]
        source: std::io::Error,
    },
    /// Landlock refused the rules.
    #[error("cannot sandbox the program: {0}")]
    Landlock(String),
    /// The socket filter could not be built or applied.
    #[error("cannot filter the program's sockets: {0}")]
    Seccomp(String),
    /// This system cannot sandbox programs, and why.
    #[error(
        "cannot sandbox programs here: {0} (run with --no-sandbox to run them with your rights)"
    )]
    Unsupported(String),
    /// The program could not be started once sandboxed.
    #[error("cannot start '{program}' in the sandbox: {}", start_reason(.source))]
    Exec {
        /// The program.
        program: String,
        /// The operating system's reason.
        #[source]
        source: std::io::Error,
    },
}

/// The operating system's reason to refuse starting a program, in words.
fn start_reason(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => {
            "no such program (give a path such as ./bot, or a program on PATH)".to_string()
        }
        std::io::ErrorKind::PermissionDenied => {
            "permission denied (is it executable? try chmod +x, or name its interpreter, as in cmd:python3 bot.py)"
                .to_string()
        }
        _ => e.to_string(),
    }
}

/// "; its stderr: …" when there is something to quote.
fn quote_stderr(stderr: &str) -> String {
    if stderr.is_empty() {
        String::new()
    } else {
        format!("; its last stderr lines: {stderr}")
    }
}

impl ExternalError {
    /// The same error, an exit saying when it happened ("exited with code
    /// 0 before it finished the handshake").
    pub fn during(self, when: &str) -> ExternalError {
        match self {
            ExternalError::Exited { status, stderr } => ExternalError::Exited {
                status: format!("{status} {when}"),
                stderr,
            },
            e => e,
        }
    }
}

/// Why a manifest cannot be used; every message names the file.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ManifestError {
    /// The file cannot be read (or is too large, or not UTF-8).
    #[error("{path}: {source}")]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        #[source]
        source: crate::input::InputError,
    },
    /// Not valid TOML, or not the fields of a manifest.
    #[error("{path}: {message}")]
    Toml {
        /// The file.
        path: PathBuf,
        /// The parser's message, on one line.
        message: String,
    },
    /// A command that cannot be split.
    #[error("{path}: command: {source}")]
    Command {
        /// The file.
        path: PathBuf,
        /// Why.
        #[source]
        source: CommandLineError,
    },
    /// A value out of range.
    #[error("{path}: {message}")]
    Value {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        message: String,
    },
}
