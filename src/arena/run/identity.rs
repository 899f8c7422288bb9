//! What makes two records files parts of the same run: the run's identity
//! (players with their file hashes, seed, board, rules, openings, games,
//! pairings, limits that change results) and the header line that carries
//! it, with the shard that wrote the file.
//!
//! Invariant: two shards belong together exactly when their identities are
//! equal and they name the same shard count; everything a game's moves
//! depend on (besides the players' own code) is in the identity, so equal
//! identities play equal games.

use std::io::Read;
use std::path::Path;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::error::RunError;
use crate::arena::Book;
use crate::arena::config::MatchConfig;
use crate::arena::schedule::Shard;
use crate::arena::stats::Sprt;
use crate::bots::PlayerSpec;
use crate::input::printable;
use crate::output::InputPath;
use crate::rng::Fnv1a;
use crate::rules::{Rules, Size};

/// The version of the records header this build writes.
pub const HEADER_VERSION: u32 = 1;

/// The key that opens a header line (a game record never has it).
pub const HEADER_KEY: &str = "chainlab_records";

/// What kind of run wrote the records.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RunKind {
    /// `chainlab match`.
    Match,
    /// `chainlab tournament` of named players.
    Tournament,
    /// `chainlab tournament --dir/--reference`: a class tournament.
    Class,
}

/// One player of a run: its label and, when it is a file (or a folder),
/// a hash of its contents.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerId {
    /// The player's label (its spec as the records name it).
    pub label: String,
    /// FNV-1a 64 of the player's files, in hex; `None` for a built-in.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hash: Option<String>,
}

impl PlayerId {
    /// The identity of the player labelled `label`, named on the command
    /// line by `spec` (its files are hashed when the spec names files).
    pub fn of(label: &str, spec: &str) -> PlayerId {
        PlayerId {
            label: label.to_string(),
            hash: PlayerSpec::parse(spec).ok().and_then(|s| hash_inputs(&s)),
        }
    }
}

impl PlayerId {
    /// The identity of a player read from `path` (a file, or a folder
    /// whose files are hashed by name and contents).
    pub fn of_path(label: &str, path: &Path) -> PlayerId {
        let mut hash = Fnv::default();
        if path.is_dir() {
            hash.folder(path, 0);
        } else {
            hash.file(path);
        }
        PlayerId {
            label: label.to_string(),
            hash: Some(format!("{:016x}", hash.0.finish())),
        }
    }
}

/// How the games open: random plies, or a book named by its content hash,
/// so that shards with different books are refused.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct OpeningId {
    /// Random opening plies shared by the two games of a pair.
    pub plies: u32,
    /// The opening book the pairs play from, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub book: Option<BookId>,
}

/// An opening book as a run names it: what it is called and its content
/// hash ([`crate::arena::Book::hash`]); the file's path is not part of the
/// run (paths differ by machine).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BookId {
    /// The book's name (its file name).
    pub name: String,
    /// The hash of its openings, in hex.
    pub hash: String,
}

/// The settings of a run that change its results.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunIdentity {
    /// The command that played it.
    pub kind: RunKind,
    /// The entrants, by index.
    pub players: Vec<PlayerId>,
    /// The pairings in the order played (entrant indices, side A first);
    /// `[[0, 1]]` for a match. Pairing `k` plays with seed
    /// `derive_seed(seed, k)` in a tournament.
    pub pairings: Vec<(usize, usize)>,
    /// Games per pairing.
    pub games: u64,
    /// The run's seed.
    pub seed: u64,
    /// Board size.
    #[serde(with = "crate::arena::record::as_text")]
    pub size: Size,
    /// Rule variant.
    pub rules: Rules,
    /// Seats per game.
    pub players_per_game: usize,
    /// How the games open.
    pub opening: OpeningId,
    /// The placement cap in force.
    pub cap: u32,
    /// Per-move limit in milliseconds.
    pub move_limit_ms: Option<u64>,
    /// Time control: per move and margin in milliseconds.
    pub time_control_ms: Option<(u64, u64)>,
    /// The SPRT bounds (elo0, elo1, alpha, beta), when it may stop early.
    pub sprt: Option<(f64, f64, f64, f64)>,
    /// A gauntlet (for the report's words).
    pub gauntlet: bool,
}

impl RunIdentity {
    /// The identity of a run of `kind` with `config` over `players` and
    /// `pairings`.
    pub fn new(
        kind: RunKind,
        players: Vec<PlayerId>,
        pairings: Vec<(usize, usize)>,
        config: &MatchConfig,
        gauntlet: bool,
    ) -> RunIdentity {
        RunIdentity {
            kind,
            players,
            pairings,
            games: config.games,
            seed: config.seed,
            size: config.size,
            rules: config.rules,
            players_per_game: config.players,
            opening: OpeningId {
                plies: config.opening_plies,
                book: config.book.as_ref().map(|b| BookId {
                    name: b.name.clone(),
                    hash: b.hash(),
                }),
            },
            cap: config.cap(),
            move_limit_ms: config.move_limit.map(|d| d.as_millis() as u64),
            time_control_ms: config
                .time_control
                .map(|t| (t.per_move.as_millis() as u64, t.margin.as_millis() as u64)),
            sprt: config.sprt.map(|s| (s.elo0, s.elo1, s.alpha, s.beta)),
            gauntlet,
        }
    }

