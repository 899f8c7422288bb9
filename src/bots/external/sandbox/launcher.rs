//! The launcher: the hidden command through which chainlab starts a
//! sandboxed program. It restricts its own process, in this order, and
//! then `exec`s the program, which keeps every restriction:
//! 1. limits (`setrlimit`): memory as `RLIMIT_DATA`, CPU seconds,
//!    processes (those running now plus the allowance), file size, open
//!    files, and no core files;
//! 2. capabilities: all dropped, from the bounding set too, so that a
//!    program run by root cannot raise its limits back and is held to the
//!    process limit (which the kernel does not apply to root otherwise);
//! 3. Landlock: read and execute beneath the policy's read folders, read
//!    and write beneath its write folder and the harmless devices, nothing
//!    else; no TCP bind or connect; abstract UNIX sockets and signals
//!    scoped to the sandbox;
//! 4. seccomp: `socket` fails with `EACCES` for every family: no UDP, raw
//!    or packet sockets, which Landlock does not cover, and no UNIX socket
//!    either, as connecting to a socket file outside (the system's D-Bus,
//!    an SSH agent, a display) is not checked by Landlock; `socketpair`
//!    stays for runtimes' internal pipes. `io_uring_setup` fails with
//!    `ENOSYS` (io_uring would bypass the filter).
//!
//!
//! Before all of these it joins its `pids` cgroup when chainlab made one
//! (the process limit for root, see [`super::cgroup`]).
//!
//! Invariant: if any step fails, the program is not run (the launcher
//! exits with the reason on stderr, which the engine's forfeit quotes);
//! a kernel without Landlock at all is such a failure.

use std::ffi::OsString;

use super::policy::Policy;
use crate::bots::error::SandboxError;

/// The hidden command of the chainlab binary that runs the launcher.
pub const SANDBOX_COMMAND: &str = "__sandbox";

/// Runs the launcher with its arguments (those after [`SANDBOX_COMMAND`]):
/// returns only if the program could not be started sandboxed, with why.
pub fn run_launcher(args: impl IntoIterator<Item = OsString>) -> SandboxError {
    let (policy, program, rest) = match Policy::from_args(args) {
        Ok(parsed) => parsed,
        Err(e) => return e,
    };
    if let Err(e) = linux::enter(&policy) {
        return e;
    }
    exec(&program, &rest)
}

/// Replaces this process with `program`; returns only on failure.
#[cfg(unix)]
fn exec(program: &OsString, args: &[OsString]) -> SandboxError {
    use std::os::unix::process::CommandExt;
    let source = std::process::Command::new(program).args(args).exec();
    SandboxError::Exec {
        program: program.to_string_lossy().into_owned(),
        source,
    }
}

#[cfg(not(unix))]
fn exec(_program: &OsString, _args: &[OsString]) -> SandboxError {
    SandboxError::Unsupported("programs can be sandboxed on Linux only (Landlock)".into())
}

#[cfg(target_os = "linux")]
pub(super) use linux::probe_landlock;

#[cfg(target_os = "linux")]
mod linux {
    use std::collections::BTreeMap;
    use std::path::Path;

    use landlock::{
        ABI, Access, AccessFs, AccessNet, BitFlags, CompatLevel, Compatible, LandlockStatus,
        PathBeneath, PathFd, Ruleset, RulesetAttr, RulesetCreated, RulesetCreatedAttr,
        RulesetStatus, Scope,
    };
    use rustix::process::{Resource, Rlimit, setrlimit};
    use seccompiler::{BpfProgram, SeccompAction, SeccompFilter, TargetArch};

    use super::super::paths::DEVICES;
    use super::Policy;
    use crate::bots::error::SandboxError;

    /// The newest Landlock ABI whose rules are asked for (the kernel
    /// enforces what it knows; [`probe_landlock`] says what that is).
    const ABI_WANTED: ABI = ABI::V6;

    /// Restricts this process as [`Policy`] says (see the module doc).
    pub fn enter(policy: &Policy) -> Result<(), SandboxError> {
        if let Some(cgroup) = &policy.cgroup {
            super::super::cgroup::join(cgroup).map_err(|source| SandboxError::Limit {
                what: "processes (its cgroup)",
                source,
            })?;
        }
        limit(policy)?;
        drop_capabilities();
        landlock(policy)?;
        seccomp()
    }

