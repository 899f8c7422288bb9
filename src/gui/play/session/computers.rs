//! How a session drives its computer seats: making their players off the
//! UI thread, starting and collecting their moves on workers, and what
//! follows when one fails (retry, or a human takes the seat over).

use super::{Brain, Pace, Seat, Session};
use crate::gui::play::computer::Arrival;
use crate::gui::worker::{Poll, Reply, think};
use crate::rules::Player;

impl Session {
    /// The seat whose computer player stopped the game, if one did.
    pub fn failed_seat(&self) -> Option<Player> {
        self.failure.as_ref()?.seat
    }

    /// After a computer seat failed: the game goes on, and the seat's
    /// player is made again if it is gone (it had not started).
    pub fn retry(&mut self) {
        if self.failure.as_ref().is_some_and(|f| f.seat.is_some()) {
            self.failure = None;
            self.hint = None;
        }
    }

    /// After a computer seat failed: a human takes the seat over and the
    /// game goes on.
    pub fn take_over(&mut self) {
        let Some(player) = self.failed_seat() else {
            return;
        };
        if let Some(seat) = self.seats.get_mut(player.index()) {
            seat.brain = Brain::Human;
            seat.label = "Human".to_string();
            seat.program = None;
        }
        self.failure = None;
        self.hint = None;
    }

    /// Moves the game along at time `now` (seconds): makes computer players
    /// that are not made yet, advances the animation, collects a finished
    /// computer move, and starts the next one. Returns the time at which it
    /// wants to be called again, if it waits for the clock.
    pub fn update(&mut self, now: f64, pace: Pace, ctx: Option<&egui::Context>) -> Option<f64> {
        if self.resigned.is_some() {
            return None;
        }
        self.start_players(ctx);
        if let Some(anim) = &mut self.anim {
            match anim.advance(now) {
                Some(next) => return Some(next),
                None => self.anim = None,
            }
        }
        if let Some(thinking) = &mut self.thinking {
            match thinking.poll() {
                Poll::Pending => return None,
                Poll::Crashed => {
                    self.thinking = None;
                    let p = self.position().mover();
                    if let Some(c) = self.seats.get_mut(p.index()).and_then(Seat::computer_mut) {
                        c.abandon();
                    }
                    self.fail(Some(p), format!("{p} ({}) crashed", self.label(p)));
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

    /// Starts making the players of computer seats that have none (unless
    /// the game stopped) and takes those that have arrived; a seat that
    /// cannot start stops the game.
    fn start_players(&mut self, ctx: Option<&egui::Context>) {
        let placements = self.position().placements();
        let last = self.last_move();
        let stopped = self.failure.is_some() || self.position().is_over();
        let mut failed = None;
        for (i, Seat { label, brain, .. }) in self.seats.iter_mut().enumerate() {
            let Brain::Computer(computer) = brain else {
                continue;
            };
            let player = Player::new(i);
            let failure = |why: String| {
                let who = seat_name(player, label);
                (player, format!("{who} could not start: {why}"))
            };
            if computer.is_gone() && !stopped {
                if let Err(e) = computer.start(placements, ctx) {
                    failed = Some(failure(e));
                }
                continue;
            }
            match computer.arrive(last) {
                Arrival::Nothing | Arrival::Ready => {}
                Arrival::Failed(e) => failed = Some(failure(e.to_string())),
                Arrival::Crashed => failed = Some(failure("it crashed while starting".to_string())),
            }
        }
        if let Some((player, text)) = failed
            && self.failure.is_none()
        {
            self.fail(player, text);
        }
    }

    fn receive(&mut self, reply: Reply, pace: Pace) {
        let position = *self.game.position();
        let mover = position.mover();
        if let Some(c) = self
            .seats
            .get_mut(mover.index())
            .and_then(Seat::computer_mut)
        {
            c.put_back(reply.bot, reply.rng);
        }
        let who = seat_name(Some(mover), self.label(mover));
        match reply.choice {
            Ok(coord) => match position.check_move(coord) {
                Ok(()) => self.play(coord, pace),
                Err(e) => self.fail(
                    Some(mover),
                    format!("{who} forfeits: it chose an illegal move: {e}"),
                ),
            },
            Err(e) => self.fail(Some(mover), format!("{who} forfeits: {e}")),
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
        let Some(computer) = self
            .seats
            .get_mut(mover.index())
            .and_then(Seat::computer_mut)
        else {
            return;
        };
        // Not made yet: [`Session::start_players`] is making it.
        let Some((bot, rng)) = computer.take() else {
            return;
        };
        self.step = false;
        match think(bot, rng, position, ctx.cloned()) {
            Ok(thinking) => self.thinking = Some(thinking),
            Err(e) => {
                computer.abandon();
                self.fail(Some(mover), e);
            }
        }
    }
}

/// "B (Greedy)": a seat's letter and name.
fn seat_name(player: Option<Player>, label: &str) -> String {
    match player {
        Some(p) => format!("{p} ({label})"),
        None => label.to_string(),
    }
}
