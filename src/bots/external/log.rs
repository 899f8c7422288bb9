//! The stderr log of an engine: one file per player of a run, beside the
//! game records, where every process of that player appends its stderr
//! lines prefixed by its process id. The file is capped so that an engine
//! that floods stderr cannot fill the disk.

use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};

/// The most bytes written to one log; later lines are dropped.
pub const MAX_LOG_BYTES: u64 = 4 * 1024 * 1024;

/// An open log file shared by the processes of one player.
#[derive(Debug)]
pub struct EngineLog {
    path: PathBuf,
    file: Mutex<(File, u64)>,
}

impl EngineLog {
    /// Creates (or empties) the log at `path`: a regular file or a new
    /// path (a device, FIFO or folder is refused, as for every output).
    pub fn create(path: &Path) -> std::io::Result<EngineLog> {
        let target = crate::output::check(path, &crate::output::Inputs::none())
            .map_err(|e| std::io::Error::other(e.to_string()))?;
        Ok(EngineLog {
            path: path.to_path_buf(),
            file: Mutex::new((File::create(&target.file)?, 0)),
        })
    }

    /// Where the log is.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Appends `[pid N] text` (nothing once the cap is reached, after one
    /// line saying so).
    pub fn write_line(&self, pid: u32, text: &str) {
        let mut guard = self.file.lock().unwrap_or_else(PoisonError::into_inner);
        let (file, written) = &mut *guard;
        if *written >= MAX_LOG_BYTES {
            return;
        }
        let line = format!("[pid {pid}] {text}\n");
        if *written + line.len() as u64 > MAX_LOG_BYTES {
            *written = MAX_LOG_BYTES;
            let _ = writeln!(
                file,
                "[chainlab] log cut at {MAX_LOG_BYTES} bytes; later lines are dropped"
            );
            return;
        }
        *written += line.len() as u64;
        let _ = file.write_all(line.as_bytes());
    }
}