    /// Step 1: the limits.
    fn limit(policy: &Policy) -> Result<(), SandboxError> {
        const MB: u64 = 1024 * 1024;
        let l = policy.limits;
        // Root is never held to RLIMIT_NPROC (its cgroup holds it), so its
        // tasks need not be counted (a scan of /proc, the slowest step).
        let running = if rustix::process::getuid().is_root() {
            0
        } else {
            running_tasks()
        };
        let cpu = l.cpu_seconds.max(1);
        for (resource, name, soft, hard) in [
            (
                Resource::Data,
                "memory",
                l.memory_mb.saturating_mul(MB),
                l.memory_mb.saturating_mul(MB),
            ),
            (Resource::Cpu, "CPU time", cpu, cpu.saturating_add(1)),
            (
                Resource::Nproc,
                "processes",
                running.saturating_add(l.processes),
                running.saturating_add(l.processes),
            ),
            (
                Resource::Fsize,
                "file size",
                l.file_mb.saturating_mul(MB),
                l.file_mb.saturating_mul(MB),
            ),
            (Resource::Nofile, "open files", l.open_files, l.open_files),
            (Resource::Core, "core files", 0, 0),
        ] {
            setrlimit(
                resource,
                Rlimit {
                    current: Some(soft),
                    maximum: Some(hard),
                },
            )
            .map_err(|e| SandboxError::Limit {
                what: name,
                source: e.into(),
            })?;
        }
        Ok(())
    }

    /// The processes and threads of this real user now (the sum of
    /// `Threads:` over `/proc/PID/status` with this `Uid:`), which is what
    /// `RLIMIT_NPROC` counts; the system's total when `/proc` cannot say.
    fn running_tasks() -> u64 {
        let me = rustix::process::getuid().as_raw().to_string();
        let Ok(entries) = std::fs::read_dir("/proc") else {
            return 0;
        };
        entries
            .filter_map(Result::ok)
            .filter(|e| {
                e.file_name()
                    .to_string_lossy()
                    .bytes()
                    .all(|b| b.is_ascii_digit())
            })
            .filter_map(|e| std::fs::read_to_string(e.path().join("status")).ok())
            .filter(|status| {
                status.lines().any(|l| {
                    l.strip_prefix("Uid:")
                        .and_then(|v| v.split_whitespace().next())
                        .is_some_and(|uid| uid == me)
                })
            })
            .map(|status| {
                status
                    .lines()
                    .find_map(|l| l.strip_prefix("Threads:"))
                    .and_then(|v| v.trim().parse::<u64>().ok())
                    .unwrap_or(1)
            })
            .sum()
    }

    /// Step 2: every capability dropped (a no-op for a user without any).
    fn drop_capabilities() {
        use rustix::thread::{
            CapabilitySet, CapabilitySets, remove_capability_from_bounding_set, set_capabilities,
        };
        for bit in 0..64 {
            let _ = remove_capability_from_bounding_set(CapabilitySet::from_bits_retain(1 << bit));
        }
        let _ = set_capabilities(
            None,
            CapabilitySets {
                effective: CapabilitySet::empty(),
                permitted: CapabilitySet::empty(),
                inheritable: CapabilitySet::empty(),
            },
        );
    }

    /// The rules every sandbox handles: all file accesses, TCP, and the
    /// two scopes.
    fn ruleset() -> Result<RulesetCreated, landlock::RulesetError> {
        Ruleset::default()
            .set_compatibility(CompatLevel::BestEffort)
            .handle_access(AccessFs::from_all(ABI_WANTED))?
            .handle_access(AccessNet::BindTcp | AccessNet::ConnectTcp)?
            .scope(Scope::AbstractUnixSocket | Scope::Signal)?
            .create()
    }

    /// Step 3: Landlock.
    fn landlock(policy: &Policy) -> Result<(), SandboxError> {
        let read = AccessFs::from_read(ABI_WANTED);
        let mut rules = ruleset().map_err(landlock_error)?;
        for path in &policy.read {
            rules = add(rules, path, read)?;
        }
        rules = add(rules, &policy.write, AccessFs::from_all(ABI_WANTED))?;
        let device = AccessFs::ReadFile | AccessFs::WriteFile;
        for path in DEVICES {
            rules = add(rules, Path::new(path), device)?;
        }
        let status = rules.restrict_self().map_err(landlock_error)?;
        match status.ruleset {
            RulesetStatus::FullyEnforced | RulesetStatus::PartiallyEnforced => Ok(()),
            RulesetStatus::NotEnforced => Err(SandboxError::Unsupported(missing(status.landlock))),
        }
    }

