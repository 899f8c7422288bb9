//! The lower rungs of the ladder: random, prefer-own-cell, greedy one-ply, and
//! the randomness mix that plays a percentage of random moves over another player.

use rand::RngExt;

use super::{Agent, BotError, InfoFeed, Interrupt, pick, random_index};
use crate::rng::GameRng;
use crate::rules::{Coord, MAX_CELLS, Position};

/// Plays a uniformly random legal move.
#[derive(Clone, Debug, Default)]
pub struct RandomPlayer;

impl Agent for RandomPlayer {
    fn name(&self) -> String {
        "random".into()
    }

    fn choose_within(
        &mut self,

        position: &Position,

        rng: &mut GameRng,

        _interrupt: &Interrupt,
    ) -> Result<Coord, BotError> {
        random_index(position, rng).map(|i| position.size().coord_of(i))
    }
}

/// Places on a random cell it already owns; on a random empty cell when it owns none.
#[derive(Clone, Debug, Default)]
pub struct PreferOwnPlayer;

impl Agent for PreferOwnPlayer {
    fn name(&self) -> String {
        "prefer-own".into()
    }

    fn choose_within(
        &mut self,

        position: &Position,

        rng: &mut GameRng,

        _interrupt: &Interrupt,
    ) -> Result<Coord, BotError> {
        let me = position.to_move().ok_or(BotError::NoMove)?;
        let moves = position.moves();
        let cells = position.cells();
        let mut own = [0u16; MAX_CELLS];
        let mut n = 0;
        for &i in moves.indices() {
            if cells.get(usize::from(i)).is_some_and(|c| c.is_owned_by(me)) {
                own[n] = i;
                n += 1;
            }
        }
        let choice = match pick(&own[..n], rng) {
            Some(i) => usize::from(i),
            None => random_index(position, rng)?,
        };
        Ok(position.size().coord_of(choice))
    }
}

/// Greedy one-ply: plays a winning move if there is one, otherwise the move
/// after which it holds the most atoms (so it captures as much as it can),
/// ties broken at random. It never looks at the reply.
#[derive(Clone, Debug, Default)]
pub struct GreedyPlayer;

impl Agent for GreedyPlayer {
    fn name(&self) -> String {
        "greedy".into()
    }

    fn choose_within(
        &mut self,

        position: &Position,

        rng: &mut GameRng,

        _interrupt: &Interrupt,
    ) -> Result<Coord, BotError> {
        let me = position.to_move().ok_or(BotError::NoMove)?;
        let moves = position.moves();
        let mut best = [0u16; MAX_CELLS];
        let mut n = 0;
        let mut best_value = i64::MIN;
        for &i in moves.indices() {
            let mut after = *position;
            let Some(outcome) = after.play_index(usize::from(i)) else {
                continue;
            };
            let value = if outcome.won {
                i64::MAX
            } else {
                after.atoms_of(me) as i64
            };
            if value > best_value {
                best_value = value;
                n = 0;
            }
            if value == best_value {
                best[n] = i;
                n += 1;
            }
        }
        let choice = pick(&best[..n], rng).ok_or(BotError::NoMove)?;
        Ok(position.size().coord_of(usize::from(choice)))
    }
}

/// Plays a uniformly random move with probability `percent`/100 and otherwise
/// asks the inner player (the Archimedes levels' randomness setting).
pub struct MixedPlayer {
    percent: u8,
    inner: Box<dyn Agent>,
}

impl MixedPlayer {
    /// A mix of `percent` (0..=100) random moves over `inner`.
    pub fn new(percent: u8, inner: Box<dyn Agent>) -> MixedPlayer {
        MixedPlayer {
            percent: percent.min(100),
            inner,
        }
    }
}

impl Agent for MixedPlayer {
    fn name(&self) -> String {
        format!("{} with {}% random moves", self.inner.name(), self.percent)
    }

    fn choose_within(
        &mut self,
        position: &Position,
        rng: &mut GameRng,
        interrupt: &Interrupt,
    ) -> Result<Coord, BotError> {
        if rng.random_range(0..100u8) < self.percent {
            random_index(position, rng).map(|i| position.size().coord_of(i))
        } else {
            self.inner.choose_within(position, rng, interrupt)
        }
    }

    fn observe(&mut self, coord: Coord) {
        self.inner.observe(coord);
    }

    fn info(&self) -> Option<InfoFeed> {
        self.inner.info()
    }
}
