//! Computer moves off the UI thread: the player and its random generator
//! move into a worker thread, and come back with the chosen move. The window
//! never waits for a computer player. Dropping a [`Thinking`] (undo, a new
//! game, leaving the view) interrupts the player, so its thread ends soon.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};

use crate::bots::{Agent, BotError, Interrupt};
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
        std::thread::Builder::new()
            .name("chainlab-computer-move".to_string())
            .spawn(move || {
                let choice = bot.choose_within(&position, &mut rng, &interrupt);
                // The receiver is gone when the game was abandoned: nothing to do.
                let _ = tx.send(Reply { bot, rng, choice });
                if let Some(ctx) = ctx {
                    ctx.request_repaint();
                }
            })
            .map_err(|e| format!("cannot start a thread for the computer player: {e}"))?;
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
