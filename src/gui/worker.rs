//! Computer players off the UI thread, as [`Job`]s: the player and its
//! random generator move into a worker thread, and come back with the chosen
//! move. The window never waits for a computer player. Dropping a
//! [`Thinking`] (undo, a new game, leaving the view) interrupts the player,
//! so its thread ends soon.
//!
//! Making a player can take long too (a program is started and answers a
//! handshake, up to its start limit): [`Starting`] makes it on a thread, and
//! [`retire`] drops players on a thread (an engine is asked to quit and
//! given a moment before it is killed). A player made after nobody wants it
//! any more is dropped on its thread, so its process ends there.

use std::sync::Arc;

use crate::bots::{Agent, AgentFactory, BotError, Interrupt, Thought};
use crate::gui::job::{Job, Reporter, Slices};
use crate::gui::platform;
use crate::rng::GameRng;
use crate::rules::{Coord, Position};

pub use crate::gui::job::Poll;

/// What a worker hands back: the player, its generator, and its choice.
pub struct Reply {
    /// The player, to be used again for its next move.
    pub bot: Box<dyn Agent>,
    /// Its generator, advanced by the choice.
    pub rng: GameRng,
    /// The move, or why there is none.
    pub choice: Result<Coord, BotError>,
}

/// A computer move being chosen on another thread; dropping it stops the
/// player (the job's cancel flag is the player's interrupt).
pub type Thinking = Job<Box<Reply>>;

/// Starts choosing a move for `position` on a new thread; `ctx` (if any) is
/// asked to repaint when the answer is ready. Where there are no threads
/// (the web page) the player is asked on the window's thread, each frame
/// until it answers: a built-in player there thinks in the page's worker
/// ([`crate::gui::remote`]) and answers "not yet" meanwhile.
pub fn think(
    mut bot: Box<dyn Agent>,
    mut rng: GameRng,
    position: Position,
    ctx: Option<egui::Context>,
) -> Result<Thinking, String> {
    if !platform::HAS_THREADS {
        return Ok(Job::sliced(ctx, |job| Deliberation {
            reply: Some((bot, rng)),
            position,
            interrupt: Interrupt::on_flag(Arc::clone(job.cancel_flag())),
            waiting: false,
        }));
    }
    Job::spawn("chainlab-computer-move", ctx, move |job| {
        let interrupt = Interrupt::on_flag(Arc::clone(job.cancel_flag()));
        let choice = bot.choose_within(&position, &mut rng, &interrupt);
        Box::new(Reply { bot, rng, choice })
    })
}

/// A move asked for on the window's thread, once per step until answered.
struct Deliberation {
    /// The player and its generator, until the answer hands them back.
    reply: Option<(Box<dyn Agent>, GameRng)>,
    position: Position,
    interrupt: Interrupt,
    waiting: bool,
}

impl Slices<Box<Reply>> for Deliberation {
    fn step(&mut self, _job: &Reporter<Box<Reply>>) -> Option<Box<Reply>> {
        let (bot, rng) = self.reply.as_mut()?;
        let thought = bot.think(&self.position, rng, &self.interrupt);
        self.waiting = matches!(thought, Thought::Pending);
        let Thought::Chosen(choice) = thought else {
            return None;
        };
        let (bot, rng) = self.reply.take()?;
        Some(Box::new(Reply { bot, rng, choice }))
    }

    fn is_waiting(&self) -> bool {
        self.waiting
    }
}

/// A player being made on another thread: the player, or why not.
pub type Starting = Job<Result<Box<dyn Agent>, BotError>>;

/// Makes a player of `factory` on a new thread; `ctx` (if any) is asked to
/// repaint when it is ready. When nobody waits any more the player is
/// dropped on that thread.
pub fn start_player(
    factory: Arc<dyn AgentFactory>,
    ctx: Option<egui::Context>,
) -> Result<Starting, String> {
    Job::spawn("chainlab-player-start", ctx, move |_| factory.create())
}

/// Drops `bots` on a thread of their own, so that ending their processes
/// never holds up the window (dropped here when no thread can be started).
pub fn retire(bots: Vec<Box<dyn Agent>>) {
    if bots.is_empty() {
        return;
    }
    let _ = crate::gui::platform::spawn("chainlab-player-end", move || drop(bots));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::parse_player;
    use crate::rng::rng_from_seed;
    use crate::rules::{Rules, Size};
    use std::sync::mpsc;
    use std::time::Duration;

    /// A player that says when it is dropped, which the worker does once
    /// its thread ends.
    struct Watched {
        inner: Box<dyn Agent>,
        gone: mpsc::Sender<()>,
    }

    impl Agent for Watched {
        fn name(&self) -> String {
            self.inner.name()
        }

        fn choose_within(
            &mut self,
            position: &Position,
            rng: &mut GameRng,
            interrupt: &Interrupt,
        ) -> Result<Coord, BotError> {
            self.inner.choose_within(position, rng, interrupt)
        }

        fn observe(&mut self, coord: Coord) {
            self.inner.observe(coord);
        }

        fn info(&self) -> Option<crate::bots::InfoFeed> {
            self.inner.info()
        }
    }

    impl Drop for Watched {
        fn drop(&mut self) {
            let _ = self.gone.send(());
        }
    }

    #[test]
    fn abandoning_a_move_stops_the_search_and_its_thread() {
        // Without being stopped this search would run for hours.
        let endless = parse_player("bot:master:depth=32,nodes=1000000000000").unwrap();
        let (gone, watch) = mpsc::channel();
        let bot = Watched {
            inner: endless.create().unwrap(),
            gone,
        };
        let position = Position::new(Size::new(8, 8).unwrap(), 2, Rules::Standard).unwrap();
        let mut thinking = think(Box::new(bot), rng_from_seed(1), position, None).unwrap();
        std::thread::sleep(Duration::from_millis(50));
        assert!(matches!(thinking.poll(), Poll::Pending));
        drop(thinking);
        // A watchdog, not a timing: the thread ends within moments.
        assert!(watch.recv_timeout(Duration::from_secs(120)).is_ok());
    }
}
