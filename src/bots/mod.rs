//! Players: anything that chooses a move for a position. Built-in computer
//! players, strategy graphs and external programs ([`external`]) all
//! implement [`Agent`]. A player that
//! searches can be stopped in the middle of a move through an [`Interrupt`].

pub mod graph;
pub mod twins;

use std::sync::Arc;

use crate::rng::GameRng;
use crate::rules::{Coord, Player, Position};

/// A player of Chain Reaction: given a position where it is to move, it
/// chooses a legal move. Randomness comes only from the `rng` passed in, so a
/// game replays exactly from its seed.
pub trait Agent: Send {
    /// A short name for tables, records and the GUI.
    fn name(&self) -> String;

    /// Chooses a move for the player to move in `position`, and stops
    /// thinking soon after `interrupt` fires, playing the best move found so
    /// far. While it does not fire the choice is the same as without it.
    /// Players that never think long ignore it. This is the one method a
    /// player implements; [`Agent::choose`] calls it.
    fn choose_within(
        &mut self,
        position: &Position,
        rng: &mut GameRng,
        interrupt: &Interrupt,
    ) -> Result<Coord, BotError>;

    /// Tells the player the move just played in its game, by any seat (its
    /// own included), opening moves too. Players that keep no state ignore
    /// it; an engine passes the last move on (`last` in the protocol).
    fn observe(&mut self, _coord: Coord) {}

    /// Tells the player that a game begins in `position` (after any
    /// opening), where it plays `seat`, with its seat's `rng`. An engine
    /// sends `newgame` now, so that an `error` in reply forfeits before any
    /// move rather than at its first turn. Players without state ignore it;
    /// one never told plays as well (an engine then starts its game at its
    /// first turn).
    fn begin(
        &mut self,
        _position: &Position,
        _seat: Player,
        _rng: &mut GameRng,
    ) -> Result<(), BotError> {
        Ok(())
    }

    /// Whether the player is still fit to play, asked before every move of
    /// its game, whoever is to move: an engine that said `error` or sent a
    /// line unasked forfeits at once. Never waits.
    fn poll(&mut self) -> Result<(), BotError> {
        Ok(())
    }

    /// What the player reports while it thinks (an engine's `info` lines),
    /// if it reports anything; the GUI shows it beside the board.
    fn info(&self) -> Option<InfoFeed> {
        None
    }

    /// Chooses a move for the player to move in `position`, with no
    /// interrupt (a search runs to its own limits).
    fn choose(&mut self, position: &Position, rng: &mut GameRng) -> Result<Coord, BotError> {
        self.choose_within(position, rng, &Interrupt::never())
    }

    /// Chooses a move as [`Agent::choose_within`] does, or says that the
    /// answer is not ready yet: a player that thinks somewhere else (the web
    /// page's worker) answers [`Thought::Pending`] until its move has come,
    /// and is asked again later with the same position, generator and
    /// interrupt. Every other player thinks here and answers at once.
    fn think(&mut self, position: &Position, rng: &mut GameRng, interrupt: &Interrupt) -> Thought {
        Thought::Chosen(self.choose_within(position, rng, interrupt))
    }
}

/// What [`Agent::think`] answered.
#[derive(Debug)]
pub enum Thought {
    /// The move, or why there is none (as [`Agent::choose_within`]).
    Chosen(Result<Coord, BotError>),
    /// Not ready yet: ask again later.
    Pending,
}

impl<P: Agent + ?Sized> Agent for Box<P> {
    fn name(&self) -> String {
        (**self).name()
    }

    fn choose_within(
        &mut self,
        position: &Position,
        rng: &mut GameRng,
        interrupt: &Interrupt,
    ) -> Result<Coord, BotError> {
        (**self).choose_within(position, rng, interrupt)
    }

    fn observe(&mut self, coord: Coord) {
        (**self).observe(coord);
    }

    fn begin(
        &mut self,
        position: &Position,
        seat: Player,
        rng: &mut GameRng,
    ) -> Result<(), BotError> {
        (**self).begin(position, seat, rng)
    }

    fn poll(&mut self) -> Result<(), BotError> {
        (**self).poll()
    }

    fn info(&self) -> Option<InfoFeed> {
        (**self).info()
    }

    fn think(&mut self, position: &Position, rng: &mut GameRng, interrupt: &Interrupt) -> Thought {
        (**self).think(position, rng, interrupt)
    }
}

/// Makes fresh, independent players of one kind: the arena creates one per
/// game (and per thread), the GUI one per seat. Built-in specs such as
/// `bot:greedy`, strategy files and the editor's graph all become factories.
pub trait AgentFactory: Send + Sync {
    /// The name shown in tables and records.
    fn label(&self) -> String;

    /// A new player, or why it cannot be made (for example a broken graph).
    fn create(&self) -> Result<Box<dyn Agent>, BotError>;

    /// Whether its players choose the same move from the same position and
    /// seed every time, so a game replays exactly. Players that look at the
    /// clock (a built-in with `ms=`) are not.
    fn is_deterministic(&self) -> bool {
        true
    }
}

/// A factory whose players are `inner`'s, shown under another label (the
/// short names of a class tournament, the names chosen in the arena).
pub fn relabel(inner: Arc<dyn AgentFactory>, label: String) -> Arc<dyn AgentFactory> {
    if inner.label() == label {
        return inner;
    }
    Arc::new(Relabeled { label, inner })
}

/// See [`relabel`].
struct Relabeled {
    label: String,
    inner: Arc<dyn AgentFactory>,
}

impl AgentFactory for Relabeled {
    fn label(&self) -> String {
        self.label.clone()
    }

    fn create(&self) -> Result<Box<dyn Agent>, BotError> {
        self.inner.create()
    }

    fn is_deterministic(&self) -> bool {
        self.inner.is_deterministic()
    }
}

mod error;
pub mod external;
pub mod heuristic;
mod info;
mod interrupt;
mod kind;
mod mcts;
mod perfect;
pub mod search;
mod simple;
mod spec;

pub use error::{BotError, SpecError, SpecProblem};
pub use external::{EngineFactory, EngineSpec, ExternalError};
pub use info::InfoFeed;
pub use interrupt::Interrupt;
pub use kind::{BotKind, BotOption, LeafValue};
pub use mcts::{DEFAULT_TREE_NODES, MctsPlayer};
pub use perfect::PerfectPlayer;
pub use search::SearchPlayer;
pub use simple::{GreedyPlayer, MixedPlayer, PreferOwnPlayer, RandomPlayer};
pub use spec::{
    BUILTIN_PREFIX, BotSpec, BuiltinInfo, DEFAULT_ITERS, PROGRAM_PREFIX, PlayerContext, PlayerSpec,
    STRATEGY_EXTENSION, SpecKind, builtins, is_strategy_path, parse_player, parse_player_in,
};

use rand::RngExt;

/// A uniformly random element of a non-empty slice, `None` when it is empty.
fn pick<T: Copy>(items: &[T], rng: &mut GameRng) -> Option<T> {
    match items.len() {
        0 => None,
        n => items.get(rng.random_range(0..n)).copied(),
    }
}

/// A uniformly random legal move of `position` as a flat cell index.
fn random_index(position: &Position, rng: &mut GameRng) -> Result<usize, BotError> {
    let moves = position.moves();
    pick(moves.indices(), rng)
        .map(usize::from)
        .ok_or(BotError::NoMove)
}
