//! What a sandboxed program may do, as data: the folders it reads, the one
//! it writes, and its limits; and the launcher's command line that carries
//! it (written by [`Policy::to_args`], read back by [`Policy::from_args`],
//! one owner for both directions).

use std::ffi::OsString;
use std::fmt;
use std::path::PathBuf;

use crate::bots::error::SandboxError;

/// The smallest memory limit, in MB (a runtime needs some to start).
pub const MIN_MEMORY_MB: u64 = 16;
/// The largest memory limit, in MB (1 TiB).
pub const MAX_MEMORY_MB: u64 = 1 << 20;

/// The limits a sandboxed program runs under.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Memory, in MB: the data segment and private writable mappings
    /// (`RLIMIT_DATA`), not the address space, so that runtimes which
    /// reserve gigabytes of address space (Java, Node) still start.
    pub memory_mb: u64,
    /// CPU seconds of the whole game's process (`RLIMIT_CPU`).
    pub cpu_seconds: u64,
    /// Processes and threads it may add to those running when it starts
    /// (`RLIMIT_NPROC`), so a fork bomb fails.
    pub processes: u64,
    /// The largest file it may write, in MB (`RLIMIT_FSIZE`).
    pub file_mb: u64,
    /// Open files at once (`RLIMIT_NOFILE`).
    pub open_files: u64,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            memory_mb: 1024,
            cpu_seconds: 600,
            processes: 64,
            file_mb: 64,
            open_files: 256,
        }
    }
}

impl fmt::Display for Limits {
    /// "memory 1024 MB, CPU 600 s, 64 more processes, files up to 64 MB, 256 open files".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "memory {} MB, CPU {} s, {} more processes, files up to {} MB, {} open files",
            self.memory_mb, self.cpu_seconds, self.processes, self.file_mb, self.open_files
        )
    }
}

/// What one sandboxed program may do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Policy {
    /// Folders and files it may read (and execute).
    pub read: Vec<PathBuf>,
    /// The one folder it may write: its scratch folder.
    pub write: PathBuf,
    /// Its limits.
    pub limits: Limits,
    /// The `pids` cgroup it runs in, if chainlab could make one.
    pub cgroup: Option<PathBuf>,
}

impl Policy {
    /// The launcher's arguments for this policy and `program` with `args`:
    /// `--read P… --write P --memory MB --cpu S --procs N --fsize MB
    /// --nofile N -- PROGRAM ARGS…`.
    pub fn to_args(&self, program: &std::path::Path, args: &[String]) -> Vec<OsString> {
        let mut out = Vec::new();
        for path in &self.read {
            out.push("--read".into());
            out.push(path.clone().into_os_string());
        }
        out.push("--write".into());
        out.push(self.write.clone().into_os_string());
        if let Some(cgroup) = &self.cgroup {
            out.push("--cgroup".into());
            out.push(cgroup.clone().into_os_string());
        }
        let l = self.limits;
        for (flag, value) in [
            ("--memory", l.memory_mb),
            ("--cpu", l.cpu_seconds),
            ("--procs", l.processes),
            ("--fsize", l.file_mb),
            ("--nofile", l.open_files),
        ] {
            out.push(flag.into());
            out.push(value.to_string().into());
        }
        out.push("--".into());
        out.push(program.as_os_str().to_os_string());
        out.extend(args.iter().map(OsString::from));
        out
    }

    /// Reads back what [`Policy::to_args`] wrote: the policy, the program
    /// and its arguments.
    pub fn from_args(
        args: impl IntoIterator<Item = OsString>,
    ) -> Result<(Policy, OsString, Vec<OsString>), SandboxError> {
        let mut args = args.into_iter();
        let mut policy = Policy {
            read: Vec::new(),
            write: PathBuf::new(),
            limits: Limits::default(),
            cgroup: None,
        };
        loop {
            let Some(flag) = args.next() else {
                return Err(SandboxError::Usage("no program after '--'".into()));
            };
            if flag == "--" {
                break;
            }
            let flag = flag.to_string_lossy().into_owned();
            let value = args
                .next()
                .ok_or_else(|| SandboxError::Usage(format!("{flag} needs a value")))?;
            let number = || {
                value
                    .to_str()
                    .and_then(|v| v.parse::<u64>().ok())
                    .ok_or_else(|| SandboxError::Usage(format!("{flag} needs a number")))
            };
            match flag.as_str() {
                "--read" => policy.read.push(value.into()),
                "--write" => policy.write = value.into(),
                "--cgroup" => policy.cgroup = Some(value.into()),
                "--memory" => policy.limits.memory_mb = number()?,
                "--cpu" => policy.limits.cpu_seconds = number()?,
                "--procs" => policy.limits.processes = number()?,
                "--fsize" => policy.limits.file_mb = number()?,
                "--nofile" => policy.limits.open_files = number()?,
                other => return Err(SandboxError::Usage(format!("unknown option {other}"))),
            }
        }
        let program = args
            .next()
            .ok_or_else(|| SandboxError::Usage("no program after '--'".into()))?;
        if policy.write.as_os_str().is_empty() {
            return Err(SandboxError::Usage("no --write folder".into()));
        }
        Ok((policy, program, args.collect()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_launcher_line_reads_back_as_written() {
        let policy = Policy {
            read: vec!["/usr".into(), "/home/a b/bot".into()],
            write: "/tmp/s".into(),
            limits: Limits {
                memory_mb: 7,
                cpu_seconds: 8,
                processes: 9,
                file_mb: 10,
                open_files: 11,
            },
            cgroup: Some("/sys/fs/cgroup/pids/x".into()),
        };
        let args = policy.to_args(
            std::path::Path::new("/usr/bin/python3"),
            &["-u".into(), "--".into()],
        );
        let (back, program, rest) = Policy::from_args(args).unwrap();
        assert_eq!(back, policy);
        assert_eq!(program, "/usr/bin/python3");
        assert_eq!(rest, vec![OsString::from("-u"), OsString::from("--")]);
    }

    #[test]
    fn a_bad_launcher_line_is_refused() {
        for bad in [
            &["--memory", "x", "--", "p"][..],
            &["--write", "/s"],
            &["--bogus", "1", "--", "p"],
            &["--", "p"],
        ] {
            assert!(
                Policy::from_args(bad.iter().map(OsString::from)).is_err(),
                "{bad:?}"
            );
        }
    }
}
