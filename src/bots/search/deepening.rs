//! The iterative-deepening driver: searches the root one ply deeper at a
//! time within the limits, orders the root moves by the last iteration's
//! values, and picks at random among the equally best moves of the deepest
//! completed iteration.
//!
//! Invariant: the move returned is a best move of the deepest iteration that
//! searched the previous iteration's best move (always the first it
//! searches); its value is exact at that depth. An iteration cut short
//! before that only counts when no iteration completed (then its searched
//! moves are used, and with none, any legal move).

use super::negamax::Window;
use super::node::Node;
use super::ordering::sort_by_value;
use super::{INF, MAX_DEPTH, SearchResult, Searcher};
use crate::bots::heuristic::WIN;
use crate::bots::{BotError, Interrupt};
use crate::rng::GameRng;
use crate::rules::{BitPosition, MAX_CELLS, Position};

/// The moves at the root in the order to search them, with the values of
/// the last iteration and the best moves of the running one.
struct RootMoves {
    order: [u16; MAX_CELLS],
    values: [i32; MAX_CELLS],
    ties: [u16; MAX_CELLS],
    len: usize,
}

impl RootMoves {
    fn new(moves: &[u16]) -> RootMoves {
        let len = moves.len().min(MAX_CELLS);
        let mut order = [0u16; MAX_CELLS];
        order[..len].copy_from_slice(&moves[..len]);
        RootMoves {
            order,
            values: [0; MAX_CELLS],
            ties: [0; MAX_CELLS],
            len,
        }
    }

    /// Orders the moves by the values of the last iteration, best first.
    fn sort(&mut self) {
        sort_by_value(&mut self.order[..self.len], &mut self.values[..self.len]);
    }
}

/// The best moves of the deepest iteration that counts.
struct Deepest {
    moves: [u16; MAX_CELLS],
    len: usize,
    value: i32,
    /// The deepest completed iteration (0: none completed).
    depth: u8,
}

impl Searcher {
    /// Searches `position` by iterative deepening within the limits and
    /// returns the best move; among equally valued best moves of the deepest
    /// completed iteration it picks one at random from `rng`. With a guide,
    /// the root's moves are its order (drawing from `rng` first), cut to the
    /// width, and among equally valued best moves the guide's first is played.
    pub fn search(
        &mut self,
        position: &Position,
        rng: &mut GameRng,
    ) -> Result<SearchResult, BotError> {
        self.search_within(position, rng, &Interrupt::never())
    }

    /// [`Searcher::search`], stopping soon after `interrupt` fires. The move
    /// then comes from the deepest completed iteration; when even the first
    /// one was cut short, from the moves it searched (depth 0 in the result),
    /// and when it searched none, it is a random legal move. While
    /// `interrupt` does not fire the result is exactly that of `search`.
    pub fn search_within(
        &mut self,
        position: &Position,
        rng: &mut GameRng,
        interrupt: &Interrupt,
    ) -> Result<SearchResult, BotError> {
        self.begin_at(position, interrupt)?;
        let mut list = position.moves();
        if list.is_empty() {
            return Err(BotError::NoMove);
        }
        let mut width = list.len();
        if let Some(guide) = self.guide.as_mut() {
            guide.order_root(position, list.indices_mut(), rng)?;
            width = self.width(width);
        }
        let root_moves = list.indices().get(..width).unwrap_or(list.indices());
        // Boards of at most 64 cells are searched as bit boards: the same
        // tree, played and evaluated on whole sets of cells.
        let found = match BitPosition::from_position(position) {
            Some(bits) => self.deepen(&bits, root_moves),
            None => self.deepen(position, root_moves),
        };
        let (moves, value) = if found.len == 0 {
            // Interrupted before a single move was searched: any move will do.
            (root_moves, 0)
        } else {
            (&found.moves[..found.len], found.value)
        };
        // With a guide, the graph breaks the search's ties: its order (which
        // drew from `rng` at the root as the graph player draws) puts first
        // the move it prefers, and nothing more is drawn, so a search of
        // width 1 plays the graph player's games, not only its moves.
        let pick = match self.guide {
            Some(_) => moves.first().copied(),
            None => crate::bots::pick(moves, rng),
        }
        .ok_or(BotError::NoMove)?;
        Ok(SearchResult {
            best: usize::from(pick),
            value,
            depth: found.depth,
            nodes: self.nodes,
        })
    }

