//! Finding the submissions in a class's folder, each entry of the folder
//! looked at once, in name order:
//!
//! - `NAME.json`: a strategy file;
//! - an executable file (Unix): a program, if it starts with `#!` or is a
//!   compiled program (ELF, Mach-O) — files unpacked from an archive often
//!   carry the executable bit by accident, so a `README.md` with it is not run;
//! - a folder with a `bot.toml`: the program it describes;
//! - a folder with exactly one strategy file (and no `bot.toml`): that strategy.
//!
//! Everything else is skipped with the reason ([`SkipReason`]), so that a
//! student who handed in `bot.py` without the executable bit learns why it
//! did not play. Names starting with `.` (`.git`, `.DS_Store`) are ignored.
//!
//! Invariant: discovery never opens anything but regular files and folders,
//! and reads at most four bytes of a file, so a named pipe or a huge file in
//! the folder cannot make it hang; it never fails on one bad entry (that
//! entry is skipped with its error), only when the folder itself cannot be read.

use std::fs::Metadata;
use std::io::Read;
use std::path::{Path, PathBuf};

use super::error::DiscoverError;
use crate::bots::STRATEGY_EXTENSION;
use crate::bots::external::MANIFEST;

/// What kind of player a submission is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SubmissionKind {
    /// A strategy file at the top of the folder.
    Strategy,
    /// An executable program at the top of the folder.
    Program,
    /// A folder with a `bot.toml`.
    Manifest,
    /// A folder holding one strategy file.
    FolderStrategy,
}

impl SubmissionKind {
    /// A word for tables: "strategy", "program" or "bot.toml".
    pub fn word(self) -> &'static str {
        match self {
            SubmissionKind::Strategy | SubmissionKind::FolderStrategy => "strategy",
            SubmissionKind::Program => "program",
            SubmissionKind::Manifest => MANIFEST,
        }
    }
}

/// A submission found in the folder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Submission {
    /// The entry's name in the folder (a file or a folder name).
    pub name: String,
    /// What it is.
    pub kind: SubmissionKind,
    /// The file to load or run: the strategy file, the program or the manifest.
    pub path: PathBuf,
}

impl Submission {
    /// Whether it is a program (started as a process for every game).
    pub fn is_program(&self) -> bool {
        matches!(
            self.kind,
            SubmissionKind::Program | SubmissionKind::Manifest
        )
    }
}

/// Why an entry of the folder is not a submission.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SkipReason {
    /// A script without the executable bit.
    #[error(
        "a script that is not executable: make it executable (chmod +x) or describe it in a folder with a bot.toml"
    )]
    NotExecutable,
    /// The executable bit on a file that is neither a script nor a program.
    #[error(
        "executable, but neither a script starting with #! nor a compiled program: add a #! line (such as #!/usr/bin/env python3) or describe it in a bot.toml"
    )]
    NotAProgram,
    /// Any other file.
    #[error(
        "not a submission: expected a strategy file (.json), an executable program, or a folder with a bot.toml"
    )]
    NotASubmission,
    /// A manifest at the top of the folder.
    #[error(
        "a bot.toml describes the folder it is in: put each program in its own folder inside this one"
    )]
    TopManifest,
    /// A named pipe, socket or device.
    #[error("not a regular file or folder")]
    Special,
    /// A folder without a manifest or strategy file.
    #[error("a folder without a bot.toml or a strategy file (.json)")]
    EmptyFolder,
    /// A folder with several strategy files and no manifest.
    #[error("a folder with {0} strategy files: keep one, or add a bot.toml")]
    SeveralStrategies(usize),
    /// The entry cannot be read.
    #[error("cannot be read: {0}")]
    Unreadable(#[source] std::io::Error),
    /// The folder where this run writes its reports.
    #[error("the report folder of this run")]
    Output,
}

/// An entry of the folder that is not a submission, and why.
#[derive(Debug)]
pub struct Skipped {
    /// The entry's name in the folder.
    pub name: String,
    /// Why it was skipped.
    pub reason: SkipReason,
}

/// What a folder holds.
#[derive(Debug, Default)]
pub struct Discovery {
    /// The submissions, in name order.
    pub submissions: Vec<Submission>,
    /// The entries skipped, in name order.
    pub skipped: Vec<Skipped>,
}

