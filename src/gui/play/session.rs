//! One game in the play view, without any drawing: the game and its history,
//! the seats, the reaction animation, the computer move in progress, undo,
//! hints for refused clicks, and failures of computer players.
//!
//! Nothing here waits for a computer player: each computer seat's player is
//! made on a thread when the game first moves along ([`Session::update`];
//! a program is started and does its handshake there), and moves on a worker
//! thread. Every seat's player is told each move played. A seat that fails
//! (cannot start, forfeits a move) stops the game with the reason; the user
//! may retry it or take the seat over and play on.

use std::sync::Arc;

use crate::bots::{AgentFactory, InfoFeed};
use crate::eval::Program;
use crate::gui::anim::{Frame, MoveAnimation};
use crate::gui::worker::Thinking;
use crate::rng::derive_seed;
use crate::rules::{Coord, Game, Player, Position, WaveLog};

use super::computer::Computer;

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
    Computer(Computer),
}

struct Seat {
    label: String,
    brain: Brain,
    program: Option<Arc<Program>>,
}

impl Seat {
    fn computer(&self) -> Option<&Computer> {
        match &self.brain {
            Brain::Computer(c) => Some(c),
            Brain::Human => None,
        }
    }

    fn computer_mut(&mut self) -> Option<&mut Computer> {
        match &mut self.brain {
            Brain::Computer(c) => Some(c),
            Brain::Human => None,
        }
    }
}

/// Why the game stopped, and the seat to blame if one is.
struct Failure {
    seat: Option<Player>,
    text: String,
}

/// What the game is waiting for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// A reaction is being animated.
    Animating,
    /// A human is to move.
    HumanToMove(Player),
    /// A computer player to move is being started (a program's start and
    /// handshake).
    Starting(Player),
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
    failure: Option<Failure>,
    hint: Option<String>,
    paused: bool,
    /// One computer move may start while paused.
    step: bool,
    resigned: Option<Player>,
}

impl Session {
    /// A new game from `start` with one seat per player, in turn order;
    /// `seed` seeds the computer players' generators. Computer players are
    /// made off the UI thread once the game moves along.
    pub fn new(start: Position, seats: Vec<SeatSpec>, seed: u64) -> Result<Session, String> {
        if seats.len() != start.player_count() {
            return Err(format!(
                "{} seats for a game of {} players",
                seats.len(),
                start.player_count()
            ));
        }
        let seats = seats
            .into_iter()
            .enumerate()
            .map(|(i, spec)| Seat {
                label: spec.label,
                brain: match spec.computer {
                    None => Brain::Human,
                    Some(factory) => {
                        Brain::Computer(Computer::new(factory, derive_seed(seed, i as u64)))
                    }
                },
                program: spec.program,
            })
            .collect();
        Ok(Session {
            game: Game::new(start),
            seats,
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

    /// What `player`'s computer reports while it thinks (an engine's info
    /// lines), once it has started, if it reports anything.
    pub fn info(&self, player: Player) -> Option<&InfoFeed> {
        self.seats.get(player.index())?.computer()?.feed()
    }

    /// The name `player`'s computer gives itself (an engine's `name`), once
    /// it has started.
    pub fn computer_name(&self, player: Player) -> Option<&str> {
        self.seats.get(player.index())?.computer()?.name()
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
            return Status::Failed(failure.text.clone());
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
            (None, Some(p)) if self.paused && !self.step => Status::Paused(p),
            (None, Some(p)) => {
                let ready = self
                    .seats
                    .get(p.index())
                    .and_then(Seat::computer)
                    .is_some_and(|c| !c.is_gone() && !c.is_starting());
                if ready {
                    Status::Thinking(p)
                } else {
                    Status::Starting(p)
                }
            }
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

    /// Plays a legal `coord` for the player to move, tells every seat's
    /// player, and starts its animation.
    fn play(&mut self, coord: Coord, pace: Pace) {
        let mut log = WaveLog::default();
        match self.game.play_observed(coord, &mut log) {
            Ok(_) => {
                self.hint = None;
                for computer in self.seats.iter_mut().filter_map(Seat::computer_mut) {
                    computer.observe(coord);
                }
                self.anim = if pace.animate {
                    MoveAnimation::from_log(&log, pace.seconds_per_wave)
                } else {
                    None
                };
            }
            Err(e) => self.fail(None, format!("move {coord} was refused: {e}")),
        }
    }

    fn fail(&mut self, seat: Option<Player>, text: String) {
        self.failure = Some(Failure { seat, text });
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
    /// same human is to move again. Computer moves after it go too; the
    /// players are told the move that is now the last.
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
        let last = self.last_move();
        for computer in self.seats.iter_mut().filter_map(Seat::computer_mut) {
            computer.abandon();
            if let Some(coord) = last {
                computer.observe(coord);
            }
            // What it said was about moves that are gone.
            if let Some(feed) = computer.feed() {
                feed.clear();
            }
        }
    }
}

mod computers;
#[cfg(test)]
mod tests;
