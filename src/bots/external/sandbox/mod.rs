//! The sandbox a program plays in: on Linux, a program (`cmd:` or
//! `bot.toml`) may read its own folder, the system folders an interpreter
//! needs and a scratch folder, write only the scratch folder, open no
//! internet socket, signal nothing outside its sandbox, and use bounded
//! memory, CPU time, processes, file sizes and open files.
//!
//! How, without `unsafe`: chainlab starts the program through itself. The
//! hidden command [`SANDBOX_COMMAND`] (run by [`run_launcher`]) joins its
//! `pids` cgroup where chainlab made one, lowers its own limits
//! (`setrlimit`), drops every capability (so that root cannot raise them
//! back; the kernel never applies the process limit to root, which is what
//! the cgroup is for), restricts itself with Landlock (files, TCP, abstract
//! sockets and signals) and a seccomp filter (no `socket()` at all), and
//! then `exec`s the program, which inherits all of it, with a clean
//! environment.
//!
//! Invariants, argued where they are kept:
//! - A sandboxed program never runs unrestricted: the launcher execs the
//!   program only after every restriction succeeded, and refuses to exec
//!   when Landlock is not enforced at all ([`launcher`]).
//! - Nothing is left behind: chainlab is a child subreaper while sandboxed
//!   programs run, so a descendant that escaped its process group with
//!   `setsid()` is re-parented to chainlab and killed when a game's
//!   program ends ([`reaper`]).
//! - The scratch folder lives exactly as long as the process
//!   ([`Scratch`]'s `Drop`).
//!
//! The policy is data ([`Policy`], [`Limits`]): the class tournament and
//! the app show it, and the launcher's command line carries it.

mod cgroup;
mod jail;
mod launcher;
mod paths;
mod policy;
mod reaper;
mod scratch;
mod support;

use std::path::{Path, PathBuf};
use std::sync::Arc;

pub use cgroup::PidsCgroup;
pub use jail::Jail;
pub use launcher::{SANDBOX_COMMAND, run_launcher};
pub use paths::{DEVICES, find_program, readable_folders};
pub use policy::{Limits, MAX_MEMORY_MB, MIN_MEMORY_MB, Policy};
pub use reaper::sweep_orphans;
pub use scratch::Scratch;
pub use support::{Support, support};

/// Whether the programs of a run are sandboxed, and how.
#[derive(Clone, Debug, Default)]
pub enum Sandbox {
    /// Programs run with chainlab's rights (`--no-sandbox`, or a system
    /// without Landlock).
    #[default]
    Off,
    /// Programs run through the launcher, under these settings.
    On(Arc<SandboxSettings>),
}

/// The settings of a sandboxed run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SandboxSettings {
    /// The chainlab binary that runs [`SANDBOX_COMMAND`] (the running one,
    /// for the command line and the app).
    pub launcher: PathBuf,
    /// The limits every program runs under.
    pub limits: Limits,
    /// Folders every program may read besides its own and the system's
    /// (`--engine-read`).
    pub extra_read: Vec<PathBuf>,
}

impl Sandbox {
    /// Sandboxed through the running chainlab binary, with `limits`, when
    /// the system can sandbox; otherwise [`Sandbox::Off`] and the reason.
    pub fn through_this_binary(
        limits: Limits,
        extra_read: Vec<PathBuf>,
    ) -> (Sandbox, Option<String>) {
        if let Support::Missing(reason) = support() {
            return (Sandbox::Off, Some(reason));
        }
        match std::env::current_exe() {
            // A program embedding the library (a test, a tool) cannot run
            // the launcher's hidden command.
            Ok(exe)
                if !exe
                    .file_stem()
                    .is_some_and(|s| s.to_string_lossy().starts_with("chainlab")) =>
            {
                (
                    Sandbox::Off,
                    Some(format!(
                        "{} is not the chainlab binary, which starts sandboxed programs",
                        exe.display()
                    )),
                )
            }
            Ok(launcher) => (
                Sandbox::On(Arc::new(SandboxSettings {
                    launcher,
                    limits,
                    extra_read,
                })),
                None,
            ),
            Err(e) => (
                Sandbox::Off,
                Some(format!(
                    "cannot find the chainlab binary to start programs through: {e}"
                )),
            ),
        }
    }

    /// Whether programs are sandboxed.
    pub fn is_on(&self) -> bool {
        match self {
            Sandbox::Off => false,
            Sandbox::On(_) => true,
        }
    }
}

/// Whether `name` is a scratch folder's or cgroup's
/// (`chainlab-engine-PID-N`) whose chainlab (PID) no longer runs.
fn is_stale_name(name: &str) -> bool {
    let Some(rest) = name.strip_prefix("chainlab-engine-") else {
        return false;
    };
    let Some((pid, n)) = rest.split_once('-') else {
        return false;
    };
    let numbers = !pid.is_empty()
        && !n.is_empty()
        && pid.bytes().chain(n.bytes()).all(|b| b.is_ascii_digit());
    numbers && pid != std::process::id().to_string() && !Path::new("/proc").join(pid).exists()
}

/// Removes what killed runs left (once per chainlab run, before its first
/// sandboxed program).
fn remove_stale_once() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        if Path::new("/proc/self").exists() {
            scratch::remove_stale();
            cgroup::remove_stale();
        }
    });
}
