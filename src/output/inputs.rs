//! The inputs of a run, which no output may overwrite: files (a strategy
//! file, a program's script) and folders every file under which is an input
//! (a manifest's folder, a class tournament's submissions folder). Which
//! files a player spec reads is decided by the spec
//! (`bots::PlayerSpec::input_paths`); this only compares.
//!
//! Only existing files are inputs: a new path overwrites nothing. A file is
//! compared by identity (device and inode, so a hard link or a symbolic link
//! to an input is the input), a folder by the resolved path of the file.

use std::path::{Path, PathBuf};

use crate::input::is_same_file;

/// One input path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InputPath {
    /// A file.
    File(PathBuf),
    /// A folder: every file under it (at any depth).
    Folder(PathBuf),
}

/// The inputs of a run, each with the words that name it in a refusal.
#[derive(Clone, Debug, Default)]
pub struct Inputs {
    entries: Vec<(InputPath, String)>,
    outputs: Vec<PathBuf>,
}

impl Inputs {
    /// No inputs (the app's Save: the file being saved is the document).
    pub fn none() -> Inputs {
        Inputs::default()
    }

    /// Adds `path`, named in a refusal as `what` (e.g. "the strategy file
    /// of player 'mine.json'", "a file of the submissions folder subs").
    pub fn add(&mut self, path: InputPath, what: impl Into<String>) {
        self.entries.push((path, what.into()));
    }

    /// Marks `dir` as the run's own output folder (a class tournament's
    /// report folder inside its submissions folder, which discovery skips):
    /// a file under it is no input by being under an input folder. Input
    /// files are still found there.
    pub fn except(&mut self, dir: &Path) {
        self.outputs.push(dir.to_path_buf());
    }

    /// Adds every input of `other`.
    pub fn extend(&mut self, other: Inputs) {
        self.entries.extend(other.entries);
        self.outputs.extend(other.outputs);
    }

    /// How the input that `file` is would be named, if it is one.
    pub fn find(&self, file: &Path) -> Option<String> {
        if std::fs::metadata(file).is_err() {
            return None;
        }
        let resolved = std::fs::canonicalize(file).ok();
        let under = |d: &Path| match (&resolved, std::fs::canonicalize(d)) {
            (Some(f), Ok(d)) => f.starts_with(d),
            _ => false,
        };
        let own = self.outputs.iter().any(|d| under(d));
        self.entries.iter().find_map(|(input, what)| {
            let hit = match input {
                InputPath::File(p) => is_same_file(p, file),
                InputPath::Folder(d) => !own && under(d),
            };
            hit.then(|| what.clone())
        })
    }

    /// Whether no input is listed.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_and_folders_are_found_new_paths_never() {
        let dir = std::env::temp_dir().join(format!("chainlab-inputs-{}", std::process::id()));
        let sub = dir.join("subs").join("carol");
        std::fs::create_dir_all(&sub).unwrap();
        std::fs::write(sub.join("bot.py"), "x").unwrap();
        std::fs::write(dir.join("mine.json"), "{}").unwrap();
        let mut inputs = Inputs::none();
        inputs.add(InputPath::File(dir.join("mine.json")), "mine");
        inputs.add(InputPath::Folder(dir.join("subs")), "subs");
        assert_eq!(inputs.find(&dir.join("mine.json")).as_deref(), Some("mine"));
        assert_eq!(inputs.find(&sub.join("bot.py")).as_deref(), Some("subs"));
        assert_eq!(inputs.find(&sub.join("new.txt")), None);
        assert_eq!(inputs.find(&dir.join("other.json")), None);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
