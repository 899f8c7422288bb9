//! Programs as players: a `cmd:COMMAND ARGS…` spec (or a `bot.toml`) names a
//! program, in any language, that speaks the engine protocol
//! (`docs/protocol.md`, codec in [`crate::protocol`]) on its standard input
//! and output.
//!
//! One process per game: [`EngineFactory::create`] starts the program and
//! does the handshake, the first move of a game sends `newgame`, and the
//! player's `Drop` ends the process. A process per game keeps games
//! independent (a crash, a leaked state or a slow start touches one game),
//! lets parallel games run in parallel processes, and makes "the engine
//! forfeits" mean "this process is killed"; the cost is one start per game
//! (measured in `docs/protocol.md`).
//!
//! Every wait has a deadline: the handshake [`EngineSpec::start_limit`], each
//! move the game's deadline (its time control or move limit) or else
//! [`EngineSpec::move_limit`], plus [`MOVE_GRACE`]. An engine that overruns
//! it, exits, sends a line that is not a message or says `error` fails the
//! move with an [`ExternalError`] and is killed. An interrupted move
//! (the match stops, the GUI leaves the game) also kills the process; the
//! next move starts a new one, so a stale answer can never be read.

mod log;
mod manifest;
mod process;
pub mod sandbox;

use crate::time::Instant;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use rand::RngExt;

pub use crate::bots::error::{ExternalError, ManifestError, SandboxError};
pub use log::{EngineLog, MAX_LOG_BYTES};
pub use manifest::MANIFEST;
pub use process::{Launch, kill_all_engines};
pub use sandbox::{Limits, Sandbox, SandboxSettings};

use super::{Agent, AgentFactory, BotError, InfoFeed, Interrupt};
use crate::protocol::{FromEngine, NewGame, ToEngine, VERSION, split_command_line};
use crate::rng::GameRng;
use crate::rules::{Coord, Player, Position};
use process::Process;

/// The most `option` lines an engine may send in its handshake.
pub const MAX_OPTIONS: usize = 256;

/// The most bytes an engine may send before `ready`.
pub const MAX_HANDSHAKE_BYTES: usize = 64 * 1024;

/// The time for a move when the game sets none.
pub const DEFAULT_MOVE_LIMIT: Duration = Duration::from_secs(10);

/// The time to start and finish the handshake.
pub const DEFAULT_START_LIMIT: Duration = Duration::from_secs(10);

/// How long past its deadline chainlab waits for a move before it kills the
/// engine (pipes and a loaded machine add a little delay; a match's time
/// control still judges the move by its own margin).
pub const MOVE_GRACE: Duration = Duration::from_millis(250);

/// A program that plays: how to start it and what to tell it.
#[derive(Clone, Debug)]
pub struct EngineSpec {
    /// The name in tables and records: the `cmd:` spec as given, or a
    /// manifest's name.
    pub label: String,
    /// How to start the program.
    pub launch: Launch,
    /// Options to `set` after the handshake (each must be declared by the engine).
    pub options: Vec<(String, String)>,
    /// The time for a move when the game sets none.
    pub move_limit: Duration,
    /// The time to start and finish the handshake.
    pub start_limit: Duration,
    /// Where its stderr lines go, if anywhere.
    pub log: Option<Arc<EngineLog>>,
    /// Whether it runs sandboxed (set by the run's [`crate::bots::PlayerContext`]).
    pub sandbox: Sandbox,
}

impl EngineSpec {
    /// The spec of a command line (split like a shell would, never run
    /// through one), with default limits and no log.
    pub fn from_command_line(line: &str) -> Result<EngineSpec, ExternalError> {
        let mut words = split_command_line(line)?.into_iter();
        let program = words.next().unwrap_or_default();
        Ok(EngineSpec {
            label: format!("cmd:{}", line.trim()),
            launch: Launch {
                program: program.into(),
                args: words.collect(),
                dir: None,
            },
            options: Vec::new(),
            move_limit: DEFAULT_MOVE_LIMIT,
            start_limit: DEFAULT_START_LIMIT,
            log: None,
            sandbox: Sandbox::Off,
        })
    }

    /// The spec of a `bot.toml` manifest (see [`manifest`]).
    pub fn from_manifest(path: &Path) -> Result<EngineSpec, ManifestError> {
        manifest::read(path)
    }
}

/// Makes a new engine process per game.
#[derive(Clone, Debug)]
pub struct EngineFactory(pub Arc<EngineSpec>);

impl AgentFactory for EngineFactory {
    fn label(&self) -> String {
        self.0.label.clone()
    }

