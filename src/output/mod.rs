//! Writing output files: every file chainlab writes (`tune --out`,
//! `--records`, the class tournament's reports, the app's Save, autosave and
//! export) goes through here, so that no output destroys anything.
//!
//! Invariants, argued where they are kept:
//! - A whole file ([`write_file`], [`write_with`]) is written to a temporary
//!   file in the target's folder, synced, and renamed over the target: a
//!   crash or a full disk leaves either the old file or the new one, never a
//!   half-written one. An existing file keeps its permissions (a 0600 file
//!   stays 0600) and, where the system allows, its owner.
//! - Only a regular file or a new path is ever written. A symbolic link is
//!   written through to the file it names (the link itself stays); a folder,
//!   a device, a FIFO or a socket is refused with one line that says what it
//!   is ([`check`] is the one place that looks).
//! - No input of the run is ever written: the caller lists its inputs
//!   ([`Inputs`]: files, and folders every file of which is an input) and an
//!   output that is one of them, compared after resolving links (hard links
//!   too), is refused before anything is written.
//! - A lines file ([`open_lines`], the game records) is locked while a run
//!   writes it and is written in whole lines only ([`LineFile`]): when a
//!   write fails (a full disk) the partial line is cut off again.
//! - A resumed run's records file ([`append_lines`]) is the one output that
//!   is read as well: the caller reads its games first, then it is locked,
//!   cut back to its last whole line and appended to. It is checked as
//!   every output is, so it is never one of the run's inputs.

mod inputs;
mod lines;

use std::io::Write;
use std::path::{Path, PathBuf};

pub use inputs::{InputPath, Inputs};
pub use lines::{LineFile, append_lines, open_lines};

/// Why an output was not written.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum OutputError {
    /// The path names something that is not a file (a folder, a device…).
    #[error("{path}: is {what}, not a file")]
    NotAFile {
        /// The path, as given.
        path: String,
        /// What it is, e.g. "a character device".
        what: &'static str,
    },
    /// The path is a symbolic link to nothing.
    #[error("{path}: is a symbolic link to a file that does not exist")]
    DanglingLink {
        /// The path, as given.
        path: String,
    },
    /// The path is an input of the run.
    #[error("{path} is {input}: it would be overwritten; choose another file")]
    Input {
        /// The path, as given.
        path: String,
        /// Which input, e.g. "the strategy file of player 'mine.json'".
        input: String,
    },
    /// Another run holds the lock of the file.
    #[error(
        "{path} is in use: another chainlab run is writing records to it; wait for it or choose another file"
    )]
    InUse {
        /// The path, as given.
        path: String,
    },
    /// The operating system refused the write.
    #[error("cannot write {path}: {source}")]
    Io {
        /// The path, as given.
        path: String,
        /// The underlying error.
        #[source]
        source: std::io::Error,
    },
}

impl OutputError {
    /// Whether the output was refused because of what the path names (an
    /// input, a folder, a device, a link to nothing), as opposed to a write
    /// that failed: the command line's fault rather than the disk's.
    pub fn is_refusal(&self) -> bool {
        match self {
            OutputError::NotAFile { .. }
            | OutputError::DanglingLink { .. }
            | OutputError::Input { .. } => true,
            OutputError::InUse { .. } | OutputError::Io { .. } => false,
        }
    }

    fn io(path: &Path, source: std::io::Error) -> OutputError {
        OutputError::Io {
            path: shown(path),
            source,
        }
    }
}

/// A path as messages show it (control characters escaped).
fn shown(path: &Path) -> String {
    crate::input::printable(&path.display().to_string()).into_owned()
}

/// Where an output may be written: the regular file it names (through a
/// symbolic link) or a new path, never an input (see the module docs).
#[derive(Clone, Debug)]
pub struct Target {
    /// The file written: `path` itself, or the file its link names.
    pub file: PathBuf,
    /// The permissions, owner and group of the existing file, if it exists.
    kept: Option<std::fs::Metadata>,
}

