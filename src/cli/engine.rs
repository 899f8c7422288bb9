//! `chainlab engine PLAYER`: any chainlab player (a built-in, a strategy
//! file, even another engine) as an engine of the protocol in
//! `docs/protocol.md`, on stdin and stdout. Other tools, and chainlab itself
//! through `cmd:`, can then play it; a build of another commit plays a
//! build of this one.
//!
//! It never exits on a message it does not understand: it answers `info`
//! saying what it ignored, as engines of other protocols do, and `error`
//! only where it cannot move. It ends at `quit` or at the end of its input.

use std::io::Write;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use chainlab::bots::{Agent, AgentFactory, Interrupt};
use chainlab::input::Lines;
use chainlab::protocol::{FromEngine, MAX_LINE_BYTES, ToEngine, VERSION};
use chainlab::rng::{GameRng, rng_from_seed};
use chainlab::rules::Position;

use super::arena_args::player_in;
use super::program_args::{ProgramArgs, WhenMissing};
use super::{CmdResult, EXIT_CLOSED, Failure};
use chainlab::arena::MatchConfig;

/// Arguments of `chainlab engine`.
#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:\n  \
chainlab engine bot:master\n  \
chainlab match 'cmd:chainlab engine bot:greedy' bot:greedy --games 100\n\n\
The protocol is described, with a whole session, in docs/protocol.md.")]
pub struct Args {
    /// The player: a built-in such as bot:greedy, a strategy file ending in
    /// .json, or a program as cmd:COMMAND.
    #[arg(value_name = "PLAYER")]
    player: String,
    #[command(flatten)]
    programs: ProgramArgs,
}

/// Part of a move's time kept back for the pipes: a tenth, at most 50 ms.
fn reserve(ms: u64) -> Duration {
    Duration::from_millis((ms / 10).min(50))
}

/// The engine's state between messages.
struct Session {
    factory: std::sync::Arc<dyn AgentFactory>,
    agent: Option<Box<dyn Agent>>,
    rng: GameRng,
    position: Option<Position>,
}

/// Runs `chainlab engine`.
pub fn run(args: &Args) -> CmdResult {
    super::cancel::end_engines_on_signal()?;
    // The games' sizes are not known yet: the CPU allowance of the
    // default board's, as for a match.
    let contexts = args.programs.contexts(
        &[&args.player],
        &MatchConfig::default(),
        None,
        WhenMissing::Warn,
    )?;
    let context = contexts.first().cloned().unwrap_or_default();
    let factory = player_in(&args.player, &context)?;
    let mut session = Session {
        factory,
        agent: None,
        rng: rng_from_seed(0),
        position: None,
    };
    let stdin = std::io::stdin().lock();
    for line in Lines::new(stdin, MAX_LINE_BYTES) {
        let (_, line) = line.map_err(|e| Failure::new(format!("reading stdin: {e}")))?;
        if line.trim().is_empty() {
            continue;
        }
        let replies = match line.parse::<ToEngine>() {
            Ok(ToEngine::Quit) => return Ok(ExitCode::SUCCESS),
            Ok(message) => session.answer(message),
            Err(e) => vec![FromEngine::Info(format!("ignored: {e}"))],
        };
        send(&replies)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Writes the replies, one line each, and flushes.
fn send(replies: &[FromEngine]) -> Result<(), Failure> {
    let mut out = std::io::stdout().lock();
    let written = replies
        .iter()
        .try_for_each(|r| writeln!(out, "{r}"))
        .and_then(|()| out.flush());
    // The other side has gone: nothing left to do.
    written.map_err(|_| Failure::with_code(EXIT_CLOSED, ""))
}

impl Session {
    /// The replies to one message.
    fn answer(&mut self, message: ToEngine) -> Vec<FromEngine> {
        match message {
            ToEngine::Protocol(version) => {
                let mut replies = vec![FromEngine::Name(self.factory.label())];
                if version != VERSION {
                    replies.push(FromEngine::Info(format!(
                        "asked for protocol {version}; this engine speaks {VERSION}"
                    )));
                }
                replies.push(FromEngine::Ready(VERSION));
                replies
            }
            ToEngine::Set { name, .. } => vec![FromEngine::Info(format!(
                "ignored: this engine has no option '{name}'"
            ))],
            ToEngine::NewGame(game) => {
                self.rng = rng_from_seed(game.seed);
                self.position = None;
                self.agent = None;
                match self.factory.create() {
                    Ok(agent) => {
                        self.agent = Some(agent);
                        Vec::new()
                    }
                    Err(e) => vec![FromEngine::Error(e.to_string())],
                }
            }
            ToEngine::Position(position) => {
                self.position = Some(*position);
                Vec::new()
            }
            ToEngine::Last(coord) => {
                if let (Some(agent), Some(coord)) = (self.agent.as_mut(), coord) {
                    agent.observe(coord);
                }
                Vec::new()
            }
            ToEngine::Go { ms } => self.go(ms),
            ToEngine::Quit => Vec::new(),
        }
    }

    /// Chooses a move within `ms` milliseconds.
    fn go(&mut self, ms: u64) -> Vec<FromEngine> {
        let began = Instant::now();
        let Some(position) = self.position else {
            return vec![FromEngine::Error("'go' before any 'position'".into())];
        };
        if self.agent.is_none() {
            match self.factory.create() {
                Ok(agent) => self.agent = Some(agent),
                Err(e) => return vec![FromEngine::Error(e.to_string())],
            }
        }
        let Some(agent) = self.agent.as_mut() else {
            return Vec::new();
        };
        let budget = Duration::from_millis(ms).saturating_sub(reserve(ms));
        let interrupt = Interrupt::never().with_deadline(began + budget);
        match agent.choose_within(&position, &mut self.rng, &interrupt) {
            Ok(coord) => {
                // What the player reports (a search: depth, value, nodes), then the time.
                let mut replies: Vec<FromEngine> = agent
                    .info()
                    .map(|feed| feed.lines().into_iter().map(FromEngine::Info).collect())
                    .unwrap_or_default();
                replies.push(FromEngine::Info(format!(
                    "chose {coord} in {} ms",
                    began.elapsed().as_millis()
                )));
                replies.push(FromEngine::Move(coord));
                replies
            }
            Err(e) => vec![FromEngine::Error(e.to_string())],
        }
    }
}
