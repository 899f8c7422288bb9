//! Records files written by `chainlab match` (one [`GameRecord`] per line),
//! read for the replay view: every game that can be read, and what went
//! wrong with the lines that cannot.

use std::path::{Path, PathBuf};

use crate::arena::{GameRecord, read_records};
use crate::gui::platform;

/// The largest records file the app opens (a match of many thousand games fits).
pub(crate) const MAX_BYTES: u64 = 256 * 1024 * 1024;

/// How many unreadable lines are listed by name; the rest are counted.
const MAX_PROBLEMS: usize = 5;

/// The games of one records file.
#[derive(Clone, Debug)]
pub struct RecordsFile {
    /// Where it was read from.
    pub path: PathBuf,
    /// The games that could be read, in file order.
    pub games: Vec<GameRecord>,
    /// Lines that could not be read, as messages naming the line.
    pub problems: Vec<String>,
    /// How many lines could not be read in all (a last line cut short
    /// not counted).
    pub bad_lines: usize,
    /// The warning about a last line cut short (a run stopped part way),
    /// if the file ends in one: the games before it are all read.
    pub cut: Option<String>,
}

impl RecordsFile {
    /// Reads `path`; an error when the file cannot be opened or holds no game.
    pub fn open(path: &Path) -> Result<RecordsFile, String> {
        if path.as_os_str().is_empty() {
            return Err(
                "type the path of a records file first, or choose one with Browse…".to_string(),
            );
        }
        let shown = path.display();
        let bytes = platform::read_file(path, MAX_BYTES, "records files")?;
        let mut games = Vec::new();
        let mut problems = Vec::new();
        let mut bad_lines = 0;
        let mut cut = None;
        for item in read_records(bytes.as_slice()) {
            match item {
                Ok(record) => games.push(record),
                Err(e) if e.is_truncated() => cut = Some(e.to_string()),
                Err(e) => {
                    bad_lines += 1;
                    if problems.len() < MAX_PROBLEMS {
                        problems.push(e.to_string());
                    }
                }
            }
        }
        if games.is_empty() {
            let why = problems
                .first()
                .or(cut.as_ref())
                .map_or_else(String::new, |p| format!(": {p}"));
            return Err(format!("{shown} holds no game record{why}"));
        }
        Ok(RecordsFile {
            path: path.to_path_buf(),
            games,
            problems,
            bad_lines,
            cut,
        })
    }
}

/// One line describing a recorded game, for the game picker.
pub fn summary(record: &GameRecord) -> String {
    let result = match record.winner {
        Some(w) => format!(
            "{w} ({}) won",
            record.players.get(w.index()).map_or("?", String::as_str)
        ),
        None => "no winner".to_string(),
    };
    format!(
        "Game {}: {} — {result} in {} moves",
        record.game,
        record.players.join(" vs "),
        record.moves.len()
    )
}
