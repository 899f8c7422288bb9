//! The arena's errors, kept structured: a match that cannot be set up, a
//! thread pool that cannot start, a game record that cannot be read or does
//! not replay. Text is made from them only at the edges (`cli`, `gui`).
//!
//! Convention (the same in `bots`): the `Display` of every error is its whole
//! one-line message, the cause's text included, so the messages printed are
//! those of the flat strings these variants replaced; `source()` exposes the
//! typed cause for code that asks. A caller prints `Display` only, never the
//! `source()` chain as well.

use std::fmt;
use std::time::Duration;

use crate::input::InputError;
use crate::rules::{Coord, Player, RulesError};

/// Everything that can go wrong in the arena.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ArenaError {
    /// A match configuration outside the limits ([`crate::arena::MatchConfig::check`]).
    #[error("{0}")]
    Config(#[from] ConfigError),
    /// A tournament with fewer than two entrants (the number given).
    #[error("a tournament needs at least two players")]
    TooFewEntrants(usize),
    /// The worker threads of a match could not be started.
    #[error("cannot start {threads} threads: {source}")]
    Threads {
        /// The number of threads asked for.
        threads: usize,
        /// Why the pool did not start.
        #[source]
        source: rayon::ThreadPoolBuildError,
    },
    /// A game record that cannot be read or does not replay.
    #[error("game record: {0}")]
    Record(#[from] RecordError),
}

impl ArenaError {
    /// Whether this is a records file's last line cut short
    /// ([`RecordError::Truncated`]): the games before it are whole.
    pub fn is_truncated(&self) -> bool {
        matches!(self, ArenaError::Record(RecordError::Truncated { .. }))
    }
}

/// Why a match configuration is outside the limits (`arena/limits.rs`;
/// `docs/limits.md` lists them). Each carries the value given and the bound
/// it broke. The messages name the setting in words; the command line names
/// its options instead (`cli/arena_args.rs`).
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum ConfigError {
    /// No games.
    #[error("games must be at least 1")]
    NoGames,
    /// More games than the most a match plays.
    #[error("{games} games is too many (at most {max})")]
    TooManyGames {
        /// The games asked for.
        games: u64,
        /// The most allowed.
        max: u64,
    },
    /// Seats and board that the rules refuse: 2 to 8 players, and at
    /// least as many cells as players (the rules' own check).
    #[error("{0}")]
    Board(RulesError),
    /// More worker threads than allowed.
    #[error("{threads} threads is too many (at most {max})")]
    TooManyThreads {
        /// The threads asked for.
        threads: usize,
        /// The most allowed.
        max: usize,
    },
    /// A longer random opening than allowed.
    #[error("openings of {plies} plies are too long (at most {max})")]
    OpeningTooLong {
        /// The plies asked for.
        plies: u32,
        /// The most allowed.
        max: u32,
    },
    /// A placement cap of 0.
    #[error("the placement cap must be at least 1 placement")]
    NoCap,
    /// A placement cap above the largest a records line holds.
    #[error("a cap of {cap} placements is too many (at most {max})")]
    CapTooLarge {
        /// The cap asked for.
        cap: u32,
        /// The largest allowed.
        max: u32,
    },
    /// A move limit, time per move or time margin out of its range.
    #[error("{what} of {} ms: give {} to {} ms", .given.as_millis(), .min.as_millis(), .max.as_millis())]
    Time {
        /// Which setting.
        what: TimeSetting,
        /// The time given.
        given: Duration,
        /// The shortest allowed.
        min: Duration,
        /// The longest allowed.
        max: Duration,
    },
    /// An SPRT whose bounds or error rates are out of range.
    #[error("the SPRT: {0}")]
    Sprt(String),
}

/// The time settings of a match that have a range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeSetting {
    /// The move limit (a slower move forfeits).
    MoveLimit,
    /// The time control's time per move.
    TimePerMove,
    /// The time control's margin.
    TimeMargin,
}

