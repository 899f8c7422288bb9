//! Computer players off the UI thread: the player and its random generator
//! move into a worker thread, and come back with the chosen move. The window
//! never waits for a computer player. Dropping a [`Thinking`] (undo, a new
//! game, leaving the view) interrupts the player, so its thread ends soon.
//!
//! Making a player can take long too (a program is started and answers a
//! handshake, up to its start limit): [`Starting`] makes it on a thread, and
//! [`retire`] drops players on a thread (an engine is asked to quit and
//! given a moment before it is killed). A player made after nobody wants it
//! any more is dropped on its thread, so its process ends there.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};

use crate::bots::{Agent, AgentFactory, BotError, Interrupt};
use crate::rng::GameRng;
use crate::rules::{Coord, Position};

/// What a worker hands back: the player, its generator, and its choice.
pub struct Reply {
    /// The player, to be used again for its next move.
    pub bot: Box<dyn Agent>,
    /// Its generator, advanced by the choice.
    pub rng: GameRng,
    /// The move, or why there is none.
    pub choice: Result<Coord, BotError>,
}

/// The state of a computer move in progress.
pub enum Poll {
    /// Still thinking.
    Pending,
    /// Done.
    Ready(Box<Reply>),
    /// The worker ended without an answer (the player panicked).
    Crashed,
}

/// A computer move being chosen on another thread; dropping it stops the player.
pub struct Thinking {
    rx: Receiver<Reply>,
    stop: Arc<AtomicBool>,
}

impl Thinking {
    /// Starts choosing a move for `position` on a new thread; `ctx` (if
    /// any) is asked to repaint when the answer is ready.
    pub fn start(
        mut bot: Box<dyn Agent>,
        mut rng: GameRng,
        position: Position,
        ctx: Option<egui::Context>,
    ) -> Result<Thinking, String> {
        let (tx, rx) = mpsc::channel();
        let stop = Arc::new(AtomicBool::new(false));
        let interrupt = Interrupt::on_flag(Arc::clone(&stop));
        crate::gui::platform::spawn("chainlab-computer-move", move || {
            let choice = bot.choose_within(&position, &mut rng, &interrupt);
            // The receiver is gone when the game was abandoned: nothing to do.
            let _ = tx.send(Reply { bot, rng, choice });
            if let Some(ctx) = ctx {
                ctx.request_repaint();
            }
        })?;
        Ok(Thinking { rx, stop })
    }

    /// The answer, if it has arrived.
    pub fn poll(&self) -> Poll {
        match self.rx.try_recv() {
            Ok(reply) => Poll::Ready(Box::new(reply)),
            Err(TryRecvError::Empty) => Poll::Pending,
            Err(TryRecvError::Disconnected) => Poll::Crashed,
        }
    }
}

/// A player being made on another thread.
pub struct Starting {
    rx: Receiver<Result<Box<dyn Agent>, BotError>>,
}

/// The state of a player being made.
pub enum Started {
    /// Still starting.
    Pending,
    /// Made, or why not.
    Ready(Result<Box<dyn Agent>, BotError>),
    /// The thread ended without an answer (the factory panicked).
    Crashed,
}

impl Starting {
    /// Makes a player of `factory` on a new thread; `ctx` (if any) is asked
    /// to repaint when it is ready.
    pub fn start(
        factory: Arc<dyn AgentFactory>,
        ctx: Option<egui::Context>,
    ) -> Result<Starting, String> {
        let (tx, rx) = mpsc::channel();
        crate::gui::platform::spawn("chainlab-player-start", move || {
            // When nobody waits any more the player is dropped here.
            let _ = tx.send(factory.create());
            if let Some(ctx) = ctx {
                ctx.request_repaint();
            }
        })?;
        Ok(Starting { rx })
    }

    /// The player, once it is made.
    pub fn poll(&self) -> Started {
        match self.rx.try_recv() {
            Ok(made) => Started::Ready(made),
            Err(TryRecvError::Empty) => Started::Pending,
            Err(TryRecvError::Disconnected) => Started::Crashed,
        }
    }
}

/// Drops `bots` on a thread of their own, so that ending their processes
/// never holds up the window (dropped here when no thread can be started).
pub fn retire(bots: Vec<Box<dyn Agent>>) {
    if bots.is_empty() {
        return;
    }
    let _ = crate::gui::platform::spawn("chainlab-player-end", move || drop(bots));
}

impl Drop for Thinking {
    /// The move is no longer wanted: the player stops thinking.
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::parse_player;
    use crate::rng::rng_from_seed;
    use crate::rules::{Rules, Size};
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
        let thinking = Thinking::start(Box::new(bot), rng_from_seed(1), position, None).unwrap();
        std::thread::sleep(Duration::from_millis(50));
        assert!(matches!(thinking.poll(), Poll::Pending));
        drop(thinking);
        // A watchdog, not a timing: the thread ends within moments.
        assert!(watch.recv_timeout(Duration::from_secs(120)).is_ok());
    }
}
