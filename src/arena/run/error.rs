//! Why shards cannot be joined or a run cannot be resumed, in terms a
//! caller can word: the file, the game, the field that differs.

use crate::arena::error::ArenaError;

/// A problem with a run's records: a shard, a header, a join or a resume.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// A records file that cannot be read, or a record that does not replay.
    #[error("{file}: {source}")]
    Records {
        /// The file.
        file: String,
        /// Why.
        #[source]
        source: ArenaError,
    },
    /// A header line that is not a header this build reads.
    #[error("{file}, line {line}: not a records header this chainlab reads: {reason}")]
    Header {
        /// The file.
        file: String,
        /// The line, from 1.
        line: usize,
        /// Why.
        reason: String,
    },
    /// A records file without a header (written before headers, or by hand).
    #[error(
        "{file} has no records header (its first line names the run): it was written by an older chainlab or by hand, so it cannot be joined or resumed; 'chainlab replay' still reads it"
    )]
    NoHeader {
        /// The file.
        file: String,
    },
    /// A file of another run than the first file's.
    #[error(
        "{file} is a shard of another run than {first}: {field} differs ({theirs} against {ours})"
    )]
    Foreign {
        /// The file refused.
        file: String,
        /// The first file, whose run the others must share.
        first: String,
        /// The setting that differs.
        field: String,
        /// Its value in `file`.
        theirs: String,
        /// Its value in `first`.
        ours: String,
    },
    /// A game that is not one of the run's, or not one of its file's shard.
    #[error("{file}: game {game}{} is not a game of {what}", pairing_words(*.pairing))]
    StrayGame {
        /// The file.
        file: String,
        /// The pairing (tournaments).
        pairing: Option<u32>,
        /// The game.
        game: u64,
        /// Whose game it should have been.
        what: String,
    },
    /// The same game twice.
    #[error("game {game}{} is in {first} and again in {second}: a shard was given twice, or a resumed file holds a game twice", pairing_words(*.pairing))]
    Duplicate {
        /// The pairing (tournaments).
        pairing: Option<u32>,
        /// The game.
        game: u64,
        /// Where it is first.
        first: String,
        /// Where it is again.
        second: String,
    },
    /// The run's opening book cannot be read again as it was.
    #[error("{reason}")]
    Book {
        /// Why (names the book).
        reason: String,
    },
    /// Games of the run that no file holds.
    #[error("{count} game(s) missing: {list}")]
    Missing {
        /// How many.
        count: u64,
        /// The games, as ranges per pairing.
        list: String,
        /// The shards that hold them (K of the run's N), for the command that plays them.
        shards: Vec<u32>,
    },
}

/// " of pairing P" or nothing.
fn pairing_words(pairing: Option<u32>) -> String {
    pairing.map_or_else(String::new, |p| format!(" of pairing {p}"))
}
