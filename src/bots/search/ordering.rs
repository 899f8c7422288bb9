//! Move ordering at inner nodes: the transposition-table move first, then
//! the two killer moves of the ply, then the rest by history (how often and
//! how deep a move caused a cut-off for its player).
//!
//! Ordering changes only how fast alpha-beta cuts, never a value: every
//! move is still searched unless a cut-off proves it irrelevant. Killers and
//! history are kept between the moves of a game; with ordering off they stay
//! empty and the moves keep board order.

use super::MAX_DEPTH;
use crate::rules::{MAX_CELLS, MAX_PLAYERS};

/// No move (a killer slot or table move that is not set).
pub(super) const NO_MOVE: u16 = u16::MAX;

/// The killers and history of one searcher.
pub(super) struct Ordering {
    enabled: bool,
    killers: [[u16; 2]; MAX_DEPTH as usize + 1],
    /// Indexed by player × [`MAX_CELLS`] + cell.
    history: Vec<u32>,
    /// Scratch for the scores of the moves being ordered.
    scores: Vec<u32>,
}

impl Ordering {
    /// Empty killers and history; `enabled` false makes every call a no-op.
    pub fn new(enabled: bool) -> Ordering {
        Ordering {
            enabled,
            killers: [[NO_MOVE; 2]; MAX_DEPTH as usize + 1],
            history: if enabled {
                vec![0; MAX_PLAYERS as usize * MAX_CELLS]
            } else {
                Vec::new()
            },
            scores: Vec::new(),
        }
    }

    /// Remembers a move of `mover` that caused a cut-off at `ply`, `depth`
    /// plies from the leaves (killer and history).
    #[inline]
    pub fn reward(&mut self, m: u16, mover: usize, ply: usize, depth: u8) {
        if !self.enabled {
            return;
        }
        if let Some(k) = self.killers.get_mut(ply)
            && k[0] != m
        {
            k[1] = k[0];
            k[0] = m;
        }
        if let Some(h) = self.history.get_mut(mover * MAX_CELLS + usize::from(m)) {
            *h = h.saturating_add(u32::from(depth) * u32::from(depth));
        }
    }

    /// Orders the moves of `mover` at `ply`: the table move, then killers,
    /// then by history; ties keep board order.
    #[inline]
    pub fn order(&mut self, moves: &mut [u16], table_move: u16, mover: usize, ply: usize) {
        if !self.enabled {
            return;
        }
        let killers = self.killers.get(ply).copied().unwrap_or([NO_MOVE; 2]);
        let history = &self.history;
        self.scores.clear();
        self.scores.extend(moves.iter().map(|&m| {
            if m == table_move {
                u32::MAX
            } else if m == killers[0] {
                u32::MAX - 1
            } else if m == killers[1] {
                u32::MAX - 2
            } else {
                history
                    .get(mover * MAX_CELLS + usize::from(m))
                    .copied()
                    .unwrap_or(0)
                    .min(u32::MAX - 3)
            }
        }));
        sort_by_value(moves, &mut self.scores);
    }

    /// Moves the table move, then the two killers of `ply`, to the front of
    /// `moves` and keeps the order of the rest (the order of a guide, which
    /// replaces history).
    #[inline]
    pub fn promote(&mut self, moves: &mut [u16], table_move: u16, ply: usize) {
        if !self.enabled {
            return;
        }
        let killers = self.killers.get(ply).copied().unwrap_or([NO_MOVE; 2]);
        let mut front = 0;
        for wanted in [table_move, killers[0], killers[1]] {
            if wanted == NO_MOVE {
                continue;
            }
            if let Some(at) = moves.iter().skip(front).position(|&m| m == wanted) {
                if let Some(slice) = moves.get_mut(front..=front + at) {
                    slice.rotate_right(1);
                }
                front += 1;
            }
        }
    }
}

/// Sorts moves by value, highest first, keeping the order of equal values
/// (insertion sort: the lists are short and often nearly sorted).
pub fn sort_by_value<V: Copy + PartialOrd>(moves: &mut [u16], values: &mut [V]) {
    for i in 1..moves.len() {
        let (m, v) = (moves[i], values[i]);
        let mut j = i;
        while j > 0 && values[j - 1] < v {
            moves[j] = moves[j - 1];
            values[j] = values[j - 1];
            j -= 1;
        }
        moves[j] = m;
        values[j] = v;
    }
}
