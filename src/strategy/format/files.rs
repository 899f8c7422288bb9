//! Reading strategy files with a size limit, and saving them atomically.
//! Every error of a file names it: [`FileError`] keeps the path and the typed
//! cause (the read, the parse, the save).

use std::path::Path;

use crate::input::read_text;
use crate::strategy::error::{FileError, StrategyError};
use crate::strategy::graph::Strategy;
use crate::strategy::limits::MAX_FILE_BYTES;

impl Strategy {
    /// Loads a strategy file; errors name the path.
    pub fn load(path: &Path) -> Result<Strategy, StrategyError> {
        Strategy::from_file_text(path, &read_limited(path)?)
    }

    /// A strategy from the bytes of the file at `path` that were read
    /// elsewhere (the web page's files); errors name the path as
    /// [`Strategy::load`]'s do.
    pub fn from_file_bytes(path: &Path, bytes: Vec<u8>) -> Result<Strategy, StrategyError> {
        let text = crate::input::text_from_bytes(bytes).map_err(|source| FileError::Read {
            path: path.to_path_buf(),
            source,
        })?;
        Strategy::from_file_text(path, &text)
    }

    fn from_file_text(path: &Path, text: &str) -> Result<Strategy, StrategyError> {
        Strategy::from_json(text).map_err(|e| {
            FileError::Parse {
                path: path.to_path_buf(),
                source: Box::new(e),
            }
            .into()
        })
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
    read_text(path, MAX_FILE_BYTES as u64, "strategy files").map_err(|source| {
        FileError::Read {
            path: path.to_path_buf(),
            source,
        }
        .into()
    })
}

/// Writes `bytes` to `path` through [`crate::output`] (checked, atomic,
/// its permissions kept), with no inputs to protect.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), StrategyError> {
    use crate::output::{Inputs, OutputError, write_file};
    write_file(path, bytes, &Inputs::none()).map_err(|e| {
        match e {
            OutputError::Io { source, .. } => FileError::Save {
                path: path.to_path_buf(),
                source,
            },
            e => FileError::Refused { source: e },
        }
        .into()
    })
}
