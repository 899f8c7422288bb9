//! The core of the search: negamax with alpha-beta and the transposition
//! table, and the quiescence search at its leaves.
//!
//! Values are from the point of view of the team to move at a node (true:
//! the root player's team). [`Searcher::child_value`] is the one place where
//! a child's result becomes its parent's value: negated, with the window
//! negated and swapped, only where the team changes (see the module doc of
//! [`super`] for why this is the paranoid search). Children are played on
//! the scratch position of the node's frame (see [`super::frames`]), reset
//! from the node before every move, never undone; a child's table key is
//! computed only for children that will look into the table: derived from
//! its parent's as the move is played on a [`Position`](crate::rules::Position) (see
//! [`super::key`]), hashed from the few words of a bit board.

use super::node::Node;
use super::node::leaf_value;
use super::ordering::NO_MOVE;
use super::table::{Bound, Entry};
use super::{INF, Searcher};

/// An alpha-beta window from the point of view of the team at a node: values
/// at or below `alpha` are no better than what the team has elsewhere, values
/// at or above `beta` are more than the other team allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Window {
    pub alpha: i32,
    pub beta: i32,
}

impl Window {
    /// The window that excludes no value.
    pub const FULL: Window = Window {
        alpha: -INF,
        beta: INF,
    };

    /// The same window seen by the other team.
    fn negated(self) -> Window {
        Window {
            alpha: -self.beta,
            beta: -self.alpha,
        }
    }
}

/// What a child's value did at its parent.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Step {
    /// Not better than the best so far.
    Worse,
    /// The new best value, inside the window.
    Better,
    /// The new best value, at or above beta: the other moves need no search.
    Cutoff,
}

/// The best value of a node so far and the window it has narrowed.
struct Best {
    value: i32,
    window: Window,
}

impl Best {
    /// Takes a child's value (already the parent's view) into the best and
    /// the window.
    #[inline]
    fn take(&mut self, v: i32) -> Step {
        if v <= self.value {
            return Step::Worse;
        }
        self.value = v;
        if v > self.window.alpha {
            self.window.alpha = v;
            if v >= self.window.beta {
                return Step::Cutoff;
            }
        }
        Step::Better
    }
}

impl Searcher {
    /// The value of `child` for its parent of team `team` within the
    /// parent's `window`: `search` gets the child's team and the window in
    /// that team's view, and its result is negated back where the team
    /// changes (a consecutive opponent passes the window through unchanged).
    #[inline]
    pub(super) fn child_value<P: Node>(
        &mut self,
        child: &P,
        team: bool,
        window: Window,
        search: impl FnOnce(&mut Searcher, bool, Window) -> i32,
    ) -> i32 {
        let child_team = child.to_move().map_or(team, |p| p == self.root);
        if child_team == team {
            search(self, child_team, window)
        } else {
            -search(self, child_team, window.negated())
        }
    }

    /// Plays `m` on `child` (a copy of the position whose key is `key`) for
    /// a node `depth` plies from the horizon, and returns the child's key
    /// when it will look into the table (an inner node and a table), else 0.
    #[inline]
    pub(super) fn play_child<P: Node>(&self, child: &mut P, key: u64, m: u16, depth: u8) -> u64 {
        if depth > 0 && !self.table.is_empty() {
            child.play_keyed(key, m)
        } else {
            child.play(m);
            0
        }
    }

    /// The value at a leaf for `team`, `depth` plies before the horizon.
    #[inline]
    fn leaf<P: Node>(&self, position: &P, team: bool, depth: u8) -> i32 {
        let v = leaf_value(position, self.root, self.config.balanced, depth);
        if team { v } else { -v }
    }

    /// Negamax with alpha-beta: the value of `position` (whose table key is
    /// `key`, 0 without a table) for `team`, searched `depth` plies.
    pub(super) fn negamax<P: Node>(
        &mut self,
        position: &P,
        key: u64,
        depth: u8,
        window: Window,
        team: bool,
        ply: usize,
    ) -> i32 {
        if !self.enter() {
            return 0;
        }
        if position.is_decided_for(self.root) {
            return self.leaf(position, team, depth);
        }
        if depth == 0 {
            return self.quiesce(position, window, team, self.config.quiescence, ply);
        }
        let table_move = match self.probe(key, depth, window) {
            Ok(settled) => return settled,
            Err(table_move) => table_move,
        };
        let mut frame = P::frames(self).take(ply, position);
        position.moves_into(&mut frame.list);
        let mover = position.mover().index();
        let width = self.order_moves(position, frame.list.indices_mut(), table_move, ply, depth);
        let mut best = Best {
            value: -INF,
            window,
        };
        let mut best_move = frame.list.indices().first().copied().unwrap_or(NO_MOVE);
        for k in 0..width {
            let Some(&m) = frame.list.indices().get(k) else {
                break;
            };
            frame.child.reset_from(position);
            let child_key = self.play_child(&mut frame.child, key, m, depth - 1);
            let child = &frame.child;
            let v = if k == 0 {
                self.child_value(child, team, best.window, |s, child_team, w| {
                    s.negamax(child, child_key, depth - 1, w, child_team, ply + 1)
                })
            } else {
                self.scout(child, child_key, depth - 1, team, best.window, ply + 1)
            };
            if self.aborted {
                P::frames(self).give(ply, frame);
                return 0;
            }
            match best.take(v) {
                Step::Worse => {}
                Step::Better => best_move = m,
                Step::Cutoff => {
                    best_move = m;
                    self.ordering.reward(m, mover, ply, depth);
                    break;
                }
            }
        }
        P::frames(self).give(ply, frame);
        self.remember(key, depth, window, best.value, best_move);
        best.value
    }

