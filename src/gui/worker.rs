//! Computer moves off the UI thread: the player and its random generator
//! move into a worker thread, and come back with the chosen move. The window
//! never waits for a computer player. Dropping a [`Thinking`] (undo, a new
//! game, leaving the view) interrupts the player, so its thread ends soon.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};

use crate::bots::{BotError, Interrupt, Player as Bot};
use crate::rng::GameRng;
use crate::rules::{Coord, Position};

/// What a worker hands back: the player, its generator, and its choice.
pub struct Reply {
    /// The player, to be used again for its next move.
    pub bot: Box<dyn Bot>,
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
        mut bot: Box<dyn Bot>,
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
