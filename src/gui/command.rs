//! A game to replay, and the two places it comes from: the game being
//! played in the play view, and a game record of a match or tournament.
//! Invariant: a [`ReplayGame`] is plain data (start, moves, names, texts);
//! whether its moves replay is found out when the view loads it.

use super::job::Request;
use crate::arena::GameRecord;
use crate::gui::play::session::Session;
use crate::rules::{Coord, Position};

/// A game to replay: where it started, its moves, and the seats' names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayGame {
    /// Shown above the board.
    pub title: String,
    /// One line under the title: the players and how the game ended.
    pub note: String,
    /// The starting position.
    pub start: Position,
    /// The moves in order.
    pub moves: Vec<Coord>,
    /// One name per player, `A` first.
    pub labels: Vec<String>,
    /// The game's index in its records (0 for a game of the play view).
    pub game: u64,
    /// How many moves at the start are the shared random opening.
    pub opening: usize,
}

impl ReplayGame {
    /// The game of a play-view session.
    pub fn from_session(session: &Session) -> ReplayGame {
        let game = session.game();
        let labels = game
            .start()
            .players()
            .map(|p| session.label(p).to_string())
            .collect::<Vec<_>>();
        let start = game.start();
        let position = game.position();
        let result = match position.winner() {
            Some(w) => format!(
                "{w} ({}) won after {} moves",
                session.label(w),
                game.moves().len()
            ),
            None => format!("unfinished after {} moves", game.moves().len()),
        };
        ReplayGame {
            title: format!(
                "Game on the {} board, {} rules",
                start.size(),
                start.rules()
            ),
            note: format!("{}: {result}", labels.join(" vs ")),
            start: *start,
            moves: game.moves().to_vec(),
            labels,
            game: 0,
            opening: 0,
        }
    }

    /// The game of a record, or why its start cannot be set up.
    pub fn from_record(record: &GameRecord) -> Result<ReplayGame, String> {
        let start = record.start().map_err(|e| e.to_string())?;
        let pairing = record
            .pairing
            .map_or_else(String::new, |p| format!("Pairing {}, ", p + 1));
        Ok(ReplayGame {
            title: format!(
                "{pairing}Game {} ({} board, {} rules, seed {})",
                record.game + 1,
                record.size,
                record.rules,
                record.seed
            ),
            note: format!("{}: {}", record.players.join(" vs "), record.reason),
            start,
            moves: record.moves.clone(),
            labels: record.players.clone(),
            game: record.game,
            opening: record.opening as usize,
        })
    }

    /// What the analyser is asked to value: the whole game, as
    /// `chainlab analyze` values a record (its opening marked).
    pub fn request(&self) -> Request {
        Request {
            game: self.game,
            start: self.start,
            moves: self.moves.clone(),
            opening: self.opening,
        }
    }
}
