//! One game in the play view, without any drawing: the game and its history,
//! the seats, the reaction animation, the computer move in progress, undo,
//! hints for refused clicks, and failures of computer players.

use std::sync::Arc;

use crate::bots::{Agent, AgentFactory};
use crate::eval::Program;
use crate::gui::anim::{Frame, MoveAnimation};
use crate::gui::worker::{Poll, Thinking};
use crate::rng::{GameRng, derive_seed, rng_from_seed};
use crate::rules::{Coord, Game, Player, Position, WaveLog};

/// How moves are shown.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pace {
    /// Whether reactions are animated at all.
    pub animate: bool,
    /// Seconds per reaction wave.
    pub seconds_per_wave: f64,
}

/// A seat as a game starts: its name and, for a computer, the factory.
#[derive(Clone)]
pub struct SeatSpec {
    /// Shown next to the player's letter.
    pub label: String,
    /// `None` for a human.
    pub computer: Option<Arc<dyn AgentFactory>>,
    /// A strategy's compiled program, for showing its heat map.
    pub program: Option<Arc<Program>>,
}

enum Brain {
    Human,
    Computer {
        factory: Arc<dyn AgentFactory>,
        /// Seeds a new generator when a player has to be made again.
        seed: u64,
        /// The player and its generator; both are away while it thinks, and
        /// lost when its move is abandoned (by undo).
        ready: Option<(Box<dyn Agent>, GameRng)>,
    },
}

struct Seat {
    label: String,
    brain: Brain,
    program: Option<Arc<Program>>,
}

/// What the game is waiting for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// A reaction is being animated.
    Animating,
    /// A human is to move.
    HumanToMove(Player),
    /// A computer player is choosing its move.
    Thinking(Player),
    /// A computer player is to move but the game is paused.
    Paused(Player),
    /// The game is over.
    Won(Player),
    /// A human player resigned; the game is over.
    Resigned(Player),
    /// A computer player failed; the game cannot go on.
    Failed(String),
}

/// A game being played.
pub struct Session {
    game: Game,
    seats: Vec<Seat>,
    anim: Option<MoveAnimation>,
    thinking: Option<Thinking>,
    failure: Option<String>,
    hint: Option<String>,
    paused: bool,
    /// One computer move may start while paused.
    step: bool,
    resigned: Option<Player>,
}

impl Session {
    /// A new game from `start` with one seat per player, in turn order.
    /// Computer players are created now; `seed` seeds their generators.
    pub fn new(start: Position, seats: Vec<SeatSpec>, seed: u64) -> Result<Session, String> {
        if seats.len() != start.player_count() {
            return Err(format!(
                "{} seats for a game of {} players",
                seats.len(),
                start.player_count()
            ));
        }
        let mut made = Vec::with_capacity(seats.len());
        for (i, spec) in seats.into_iter().enumerate() {
            let brain = match spec.computer {
                None => Brain::Human,
                Some(factory) => {
                    let bot = factory
                        .create()
                        .map_err(|e| format!("cannot create {}: {e}", spec.label))?;
                    let seed = derive_seed(seed, i as u64);
                    Brain::Computer {
                        factory,
                        seed,
                        ready: Some((bot, rng_from_seed(seed))),
                    }
                }
            };
            made.push(Seat {
                label: spec.label,
                brain,
                program: spec.program,
            });
        }
        Ok(Session {
            game: Game::new(start),
            seats: made,
            anim: None,
            thinking: None,
            failure: None,
            hint: None,
            paused: false,
            step: false,
            resigned: None,
        })
    }

    /// The game with its history (the true state, ahead of any animation).
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The position now (ahead of any animation).
    pub fn position(&self) -> &Position {
        self.game.position()
    }

    /// What the board should show: the animation frame, or the position.
    pub fn shown(&self) -> (&Position, &[Coord]) {
        match self.anim.as_ref().and_then(MoveAnimation::frame) {
            Some(Frame { position, reacting }) => (position, reacting),
            None => (self.game.position(), &[]),
        }
    }

    /// The last move played, if any.
    pub fn last_move(&self) -> Option<Coord> {
        self.game.moves().last().copied()
    }