    /// Adds a rule for `path` (its file rights only, when it is a file);
    /// a path that does not exist is skipped.
    fn add(
        rules: RulesetCreated,
        path: &Path,
        access: BitFlags<AccessFs>,
    ) -> Result<RulesetCreated, SandboxError> {
        let Ok(fd) = PathFd::new(path) else {
            return Ok(rules);
        };
        let access = if path.is_dir() {
            access
        } else {
            access & AccessFs::from_file(ABI_WANTED)
        };
        rules
            .add_rule(PathBeneath::new(fd, access))
            .map_err(landlock_error)
    }

    fn landlock_error(e: landlock::RulesetError) -> SandboxError {
        SandboxError::Landlock(e.to_string())
    }

    /// Why a kernel enforced nothing.
    fn missing(status: LandlockStatus) -> String {
        match status {
            LandlockStatus::NotEnabled => "Landlock is built into this kernel but not enabled (add 'landlock' to the lsm= boot parameter)".into(),
            LandlockStatus::NotImplemented => "this kernel has no Landlock (Linux 5.13 or later with CONFIG_SECURITY_LANDLOCK)".into(),
            LandlockStatus::Available { .. } => "Landlock enforced none of the rules".into(),
        }
    }

    /// Step 4: the socket filter: `socket()` fails for every family (a
    /// UNIX socket file outside could reach the system's services, which
    /// Landlock does not check); `socketpair()` stays, for runtimes' own
    /// pipes. Then `io_uring_setup` fails, as io_uring could open sockets.
    fn seccomp() -> Result<(), SandboxError> {
        for (call, errno) in [
            (libc::SYS_socket, libc::EACCES),
            (libc::SYS_io_uring_setup, libc::ENOSYS),
        ] {
            let mut rules = BTreeMap::new();
            rules.insert(call, Vec::new());
            let program: BpfProgram = SeccompFilter::new(
                rules,
                SeccompAction::Allow,
                SeccompAction::Errno(errno as u32),
                target_arch().map_err(|e| SandboxError::Seccomp(e.to_string()))?,
            )
            .and_then(TryInto::try_into)
            .map_err(|e| SandboxError::Seccomp(e.to_string()))?;
            seccompiler::apply_filter(&program)
                .map_err(|e| SandboxError::Seccomp(e.to_string()))?;
        }
        Ok(())
    }

    fn target_arch() -> Result<TargetArch, seccompiler::BackendError> {
        TargetArch::try_from(std::env::consts::ARCH)
    }

    /// Restricts the calling thread as a launcher would (no paths) and
    /// says how much the kernel enforced: `Ok(None)` all of it,
    /// `Ok(Some(what))` all but what, `Err(why)` none. Run on a thread that
    /// then ends.
    pub fn probe_landlock() -> Result<Option<String>, String> {
        let status = ruleset()
            .and_then(RulesetCreated::restrict_self)
            .map_err(|e| format!("Landlock refused the rules: {e}"))?;
        match (status.ruleset, status.landlock) {
            (RulesetStatus::FullyEnforced, _) => Ok(None),
            (RulesetStatus::PartiallyEnforced, LandlockStatus::Available { effective_abi, .. }) => {
                Ok(Some(format!(
                    "this kernel's Landlock (ABI {}) cannot limit {}",
                    effective_abi as i32,
                    lacking(effective_abi)
                )))
            }
            (RulesetStatus::PartiallyEnforced, _) => Ok(Some("some rules are not enforced".into())),
            (RulesetStatus::NotEnforced, landlock) => Err(missing(landlock)),
        }
    }

    /// What an older ABI leaves out, in words.
    fn lacking(abi: ABI) -> &'static str {
        match abi as i32 {
            ..=3 => "network connections, signals or abstract sockets",
            4 | 5 => "signals or abstract sockets",
            _ => "some file rights",
        }
    }
}

#[cfg(not(target_os = "linux"))]
mod linux {
    use super::Policy;
    use crate::bots::error::SandboxError;

    pub fn enter(_policy: &Policy) -> Result<(), SandboxError> {
        Err(SandboxError::Unsupported(
            "programs can be sandboxed on Linux only (Landlock)".into(),
        ))
    }
}
