//! The search player: one [`Agent`] for both searching built-ins, `bot:expert`
//! (plain alpha-beta) and `bot:master` (alpha-beta with move ordering and a
//! transposition table), which differ only in their [`SearchConfig`]; both
//! value positions by the [heuristic](crate::bots::heuristic). Either may be
//! guided by a [`MoveGuide`] (`graph=` in specs).

use super::{MoveGuide, SearchConfig, Searcher};
use crate::bots::{Agent, BotError, InfoFeed, Interrupt};
use crate::rng::GameRng;
use crate::rules::{Coord, Position};

/// A player that chooses by alpha-beta search (see [`super`]).
pub struct SearchPlayer {
    name: String,
    searcher: Searcher,
    info: InfoFeed,
}

impl SearchPlayer {
    /// A search player called `name` with `config`.
    pub fn new(name: impl Into<String>, config: SearchConfig) -> SearchPlayer {
        SearchPlayer {
            name: name.into(),
            searcher: Searcher::new(config),
            info: InfoFeed::default(),
        }
    }

    /// A search player called `name` with `config` whose moves are ordered
    /// (and cut to `config.width`) by `guide` at the root and the nodes more
    /// than `config.unguided` plies before the horizon.
    pub fn guided(
        name: impl Into<String>,
        config: SearchConfig,
        guide: Box<dyn MoveGuide>,
    ) -> SearchPlayer {
        SearchPlayer {
            name: name.into(),
            searcher: Searcher::guided(config, guide),
            info: InfoFeed::default(),
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
        self.info.clear();
        let result = self.searcher.search_within(position, rng, interrupt)?;
        let best = position.size().coord_of(result.best);
        self.info.push(format!(
            "depth {} value {} nodes {} best {best}",
            result.depth, result.value, result.nodes
        ));
        Ok(best)
    }

    /// The depth, value and nodes of the last search.
    fn info(&self) -> Option<InfoFeed> {
        Some(self.info.clone())
    }
}
