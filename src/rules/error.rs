//! Why a size, a position, a text or a move is refused: [`RulesError`], one
//! error type for the whole layer, each message lowercase and naming the
//! value it is about.

use super::coord::{Coord, Player, Size};

/// Everything that can go wrong with sizes, positions, notation and moves.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    /// A size that is not `ROWSxCOLS`.
    #[error("bad board size '{0}': expected ROWSxCOLS such as 5x6")]
    BadSize(String),
    /// A size with a side outside `2..=20`.
    #[error("board size {rows}x{cols} is out of range: rows and columns must be 2 to 20")]
    SizeOutOfRange {
        /// Requested rows.
        rows: usize,
        /// Requested columns.
        cols: usize,
    },
    /// A coordinate that is not `r,c`.
    #[error("bad cell '{0}': expected ROW,COL with zero-based numbers below 20, such as 0,3")]
    BadCoord(String),
    /// A player that is not a letter `A`..`H`.
    #[error("bad player '{0}': expected a letter A to H")]
    BadPlayer(String),
    /// An unknown rule variant.
    #[error("unknown rules '{0}': expected standard, overflow or empties")]
    BadRules(String),
    /// A player count outside `2..=8`.
    #[error("{0} players: a game has 2 to 8 players")]
    PlayerCount(usize),
    /// Fewer cells than players.
    #[error("a {size} board has fewer cells than the {players} players need")]
    TooFewCells {
        /// The board size.
        size: Size,
        /// The number of players.
        players: usize,
    },
    /// A move off the board.
    #[error("{coord} is off the {size} board")]
    OffBoard {
        /// The move.
        coord: Coord,
        /// The board size.
        size: Size,
    },
    /// A move after the game ended.
    #[error("the game is over: {winner} has won")]
    GameOver {
        /// The winner.
        winner: Player,
    },
    /// A move on an opponent's cell.
    #[error("{coord} belongs to {owner}, so {mover} may not place there")]
    Occupied {
        /// The move.
        coord: Coord,
        /// The cell's owner.
        owner: Player,
        /// The player to move.
        mover: Player,
    },
    /// Undo with no move to take back.
    #[error("there is no move to undo")]
    NothingToUndo,
    /// A syntax or value error in the text notation.
    #[error("line {line}, '{token}': {message}")]
    Notation {
        /// One-based line number.
        line: usize,
        /// The offending token.
        token: String,
        /// What is wrong with it.
        message: String,
    },
    /// An error in the JSON form.
    #[error("position JSON: {0}")]
    Json(String),
    /// A position whose parts contradict each other or the rules.
    #[error("impossible position: {0}")]
    Invalid(String),
}
