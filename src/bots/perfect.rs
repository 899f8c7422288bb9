//! `bot:perfect`: perfect play on a solved board. It asks the shared
//! solution of the board and rules (`solve::shared`, built on first use and
//! kept for the process) for the value of every legal move and plays the
//! best: the fastest win when the position is won, the longest resistance
//! when it is lost; equal moves are drawn from the game's seeded generator,
//! so games replay from their seeds.
//!
//! Boards the solver refuses (more than 12 cells, the `empties` rules, more
//! than two players) are refused with the solver's reason, when the game
//! begins (the player forfeits before any move) or at the first move.

use super::{Agent, BotError, Interrupt, pick};
use crate::rng::GameRng;
use crate::rules::{Coord, Player, Position};
use crate::solve::{Value, shared};

/// Plays perfectly on boards of at most 12 cells (see the module docs).
#[derive(Clone, Debug, Default)]
pub struct PerfectPlayer;

impl Agent for PerfectPlayer {
    fn name(&self) -> String {
        "perfect".into()
    }

    fn begin(
        &mut self,
        position: &Position,
        _seat: Player,
        _rng: &mut GameRng,
    ) -> Result<(), BotError> {
        if position.player_count() != 2 {
            return Err(crate::solve::SolveError::Players(position.player_count()).into());
        }
        shared(position.size(), position.rules())?;
        Ok(())
    }

    fn choose_within(
        &mut self,
        position: &Position,
        rng: &mut GameRng,
        _interrupt: &Interrupt,
    ) -> Result<Coord, BotError> {
        let solution = shared(position.size(), position.rules())?;
        let moves = solution.moves(position)?;
        let best = moves
            .iter()
            .map(|&(_, v)| v)
            .max()
            .ok_or(BotError::NoMove)?;
        let choices: Vec<Coord> = best_moves(&moves, best);
        pick(&choices, rng).ok_or(BotError::NoMove)
    }
}

/// The moves of value `best`.
fn best_moves(moves: &[(Coord, Value)], best: Value) -> Vec<Coord> {
    moves
        .iter()
        .filter(|&&(_, v)| v == best)
        .map(|&(c, _)| c)
        .collect()
}