    /// The name of `player`'s seat.
    pub fn label(&self, player: Player) -> &str {
        self.seats
            .get(player.index())
            .map_or("", |s| s.label.as_str())
    }

    /// The compiled strategy of `player`'s seat, if it is a strategy.
    pub fn program(&self, player: Player) -> Option<&Arc<Program>> {
        self.seats.get(player.index())?.program.as_ref()
    }

    /// Whether `player`'s seat is a human.
    pub fn is_human(&self, player: Player) -> bool {
        matches!(
            self.seats.get(player.index()).map(|s| &s.brain),
            Some(Brain::Human)
        )
    }

    /// The hint for the last refused click, if any.
    pub fn hint(&self) -> Option<&str> {
        self.hint.as_deref()
    }

    /// Whether a reaction is being animated.
    pub fn is_animating(&self) -> bool {
        self.anim.is_some()
    }

    /// Whether computer players wait for [`Session::set_paused`]`(false)`.
    pub fn is_paused(&self) -> bool {
        self.paused
    }

    /// Pauses or resumes computer players (a move already being chosen is kept).
    pub fn set_paused(&mut self, paused: bool) {
        self.paused = paused;
        self.step = false;
    }

    /// While paused, lets the computer player to move make one move.
    pub fn step_once(&mut self) {
        self.step = true;
    }

    /// What the game is waiting for.
    pub fn status(&self) -> Status {
        let position = self.game.position();
        if let Some(failure) = &self.failure {
            return Status::Failed(failure.clone());
        }
        if let Some(p) = self.resigned {
            return Status::Resigned(p);
        }
        if self.anim.is_some() {
            return Status::Animating;
        }
        match (position.winner(), position.to_move()) {
            (Some(w), _) => Status::Won(w),
            (None, Some(p)) if self.is_human(p) => Status::HumanToMove(p),
            (None, Some(p)) if self.thinking.is_some() => Status::Thinking(p),
            (None, Some(p)) if self.paused => Status::Paused(p),
            (None, Some(p)) => Status::Thinking(p),
            (None, None) => Status::Failed("nobody is to move".to_string()),
        }
    }

    /// A click on `coord`: plays it if a human is to move and it is legal;
    /// otherwise leaves the game unchanged and sets a hint. A click during an
    /// animation only finishes the animation.
    pub fn click(&mut self, coord: Coord, pace: Pace) {
        if self.resigned.is_some() {
            return;
        }
        if self.anim.is_some() {
            self.skip_animation();
            return;
        }
        let position = *self.game.position();
        if let Some(winner) = position.winner() {
            self.hint = Some(format!(
                "The game is over: {winner} has won. Start a new game to play again."
            ));
            return;
        }
        if self.failure.is_some() {
            self.hint = Some("The game has stopped. Start a new game.".to_string());
            return;
        }
        if let Some(p) = position.to_move().filter(|&p| !self.is_human(p)) {
            self.hint = Some(format!(
                "Wait: it is {p}'s turn ({}), a computer player.",
                self.label(p)
            ));
            return;
        }
        match position.check_move(coord) {
            Ok(()) => self.play(coord, pace),
            Err(e) => self.hint = Some(format!("Not there: {e}.")),
        }
    }

    /// Plays a legal `coord` for the player to move and starts its animation.
    fn play(&mut self, coord: Coord, pace: Pace) {
        let mut log = WaveLog::default();
        match self.game.play_observed(coord, &mut log) {
            Ok(_) => {
                self.hint = None;
                self.anim = if pace.animate {
                    MoveAnimation::from_log(&log, pace.seconds_per_wave)
                } else {
                    None
                };
            }
            Err(e) => self.failure = Some(format!("move {coord} was refused: {e}")),
        }
    }

    /// Shows the end of the running animation at once.
    pub fn skip_animation(&mut self) {
        self.anim = None;
    }

    /// Whether the human to move may resign (the game is on).
    pub fn can_resign(&self) -> bool {
        matches!(self.status(), Status::HumanToMove(_))
    }

