//! The shipped strategy `04-capture.json` ("Capture and win") written by hand
//! in Rust: the yardstick for the compiled graph's speed (`chainlab bench`)
//! and a check of its correctness (both must choose the same cells).

use rand::{Rng, RngExt};

use super::{BotError, Player};
use crate::eval::{danger, is_critical};
use crate::rng::GameRng;
use crate::rules::{Coord, MAX_CELLS, Position};

/// "Capture and win" by hand: corners 6, edges 3, every cell 1; 8 when the
/// cell is critical after placing; 20 per captured cell; 100000 for a win;
/// 0 for an endangered cell that is not critical.
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
        if danger(position, me, index) > 0 && !is_critical(position, index, cell) {
            return 0;
        }
        let capacity = position.geometry().capacity(index);
        let mut after = *position;
        let outcome = after.play_index(index).unwrap_or_default();
        let critical_after = is_critical(&after, index, after.cells()[index]);
        6 * i64::from(capacity == 2)
            + 3 * i64::from(capacity == 3)
            + 1
            + 8 * i64::from(critical_after)
            + 20 * i64::from(outcome.captured)
            + 100_000 * i64::from(outcome.won)
    }
}

impl Player for CaptureAndWin {
    fn name(&self) -> String {
        "04-capture (native)".to_string()
    }

    /// Draws from `rng` exactly as the graph player does: one number for the
    /// Random nodes (unused here), then the tie break.
    fn choose(&mut self, position: &Position, rng: &mut GameRng) -> Result<Coord, BotError> {
        let _random_nodes_seed = rng.next_u64();
        let moves = position.moves();
        let mut best = i64::MIN;
        let mut ties = 0;
        for (k, &i) in moves.indices().iter().enumerate() {
            let v = CaptureAndWin::value(position, usize::from(i)).max(0);
            self.values[k] = v;
            if v > best {
                best = v;
                ties = 1;
            } else if v == best {
                ties += 1;
            }
        }
        if ties == 0 {
            return Err(BotError::NoMove);
        }
        let mut pick = rng.random_range(0..ties);
        for (k, &i) in moves.indices().iter().enumerate() {
            if self.values[k] == best {
                if pick == 0 {
                    return Ok(position.size().coord_of(usize::from(i)));
                }
                pick -= 1;
            }
        }
        Err(BotError::NoMove)
    }
}
