//! The messages between the page and its worker, as JSON text: what the
//! page asks of a player held in the worker ([`Request`]) and the move it
//! gets back ([`Answer`]). Positions and cells travel in the game's own
//! notation (`Position`'s and `Coord`'s `Display`/`FromStr`, which the
//! rules' tests round-trip), and the seat's generator travels whole, so the
//! worker's player draws exactly what it would have drawn in the page.

use serde::{Deserialize, Serialize};

use crate::analysis::{AnalyserConfig, GameAnalysis};
use crate::rng::GameRng;
use crate::rules::Coord;

/// The id of a player or an analysis held in the worker, unique within the page.
pub type AgentId = u64;

/// What the page asks of the worker. Requests are handled in the order
/// they were sent. (Serde's default enum form: an internally tagged enum
/// could not carry the generator's 128-bit state.)
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Request {
    /// Make a player of a built-in spec (`bot:master`), known as `agent`.
    Make {
        /// The new player's id.
        agent: AgentId,
        /// Its spec, as the command line takes it.
        spec: String,
    },
    /// A game begins in `position` (after any opening) with the player in `seat`.
    Begin {
        /// The player.
        agent: AgentId,
        /// The position, in the game's notation.
        position: String,
        /// Its seat (`A`, `B`, …).
        seat: String,
    },
    /// The move just played in the player's game (by any seat).
    Observe {
        /// The player.
        agent: AgentId,
        /// The cell played (`row,col`).
        cell: String,
    },
    /// Choose a move in `position` with the seat's generator `rng`, within
    /// `ms` milliseconds from now when the move has a deadline.
    Choose {
        /// The player.
        agent: AgentId,
        /// The position, in the game's notation.
        position: String,
        /// The seat's generator as it is now.
        rng: GameRng,
        /// The time left for the move, if it has a deadline.
        ms: Option<u64>,
    },
    /// The player is no longer wanted.
    Drop {
        /// The player.
        agent: AgentId,
    },
    /// Analyse a game, one position at a time between other requests,
    /// telling the page how many positions are done as they are.
    Analyse {
        /// The analysis's id.
        job: AgentId,
        /// The analyser's settings.
        config: AnalyserConfig,
        /// The game's index in its records (named in errors).
        game: u64,
        /// The starting position, in the game's notation.
        start: String,
        /// The moves in order.
        moves: Vec<Coord>,
        /// How many moves at the start are the shared random opening.
        opening: usize,
    },
    /// Stop an analysis (its result is no longer wanted).
    Cancel {
        /// The analysis's id.
        job: AgentId,
    },
}

/// What the worker sends back.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Reply {
    /// A move asked for with [`Request::Choose`].
    Move(Answer),
    /// An analysis has done `done` positions.
    Progress {
        /// The analysis's id.
        job: AgentId,
        /// Positions analysed so far.
        done: usize,
    },
    /// An analysis is over: the game analysed, or why not.
    Analysed {
        /// The analysis's id.
        job: AgentId,
        /// The analysis, or the error's message.
        result: Result<GameAnalysis, String>,
    },
}

impl Reply {
    /// The player or analysis the reply is for.
    pub fn id(&self) -> AgentId {
        match self {
            Reply::Move(answer) => answer.agent,
            Reply::Progress { job, .. } | Reply::Analysed { job, .. } => *job,
        }
    }
}

/// The worker's answer to [`Request::Choose`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Answer {
    /// The player that chose.
    pub agent: AgentId,
    /// The cell chosen (`row,col`), or why there is none.
    pub choice: Result<String, String>,
    /// The seat's generator after the choice.
    pub rng: GameRng,
    /// What the player reported of its thinking (a search's depth, value
    /// and nodes), shown beside the board as in the desktop app.
    #[serde(default)]
    pub info: Vec<String>,
}
