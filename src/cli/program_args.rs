//! The sandbox options every command that runs programs shares
//! (`--no-sandbox`, `--engine-memory`, `--engine-read`), and what a
//! command does where this system cannot sandbox.

use std::path::PathBuf;

use chainlab::arena::MatchConfig;
use chainlab::bots::external::DEFAULT_MOVE_LIMIT;
use chainlab::bots::external::sandbox::{
    Limits, MAX_MEMORY_MB, MIN_MEMORY_MB, Sandbox, Support, support,
};
use chainlab::bots::{PlayerContext, SpecKind};

use super::Failure;

/// How programs (`cmd:`, `bot.toml`) are run.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct ProgramArgs {
    /// Run programs with your own rights, without the sandbox (see docs/protocol.md).
    #[arg(long)]
    pub no_sandbox: bool,
    /// Memory a sandboxed program may use, in MB.
    #[arg(long, value_name = "MB", default_value_t = Limits::default().memory_mb)]
    pub engine_memory: u64,
    /// A folder sandboxed programs may also read (repeatable), e.g. where a
    /// runtime is installed outside /usr.
    #[arg(long, value_name = "PATH")]
    pub engine_read: Vec<PathBuf>,
    /// Set an option a program declares: PLAYER:NAME=VALUE, where PLAYER is
    /// the player as given, its letter (A, B, …) or its number (1, 2, …).
    #[arg(long, value_name = "PLAYER:NAME=VALUE")]
    pub engine_option: Vec<String>,
}

/// One `--engine-option`: whom it is for, and the option.
struct EngineOption<'a> {
    player: &'a str,
    name: &'a str,
    value: &'a str,
}

impl<'a> EngineOption<'a> {
    /// Reads `PLAYER:NAME=VALUE` (the player may hold colons, the name may not).
    fn parse(text: &'a str) -> Result<EngineOption<'a>, Failure> {
        let usage = || {
            Failure::usage(format!(
                "--engine-option {}: give PLAYER:NAME=VALUE, as in A:depth=3",
                super::shown(text)
            ))
        };
        let (left, value) = text.split_once('=').ok_or_else(usage)?;
        let (player, name) = left.rsplit_once(':').ok_or_else(usage)?;
        let (player, name) = (player.trim(), name.trim());
        if player.is_empty() || name.is_empty() || name.contains(char::is_whitespace) {
            return Err(usage());
        }
        Ok(EngineOption {
            player,
            name,
            value,
        })
    }

    /// Whether it names the player `spec`, given `index`-th (from 0).
    fn names(&self, index: usize, spec: &str) -> bool {
        let letter = u8::try_from(index)
            .ok()
            .filter(|i| *i < 26)
            .map(|i| char::from(b'A' + i));
        self.player == spec.trim()
            || self.player == (index + 1).to_string()
            || letter.is_some_and(|l| self.player.len() == 1 && self.player.starts_with(l))
    }
}

/// Whether the run may go on unsandboxed where the system cannot sandbox.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WhenMissing {
    /// Warn once and go on (`match`, `engine`, the app).
    Warn,
    /// Refuse, unless `--no-sandbox` was given (`tournament --dir`).
    Refuse,
}

impl ProgramArgs {
    /// The context of each player of a run between `specs` (in order):
    /// engine logs beside `records`, the sandbox, and each program's
    /// `--engine-option`s. An option for no player, or for a player that
    /// is not a program, is a usage error.
    pub fn contexts(
        &self,
        specs: &[&str],
        config: &MatchConfig,
        records: Option<&std::path::Path>,
        when_missing: WhenMissing,
    ) -> Result<Vec<PlayerContext>, Failure> {
        let sandbox = self.for_run(specs, config, when_missing)?;
        let options = self
            .engine_option
            .iter()
            .map(|o| EngineOption::parse(o))
            .collect::<Result<Vec<_>, _>>()?;
        for option in &options {
            let target = specs.iter().enumerate().find(|(i, s)| option.names(*i, s));
            match target {
                None => {
                    return Err(Failure::usage(format!(
                        "--engine-option: no player is '{}' (name one as given, by letter or by number)",
                        super::shown(option.player)
                    )));
                }
                Some((_, spec)) if !SpecKind::of(spec).is_some_and(SpecKind::is_program) => {
                    return Err(Failure::usage(format!(
                        "--engine-option: {} is not a program (cmd: or bot.toml); built-ins take options in their spec, as in bot:expert:depth=4",
                        super::shown(spec)
                    )));
                }
                Some(_) => {}
            }
        }
        Ok(specs
            .iter()
            .enumerate()
            .map(|(i, spec)| {
                let mut context =
                    records.map_or_else(PlayerContext::default, PlayerContext::beside);
                context.sandbox = sandbox.clone();
                context.engine_options = options
                    .iter()
                    .filter(|o| o.names(i, spec))
                    .map(|o| (o.name.to_string(), o.value.to_string()))
                    .collect();
                context
            })
            .collect())
    }

