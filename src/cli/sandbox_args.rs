//! The sandbox options every command that runs programs shares
//! (`--no-sandbox`, `--engine-memory`, `--engine-read`), and what a
//! command does where this system cannot sandbox.

use std::path::PathBuf;

use chainlab::arena::MatchConfig;
use chainlab::bots::SpecKind;
use chainlab::bots::external::DEFAULT_MOVE_LIMIT;
use chainlab::bots::external::sandbox::{
    Limits, MAX_MEMORY_MB, MIN_MEMORY_MB, Sandbox, Support, support,
};

use super::Failure;

/// How programs (`cmd:`, `bot.toml`) are run.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct SandboxArgs {
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
}

/// Whether the run may go on unsandboxed where the system cannot sandbox.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WhenMissing {
    /// Warn once and go on (`match`, `engine`, the app).
    Warn,
    /// Refuse, unless `--no-sandbox` was given (`tournament --dir`).
    Refuse,
}

impl SandboxArgs {
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
            (None, _) => {
                if let Support::Partial(what) = support() {
                    errln!("chainlab: warning: the program sandbox is partial: {what}");
                }
                Ok(sandbox)
            }
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