    /// Deepens one ply at a time up to the configured depth, until a limit
    /// stops it or an iteration finds the game decided.
    fn deepen<P: Node>(&mut self, position: &P, moves: &[u16]) -> Deepest {
        let mut root = RootMoves::new(moves);
        let mut found = Deepest {
            moves: [0u16; MAX_CELLS],
            len: 0,
            value: -INF,
            depth: 0,
        };
        for depth in 1..=self.config.depth.clamp(1, MAX_DEPTH) {
            // The node limit spares the first iteration, so that it gives a move.
            self.limits_active = depth > 1;
            let guess = (found.depth > 0).then_some(found.value);
            let (value, ties, searched) = self.root_iteration(position, &mut root, depth, guess);
            if self.aborted {
                // A cut-short iteration counts once it has searched the last
                // iteration's best move: a move it found better is better
                // founded. The first iteration counts with whatever it has.
                if !ties.is_empty() && (searched > 0 && found.depth > 0 || found.len == 0) {
                    found.moves[..ties.len()].copy_from_slice(ties);
                    found.len = ties.len();
                    found.value = value;
                    if found.depth > 0 {
                        found.depth = depth;
                    }
                }
                break;
            }
            found.moves[..ties.len()].copy_from_slice(ties);
            found.len = ties.len();
            found.value = value;
            found.depth = depth;
            // The next iteration tries the moves in order of this one's values.
            root.sort();
            if found.value.abs() >= WIN {
                break;
            }
        }
        found
    }

    /// Searches every root move `depth` plies (until aborted) and returns the
    /// best value, the moves that have it in the order searched, and how
    /// many moves were searched. The first move is searched within an
    /// aspiration window around `guess` (the last iteration's value), the
    /// others by principal-variation search ([`Searcher::scout`]) with the
    /// window just below the best so far, so that a move equal to the best
    /// gets its exact value (ties) and a worse one only needs to be proved
    /// worse.
    fn root_iteration<'a, P: Node>(
        &mut self,
        position: &P,
        root: &'a mut RootMoves,
        depth: u8,
        guess: Option<i32>,
    ) -> (i32, &'a [u16], usize) {
        let key = self.root_key(position);
        let mut alpha = -INF;
        let mut tie_count = 0;
        let mut searched = 0;
        for k in 0..root.len {
            let m = root.order[k];
            let mut child = *position;
            let child_key = self.play_child(&mut child, key, m, depth - 1);
            let v = if k == 0 {
                self.aspire(&child, child_key, depth - 1, guess)
            } else {
                let window = Window { alpha, beta: INF };
                self.scout(&child, child_key, depth - 1, true, window, 1)
            };
            if self.aborted {
                break;
            }
            searched = k + 1;
            root.values[k] = v;
            if v > alpha + 1 || tie_count == 0 {
                tie_count = 0;
                alpha = v - 1;
            }
            if v == alpha + 1 {
                root.ties[tie_count] = m;
                tie_count += 1;
            }
        }
        (alpha + 1, &root.ties[..tie_count], searched)
    }

    /// The exact value of the first root move `child`: searched within
    /// [`SearchConfig::aspiration`] of `guess` first, and with the full
    /// window when the value falls outside (or there is no guess).
    fn aspire<P: Node>(&mut self, child: &P, child_key: u64, depth: u8, guess: Option<i32>) -> i32 {
        let search = |s: &mut Searcher, w: Window| {
            s.child_value(child, true, w, |s, child_team, w| {
                s.negamax(child, child_key, depth, w, child_team, 1)
            })
        };
        let delta = i32::from(self.config.aspiration);
        if let Some(g) = guess.filter(|g| delta > 0 && g.abs() < WIN) {
            let window = Window {
                alpha: g - delta,
                beta: g + delta,
            };
            let v = search(self, window);
            if self.aborted || (v > window.alpha && v < window.beta) {
                return v;
            }
        }
        search(self, Window::FULL)
    }

    /// The value of `position` for the player to move, searched to exactly
    /// `depth` plies with a full window (for tests and analysis).
    pub fn value(&mut self, position: &Position, depth: u8) -> i32 {
        match BitPosition::from_position(position) {
            Some(bits) => self.value_on(&bits, depth),
            None => self.value_on(position, depth),
        }
    }

    /// [`Searcher::value`] on either kind of position.
    pub(super) fn value_on<P: Node>(&mut self, position: &P, depth: u8) -> i32 {
        let Some(root) = position.to_move() else {
            return 0;
        };
        self.begin(root, u64::MAX, None, &Interrupt::never());
        let key = self.root_key(position);
        let mut v = 0;
        for d in 1..=depth.clamp(1, MAX_DEPTH) {
            v = self.negamax(position, key, d, Window::FULL, true, 0);
        }
        v
    }
}
