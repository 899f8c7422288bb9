//! A program's scratch folder: the one place it may write, created empty
//! (mode 0700) in the system's temporary folder before the program starts
//! and removed with everything in it when the program has ended (or, if
//! chainlab was killed first, by the next sandboxed run: [`remove_stale`]).

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Tells the scratch folders of one chainlab apart.
static NEXT: AtomicU64 = AtomicU64::new(0);

/// A scratch folder, removed on drop.
#[derive(Debug)]
pub struct Scratch {
    path: PathBuf,
}

impl Scratch {
    /// Creates a new, empty scratch folder (never one that exists already).
    pub fn create() -> std::io::Result<Scratch> {
        let base = std::env::temp_dir();
        loop {
            let n = NEXT.fetch_add(1, Ordering::Relaxed);
            let path = base.join(format!("chainlab-engine-{}-{n}", std::process::id()));
            match create_private(&path) {
                Ok(()) => return Ok(Scratch { path }),
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
                Err(e) => return Err(e),
            }
        }
    }

    /// Where it is.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.path);
    }
}

/// Removes the scratch folders of chainlab runs that are gone (killed
/// before they could clean up): `chainlab-engine-PID-N` where no process
/// PID runs any more.
pub fn remove_stale() {
    let Ok(entries) = std::fs::read_dir(std::env::temp_dir()) else {
        return;
    };
    for entry in entries.filter_map(Result::ok) {
        if super::is_stale_name(&entry.file_name().to_string_lossy()) {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
}

/// Creates `path` readable and writable by its owner only.
#[cfg(unix)]
fn create_private(path: &Path) -> std::io::Result<()> {
    use std::os::unix::fs::DirBuilderExt;
    std::fs::DirBuilder::new().mode(0o700).create(path)
}

#[cfg(not(unix))]
fn create_private(path: &Path) -> std::io::Result<()> {
    std::fs::create_dir(path)
}
