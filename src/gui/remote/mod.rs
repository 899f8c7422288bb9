//! Players that think somewhere else: in the web page, a built-in player
//! (`bot:master`, `bot:mcts`, …) thinks in the page's Web Worker, so that
//! a long search never holds up a frame, and `ms=` time limits are real
//! there. The page keeps a stand-in, [`RemoteAgent`], which sends the
//! player's game to the worker ([`protocol`]) and answers
//! [`Thought::Pending`] until the worker's move has come ([`link`]); the
//! worker runs the same player on the same position with the seat's own
//! generator ([`host`]), so a game is the same move for move as one played
//! in the page (tested below against the players themselves). A game
//! analysis goes there too, whole ([`analysis`]).
//!
//! Only players whose move can take long and that the worker can make
//! from their text alone go there: a built-in that looks ahead
//! ([`BotKind::searches`](crate::bots::BotKind::searches): expert, master, mcts, perfect) with its options.
//! The players that answer at once (random, prefer-own, greedy) stay in
//! the page: a move sent to the worker costs at least a frame, which would
//! slow a match of them from hundreds of moves a frame to one. Strategy
//! graphs (files of the page, or the editor's) and searches guided by them
//! stay in the page too, where a move takes a few milliseconds.

pub mod analysis;
pub mod host;
pub mod link;
pub mod protocol;

#[cfg(test)]
mod tests;

use std::sync::Arc;

use crate::bots::{Agent, AgentFactory, BotError, BotSpec, InfoFeed, Interrupt, SpecKind, Thought};
use crate::rng::GameRng;
use crate::rules::{Coord, Player, Position};

use self::protocol::{AgentId, Reply, Request};

/// Whether the player `spec` names thinks in the worker: a built-in that
/// looks ahead and whose options name no file.
pub fn can_think_there(spec: &str) -> bool {
    let spec = spec.trim();
    SpecKind::of(spec) == Some(SpecKind::Builtin)
        && spec
            .parse::<BotSpec>()
            .is_ok_and(|bot| bot.kind.searches() && bot.graph.is_none())
}

/// `factory`'s players, made in the worker when a line to it is open and
/// `spec` can think there ([`can_think_there`]); `factory` itself otherwise.
pub fn offload(spec: &str, factory: Arc<dyn AgentFactory>) -> Arc<dyn AgentFactory> {
    if !link::is_open() || !can_think_there(spec) {
        return factory;
    }
    Arc::new(RemoteFactory {
        spec: spec.trim().to_string(),
        inner: factory,
    })
}

/// Makes players in the worker (or, once the worker is gone, here).
struct RemoteFactory {
    spec: String,
    inner: Arc<dyn AgentFactory>,
}

impl AgentFactory for RemoteFactory {
    fn label(&self) -> String {
        self.inner.label()
    }

    fn create(&self) -> Result<Box<dyn Agent>, BotError> {
        let agent = link::new_id();
        let request = Request::Make {
            agent,
            spec: self.spec.clone(),
        };
        if !link::is_open() || !link::post(&request) {
            link::forget(agent);
            return self.inner.create();
        }
        Ok(Box::new(RemoteAgent {
            agent,
            name: self.inner.label(),
            asked: false,
            info: InfoFeed::default(),
        }))
    }

    fn is_deterministic(&self) -> bool {
        self.inner.is_deterministic()
    }
}

/// The page's stand-in for a player held in the worker.
pub struct RemoteAgent {
    agent: AgentId,
    name: String,
    /// Whether a move was asked for and not yet answered.
    asked: bool,
    /// What the player in the worker reported with its last move.
    info: InfoFeed,
}

impl RemoteAgent {
    /// The time left before `interrupt`'s deadline, in whole milliseconds.
    fn ms_left(interrupt: &Interrupt) -> Option<u64> {
        let deadline = interrupt.deadline()?;
        let left = deadline.saturating_duration_since(crate::time::Instant::now());
        Some(u64::try_from(left.as_millis()).unwrap_or(u64::MAX))
    }
}

impl Agent for RemoteAgent {
    fn name(&self) -> String {
        self.name.clone()
    }

    /// A stand-in cannot wait for the worker: it is asked with
    /// [`Agent::think`], which every caller in the page uses.
    fn choose_within(
        &mut self,
        _position: &Position,
        _rng: &mut GameRng,
        _interrupt: &Interrupt,
    ) -> Result<Coord, BotError> {
        Err(BotError::Other(
            "this player thinks in the page's worker and cannot be waited for".into(),
        ))
    }

    fn think(&mut self, position: &Position, rng: &mut GameRng, interrupt: &Interrupt) -> Thought {
        if !self.asked {
            let request = Request::Choose {
                agent: self.agent,
                position: position.to_string(),
                rng: rng.clone(),
                ms: RemoteAgent::ms_left(interrupt),
            };
            if !link::post(&request) {
                return Thought::Chosen(Err(BotError::Other("the page's worker is gone".into())));
            }
            self.asked = true;
            return Thought::Pending;
        }
        let answer = link::replies(self.agent).map(|replies| {
            replies.into_iter().find_map(|reply| match reply {
                Reply::Move(answer) => Some(answer),
                Reply::Progress { .. } | Reply::Analysed { .. } => None,
            })
        });
        match answer {
            Ok(None) => Thought::Pending,
            Ok(Some(answer)) => {
                self.asked = false;
                *rng = answer.rng;
                self.info.clear();
                answer
                    .info
                    .into_iter()
                    .for_each(|line| self.info.push(line));
                let choice = answer.choice.and_then(|cell| {
                    cell.parse::<Coord>()
                        .map_err(|e| format!("the worker's move {cell:?}: {e}"))
                });
                Thought::Chosen(choice.map_err(|why| BotError::Other(why.into())))
            }
            Err(why) => {
                self.asked = false;
                Thought::Chosen(Err(BotError::Other(
                    format!("the page's worker stopped: {why}").into(),
                )))
            }
        }
    }

    fn info(&self) -> Option<InfoFeed> {
        Some(self.info.clone())
    }

    fn observe(&mut self, coord: Coord) {
        link::post(&Request::Observe {
            agent: self.agent,
            cell: coord.to_string(),
        });
    }

    fn begin(
        &mut self,
        position: &Position,
        seat: Player,
        _rng: &mut GameRng,
    ) -> Result<(), BotError> {
        link::post(&Request::Begin {
            agent: self.agent,
            position: position.to_string(),
            seat: seat.to_string(),
        });
        Ok(())
    }
}

impl Drop for RemoteAgent {
    fn drop(&mut self) {
        link::forget(self.agent);
        link::post(&Request::Drop { agent: self.agent });
    }
}
