//! The worker's side: the players the page made there, each answering the
//! page's requests in order. A request names a player by id; one made from
//! a spec that does not make a player (or whose game cannot begin) keeps
//! the reason and gives it as its answer to every move asked, so the page
//! sees the seat forfeit with the reason, as it would have in the page.
//!
//! Analyses run one position per [`Host::step`], which the worker calls
//! between messages, so a cancel or a move asked meanwhile is handled
//! after at most one position.

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use super::protocol::{AgentId, Answer, Reply, Request};
use crate::analysis::{Analyser, AnalyserConfig, GameSteps};
use crate::bots::{Agent, Interrupt, parse_player};
use crate::rules::{Coord, Player, Position};
use crate::time::Instant;

/// The players held by the worker.
#[derive(Default)]
pub struct Host {
    agents: HashMap<AgentId, Result<Box<dyn Agent>, String>>,
    /// Analyses in progress, oldest first.
    jobs: BTreeMap<AgentId, Box<GameSteps>>,
}

impl Host {
    /// Handles one request given as JSON text; the answer as JSON text when
    /// the request asked for a move (text that is not a request is ignored:
    /// only the page sends requests).
    pub fn serve(&mut self, request: &str) -> Option<String> {
        let request = serde_json::from_str(request).ok()?;
        let reply = self.handle(request)?;
        serde_json::to_string(&reply).ok()
    }

    /// Whether an analysis waits for [`Host::step`].
    pub fn is_busy(&self) -> bool {
        !self.jobs.is_empty()
    }

    /// Analyses the next position of the oldest analysis; what to tell the
    /// page (JSON text), or `None` when there is nothing to do.
    pub fn step(&mut self) -> Option<String> {
        let (&job, steps) = self.jobs.iter_mut().next()?;
        let reply = match steps.step() {
            None => Reply::Progress {
                job,
                done: steps.progress().0,
            },
            Some(result) => {
                self.jobs.remove(&job);
                Reply::Analysed {
                    job,
                    result: result.map_err(|e| e.to_string()),
                }
            }
        };
        serde_json::to_string(&reply).ok()
    }

    /// Handles one request; the reply when it asked for a move (or an
    /// analysis that cannot begin).
    pub fn handle(&mut self, request: Request) -> Option<Reply> {
        match request {
            Request::Make { agent, spec } => {
                let made = parse_player(&spec)
                    .and_then(|factory| factory.create())
                    .map_err(|e| e.to_string());
                self.agents.insert(agent, made);
                None
            }
            Request::Begin {
                agent,
                position,
                seat,
            } => {
                self.begin(agent, &position, &seat);
                None
            }
            Request::Observe { agent, cell } => {
                if let (Some(Ok(player)), Ok(coord)) =
                    (self.agents.get_mut(&agent), cell.parse::<Coord>())
                {
                    player.observe(coord);
                }
                None
            }
            Request::Choose {
                agent,
                position,
                mut rng,
                ms,
            } => {
                let choice = self.choose(agent, &position, &mut rng, ms);
                let info = match self.agents.get(&agent) {
                    Some(Ok(player)) => player.info().map(|feed| feed.lines()).unwrap_or_default(),
                    _ => Vec::new(),
                };
                Some(Reply::Move(Answer {
                    agent,
                    choice,
                    rng,
                    info,
                }))
            }
            Request::Drop { agent } => {
                self.agents.remove(&agent);
                None
            }
            Request::Analyse {
                job,
                config,
                game,
                start,
                moves,
                opening,
            } => {
                let begun = start
                    .parse::<Position>()
                    .map_err(|e| format!("the worker could not read the start: {e}"))
                    .and_then(|start| self.analyse(job, config, game, &start, moves, opening));
                begun.err().map(|why| Reply::Analysed {
                    job,
                    result: Err(why),
                })
            }
            Request::Cancel { job } => {
                self.jobs.remove(&job);
                None
            }
        }
    }

    /// Begins analysing a game (one position per [`Host::step`]); why not
    /// when the game cannot be analysed (an illegal move, too large a job).
    fn analyse(
        &mut self,
        job: AgentId,
        config: AnalyserConfig,
        game: u64,
        start: &Position,
        moves: Vec<Coord>,
        opening: usize,
    ) -> Result<(), String> {
        // Cancelling is the page's Request::Cancel, which drops the steps.
        let never = Arc::new(AtomicBool::new(false));
        let steps = GameSteps::new(Analyser::new(config), game, start, moves, opening, &never)
            .map_err(|e| e.to_string())?;
        self.jobs.insert(job, Box::new(steps));
        Ok(())
    }

    /// Tells the player its game begins; a refusal is kept as its answer.
    fn begin(&mut self, agent: AgentId, position: &str, seat: &str) {
        let Some(Ok(player)) = self.agents.get_mut(&agent) else {
            return;
        };
        let begun = match (position.parse::<Position>(), seat.parse::<Player>()) {
            (Ok(position), Ok(seat)) => {
                // Built-in players draw nothing when a game begins: the
                // generator here is a stand-in.
                let mut rng = crate::rng::rng_from_seed(0);
                player
                    .begin(&position, seat, &mut rng)
                    .map_err(|e| e.to_string())
            }
            _ => Err(format!("the worker could not read the game {position:?}")),
        };
        if let Err(why) = begun {
            self.agents.insert(agent, Err(why));
        }
    }

    fn choose(
        &mut self,
        agent: AgentId,
        position: &str,
        rng: &mut crate::rng::GameRng,
        ms: Option<u64>,
    ) -> Result<String, String> {
        let player = match self.agents.get_mut(&agent) {
            Some(Ok(player)) => player,
            Some(Err(why)) => return Err(why.clone()),
            None => return Err("the worker holds no such player".to_string()),
        };
        let position: Position = position
            .parse()
            .map_err(|e| format!("the worker could not read the position: {e}"))?;
        let mut interrupt = Interrupt::never();
        if let Some(ms) = ms {
            let now = Instant::now();
            let deadline = now
                .checked_add(std::time::Duration::from_millis(ms))
                .unwrap_or(now);
            interrupt = interrupt.with_deadline(deadline);
        }
        player
            .choose_within(&position, rng, &interrupt)
            .map(|coord| coord.to_string())
            .map_err(|e| e.to_string())
    }
}