/// The submissions in `dir`; entries that are the same file as one of
/// `outputs` (the run's report folder) are skipped as such.
pub fn discover(dir: &Path, outputs: &[PathBuf]) -> Result<Discovery, DiscoverError> {
    let read = |source| DiscoverError::Read {
        path: dir.to_path_buf(),
        source,
    };
    let meta = std::fs::metadata(dir).map_err(read)?;
    if !meta.is_dir() {
        return Err(DiscoverError::NotAFolder {
            path: dir.to_path_buf(),
        });
    }
    let mut entries: Vec<(String, PathBuf)> = std::fs::read_dir(dir)
        .map_err(read)?
        .filter_map(Result::ok)
        .map(|e| (e.file_name().to_string_lossy().into_owned(), e.path()))
        .filter(|(name, _)| !name.starts_with('.'))
        .collect();
    entries.sort();
    let mut found = Discovery::default();
    for (name, path) in entries {
        if outputs.iter().any(|o| same_entry(o, &path)) {
            found.skipped.push(Skipped {
                name,
                reason: SkipReason::Output,
            });
            continue;
        }
        match look_at(&path, &name) {
            Ok(kind_and_path) => found.submissions.push(Submission {
                name,
                kind: kind_and_path.0,
                path: kind_and_path.1,
            }),
            Err(reason) => found.skipped.push(Skipped { name, reason }),
        }
    }
    Ok(found)
}

/// Whether two paths are the same existing entry.
fn same_entry(a: &Path, b: &Path) -> bool {
    matches!(
        (std::fs::canonicalize(a), std::fs::canonicalize(b)),
        (Ok(x), Ok(y)) if x == y
    )
}

/// What the entry `path` (named `name`) is.
fn look_at(path: &Path, name: &str) -> Result<(SubmissionKind, PathBuf), SkipReason> {
    let meta = std::fs::metadata(path).map_err(SkipReason::Unreadable)?;
    if meta.is_dir() {
        return look_into(path);
    }
    if !meta.is_file() {
        return Err(SkipReason::Special);
    }
    if has_extension(name, STRATEGY_EXTENSION) {
        return Ok((SubmissionKind::Strategy, path.to_path_buf()));
    }
    if name == MANIFEST {
        return Err(SkipReason::TopManifest);
    }
    let head = head(path).map_err(SkipReason::Unreadable)?;
    let script = head.starts_with(b"#!");
    if is_executable(&meta) {
        if script || is_compiled(&head) {
            return Ok((SubmissionKind::Program, path.to_path_buf()));
        }
        return Err(SkipReason::NotAProgram);
    }
    const SCRIPTS: &[&str] = &["py", "sh", "bash", "rb", "pl", "js", "mjs", "lua", "php"];
    if script || SCRIPTS.iter().any(|e| has_extension(name, e)) {
        return Err(SkipReason::NotExecutable);
    }
    Err(SkipReason::NotASubmission)
}

/// What the folder `dir` holds: its manifest, or its one strategy file.
fn look_into(dir: &Path) -> Result<(SubmissionKind, PathBuf), SkipReason> {
    let manifest = dir.join(MANIFEST);
    if std::fs::metadata(&manifest).is_ok_and(|m| m.is_file()) {
        return Ok((SubmissionKind::Manifest, manifest));
    }
    let mut strategies: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(SkipReason::Unreadable)?
        .filter_map(Result::ok)
        .filter(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            !name.starts_with('.')
                && has_extension(&name, STRATEGY_EXTENSION)
                && std::fs::metadata(e.path()).is_ok_and(|m| m.is_file())
        })
        .map(|e| e.path())
        .collect();
    match (strategies.pop(), strategies.len()) {
        (None, _) => Err(SkipReason::EmptyFolder),
        (Some(one), 0) => Ok((SubmissionKind::FolderStrategy, one)),
        (Some(_), more) => Err(SkipReason::SeveralStrategies(more + 1)),
    }
}

/// Whether `name` ends in `.EXT` (any case) with something before it.
fn has_extension(name: &str, ext: &str) -> bool {
    Path::new(name)
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case(ext))
        && Path::new(name).file_stem().is_some_and(|s| !s.is_empty())
}

/// The first four bytes of a regular file (fewer if it is shorter).
fn head(path: &Path) -> std::io::Result<Vec<u8>> {
    let mut bytes = Vec::with_capacity(4);
    std::fs::File::open(path)?.take(4).read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// Whether `head` starts a compiled program: ELF or Mach-O.
fn is_compiled(head: &[u8]) -> bool {
    const MAGIC: &[[u8; 4]] = &[
        [0x7f, b'E', b'L', b'F'],
        [0xfe, 0xed, 0xfa, 0xce],
        [0xfe, 0xed, 0xfa, 0xcf],
        [0xce, 0xfa, 0xed, 0xfe],
        [0xcf, 0xfa, 0xed, 0xfe],
        [0xca, 0xfe, 0xba, 0xbe],
    ];
    MAGIC.iter().any(|m| head == m)
}

/// Whether the file has an executable bit (never on systems without them).
#[cfg(unix)]
fn is_executable(meta: &Metadata) -> bool {
    use std::os::unix::fs::PermissionsExt;
    meta.permissions().mode() & 0o111 != 0
}

/// Whether the file has an executable bit (never on systems without them).
#[cfg(not(unix))]
fn is_executable(_meta: &Metadata) -> bool {
    false
}
