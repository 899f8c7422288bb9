//! A process-count cgroup per program, where chainlab may make one (as
//! root, usually): the kernel does not apply `RLIMIT_NPROC` to root at all,
//! so for root the process limit needs the cgroup `pids` controller. The
//! cgroup also names every process of the program, escaped ones included,
//! so that they can all be killed when it ends.
//!
//! Found from `/proc/self/mountinfo` and `/proc/self/cgroup`: the `pids`
//! hierarchy of cgroup v1, or cgroup v2 where `pids` is enabled for
//! chainlab's own cgroup's children. Where neither can be written, the
//! sandbox has no cgroup and relies on `RLIMIT_NPROC` (which binds every
//! user but root).

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Tells the cgroups of one chainlab apart.
static NEXT: AtomicU64 = AtomicU64::new(0);

/// A program's cgroup, removed on drop (after its processes are killed).
#[derive(Debug)]
pub struct PidsCgroup {
    path: PathBuf,
}

impl PidsCgroup {
    /// A new cgroup allowing `max` tasks, when one can be made here.
    pub fn create(max: u64) -> Option<PidsCgroup> {
        let base = pids_base()?;
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let path = base.join(format!("chainlab-engine-{}-{n}", std::process::id()));
        std::fs::create_dir(&path).ok()?;
        let group = PidsCgroup { path };
        std::fs::write(group.path.join("pids.max"), max.to_string()).ok()?;
        Some(group)
    }

    /// Where it is.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Kills every process in it, until it is empty (a few rounds at most:
    /// a process killed forks no more); returns how many were killed.
    pub fn kill_all(&self) -> usize {
        let mut killed = 0;
        for _round in 0..64 {
            let members = members(&self.path);
            if members.is_empty() {
                break;
            }
            for id in members {
                kill(id);
                killed += 1;
            }
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        killed
    }
}

impl Drop for PidsCgroup {
    fn drop(&mut self) {
        self.kill_all();
        // A killed process leaves the cgroup when it is reaped: chainlab
        // reaps its own children, the sweep its adopted ones.
        for _ in 0..50 {
            if std::fs::remove_dir(&self.path).is_ok() {
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
    }
}

/// Kills the process `id`.
#[cfg(unix)]
fn kill(id: u32) {
    if let Some(pid) = i32::try_from(id)
        .ok()
        .and_then(rustix::process::Pid::from_raw)
    {
        let _ = rustix::process::kill_process(pid, rustix::process::Signal::KILL);
    }
}

#[cfg(not(unix))]
fn kill(_id: u32) {}

/// Empties and removes the cgroups of chainlab runs that are gone (killed
/// before they could clean up), as [`super::scratch::remove_stale`] does
/// for scratch folders.
pub fn remove_stale() {
    let Some(base) = pids_base() else {
        return;
    };
    let Ok(entries) = std::fs::read_dir(&base) else {
        return;
    };
    for entry in entries.filter_map(Result::ok) {
        if super::is_stale_name(&entry.file_name().to_string_lossy()) {
            drop(PidsCgroup { path: entry.path() });
        }
    }
}

/// The processes in the cgroup at `path`.
fn members(path: &Path) -> Vec<u32> {
    std::fs::read_to_string(path.join("cgroup.procs"))
        .map(|text| text.lines().filter_map(|l| l.trim().parse().ok()).collect())
        .unwrap_or_default()
}

/// Puts the calling process into the cgroup at `path` (the launcher does,
/// before it restricts itself).
#[cfg(target_os = "linux")]
pub fn join(path: &Path) -> std::io::Result<()> {
    std::fs::write(path.join("cgroup.procs"), std::process::id().to_string())
}

/// The folder under which chainlab may make `pids` cgroups, if any.
fn pids_base() -> Option<PathBuf> {
    let mounts = std::fs::read_to_string("/proc/self/mountinfo").ok()?;
    let own = std::fs::read_to_string("/proc/self/cgroup").ok()?;
    // cgroup v1: "ID:pids:/PATH" and a "cgroup" mount with the pids option.
    let v1 = own.lines().find_map(|l| {
        let mut parts = l.splitn(3, ':');
        let (_, controllers, path) = (parts.next()?, parts.next()?, parts.next()?);
        controllers.split(',').any(|c| c == "pids").then_some(path)
    });
    for line in mounts.lines() {
        let Some((left, right)) = line.split_once(" - ") else {
            continue;
        };
        let Some(mount_point) = left.split_whitespace().nth(4) else {
            continue;
        };
        let mut fields = right.split_whitespace();
        let fstype = fields.next().unwrap_or("");
        let options = fields.nth(1).unwrap_or("");
        let under = |path: &str| Path::new(mount_point).join(path.trim_start_matches('/'));
        if let (Some(path), "cgroup") = (v1, fstype)
            && options.split(',').any(|o| o == "pids")
        {
            return Some(under(path)).filter(|p| p.is_dir());
        }
        if fstype == "cgroup2" && v1.is_none() {
            let path = own.lines().find_map(|l| l.strip_prefix("0::"))?;
            let dir = under(path);
            let enabled = std::fs::read_to_string(dir.join("cgroup.subtree_control"))
                .is_ok_and(|c| c.split_whitespace().any(|c| c == "pids"));
            return enabled.then_some(dir);
        }
    }
    None
}
