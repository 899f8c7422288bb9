//! How a program's start becomes the launcher's: its scratch folder and
//! `pids` cgroup made, the folders it may read found, and the command
//! line of [`super::SANDBOX_COMMAND`] that carries the policy.

use std::path::{Path, PathBuf};
use std::process::Command;

use super::SandboxSettings;
use super::cgroup::PidsCgroup;
use super::launcher::SANDBOX_COMMAND;
use super::paths::{find_program, readable_folders};
use super::policy::Policy;
use super::reaper::adopt_orphans;
use super::scratch::Scratch;
use crate::bots::error::ExternalError;

/// Variables a program gets from chainlab's environment: where programs
/// are and how text is shown; anything else (tokens, `SSH_AUTH_SOCK`,
/// `DISPLAY`, the session bus) stays out. `HOME` is passed as a name only
/// (the folder is not readable) because interpreter managers such as pyenv
/// find themselves through it.
const PASSED: &[&str] = &["PATH", "HOME", "USER", "LOGNAME", "LANG", "LANGUAGE", "TZ"];

/// Prefixes of variables passed too: the locale's, and the interpreter
/// managers' and runtimes' own settings.
const PASSED_PREFIXES: &[&str] = &["LC_", "PYENV_", "JAVA_", "NODE_", "PYTHON"];

/// The variables passed to a program (see [`PASSED`]).
fn passed_environment() -> Vec<(std::ffi::OsString, std::ffi::OsString)> {
    std::env::vars_os()
        .filter(|(name, _)| {
            let name = name.to_string_lossy();
            PASSED.contains(&name.as_ref()) || PASSED_PREFIXES.iter().any(|p| name.starts_with(p))
        })
        .collect()
}

/// A sandboxed start, ready to spawn: the command and what it owns.
#[derive(Debug)]
pub struct Jail {
    /// The launcher's command (stdio and working folder still to set).
    pub command: Command,
    /// The program's scratch folder, to keep until it has ended.
    pub scratch: Scratch,
    /// Its `pids` cgroup, if one could be made.
    pub cgroup: Option<PidsCgroup>,
}

impl Jail {
    /// The sandboxed start of `program` with `args` in `dir` (chainlab's
    /// folder when `None`), under `settings`.
    pub fn prepare(
        settings: &SandboxSettings,
        program: &Path,
        args: &[String],
        dir: Option<&Path>,
    ) -> Result<Jail, ExternalError> {
        super::remove_stale_once();
        let scratch = Scratch::create().map_err(|source| ExternalError::Scratch { source })?;
        let cgroup = PidsCgroup::create(settings.limits.processes);
        let base = dir
            .map(Path::to_path_buf)
            .or_else(|| std::env::current_dir().ok())
            .unwrap_or_default();
        // Looked up here, so that a missing program is named as it is
        // without the sandbox.
        let found = find_program(program, &base).ok_or_else(|| ExternalError::Start {
            program: program.display().to_string(),
            source: std::io::ErrorKind::NotFound.into(),
        })?;
        // chainlab itself is readable too: a program may run `chainlab
        // engine` as its helper.
        let mut read: Vec<PathBuf> = readable_folders(program, args, dir, &settings.extra_read);
        read.push(settings.launcher.clone());
        let policy = Policy {
            read,
            write: scratch.path().to_path_buf(),
            limits: settings.limits,
            cgroup: cgroup.as_ref().map(|c| c.path().to_path_buf()),
        };
        let mut command = Command::new(&settings.launcher);
        command
            .arg(SANDBOX_COMMAND)
            .args(policy.to_args(&found, args))
            .env_clear()
            .envs(passed_environment())
            .env("TMPDIR", scratch.path());
        adopt_orphans();
        Ok(Jail {
            command,
            scratch,
            cgroup,
        })
    }
}
