//! Reading strategy files with a size limit, and saving them atomically.

use std::io::Write;
use std::path::Path;

use super::StrategyError;
use super::format::MAX_FILE_BYTES;
use super::graph::Strategy;
use crate::input::{InputError, read_text};

impl Strategy {
    /// Loads a strategy file; errors name the path.
    pub fn load(path: &Path) -> Result<Strategy, StrategyError> {
        let text = read_limited(path)?;
        Strategy::from_json(&text)
            .map_err(|e| StrategyError::Io(format!("{}: {e}", path.display())))
    }

    /// Saves the strategy atomically: the file is written under a temporary
    /// name next to `path` and renamed over it, so a crash never leaves a
    /// half-written file.
    pub fn save(&self, path: &Path) -> Result<(), StrategyError> {
        write_atomic(path, self.to_json().as_bytes())
    }
}

/// Reads a text file of at most [`MAX_FILE_BYTES`] (counted while reading,
/// see [`crate::input`]); a byte-order mark is skipped.
pub fn read_limited(path: &Path) -> Result<String, StrategyError> {
    read_text(path, MAX_FILE_BYTES as u64, "strategy files").map_err(|e| match e {
        InputError::TooLarge { path, what, limit } => StrategyError::TooLarge(format!(
            "{path}: more than {limit} bytes (the limit for {what})"
        )),
        InputError::NotUtf8 { .. } => StrategyError::Json(format!("{}: {e}", path.display())),
        _ => StrategyError::Io(e.to_string()),
    })
}

/// Writes `bytes` to `path` atomically (temporary file, sync, rename).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), StrategyError> {
    let io = |e: std::io::Error| StrategyError::Io(format!("cannot save {}: {e}", path.display()));
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => std::path::PathBuf::from("."),
    };
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "strategy".to_string());
    static SAVES: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let n = SAVES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let tmp = dir.join(format!(".{name}.{}-{n}.tmp", std::process::id()));
    let result = (|| {
        let mut file = std::fs::File::create(&tmp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result.map_err(io)
}
