//! Analysis at the root: the value of every legal move, not only the best.
//!
//! [`Searcher::search`] narrows the window at the root to the best value so
//! far, so a worse move gets only an upper bound. Analysis searches every
//! root move with the full window instead, one ply deeper at a time, and
//! keeps the values of the deepest iteration that completed. The node limit
//! spares the first iteration (as in `search`), so every move gets a value
//! unless the interrupt fires first. The values are deterministic for a
//! configuration without a time limit: no randomness is involved.

use super::negamax::Window;
use super::node::Node;
use super::ordering::sort_by_value;
use super::{MAX_DEPTH, Searcher};
use crate::bots::heuristic::WIN;
use crate::bots::{BotError, Interrupt};
use crate::rules::{BitPosition, MAX_CELLS, Position};

/// The value of every legal move of a position, from the deepest completed
/// iteration of an analysis.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RootValues {
    /// Every legal move (flat cell index) with its value for the player to
    /// move, best first; equal values in board order.
    pub moves: Vec<(usize, i32)>,
    /// The deepest completed iteration.
    pub depth: u8,
    /// Nodes visited.
    pub nodes: u64,
}

impl Searcher {
    /// The value of every legal move of `position` for the player to move,
    /// searched with a full window one ply deeper at a time within the
    /// limits. Errors when the game is over, or when `interrupt` fires
    /// before the first iteration completed ([`BotError::Interrupted`]).
    pub fn analyse(
        &mut self,
        position: &Position,
        interrupt: &Interrupt,
    ) -> Result<RootValues, BotError> {
        self.begin_at(position, interrupt)?;
        let list = position.moves();
        let len = list.indices().len().min(MAX_CELLS);
        if len == 0 {
            return Err(BotError::NoMove);
        }
        let order: Vec<u16> = list.indices()[..len].to_vec();
        let done = match BitPosition::from_position(position) {
            Some(bits) => self.analyse_on(&bits, order),
            None => self.analyse_on(position, order),
        };
        let (mut moves, depth) = done.ok_or(BotError::Interrupted)?;
        // Best first; equal values in board order, whatever the search order.
        moves.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        Ok(RootValues {
            moves,
            depth,
            nodes: self.nodes,
        })
    }

    /// The root moves `order` of `position` with their values and the
    /// depth of the deepest completed iteration (`None` when none completed).
    fn analyse_on<P: Node>(
        &mut self,
        position: &P,
        mut order: Vec<u16>,
    ) -> Option<(Vec<(usize, i32)>, u8)> {
        let mut values = vec![0i32; order.len()];
        let mut done: Option<(Vec<(usize, i32)>, u8)> = None;
        let key = self.root_key(position);
        for depth in 1..=self.config.depth.clamp(1, MAX_DEPTH) {
            self.limits_active = depth > 1;
            for (k, &m) in order.iter().enumerate() {
                let mut child = *position;
                let child_key = self.play_child(&mut child, key, m, depth - 1);
                let v = self.child_value(&child, true, Window::FULL, |s, child_team, w| {
                    s.negamax(&child, child_key, depth - 1, w, child_team, 1)
                });
                if self.aborted {
                    break;
                }
                if let Some(slot) = values.get_mut(k) {
                    *slot = v;
                }
            }
            if self.aborted {
                break;
            }
            sort_by_value(&mut order, &mut values);
            let decided = values.iter().all(|v| v.abs() >= WIN);
            done = Some((
                order
                    .iter()
                    .zip(&values)
                    .map(|(&m, &v)| (usize::from(m), v))
                    .collect(),
                depth,
            ));
            if decided {
                break;
            }
        }
        done
    }
}