    /// Orders the `moves` of an inner node `depth` plies before the horizon
    /// and returns how many to search: by the guide (then the table move and
    /// killers first) and its width, or, without a guide or at most
    /// [`SearchConfig::unguided`](super::SearchConfig::unguided) plies before
    /// the horizon, all of them by table move, killers and history.
    #[inline]
    fn order_moves<P: Node>(
        &mut self,
        position: &P,
        moves: &mut [u16],
        table_move: u16,
        ply: usize,
        depth: u8,
    ) -> usize {
        let guide = self.guide.as_mut().filter(|_| depth > self.config.unguided);
        let Some(guide) = guide else {
            let mover = position.mover().index();
            self.ordering.order(moves, table_move, mover, ply);
            return moves.len();
        };
        position.with_position(|p| guide.order(p, moves));
        let width = self.width(moves.len());
        if let Some(kept) = moves.get_mut(..width) {
            self.ordering.promote(kept, table_move, ply);
        }
        width
    }

    /// The value of a later `child` (not the first move of its parent) by
    /// principal-variation search: first a null window just above the
    /// parent's alpha, which only proves the move no better; a move that
    /// turns out better, but not beyond beta, is searched again with the
    /// parent's whole `window`. The value is the same as a full-window
    /// search's wherever it falls inside `window`, and a bound of the same
    /// side outside it.
    pub(super) fn scout<P: Node>(
        &mut self,
        child: &P,
        child_key: u64,
        depth: u8,
        team: bool,
        window: Window,
        ply: usize,
    ) -> i32 {
        let search = |s: &mut Searcher, w: Window| {
            s.child_value(child, team, w, |s, child_team, w| {
                s.negamax(child, child_key, depth, w, child_team, ply)
            })
        };
        if window.beta > window.alpha.saturating_add(1) {
            let null = Window {
                alpha: window.alpha,
                beta: window.alpha + 1,
            };
            let v = search(self, null);
            if self.aborted || v <= window.alpha || v >= window.beta {
                return v;
            }
        }
        search(self, window)
    }

    /// What the table knows of the node with `key`, searched `depth` plies
    /// within `window`: `Ok` with its value when an entry at least that deep
    /// settles it, else `Err` with the move to try first ([`NO_MOVE`] when
    /// the table has none).
    fn probe(&self, key: u64, depth: u8, window: Window) -> Result<i32, u16> {
        let Some(entry) = self.table.probe(key) else {
            return Err(NO_MOVE);
        };
        if entry.depth >= depth {
            let v = entry.value;
            match entry.bound {
                Bound::Exact => return Ok(v),
                Bound::Lower if v >= window.beta => return Ok(v),
                Bound::Upper if v <= window.alpha => return Ok(v),
                _ => {}
            }
        }
        Err(entry.best)
    }

    /// Stores a node's result: `value` bounds the true value from above when
    /// it is at most the `window`'s alpha, from below when at least its beta.
    fn remember(&mut self, key: u64, depth: u8, window: Window, value: i32, best: u16) {
        let bound = if value <= window.alpha {
            Bound::Upper
        } else if value >= window.beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table.store(Entry {
            key,
            value,
            best,
            depth,
            bound,
        });
    }

    /// The value at a leaf for `team`: the static value, or better for the
    /// side to move if one of its reactions next to an opponent gains, up to
    /// `left` plies of such reactions; `ply` plies from the root.
    fn quiesce<P: Node>(
        &mut self,
        position: &P,
        window: Window,
        team: bool,
        left: u8,
        ply: usize,
    ) -> i32 {
        if !self.enter() {
            return 0;
        }
        let stand = self.leaf(position, team, 0);
        if left == 0 || stand >= window.beta || position.is_decided_for(self.root) {
            return stand;
        }
        let mut best = Best {
            value: stand,
            window: Window {
                alpha: window.alpha.max(stand),
                beta: window.beta,
            },
        };
        let mut frame = P::frames(self).take(ply, position);
        position.striking_into(&mut frame.list);
        for k in 0..frame.list.len() {
            let Some(&m) = frame.list.indices().get(k) else {
                break;
            };
            frame.child.reset_from(position);
            frame.child.play(m);
            let child = &frame.child;
            let v = self.child_value(child, team, best.window, |s, child_team, w| {
                s.quiesce(child, w, child_team, left - 1, ply + 1)
            });
            if self.aborted {
                P::frames(self).give(ply, frame);
                return 0;
            }
            if best.take(v) == Step::Cutoff {
                break;
            }
        }
        P::frames(self).give(ply, frame);
        best.value
    }
}