impl fmt::Display for TimeSetting {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TimeSetting::MoveLimit => "a move limit",
            TimeSetting::TimePerMove => "a time per move",
            TimeSetting::TimeMargin => "a time margin",
        })
    }
}

/// Why a game record cannot be read, or does not replay to its result.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum RecordError {
    /// A line of a records file that cannot be read: too long, not UTF-8, or
    /// a read error (the cause names the line).
    #[error("{0}")]
    Input(#[source] InputError),
    /// The last line of the file has no line break and cannot be read: it
    /// was cut short (the run writing it was stopped, or the disk was full).
    /// Readers keep the games before it and warn once.
    #[error(
        "line {line}, the last, is cut short (the run that wrote it stopped part way); the games before it are read"
    )]
    Truncated {
        /// The line of the file, from 1.
        line: usize,
    },
    /// A line that is not a game record in JSON.
    #[error("{}", json_message(*.line, .source))]
    Json {
        /// The line of the file, from 1.
        line: usize,
        /// What the JSON reader found wrong.
        #[source]
        source: serde_json::Error,
    },
    /// A record whose board cannot be set up (size, players, rules).
    #[error("game {game}: {source}")]
    Start {
        /// The record's game number.
        game: u64,
        /// Why the board is impossible.
        #[source]
        source: RulesError,
    },
    /// A recorded move that is illegal when the game is replayed.
    #[error("game {game}: move {ply} ({coord}) is illegal: {source}")]
    IllegalMove {
        /// The record's game number.
        game: u64,
        /// The move, counted from 1 (opening included), as every message
        /// numbers moves (docs/positions.md).
        ply: usize,
        /// The cell played.
        coord: Coord,
        /// Why the rules refuse it.
        #[source]
        source: RulesError,
    },
    /// A recorded result that replaying the moves does not give.
    #[error("game {game}: {mismatch}")]
    Result {
        /// The record's game number.
        game: u64,
        /// Which field disagrees with the replay.
        #[source]
        mismatch: ResultMismatch,
    },
}

impl RecordError {
    /// The line of the records file the error is on, when it came from reading one.
    pub fn line(&self) -> Option<usize> {
        match self {
            RecordError::Input(e) => e.line(),
            RecordError::Json { line, .. } => Some(*line),
            _ => None,
        }
    }
}

/// The message of a line that is not a record: the file's line, and serde's
/// column instead of its "at line 1 column C" (serde sees one line at a time).
fn json_message(line: usize, e: &serde_json::Error) -> String {
    let text = e.to_string();
    let place = format!(" at line {} column {}", e.line(), e.column());
    match text.strip_suffix(&place) {
        Some(message) => format!("line {line}, column {}: {message}", e.column()),
        None => format!("line {line}: {text}"),
    }
}

/// A recorded result field that disagrees with the final position of the
/// replayed moves; `replayed` is the winner that replay gives, if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ResultMismatch {
    /// A forfeit is recorded, but the moves already end the game.
    #[error(
        "field \"forfeit\" is \"{seat}\", but replaying the moves gives {}, so nobody could forfeit",
        Replayed(*.replayed)
    )]
    ForfeitAfterEnd {
        /// The seat recorded as forfeiting.
        seat: Player,
        /// The winner by replay.
        replayed: Option<Player>,
    },
    /// No winner is recorded, but the moves end the game.
    #[error("field \"winner\" is null, but replaying the moves gives {}", Replayed(*.replayed))]
    MissingWinner {
        /// The winner by replay.
        replayed: Option<Player>,
    },
    /// A winner is recorded that the moves do not give.
    #[error(
        "field \"winner\" is \"{recorded}\", but replaying the moves gives {}",
        Replayed(*.replayed)
    )]
    WrongWinner {
        /// The winner recorded.
        recorded: Player,
        /// The winner by replay.
        replayed: Option<Player>,
    },
}

/// The outcome of a replay, in words.
struct Replayed(Option<Player>);

impl fmt::Display for Replayed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(w) => write!(f, "{w} as the winner"),
            None => f.write_str("no winner (the game is not over)"),
        }
    }
}
