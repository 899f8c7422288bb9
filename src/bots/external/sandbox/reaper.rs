//! Nothing left behind: a program may start children that leave its
//! process group (`setsid()`), which the group kill of
//! [`super::super::process`] does not reach. While sandboxed programs run,
//! chainlab is a child subreaper (`PR_SET_CHILD_SUBREAPER`): when such a
//! child's parent dies, the kernel makes chainlab its parent instead of
//! init. [`sweep_orphans`], run when a program has ended, kills and reaps
//! every such adopted process.
//!
//! Which processes are swept: chainlab's children that are not a running
//! engine (the caller passes those, under the lock that also covers
//! starting one, so a program being started is never taken for an orphan)
//! and that run under more seccomp filters than chainlab itself, as
//! everything a sandboxed program starts does (the launcher adds filters,
//! which are inherited and cannot be removed). A process chainlab started
//! for another purpose has no more filters than chainlab, and is left alone.
//! A child cannot have been reaped, so its pid cannot be reused between
//! reading `/proc` and the kill.

use std::collections::BTreeSet;

/// Makes chainlab a child subreaper (once; later calls do nothing).
#[cfg(target_os = "linux")]
pub fn adopt_orphans() {
    use std::sync::Once;
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let _ = rustix::process::set_child_subreaper(Some(rustix::process::getpid()));
    });
}

/// Without Linux's subreaper nothing is adopted.
#[cfg(not(target_os = "linux"))]
pub fn adopt_orphans() {}

/// Kills and reaps chainlab's adopted sandboxed children, other than the
/// engines in `running` (process ids), until none is left; returns how
/// many it ended.
#[cfg(target_os = "linux")]
pub fn sweep_orphans(running: &BTreeSet<u32>) -> usize {
    use rustix::process::{Pid, Signal, WaitId, WaitIdOptions, kill_process, waitid};
    let me = std::process::id();
    let own = filters("self").unwrap_or(0);
    let mut ended = 0;
    // A program that keeps forking as its parents die hands new orphans
    // over while we sweep: a few rounds end them all (each round kills
    // every one found, and a killed process forks no more).
    for _round in 0..64 {
        let orphans: Vec<u32> = children_of(me)
            .into_iter()
            .filter(|pid| !running.contains(pid) && is_filtered(*pid, own))
            .collect();
        if orphans.is_empty() {
            break;
        }
        for id in orphans {
            let Some(pid) = i32::try_from(id).ok().and_then(Pid::from_raw) else {
                continue;
            };
            let _ = kill_process(pid, Signal::KILL);
            let _ = waitid(WaitId::Pid(pid), WaitIdOptions::EXITED);
            ended += 1;
        }
    }
    ended
}

/// Without Linux's subreaper there are no adopted orphans to end.
#[cfg(not(target_os = "linux"))]
pub fn sweep_orphans(_running: &BTreeSet<u32>) -> usize {
    0
}

/// The processes whose parent is `parent`, from `/proc/PID/stat`.
#[cfg(target_os = "linux")]
fn children_of(parent: u32) -> Vec<u32> {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .filter_map(Result::ok)
        .filter_map(|e| e.file_name().to_str()?.parse::<u32>().ok())
        .filter(|pid| parent_of(*pid) == Some(parent))
        .collect()
}

/// The parent of `pid`: the field after the state, after the command name
/// in parentheses (which may itself hold spaces and parentheses).
#[cfg(target_os = "linux")]
fn parent_of(pid: u32) -> Option<u32> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let rest = stat.get(stat.rfind(')')? + 1..)?;
    rest.split_whitespace().nth(1)?.parse().ok()
}

/// The seccomp filters `pid` runs under (`Seccomp_filters:`), if known.
#[cfg(target_os = "linux")]
fn filters(pid: &str) -> Option<u32> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("Seccomp_filters:"))
        .and_then(|v| v.trim().parse().ok())
}

/// Whether `pid` runs under more seccomp filters than chainlab's `own`:
/// the launcher adds its own, and a child keeps them. (chainlab may itself
/// run filtered, in a container or a systemd unit; its other children then
/// have as many filters as it has, and are left alone.)
#[cfg(target_os = "linux")]
fn is_filtered(pid: u32, own: u32) -> bool {
    filters(&pid.to_string()).is_some_and(|n| n > own)
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;

    #[test]
    fn parents_are_read_past_odd_command_names() {
        assert_eq!(
            parent_of(std::process::id()),
            Some(std::os::unix::process::parent_id())
        );
    }
}