    /// The sandbox of a run of `config` between `specs`.
    pub fn for_run(
        &self,
        specs: &[&str],
        config: &MatchConfig,
        when_missing: WhenMissing,
    ) -> Result<Sandbox, Failure> {
        let has_programs = specs
            .iter()
            .any(|s| SpecKind::of(s).is_some_and(SpecKind::is_program));
        self.sandbox(has_programs, cpu_seconds(config), when_missing)
    }

    /// The sandbox of a run whose players include a program when
    /// `has_programs`; `cpu_seconds` is the game's CPU allowance.
    pub fn sandbox(
        &self,
        has_programs: bool,
        cpu_seconds: u64,
        when_missing: WhenMissing,
    ) -> Result<Sandbox, Failure> {
        if !(MIN_MEMORY_MB..=MAX_MEMORY_MB).contains(&self.engine_memory) {
            return Err(Failure::usage(format!(
                "--engine-memory {}: give a number of MB from {MIN_MEMORY_MB} to {MAX_MEMORY_MB}",
                self.engine_memory
            )));
        }
        if self.no_sandbox || !has_programs {
            return Ok(Sandbox::Off);
        }
        let limits = Limits {
            memory_mb: self.engine_memory,
            cpu_seconds,
            ..Limits::default()
        };
        let (sandbox, missing) = Sandbox::through_this_binary(limits, self.engine_read.clone());
        match (missing, when_missing) {
            (None, when) => match (support(), when) {
                // A class tournament's programs are untrusted: without
                // signal scoping one could kill its opponent, without
                // network rules reach the network.
                (Support::Partial(what), WhenMissing::Refuse) => Err(Failure::usage(format!(
                    "cannot fully sandbox the submitted programs: {what}; give --no-sandbox to run them with your rights"
                ))),
                (Support::Partial(what), WhenMissing::Warn) => {
                    errln!("chainlab: warning: the program sandbox is partial: {what}");
                    Ok(sandbox)
                }
                _ => Ok(sandbox),
            },
            (Some(reason), WhenMissing::Warn) => {
                errln!(
                    "chainlab: warning: programs run unsandboxed, with your rights: {reason} (give --no-sandbox to say so and hide this warning)"
                );
                Ok(Sandbox::Off)
            }
            (Some(reason), WhenMissing::Refuse) => Err(Failure::usage(format!(
                "cannot sandbox the submitted programs: {reason}; give --no-sandbox to run them with your rights"
            ))),
        }
    }
}

/// The CPU seconds a program may use in one game of `config`: its time per
/// move (the move limit, the time control with its margin, or the
/// engines' default) for each of its moves in the longest standard game
/// on the board (`1 + Σ(capacity − 1)` placements), plus half a minute to
/// start.
pub fn cpu_seconds(config: &MatchConfig) -> u64 {
    let per_move = config
        .time_control
        .map(|t| t.per_move + t.margin)
        .or(config.move_limit)
        .unwrap_or(DEFAULT_MOVE_LIMIT);
    let (rows, cols) = (config.size.rows() as u64, config.size.cols() as u64);
    let placements = 1 + 2 * (rows * (cols - 1) + cols * (rows - 1)) - rows * cols;
    let moves = placements.div_ceil(2);
    moves
        .saturating_mul(per_move.as_millis().div_ceil(1000) as u64)
        .saturating_add(30)
}

/// How a run's programs ran, for its report: `None` when it had none.
pub fn sandbox_summary(specs: &[&str], contexts: &[PlayerContext]) -> Option<(bool, String)> {
    let programs = specs
        .iter()
        .any(|s| SpecKind::of(s).is_some_and(SpecKind::is_program));
    if !programs {
        return None;
    }
    Some(match contexts.first().map(|c| &c.sandbox) {
        Some(Sandbox::On(settings)) => (true, format!("sandboxed ({})", settings.limits)),
        _ => (
            false,
            "NOT sandboxed: every game ran its programs with your rights".to_string(),
        ),
    })
}