/// Checks that `path` may be written: a regular file (a symbolic link is
/// followed), or a new path in a folder that exists; not a folder, device,
/// FIFO or socket; not one of `inputs`.
pub fn check(path: &Path, inputs: &Inputs) -> Result<Target, OutputError> {
    let link = match std::fs::symlink_metadata(path) {
        Ok(meta) => meta,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return new_path(path);
        }
        Err(e) => return Err(OutputError::io(path, e)),
    };
    let (file, meta) = if link.file_type().is_symlink() {
        match (std::fs::metadata(path), std::fs::canonicalize(path)) {
            (Ok(meta), Ok(file)) => (file, meta),
            _ => return Err(OutputError::DanglingLink { path: shown(path) }),
        }
    } else {
        (path.to_path_buf(), link)
    };
    if let Some(what) = not_a_file(&meta) {
        return Err(OutputError::NotAFile {
            path: shown(path),
            what,
        });
    }
    if let Some(input) = inputs.find(&file) {
        return Err(OutputError::Input {
            path: shown(path),
            input,
        });
    }
    Ok(Target {
        file,
        kept: Some(meta),
    })
}

/// The target of a path that does not exist yet: its folder must.
fn new_path(path: &Path) -> Result<Target, OutputError> {
    let dir = folder_of(path);
    if !dir.is_dir() {
        return Err(OutputError::io(
            path,
            std::io::Error::new(std::io::ErrorKind::NotFound, "the folder does not exist"),
        ));
    }
    Ok(Target {
        file: path.to_path_buf(),
        kept: None,
    })
}

/// The folder a file is in (`.` for a bare name).
fn folder_of(path: &Path) -> PathBuf {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// What `meta` is when it is not a regular file ("a folder", "a character
/// device", …), `None` for a regular file.
fn not_a_file(meta: &std::fs::Metadata) -> Option<&'static str> {
    let kind = meta.file_type();
    if kind.is_file() {
        return None;
    }
    if kind.is_dir() {
        return Some("a folder");
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_char_device() {
            return Some("a character device");
        }
        if kind.is_block_device() {
            return Some("a block device");
        }
        if kind.is_fifo() {
            return Some("a FIFO (named pipe)");
        }
        if kind.is_socket() {
            return Some("a socket");
        }
    }
    Some("not a regular file")
}

/// Writes `bytes` to `path` as the module docs say (checked, atomic, its
/// permissions kept).
pub fn write_file(path: &Path, bytes: &[u8], inputs: &Inputs) -> Result<(), OutputError> {
    write_with(path, inputs, |out| out.write_all(bytes))
}

/// Writes what `fill` writes to `path`, as [`write_file`] does; for outputs
/// made as they are written (an export of many games).
pub fn write_with(
    path: &Path,
    inputs: &Inputs,
    fill: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> Result<(), OutputError> {
    let target = check(path, inputs)?;
    target
        .write_with(fill)
        .map_err(|e| OutputError::io(path, e))
}

impl Target {
    /// Writes the target: a temporary file beside it, filled, given the
    /// old file's permissions and owner, synced and renamed over it.
    pub fn write_with(
        &self,
        fill: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
    ) -> std::io::Result<()> {
        let dir = folder_of(&self.file);
        let name = self.file.file_name().map_or_else(
            || "output".to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        static WRITES: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        let n = WRITES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let tmp = dir.join(format!(".{name}.{}-{n}.tmp", std::process::id()));
        let result = (|| {
            let mut file = std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(&tmp)?;
            if let Some(meta) = &self.kept {
                keep_owner(&file, meta);
                file.set_permissions(meta.permissions())?;
            }
            let mut out = std::io::BufWriter::new(&mut file);
            fill(&mut out)?;
            out.flush()?;
            drop(out);
            file.sync_all()?;
            std::fs::rename(&tmp, &self.file)
        })();
        if result.is_err() {
            let _ = std::fs::remove_file(&tmp);
        } else if let Ok(d) = std::fs::File::open(&dir) {
            // The rename itself reaches the disk with the folder.
            let _ = d.sync_all();
        }
        result
    }
}

/// Gives `file` the owner and group of `meta` where the system allows it
/// (as root, a user's file stays the user's); otherwise nothing.
fn keep_owner(file: &std::fs::File, meta: &std::fs::Metadata) {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let _ = std::os::unix::fs::fchown(file, Some(meta.uid()), Some(meta.gid()));
    }
    let _ = (file, meta);
}
