//! The files a player reads, which no output of its run may overwrite: the
//! one place that says what a spec's inputs are (the command line's output
//! checks and the class tournament ask here).
//!
//! - a strategy file: the file;
//! - a `bot.toml`: every file in the manifest's folder (the program, its
//!   data, the manifest itself);
//! - a `cmd:` program: every word of its command line that names an existing
//!   file (`cmd:python3 bot.py` reads `bot.py`), relative to the folder the
//!   run starts in;
//! - a built-in: nothing.

use std::path::{Path, PathBuf};

use super::player::PlayerSpec;
use crate::output::InputPath;
use crate::protocol::split_command_line;

impl PlayerSpec {
    /// The files the player reads (see the module docs).
    pub fn input_paths(&self) -> Vec<InputPath> {
        match self {
            PlayerSpec::Builtin(_) => Vec::new(),
            PlayerSpec::Strategy(path) => vec![InputPath::File(path.clone())],
            PlayerSpec::Manifest(path) => {
                let dir = path
                    .parent()
                    .filter(|d| !d.as_os_str().is_empty())
                    .unwrap_or(Path::new("."));
                vec![InputPath::Folder(dir.to_path_buf())]
            }
            PlayerSpec::Program(line) => split_command_line(line)
                .unwrap_or_default()
                .into_iter()
                .map(PathBuf::from)
                .filter(|word| word.is_file())
                .map(InputPath::File)
                .collect(),
        }
    }

    /// How a refusal names the inputs of this player: "the strategy file of
    /// player 'mine.json'", "a file of player 'cmd:python3 bot.py'".
    pub fn input_name(&self) -> String {
        let spec = crate::input::printable(&self.to_string()).into_owned();
        match self {
            PlayerSpec::Strategy(_) => format!("the strategy file of player '{spec}'"),
            PlayerSpec::Builtin(_) | PlayerSpec::Program(_) | PlayerSpec::Manifest(_) => {
                format!("a file of player '{spec}'")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_kind_names_what_it_reads() {
        let dir = std::env::temp_dir().join(format!("chainlab-spec-inputs-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let script = dir.join("bot.py");
        std::fs::write(&script, "print()").unwrap();
        let line = format!("cmd:python3 {} --fast", script.display());
        let spec = PlayerSpec::parse(&line).unwrap();
        assert_eq!(spec.input_paths(), vec![InputPath::File(script.clone())]);
        let manifest = PlayerSpec::parse(&dir.join("bot.toml").display().to_string()).unwrap();
        assert_eq!(manifest.input_paths(), vec![InputPath::Folder(dir.clone())]);
        let strategy = PlayerSpec::parse("a.json").unwrap();
        assert_eq!(
            strategy.input_paths(),
            vec![InputPath::File("a.json".into())]
        );
        assert!(
            PlayerSpec::parse("bot:greedy")
                .unwrap()
                .input_paths()
                .is_empty()
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