    /// The human to move resigns: the game is over.
    pub fn resign(&mut self) {
        if let Status::HumanToMove(p) = self.status() {
            self.resigned = Some(p);
            self.anim = None;
        }
    }

    /// Whether [`Session::undo`] would take back anything: some human has moved.
    pub fn can_undo(&self) -> bool {
        self.resigned.is_none()
            && (0..self.game.moves().len()).any(|ply| {
                self.game
                    .position_at(ply)
                    .is_some_and(|p| self.is_human(p.mover()))
            })
    }

    /// Takes back moves up to and including the last human move, so that the
    /// same human is to move again. Computer moves after it go too.
    pub fn undo(&mut self) {
        if !self.can_undo() {
            return;
        }
        self.thinking = None;
        self.anim = None;
        self.failure = None;
        self.hint = None;
        while let Some(ply) = self.game.moves().len().checked_sub(1) {
            let mover = self.game.position_at(ply).map(Position::mover);
            if self.game.undo().is_err() {
                break;
            }
            if mover.is_some_and(|p| self.is_human(p)) {
                break;
            }
        }
    }

    /// Moves the game along at time `now` (seconds): advances the animation,
    /// collects a finished computer move, and starts the next one. Returns the
    /// time at which it wants to be called again, if it waits for the clock.
    pub fn update(&mut self, now: f64, pace: Pace, ctx: Option<&egui::Context>) -> Option<f64> {
        if self.resigned.is_some() {
            return None;
        }
        if let Some(anim) = &mut self.anim {
            match anim.advance(now) {
                Some(next) => return Some(next),
                None => self.anim = None,
            }
        }
        if let Some(thinking) = &self.thinking {
            match thinking.poll() {
                Poll::Pending => return None,
                Poll::Crashed => {
                    self.thinking = None;
                    let p = self.position().mover();
                    self.failure = Some(format!("{p} ({}) crashed", self.label(p)));
                    return None;
                }
                Poll::Ready(reply) => {
                    self.thinking = None;
                    self.receive(*reply, pace);
                    if self.anim.is_some() {
                        return Some(now);
                    }
                }
            }
        }
        self.start_thinking(ctx);
        None
    }

    fn receive(&mut self, reply: crate::gui::worker::Reply, pace: Pace) {
        let position = *self.game.position();
        let mover = position.mover();
        if let Some(Seat {
            brain: Brain::Computer { ready, .. },
            ..
        }) = self.seats.get_mut(mover.index())
        {
            *ready = Some((reply.bot, reply.rng));
        }
        match reply.choice {
            Ok(coord) => match position.check_move(coord) {
                Ok(()) => self.play(coord, pace),
                Err(e) => {
                    self.failure = Some(format!(
                        "{mover} ({}) chose an illegal move: {e}",
                        self.label(mover)
                    ));
                }
            },
            Err(e) => {
                self.failure = Some(format!("{mover} ({}) failed: {e}", self.label(mover)));
            }
        }
    }

    fn start_thinking(&mut self, ctx: Option<&egui::Context>) {
        if (self.paused && !self.step) || self.failure.is_some() || self.anim.is_some() {
            return;
        }
        let position = *self.game.position();
        let Some(mover) = position.to_move() else {
            return;
        };
        let Some(Seat {
            label,
            brain:
                Brain::Computer {
                    factory,
                    seed,
                    ready,
                },
            ..
        }) = self.seats.get_mut(mover.index())
        else {
            return;
        };
        let made = match ready.take() {
            Some(pair) => Ok(pair),
            // Its last move was abandoned: a fresh player, reseeded for this turn.
            None => factory.create().map(|bot| {
                let rng = rng_from_seed(derive_seed(*seed, u64::from(position.placements())));
                (bot, rng)
            }),
        };
        let (bot, rng) = match made {
            Ok(pair) => pair,
            Err(e) => {
                self.failure = Some(format!("{mover} ({label}) failed: {e}"));
                return;
            }
        };
        self.step = false;
        match Thinking::start(bot, rng, position, ctx.cloned()) {
            Ok(thinking) => self.thinking = Some(thinking),
            Err(e) => self.failure = Some(e),
        }
    }
}

#[cfg(test)]
mod tests;