    fn create(&self) -> Result<Box<dyn Agent>, BotError> {
        Ok(Box::new(EngineAgent::start(Arc::clone(&self.0))?))
    }

    /// An engine may look at the clock or its own random numbers.
    fn is_deterministic(&self) -> bool {
        false
    }
}

/// A running engine as a player.
pub struct EngineAgent {
    spec: Arc<EngineSpec>,
    process: Option<Process>,
    name: String,
    /// Whether `newgame` was sent to the current process.
    in_game: bool,
    last: Option<Coord>,
    info: InfoFeed,
}

impl EngineAgent {
    /// Starts the engine and does the handshake.
    pub fn start(spec: Arc<EngineSpec>) -> Result<EngineAgent, ExternalError> {
        let mut agent = EngineAgent {
            name: spec.label.clone(),
            spec,
            process: None,
            in_game: false,
            last: None,
            info: InfoFeed::default(),
        };
        agent.process = Some(agent.start_process()?);
        Ok(agent)
    }

    /// The engine's process id, while it runs.
    pub fn pid(&self) -> Option<u32> {
        self.process.as_ref().map(Process::pid)
    }

    /// Starts a new process, does the handshake and sets the options.
    fn start_process(&mut self) -> Result<Process, ExternalError> {
        self.in_game = false;
        let mut process =
            Process::start(&self.spec.launch, self.spec.log.clone(), &self.spec.sandbox)?;
        // An engine that ends shows as a failed send or a failed receive,
        // depending on timing: either way the error says when.
        self.handshake(&mut process)
            .map_err(|e| e.during("before it finished the handshake"))?;
        Ok(process)
    }

    /// The handshake with a started `process`, and the options.
    fn handshake(&mut self, process: &mut Process) -> Result<(), ExternalError> {
        let limit = self.spec.start_limit;
        let deadline = Instant::now() + limit;
        process.send(&ToEngine::Protocol(VERSION))?;
        let mut declared = Vec::new();
        let mut bytes = 0;
        loop {
            let message = match process.receive(deadline, &|| false) {
                Ok(Some(m)) => m,
                Ok(None) => continue,
                Err(ExternalError::Timeout { .. }) => {
                    return Err(ExternalError::StartTimeout {
                        ms: limit.as_millis(),
                    });
                }
                Err(ExternalError::Garbage { line, .. }) => {
                    return Err(ExternalError::NotAnEngine { line });
                }
                Err(e) => return Err(e),
            };
            bytes += message.to_string().len() + 1;
            if bytes > MAX_HANDSHAKE_BYTES {
                return Err(ExternalError::HandshakeFlood(format!(
                    "more than {} KiB before 'ready'",
                    MAX_HANDSHAKE_BYTES / 1024
                )));
            }
            if declared.len() >= MAX_OPTIONS && matches!(message, FromEngine::Option { .. }) {
                return Err(ExternalError::HandshakeFlood(format!(
                    "more than {MAX_OPTIONS} option lines"
                )));
            }
            match message {
                FromEngine::Name(name) if !name.is_empty() => self.name = name,
                FromEngine::Name(_) | FromEngine::Author(_) | FromEngine::Info(_) => {}
                FromEngine::Option { name, .. } => declared.push(name),
                FromEngine::Ready(v) if v == VERSION => break,
                FromEngine::Ready(v) => return Err(ExternalError::Version(v)),
                FromEngine::Error(text) => return Err(ExternalError::Said(text)),
                other @ FromEngine::Move(_) => {
                    return Err(ExternalError::Unexpected(
                        other.to_string(),
                        "the handshake (name, option, ready)",
                    ));
                }
            }
        }
        for (name, value) in &self.spec.options {
            if !declared.contains(name) {
                let declared = if declared.is_empty() {
                    "none".to_string()
                } else {
                    declared.join(", ")
                };
                return Err(ExternalError::NoSuchOption {
                    name: name.clone(),
                    declared,
                });
            }
            process.send(&ToEngine::Set {
                name: name.clone(),
                value: value.clone(),
            })?;
        }
        Ok(())
    }

    /// Asks the engine for its move in `position`: `Ok(None)` when
    /// `interrupt` was raised first. The process is kept only when it
    /// answered; otherwise it is dropped, which ends it.
    fn ask(
        &mut self,
        position: &Position,
        rng: &mut GameRng,
        interrupt: &Interrupt,
    ) -> Result<Option<Coord>, ExternalError> {
        let mut process = match self.process.take() {
            Some(p) => p,
            None => self.start_process()?,
        };
        // As in the handshake: a failed send or receive says when.
        let answer = self
            .exchange(&mut process, position, rng, interrupt)
            .map_err(|e| e.during("while it was to move"))?;
        if answer.is_some() {
            self.process = Some(process);
        }
        Ok(answer)
    }

