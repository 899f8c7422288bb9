//! The search players: the expert (plain alpha-beta) and the master (alpha-beta
//! with move ordering and a transposition table), both over the expert evaluation.

use super::search::{SearchConfig, Searcher};
use super::{Agent, BotError, Interrupt};
use crate::rng::GameRng;
use crate::rules::{Coord, Position};

/// A player that chooses by alpha-beta search (see [`super::search`]).
pub struct SearchPlayer {
    name: String,
    searcher: Searcher,
}

impl SearchPlayer {
    /// A search player called `name` with `config`.
    pub fn new(name: impl Into<String>, config: SearchConfig) -> SearchPlayer {
        SearchPlayer {
            name: name.into(),
            searcher: Searcher::new(config),
        }
    }
}

impl Agent for SearchPlayer {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn choose_within(
        &mut self,
        position: &Position,
        rng: &mut GameRng,
        interrupt: &Interrupt,
    ) -> Result<Coord, BotError> {
        let result = self.searcher.search_within(position, rng, interrupt)?;
        Ok(position.size().coord_of(result.best))
    }
}
