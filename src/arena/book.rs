//! Opening books: a file of openings, one per line as moves in the `--moves`
//! notation (`r,c r,c …`), `#` starting a comment. A match with a book plays
//! pair `k` (games `2k` and `2k + 1`) from opening `k` of the book's shuffled
//! order, wrapping around when the book is exhausted.
//!
//! Invariants:
//! - Every opening in a [`Book`] is legal from the start position it was read
//!   for and leaves the game open: [`Book::parse`] plays each line and refuses
//!   the file at the first line that is not, naming it.
//! - Reading holds at most one line of [`MAX_BOOK_LINE_BYTES`] and at most
//!   [`MAX_BOOK_OPENINGS`] openings (the reader of [`crate::input`]).
//! - [`Book::hash`] depends only on the openings in file order (not on
//!   comments, blank lines or spacing), so that a run's identity can name the
//!   book by content; the order played is a function of the hash and the seed.

use std::io::BufRead;
use std::path::Path;

use rand::RngExt;

use crate::input::{InputError, Lines};
use crate::rng::{derive_seed, rng_from_seed};
use crate::rules::{Coord, Position, RulesError};

/// A line of a book may have at most this many bytes.
pub const MAX_BOOK_LINE_BYTES: usize = 16 * 1024;
/// A book may have at most this many openings.
pub const MAX_BOOK_OPENINGS: usize = 100_000;

/// A salt that separates the book's shuffle from the games' seeds.
const SHUFFLE_SALT: u64 = 0xB00C_5EED_0F0F_1E57;

/// Why a book could not be read.
#[derive(Debug, thiserror::Error)]
pub enum BookError {
    /// The file could not be opened.
    #[error("cannot read {path}: {source}")]
    Open {
        /// The file, as given.
        path: String,
        /// The underlying error.
        #[source]
        source: std::io::Error,
    },
    /// A line could not be read as text.
    #[error("{0}")]
    Input(#[from] InputError),
    /// A move that is not `ROW,COL`.
    #[error("line {line}: move {ply} '{token}': {source}")]
    Notation {
        /// The line, from 1.
        line: usize,
        /// The move, from 1.
        ply: usize,
        /// The move as written (clipped).
        token: String,
        /// Why it is not a move.
        #[source]
        source: RulesError,
    },
    /// A move the position does not allow.
    #[error("line {line}: move {ply} ({coord}) is illegal: {source}")]
    Illegal {
        /// The line, from 1.
        line: usize,
        /// The move, from 1.
        ply: usize,
        /// The move.
        coord: Coord,
        /// Why it is illegal.
        #[source]
        source: RulesError,
    },
    /// An opening after which the game is over.
    #[error("line {line}: the game is over after move {ply}: an opening must leave it open")]
    GameOver {
        /// The line, from 1.
        line: usize,
        /// The move that ended it, from 1.
        ply: usize,
    },
    /// More openings than [`MAX_BOOK_OPENINGS`].
    #[error("line {line}: a book may have at most {max} openings")]
    TooMany {
        /// The first line over the limit.
        line: usize,
        /// The limit.
        max: usize,
    },
    /// No opening at all.
    #[error("the book has no openings (one per line, as moves 'r,c r,c …'; '#' starts a comment)")]
    Empty,
}

/// An opening book read for one start position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Book {
    /// What the book is called (its file name).
    pub name: String,
    /// The openings, in file order.
    openings: Vec<Vec<Coord>>,
    /// FNV-1a of the openings in file order (see the module's invariants).
    hash: u64,
    /// The order pairs play the openings in (indices into `openings`).
    order: Vec<u32>,
}

impl Book {
    /// Reads the book at `path` for games from `start`, shuffled by `seed`.
    pub fn read(path: &Path, start: &Position, seed: u64) -> Result<Book, BookError> {
        let file = std::fs::File::open(path).map_err(|source| BookError::Open {
            path: path.display().to_string(),
            source,
        })?;
        let name = path.file_name().map_or_else(
            || path.display().to_string(),
            |n| n.to_string_lossy().into(),
        );
        Book::parse(std::io::BufReader::new(file), &name, start, seed)
    }

    /// Reads a book named `name` from `input` for games from `start`,
    /// shuffled by `seed`.
    pub fn parse(
        input: impl BufRead,
        name: &str,
        start: &Position,
        seed: u64,
    ) -> Result<Book, BookError> {
        let mut openings = Vec::new();
        for item in Lines::new(input, MAX_BOOK_LINE_BYTES) {
            let (line, text) = item?;
            let moves = text.split('#').next().unwrap_or_default();
            if moves.trim().is_empty() {
                continue;
            }
            if openings.len() == MAX_BOOK_OPENINGS {
                let max = MAX_BOOK_OPENINGS;
                return Err(BookError::TooMany { line, max });
            }
            openings.push(opening(line, moves, start)?);
        }
        if openings.is_empty() {
            return Err(BookError::Empty);
        }
        Ok(Book::new(name, openings, seed))
    }

    /// A book of checked `openings` (not empty), shuffled by `seed`.
    fn new(name: &str, openings: Vec<Vec<Coord>>, seed: u64) -> Book {
        let hash = content_hash(&openings);
        let mut order: Vec<u32> = (0..openings.len() as u32).collect();
        let mut rng = rng_from_seed(derive_seed(seed ^ SHUFFLE_SALT, hash));
        for i in (1..order.len()).rev() {
            let j = rng.random_range(0..=i);
            order.swap(i, j);
        }
        Book {
            name: name.to_string(),
            openings,
            hash,
            order,
        }
    }

    /// The number of openings.
    pub fn len(&self) -> usize {
        self.openings.len()
    }

    /// Whether the book has no openings (never, once read).
    pub fn is_empty(&self) -> bool {
        self.openings.is_empty()
    }

    /// The content hash, as 16 hex digits.
    pub fn hash(&self) -> String {
        format!("{:016x}", self.hash)
    }

    /// The opening of pair `pair` (wrapping around the shuffled order).
    pub fn opening(&self, pair: u64) -> &[Coord] {
        let len = self.order.len().max(1) as u64;
        let slot = (pair % len) as usize;
        self.order
            .get(slot)
            .and_then(|&i| self.openings.get(i as usize))
            .map_or(&[], Vec::as_slice)
    }
}

/// Line `line`'s opening `text`, played from `start` and checked.
fn opening(line: usize, text: &str, start: &Position) -> Result<Vec<Coord>, BookError> {
    let mut position = *start;
    let mut moves = Vec::new();
    for (index, token) in text.split_whitespace().enumerate() {
        let ply = index + 1;
        let coord: Coord = token.parse().map_err(|source| BookError::Notation {
            line,
            ply,
            token: crate::input::clipped(token).into_owned(),
            source,
        })?;
        position.play(coord).map_err(|source| BookError::Illegal {
            line,
            ply,
            coord,
            source,
        })?;
        if position.is_over() {
            return Err(BookError::GameOver { line, ply });
        }
        moves.push(coord);
    }
    Ok(moves)
}

/// FNV-1a (64 bits) of the openings written one per line as `r,c r,c`.
fn content_hash(openings: &[Vec<Coord>]) -> u64 {
    let mut hash = crate::rng::Fnv1a::default();
    for opening in openings {
        let text: Vec<String> = opening.iter().map(Coord::to_string).collect();
        hash.update(text.join(" ").as_bytes());
        hash.update(b"\n");
    }
    hash.finish()
}

#[cfg(test)]
#[path = "book_tests.rs"]
mod tests;
