//! The shipped strategies (`strategies/01..10`) written by hand in Rust: the
//! yardstick for the compiled graphs' speed (`chainlab bench --only
//! strategy`) and a check of their correctness (a twin and its graph value
//! every cell alike and choose the same cells from the same seed).
//!
//! A twin is what a competent programmer would write by hand: straight Rust
//! over the same rules-level helpers the measuring nodes use
//! ([`danger`](crate::eval::danger), [`is_critical`](crate::eval::is_critical),
//! [`BoardStats`](crate::eval::BoardStats), the strongest-reply scan), the
//! board after the move played once per cell and only when the value needs
//! it. It never calls the interpreter.

mod expert_lesson;
mod lessons;
mod think_ahead;

use rand::Rng;

use super::{Agent, BotError, Interrupt};
use crate::eval::pick_best;
use crate::rng::GameRng;
use crate::rules::{Coord, MAX_CELLS, Player, Position};

pub use expert_lesson::ExpertLesson;
pub use lessons::{
    AvoidDanger, Capture, DoNotFeed, GrowCritical, MakeThreats, PreferCorners, RoomToGrow,
};
pub use think_ahead::{ThinkAhead, Tuned};

/// One shipped strategy's cell value, by hand.
pub trait CellRule: Default + Send + 'static {
    /// The shipped file's stem, such as `04-capture`.
    const STEM: &'static str;

    /// The value of the cell at `index` (a legal move) for `me`, the player to move.
    fn value(&mut self, position: &Position, me: Player, index: usize) -> i64;
}

/// A player that plays the best cell by a [`CellRule`], by the evaluation
/// contract.
#[derive(Clone, Debug)]
pub struct Twin<R> {
    rule: R,
    values: [i64; MAX_CELLS],
}

impl<R: CellRule> Default for Twin<R> {
    fn default() -> Self {
        Twin {
            rule: R::default(),
            values: [0; MAX_CELLS],
        }
    }
}

/// "Capture and win" (`04-capture.json`) by hand.
pub type CaptureAndWin = Twin<Capture>;

impl<R: CellRule> Twin<R> {
    /// The value of the cell at `index` for the player to move (0 when the game is over).
    pub fn value(&mut self, position: &Position, index: usize) -> i64 {
        position
            .to_move()
            .map_or(0, |me| self.rule.value(position, me, index))
    }
}

impl<R: CellRule> Agent for Twin<R> {
    fn name(&self) -> String {
        format!("{} (native)", R::STEM)
    }

    /// Draws from `rng` exactly as the graph player does: one number for the
    /// Random nodes (unused here), then the tie break.
    fn choose_within(
        &mut self,
        position: &Position,
        rng: &mut GameRng,
        _interrupt: &Interrupt,
    ) -> Result<Coord, BotError> {
        let _random_nodes_seed = rng.next_u64();
        let me = position.to_move().ok_or(BotError::NoMove)?;
        let moves = position.moves();
        for (k, &i) in moves.indices().iter().enumerate() {
            self.values[k] = self.rule.value(position, me, usize::from(i));
        }
        let values = self.values.get(..moves.len()).unwrap_or_default();
        pick_best(values, moves.indices(), position.size(), rng).ok_or(BotError::NoMove)
    }
}

/// A twin behind a trait object: a player that also values single cells.
pub trait NativeTwin: Agent {
    /// The shipped file's stem, such as `04-capture`.
    fn stem(&self) -> &'static str;

    /// The value of the cell at `index` for the player to move.
    fn cell_value(&mut self, position: &Position, index: usize) -> i64;
}

impl<R: CellRule> NativeTwin for Twin<R> {
    fn stem(&self) -> &'static str {
        R::STEM
    }

    fn cell_value(&mut self, position: &Position, index: usize) -> i64 {
        self.value(position, index)
    }
}

fn boxed<R: CellRule>() -> Box<dyn NativeTwin> {
    Box::new(Twin::<R>::default())
}

/// A fresh twin of every shipped strategy, in file order.
pub fn all() -> Vec<Box<dyn NativeTwin>> {
    vec![
        boxed::<PreferCorners>(),
        boxed::<AvoidDanger>(),
        boxed::<GrowCritical>(),
        boxed::<Capture>(),
        boxed::<DoNotFeed>(),
        boxed::<MakeThreats>(),
        boxed::<RoomToGrow>(),
        boxed::<ExpertLesson>(),
        boxed::<ThinkAhead>(),
        boxed::<Tuned>(),
    ]
}