    /// The match settings this identity plays (threads as given), without
    /// its book: a book is read from its file and checked against
    /// [`OpeningId::book`] by the caller.
    pub fn config(&self, threads: usize) -> MatchConfig {
        use std::time::Duration;
        MatchConfig {
            games: self.games,
            size: self.size,
            rules: self.rules,
            players: self.players_per_game,
            seed: self.seed,
            threads,
            opening_plies: self.opening.plies,
            book: None,
            sprt: self
                .sprt
                .and_then(|(e0, e1, a, b)| Sprt::checked(e0, e1, a, b).ok()),
            move_limit: self.move_limit_ms.map(Duration::from_millis),
            time_control: self
                .time_control_ms
                .map(|(per, margin)| crate::arena::TimeControl {
                    per_move: Duration::from_millis(per),
                    margin: Duration::from_millis(margin),
                }),
            placement_cap: Some(self.cap),
            pairing: None,
        }
    }

    /// The labels of the players, by index.
    pub fn labels(&self) -> Vec<String> {
        self.players.iter().map(|p| p.label.clone()).collect()
    }
}

/// The first line of a records file: the run and the shard that wrote it,
/// and what the reports need besides the games.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RecordsHeader {
    /// The header's version ([`HEADER_VERSION`]); its key marks the line.
    pub chainlab_records: u32,
    /// The run.
    pub run: RunIdentity,
    /// The shard this file holds (1/1 for a whole run).
    pub shard: Shard,
    /// The players as the report's tables name them (programs by their
    /// own names), by index.
    pub names: Vec<String>,
    /// Whether every player is deterministic (the report's note).
    pub deterministic: bool,
    /// The players as the command line named them (for the command that
    /// plays missing games; not part of the run: paths differ by machine).
    #[serde(default)]
    pub specs: Vec<String>,
    /// The worker threads of the run that wrote the file (not part of the
    /// run: results do not depend on it).
    #[serde(default)]
    pub threads: usize,
    /// How programs ran (sandboxed, and the words of the report), if any ran.
    #[serde(default)]
    pub programs: Option<(bool, String)>,
    /// The book's path as the command line named it (for merge and the
    /// command that plays missing games; not part of the run).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub book_path: Option<String>,
}

impl RecordsHeader {
    /// The header of `shard` of `run`.
    pub fn new(run: RunIdentity, shard: Shard) -> RecordsHeader {
        RecordsHeader {
            chainlab_records: HEADER_VERSION,
            names: run.labels(),
            run,
            shard,
            deterministic: true,
            threads: 0,
            specs: Vec::new(),
            programs: None,
            book_path: None,
        }
    }

    /// Whether a records line is a header line.
    pub fn is_header_line(line: &str) -> bool {
        crate::arena::record::is_header_line(line)
    }

    /// The book the run played from, read again from the path the header
    /// names and checked against the hash its identity holds; `None` for
    /// random openings.
    pub fn book(&self) -> Result<Option<Arc<Book>>, RunError> {
        let Some(id) = &self.run.opening.book else {
            return Ok(None);
        };
        let bad = |reason: String| RunError::Book { reason };
        let Some(path) = &self.book_path else {
            return Err(bad(format!(
                "the run played from the book {}, but its records do not say where the book is",
                printable(&id.name)
            )));
        };
        let config = self.run.config(1);
        let start = config
            .checked_start()
            .map_err(|e| bad(format!("the run's board: {e}")))?;
        let book = Book::read(Path::new(path), &start, config.seed)
            .map_err(|e| bad(format!("the run's book {}: {e}", printable(path))))?;
        if book.hash() != id.hash {
            return Err(bad(format!(
                "the book {} has changed since the run (hash {}, the run's {})",
                printable(path),
                book.hash(),
                id.hash
            )));
        }
        Ok(Some(Arc::new(book)))
    }
}

/// FNV-1a 64 over the files a player reads, in hex; `None` when it reads none.
fn hash_inputs(spec: &PlayerSpec) -> Option<String> {
    let paths = spec.input_paths();
    if paths.is_empty() {
        return None;
    }
    let mut hash = Fnv::default();
    for path in paths {
        match path {
            InputPath::File(p) => hash.file(&p),
            InputPath::Folder(p) => hash.folder(&p, 0),
        }
    }
    Some(format!("{:016x}", hash.0.finish()))
}

/// The FNV-1a 64 hash of a player's files, fed as they are read.
#[derive(Default)]
struct Fnv(Fnv1a);

/// Folder depth up to which a player's folder is hashed.
const MAX_HASH_DEPTH: usize = 8;

impl Fnv {
    fn bytes(&mut self, bytes: &[u8]) {
        self.0.update(bytes);
    }

    /// Hashes a file's contents (a file that cannot be read hashes its error).
    fn file(&mut self, path: &Path) {
        let Ok(mut file) = std::fs::File::open(path) else {
            self.bytes(b"<unreadable>");
            return;
        };
        let mut buf = [0u8; 64 * 1024];
        loop {
            match file.read(&mut buf) {
                Ok(0) => return,
                Ok(n) => self.bytes(buf.get(..n).unwrap_or_default()),
                Err(_) => {
                    self.bytes(b"<unreadable>");
                    return;
                }
            }
        }
    }

    /// Hashes a folder's files by name and contents, in name order.
    fn folder(&mut self, dir: &Path, depth: usize) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        let mut paths: Vec<_> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
        paths.sort();
        for path in paths {
            if let Some(name) = path.file_name() {
                self.bytes(name.as_encoded_bytes());
            }
            if path.is_dir() && depth < MAX_HASH_DEPTH {
                self.folder(&path, depth + 1);
            } else if path.is_file() {
                self.file(&path);
            }
        }
    }
}
