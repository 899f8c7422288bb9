//! A file written in whole lines (the game records): opened without being
//! emptied until its lock is held, and never left with half a line.
//!
//! Invariant: the file's length on disk is always the end of a complete
//! line. [`LineFile`] buffers what it is given and writes only up to the
//! last line break at a flush; when a write fails part way (a full disk),
//! the file is cut back to the length it had after the last complete line
//! and the write position moved back there, so the file holds every line
//! written before and nothing of the failed one.

use std::fs::File;
use std::io::{Seek, SeekFrom, Write};
use std::path::Path;

use super::{Inputs, OutputError, check, shown};

/// A file written in whole lines (see the module docs).
#[derive(Debug)]
pub struct LineFile {
    file: File,
    pending: Vec<u8>,
    committed: u64,
    lines: u64,
}

/// Opens `path` for a run's lines: checked as every output is
/// ([`super::check`]: a regular file or a new path, not an input), locked
/// (a second run is refused with [`OutputError::InUse`] before it empties
/// anything), then emptied.
pub fn open_lines(path: &Path, inputs: &Inputs) -> Result<LineFile, OutputError> {
    // Not `File::create`: that would empty a file another run is writing.
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(false);
    let file = open_locked(path, inputs, &options)?;
    file.set_len(0).map_err(|e| io_error(path, e))?;
    Ok(LineFile {
        file,
        pending: Vec::new(),
        committed: 0,
        lines: 0,
    })
}

/// Opens `path`, a records file of an interrupted run, to go on writing
/// it: checked and locked as [`open_lines`] does, then cut back to the end
/// of its last complete line (a line cut short by the interruption is
/// dropped) and written after it. The one case where an output is also read
/// (the caller reads the games before); the file must exist.
pub fn append_lines(path: &Path, inputs: &Inputs) -> Result<LineFile, OutputError> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true).write(true);
    let mut file = open_locked(path, inputs, &options)?;
    let io = |e| io_error(path, e);
    let end = last_line_end(&mut file).map_err(io)?;
    file.set_len(end).map_err(io)?;
    file.seek(SeekFrom::Start(end)).map_err(io)?;
    Ok(LineFile {
        file,
        pending: Vec::new(),
        committed: end,
        lines: 0,
    })
}

/// `path` checked as every output is ([`super::check`]), opened with
/// `options` and locked: a file another run holds is refused with
/// [`OutputError::InUse`] before anything is changed.
fn open_locked(
    path: &Path,
    inputs: &Inputs,
    options: &std::fs::OpenOptions,
) -> Result<File, OutputError> {
    let target = check(path, inputs)?;
    let file = options.open(&target.file).map_err(|e| io_error(path, e))?;
    match file.try_lock() {
        Ok(()) => Ok(file),
        Err(std::fs::TryLockError::WouldBlock) => Err(OutputError::InUse { path: shown(path) }),
        Err(std::fs::TryLockError::Error(e)) => Err(io_error(path, e)),
    }
}

/// An I/O failure on the output `path`.
fn io_error(path: &Path, source: std::io::Error) -> OutputError {
    OutputError::Io {
        path: shown(path),
        source,
    }
}

/// The length of `file` up to its last line break (0 without one), read
/// backwards a block at a time.
fn last_line_end(file: &mut File) -> std::io::Result<u64> {
    use std::io::Read;
    const BLOCK: u64 = 64 * 1024;
    let mut end = file.seek(SeekFrom::End(0))?;
    let mut buf = vec![0u8; BLOCK as usize];
    while end > 0 {
        let start = end.saturating_sub(BLOCK);
        let len = (end - start) as usize;
        file.seek(SeekFrom::Start(start))?;
        let block = buf.get_mut(..len).unwrap_or_default();
        file.read_exact(block)?;
        if let Some(i) = block.iter().rposition(|&b| b == b'\n') {
            return Ok(start + i as u64 + 1);
        }
        end = start;
    }
    Ok(0)
}

impl LineFile {
    /// The complete lines written so far.
    pub fn lines(&self) -> u64 {
        self.lines
    }

    /// Writes the complete lines pending; on failure cuts the file back to
    /// its last complete line.
    fn write_lines(&mut self) -> std::io::Result<()> {
        let Some(end) = self.pending.iter().rposition(|&b| b == b'\n') else {
            return Ok(());
        };
        let whole = &self.pending[..=end];
        match self.file.write_all(whole).and_then(|()| self.file.flush()) {
            Ok(()) => {
                self.committed += whole.len() as u64;
                self.lines += whole.iter().filter(|&&b| b == b'\n').count() as u64;
                self.pending.drain(..=end);
                Ok(())
            }
            Err(e) => {
                self.pending.clear();
                let _ = self.file.set_len(self.committed);
                let _ = self.file.seek(SeekFrom::Start(self.committed));
                Err(e)
            }
        }
    }
}

impl Write for LineFile {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.pending.extend_from_slice(buf);
        Ok(buf.len())
    }

    /// Writes every complete line given so far (a partial last line waits).
    fn flush(&mut self) -> std::io::Result<()> {
        self.write_lines()
    }
}