    /// Sends `newgame` for a game in `position` where the engine plays `seat`.
    fn new_game(
        &mut self,
        process: &mut Process,
        position: &Position,
        seat: Player,
        rng: &mut GameRng,
    ) -> Result<(), ExternalError> {
        process.send(&ToEngine::NewGame(NewGame {
            size: position.size(),
            players: position.player_count(),
            rules: position.rules(),
            seat,
            seed: rng.random(),
        }))?;
        self.in_game = true;
        Ok(())
    }

    /// What arrived unasked: `info` lines are kept; anything else is a
    /// violation (an `error` says why the engine cannot go on).
    fn unasked(&mut self, process: &mut Process) -> Result<(), ExternalError> {
        while let Some(early) = process.try_receive()? {
            match early {
                FromEngine::Info(text) => self.info.push(text),
                FromEngine::Error(text) => return Err(ExternalError::Said(text)),
                other => return Err(ExternalError::Early(other.to_string())),
            }
        }
        Ok(())
    }

    /// Sends `position` (after `newgame` at a game's first move) and reads
    /// the engine's info lines up to its move.
    fn exchange(
        &mut self,
        process: &mut Process,
        position: &Position,
        rng: &mut GameRng,
        interrupt: &Interrupt,
    ) -> Result<Option<Coord>, ExternalError> {
        // Nothing may arrive unasked: a move sent early (or a second line
        // after a move) would otherwise answer the next position.
        self.unasked(process)?;
        if !self.in_game {
            self.new_game(process, position, position.mover(), rng)?;
        }
        let began = Instant::now();
        let limit = interrupt
            .deadline()
            .map_or(self.spec.move_limit, |d| d.saturating_duration_since(began));
        process.send(&ToEngine::Position(Box::new(*position)))?;
        process.send(&ToEngine::Last(self.last))?;
        process.send(&ToEngine::Go {
            ms: u64::try_from(limit.as_millis()).unwrap_or(u64::MAX),
        })?;
        self.info.clear();
        let deadline = began + limit + MOVE_GRACE;
        loop {
            let message = match process.receive(deadline, &|| interrupt.is_raised()) {
                Ok(Some(m)) => m,
                Ok(None) => return Ok(None),
                Err(ExternalError::Timeout { .. }) => {
                    return Err(ExternalError::Timeout {
                        ms: began.elapsed().as_millis(),
                    });
                }
                Err(e) => return Err(e),
            };
            match message {
                FromEngine::Info(text) => self.info.push(text),
                FromEngine::Move(coord) => return Ok(Some(coord)),
                FromEngine::Error(text) => return Err(ExternalError::Said(text)),
                other => {
                    return Err(ExternalError::Unexpected(
                        other.to_string(),
                        "a move R,C or an info line",
                    ));
                }
            }
        }
    }
}

impl Agent for EngineAgent {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn choose_within(
        &mut self,
        position: &Position,
        rng: &mut GameRng,
        interrupt: &Interrupt,
    ) -> Result<Coord, BotError> {
        if position.is_over() {
            return Err(BotError::NoMove);
        }
        match self.ask(position, rng, interrupt) {
            Ok(Some(coord)) => Ok(coord),
            // Stopped while thinking: the answer would come too late, so the
            // process has ended and the next move starts a new one.
            Ok(None) => Err(BotError::Interrupted),
            Err(e) => Err(e.into()),
        }
    }

    fn observe(&mut self, coord: Coord) {
        self.last = Some(coord);
    }

    fn begin(
        &mut self,
        position: &Position,
        seat: Player,
        rng: &mut GameRng,
    ) -> Result<(), BotError> {
        let mut process = match self.process.take() {
            Some(p) => p,
            None => self.start_process()?,
        };
        self.new_game(&mut process, position, seat, rng)
            .map_err(|e| e.during("when the game began"))?;
        self.process = Some(process);
        Ok(())
    }

    fn poll(&mut self) -> Result<(), BotError> {
        let Some(mut process) = self.process.take() else {
            return Ok(());
        };
        // A process that broke the protocol is dropped, which ends it. One
        // that has ended is kept: it is found when it is next to move, and
        // reported then, whether or not its end reached us before that turn.
        match self.unasked(&mut process) {
            Ok(()) | Err(ExternalError::Exited { .. }) => {}
            Err(e) => return Err(e.into()),
        }
        self.process = Some(process);
        Ok(())
    }

    fn info(&self) -> Option<InfoFeed> {
        Some(self.info.clone())
    }
}
