//! The shipped strategy `04-capture.json` ("Capture and win") written by hand
//! in Rust: the yardstick for the compiled graph's speed (`chainlab bench`)
//! and a check of its correctness (both must choose the same cells).

use rand::Rng;

use super::{Agent, BotError, Interrupt};
use crate::eval::{danger, is_critical, pick_best};
use crate::rng::GameRng;
use crate::rules::{Coord, MAX_CELLS, Position};

/// "Capture and win" by hand: corners 6, edges 3, every cell 1; 8 per
/// critical enemy neighbour; 4 when the cell is critical after placing; 3 per
/// captured cell; 100000 for a win; 0 for an endangered cell that is not critical.
#[derive(Clone, Debug)]
pub struct CaptureAndWin {
    values: [i64; MAX_CELLS],
}

impl Default for CaptureAndWin {
    fn default() -> Self {
        CaptureAndWin {
            values: [0; MAX_CELLS],
        }
    }
}

impl CaptureAndWin {
    /// The value of the cell at `index` for the player to move.
    pub fn value(position: &Position, index: usize) -> i64 {
        let Some(me) = position.to_move() else {
            return 0;
        };
        let cell = position.cells()[index];
        let danger = danger(position, me, index);
        if danger > 0 && !is_critical(position, index, cell) {
            return 0;
        }
        let capacity = position.geometry().capacity(index);
        let mut after = *position;
        let outcome = after.play_index(index).unwrap_or_default();
        let critical_after = is_critical(&after, index, after.cells()[index]);
        6 * i64::from(capacity == 2)
            + 3 * i64::from(capacity == 3)
            + 1
            + 8 * danger
            + 4 * i64::from(critical_after)
            + 3 * i64::from(outcome.captured)
            + 100_000 * i64::from(outcome.won)
    }
}

impl Agent for CaptureAndWin {
    fn name(&self) -> String {
        "04-capture (native)".to_string()
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
        let moves = position.moves();
        for (k, &i) in moves.indices().iter().enumerate() {
            self.values[k] = CaptureAndWin::value(position, usize::from(i));
        }
        let values = self.values.get(..moves.len()).unwrap_or_default();
        pick_best(values, moves.indices(), position.size(), rng).ok_or(BotError::NoMove)
    }
}
