//! A computer seat of a game in the play view: its player's life cycle off
//! the UI thread. A player is made on a thread ([`Starting`]; a program is
//! started and answers its handshake there), waits ready between moves,
//! moves to a worker thread while it thinks, and is made again when it is
//! gone (its move was abandoned by undo, or it failed to start and the user
//! retries). The seat keeps what the player reports while it thinks (an
//! engine's info lines) and the name it gives itself, taken when it arrives,
//! before it ever leaves for a worker.

use std::sync::Arc;

use crate::bots::{Agent, AgentFactory, BotError, InfoFeed};
use crate::gui::worker::{Poll, Starting, retire, start_player};
use crate::rng::{GameRng, derive_seed, rng_from_seed};
use crate::rules::Coord;

/// Where a computer seat's player is.
enum Slot {
    /// Not made (yet, or again).
    Gone,
    /// Being made on another thread, with the generator it will use.
    Starting(Starting, GameRng),
    /// Ready for its next move.
    Ready(Box<dyn Agent>, GameRng),
    /// Choosing a move on a worker thread.
    Away,
}

/// What became of a player being made.
pub enum Arrival {
    /// Nothing new.
    Nothing,
    /// It is ready.
    Ready,
    /// It could not be made: why.
    Failed(BotError),
    /// Its thread ended without an answer.
    Crashed,
}

/// A computer seat.
pub struct Computer {
    factory: Arc<dyn AgentFactory>,
    /// Seeds the generator of each player made for the seat.
    seed: u64,
    /// Whether a player was made once (the first one's generator is the seed's).
    made_once: bool,
    slot: Slot,
    feed: Option<InfoFeed>,
    name: Option<String>,
}

impl Computer {
    /// A seat of `factory`'s players; nothing is started yet.
    pub fn new(factory: Arc<dyn AgentFactory>, seed: u64) -> Computer {
        Computer {
            factory,
            seed,
            made_once: false,
            slot: Slot::Gone,
            feed: None,
            name: None,
        }
    }

    /// Whether its player is not made and not being made.
    pub fn is_gone(&self) -> bool {
        matches!(self.slot, Slot::Gone)
    }

    /// Whether its player is being made.
    pub fn is_starting(&self) -> bool {
        matches!(self.slot, Slot::Starting(..))
    }

    /// What the player reports while it thinks, if it reports anything.
    pub fn feed(&self) -> Option<&InfoFeed> {
        self.feed.as_ref()
    }

    /// The name the player gave itself, once made.
    pub fn name(&self) -> Option<&str> {
        self.name.as_deref()
    }

    /// Starts making a player on a thread; `placements` (the moves played)
    /// seeds its generator. Returns why not when no thread can be started.
    pub fn start(&mut self, placements: u32, ctx: Option<&egui::Context>) -> Result<(), String> {
        let rng = if self.made_once {
            rng_from_seed(derive_seed(self.seed, u64::from(placements)))
        } else {
            rng_from_seed(self.seed)
        };
        self.made_once = true;
        let starting = start_player(Arc::clone(&self.factory), ctx.cloned())?;
        self.slot = Slot::Starting(starting, rng);
        Ok(())
    }

    /// Takes the player being made when it has arrived; a ready player is
    /// told `last`, the move played last, if any.
    pub fn arrive(&mut self, last: Option<Coord>) -> Arrival {
        let Slot::Starting(starting, _) = &mut self.slot else {
            return Arrival::Nothing;
        };
        let made = match starting.poll() {
            Poll::Pending => return Arrival::Nothing,
            Poll::Crashed => {
                self.slot = Slot::Gone;
                return Arrival::Crashed;
            }
            Poll::Ready(made) => made,
        };
        let Slot::Starting(_, rng) = std::mem::replace(&mut self.slot, Slot::Gone) else {
            return Arrival::Nothing;
        };
        match made {
            Ok(mut bot) => {
                if let Some(coord) = last {
                    bot.observe(coord);
                }
                self.feed = bot.info();
                self.name = Some(bot.name());
                self.slot = Slot::Ready(bot, rng);
                Arrival::Ready
            }
            Err(e) => Arrival::Failed(e),
        }
    }

    /// The ready player, to think on a worker thread.
    pub fn take(&mut self) -> Option<(Box<dyn Agent>, GameRng)> {
        match std::mem::replace(&mut self.slot, Slot::Away) {
            Slot::Ready(bot, rng) => Some((bot, rng)),
            other => {
                self.slot = other;
                None
            }
        }
    }

    /// The player back from a worker.
    pub fn put_back(&mut self, bot: Box<dyn Agent>, rng: GameRng) {
        self.slot = Slot::Ready(bot, rng);
    }

    /// Its move was abandoned: the player is gone with its worker.
    pub fn abandon(&mut self) {
        if matches!(self.slot, Slot::Away) {
            self.slot = Slot::Gone;
        }
    }

    /// Tells a ready player the move just played.
    pub fn observe(&mut self, coord: Coord) {
        if let Slot::Ready(bot, _) = &mut self.slot {
            bot.observe(coord);
        }
    }

    /// The ready player, to be dropped with others (off the UI thread).
    pub fn release(&mut self) -> Option<Box<dyn Agent>> {
        match std::mem::replace(&mut self.slot, Slot::Gone) {
            Slot::Ready(bot, _) => Some(bot),
            Slot::Away => {
                self.slot = Slot::Away;
                None
            }
            Slot::Starting(..) | Slot::Gone => None,
        }
    }
}

impl Drop for Computer {
    /// A ready player ends on another thread (a program may take a moment).
    fn drop(&mut self) {
        retire(self.release().into_iter().collect());
    }
}
