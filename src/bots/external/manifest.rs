//! `bot.toml`: how a program that plays is described in a folder, for
//! class tournaments (`chainlab tournament --dir`) and anywhere a player
//! spec is accepted (a path ending in `bot.toml`):
//!
//! ```toml
//! name = "Alice's bot"            # optional; default: the folder's name
//! command = "python3 bot.py"      # or ["python3", "bot.py"]; runs in this folder
//! move_ms = 2000                  # optional: time per move when the game sets none
//! [options]                       # optional: values for options the engine declares
//! depth = 3
//! ```

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::Deserialize;

use super::{DEFAULT_MOVE_LIMIT, DEFAULT_START_LIMIT, EngineSpec, Launch};
use crate::bots::error::ManifestError;
use crate::input::read_text;
use crate::protocol::split_command_line;

/// The file name of a manifest.
pub const MANIFEST: &str = "bot.toml";

/// The largest manifest read, in bytes.
const MAX_MANIFEST_BYTES: u64 = 64 * 1024;

/// A command as a string (split like a shell would) or a list of words.
#[derive(Deserialize)]
#[serde(untagged)]
enum CommandField {
    Line(String),
    Words(Vec<String>),
}

/// An option value: text, a number or a truth value.
#[derive(Deserialize)]
#[serde(untagged)]
enum OptionValue {
    Text(String),
    Integer(i64),
    Float(f64),
    Bool(bool),
}

impl OptionValue {
    fn text(&self) -> String {
        match self {
            OptionValue::Text(t) => t.clone(),
            OptionValue::Integer(i) => i.to_string(),
            OptionValue::Float(f) => f.to_string(),
            OptionValue::Bool(b) => b.to_string(),
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Manifest {
    name: Option<String>,
    command: CommandField,
    move_ms: Option<u64>,
    #[serde(default)]
    options: BTreeMap<String, OptionValue>,
}

/// Reads the manifest at `path` into a spec whose program runs in the
/// manifest's folder.
pub fn read(path: &Path) -> Result<EngineSpec, ManifestError> {
    let text = read_text(path, MAX_MANIFEST_BYTES, "bot manifest").map_err(|source| {
        ManifestError::Read {
            path: path.to_path_buf(),
            source,
        }
    })?;
    let manifest: Manifest = toml::from_str(&text).map_err(|e| ManifestError::Toml {
        path: path.to_path_buf(),
        message: e
            .to_string()
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" "),
    })?;
    let value = |message: String| ManifestError::Value {
        path: path.to_path_buf(),
        message,
    };
    let words = match manifest.command {
        CommandField::Line(line) => {
            split_command_line(&line).map_err(|source| ManifestError::Command {
                path: path.to_path_buf(),
                source,
            })?
        }
        CommandField::Words(words) => words,
    };
    let mut words = words.into_iter();
    let Some(program) = words.next().filter(|p| !p.is_empty()) else {
        return Err(value("command: the command is empty".to_string()));
    };
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    // Absolute, so that the program's path and its working directory agree.
    let dir = std::fs::canonicalize(dir).unwrap_or_else(|_| dir.to_path_buf());
    // A program given as a path is found from the manifest's folder.
    let program = if program.contains('/') {
        dir.join(&program)
    } else {
        PathBuf::from(program)
    };
    let folder_name = dir
        .file_name()
        .map_or_else(|| "bot".to_string(), |n| n.to_string_lossy().into_owned());
    let move_limit = match manifest.move_ms {
        None => DEFAULT_MOVE_LIMIT,
        Some(ms @ 1..=3_600_000) => Duration::from_millis(ms),
        Some(ms) => {
            return Err(value(format!(
                "move_ms {ms}: give 1 to 3600000 milliseconds"
            )));
        }
    };
    Ok(EngineSpec {
        label: manifest
            .name
            .map(|n| n.trim().to_string())
            .filter(|n| !n.is_empty())
            .unwrap_or(folder_name),
        launch: Launch {
            program,
            args: words.collect(),
            dir: Some(dir),
        },
        options: manifest
            .options
            .iter()
            .map(|(k, v)| (k.clone(), v.text()))
            .collect(),
        move_limit,
        start_limit: DEFAULT_START_LIMIT,
        log: None,
        sandbox: super::Sandbox::Off,
    })
}
