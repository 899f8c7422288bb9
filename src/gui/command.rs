//! What crosses views: the [`Command`]s a view queues for the app to run at
//! the end of the frame, and the data they carry (a [`StrategyEntry`], a
//! [`ReplayGame`]). The views import this module directly and never the app,
//! so the app depends on the views and no view depends on the app.
//!
//! Invariant: a [`ReplayGame`] is plain data (start, moves, names, texts);
//! whether its moves replay is found out when the replay view loads it.

use crate::arena::GameRecord;
use crate::gui::view::View;
use crate::rules::{Coord, Position};
use crate::strategy::Strategy;

/// An action that crosses views, queued during the frame and run at its end.
#[derive(Clone, Debug)]
pub enum Command {
    /// Show a view.
    Show(View),
    /// Start a new game in the play view from the current settings.
    NewGame,
    /// Load a game into the replay view.
    Replay(Box<ReplayGame>),
    /// Load the play view's game into the replay view ("Replay this game");
    /// the app composes the two views, so the play view need not know the replay's.
    ReplayPlayed,
    /// Open the arena with this strategy among the players ("Test this
    /// strategy" in the editor).
    TestInArena(Box<StrategyEntry>),
    /// Open the arena with this strategy guiding a search among the
    /// players ("Test in a search" in the editor).
    TestInSearch(Box<StrategyEntry>),
    /// Open the play view with this strategy in a seat against a human
    /// ("Play against it" in the editor).
    PlayAgainst(Box<StrategyEntry>),
}

/// A strategy handed from one view to another (typically the editor's graph,
/// which need not be saved).
#[derive(Clone, Debug)]
pub struct StrategyEntry {
    /// The name shown in seats and tables.
    pub label: String,
    /// The graph.
    pub strategy: Strategy,
}

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
    /// The game of a record, or why its start cannot be set up.
    pub fn from_record(record: &GameRecord) -> Result<ReplayGame, String> {
        let start = record.start().map_err(|e| e.to_string())?;
        let pairing = record
            .pairing
            .map_or_else(String::new, |p| format!("Pairing {}, ", p + 1));
        Ok(ReplayGame {
            title: format!(
                "{pairing}Game {} ({} board, {} rules, seed {})",
                record.game, record.size, record.rules, record.seed
            ),
            note: format!("{}: {}", record.players.join(" vs "), record.reason),
            start,
            moves: record.moves.clone(),
            labels: record.players.clone(),
            game: record.game,
            opening: record.opening as usize,
        })
    }
}
