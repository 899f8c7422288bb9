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
            .env("TMPDIR", scratch.path());
        adopt_orphans();
        Ok(Jail {
            command,
            scratch,
            cgroup,
        })
    }
}
