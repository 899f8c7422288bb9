//! Alpha-beta negamax search with iterative deepening over the expert
//! evaluation, with a depth, node or time limit, and optionally move ordering
//! (transposition-table move, killer moves, history) and a transposition table.
//!
//! With more than two players the search is *paranoid*: the player to move at
//! the root (its "team") plays against all opponents as one team. Values are
//! from the point of view of the team to move at a node and are negated only
//! where the team changes, so consecutive opponents pass the window through
//! unchanged. Wins count [`WIN`] plus the remaining depth, so that sooner wins
//! (and later losses) are preferred.
//!
//! Copy-make: every child is a copy of the `Copy` position; the search
//! allocates nothing per node (the table is allocated once per player).

mod table;

use std::time::{Duration, Instant};

use self::table::{Bound, Entry, Table, position_key};
use super::heuristic::{WIN, expert_value, has_lost};
use super::{BotError, Interrupt};
use crate::rng::GameRng;
use crate::rules::{MAX_CELLS, MAX_PLAYERS, Player, Position};

/// Larger than any value a position can have.
const INF: i32 = 1_000_000;
/// The deepest search the limits accept.
pub const MAX_DEPTH: u8 = 32;
/// Nodes between two looks at the clock (the interrupt's flag is read at every node).
const CLOCK_EVERY: u64 = 256;

/// The default cap of a search without a node or time limit, in nodes ×
/// cells: 6.7 million nodes on `5x6`, 3.1 million on `8x8`, half a million on
/// `20x20` (a few seconds a move at most).
pub const DEFAULT_NODE_CELLS: u64 = 200_000_000;

pub use self::table::MAX_TABLE_BITS;

/// How deep and how the search looks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchConfig {
    /// The deepest iteration, in plies (1..=[`MAX_DEPTH`]).
    pub depth: u8,
    /// Stop deepening after about this many nodes (deterministic).
    pub nodes: Option<u64>,
    /// Stop deepening after about this many nodes × cells of the board
    /// (deterministic): the default cap, [`DEFAULT_NODE_CELLS`], that keeps
    /// a deep fixed-depth search on a large board from running for hours.
    pub node_cells: Option<u64>,
    /// Stop after this much time (not exactly replayable).
    pub time: Option<Duration>,
    /// Order moves at inner nodes (table move, killers, history).
    pub ordering: bool,
    /// Log2 of the transposition-table entries; 0 for no table, at most
    /// [`MAX_TABLE_BITS`] (a larger value allocates that many).
    pub table_bits: u8,
    /// Plies of quiescence search at the leaves: only moves that make an own
    /// critical cell next to an opponent react, each side free to stop
    /// ("stand pat") at the static value. 0 for none.
    pub quiescence: u8,
    /// Evaluate with [`balanced_value`] (own expert value minus the best
    /// opponent's) instead of the plain expert value.
    pub balanced: bool,
}

impl SearchConfig {
    /// The plain alpha-beta search of the expert player: no table, moves in
    /// board order (the root is ordered by the previous iteration), and the
    /// default node cap.
    pub fn plain(depth: u8) -> SearchConfig {
        SearchConfig {
            depth,
            nodes: None,
            node_cells: Some(DEFAULT_NODE_CELLS),
            time: None,
            ordering: false,
            table_bits: 0,
            balanced: false,
            quiescence: 0,
        }
    }

    /// The stronger search: move ordering and a transposition table.
    pub fn enhanced(depth: u8) -> SearchConfig {
        SearchConfig {
            ordering: true,
            table_bits: 18,
            quiescence: 4,
            ..SearchConfig::plain(depth)
        }
    }
}

/// What a search found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The chosen move as a flat cell index.
    pub best: usize,
    /// Its value for the player to move.
    pub value: i32,
    /// The deepest completed iteration.
    pub depth: u8,
    /// Nodes visited.
    pub nodes: u64,
}

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

/// The search state of one player: table, killers and history are kept
/// between moves of a game.
pub struct Searcher {
    config: SearchConfig,
    table: Table,
    killers: [[u16; 2]; MAX_DEPTH as usize + 1],
    history: Vec<u32>,
    root: Player,
    nodes: u64,
    node_limit: u64,
    deadline: Option<Instant>,
    interrupt: Interrupt,
    limits_active: bool,
    aborted: bool,
}

impl Searcher {
    /// A searcher with `config` (allocates the table once).
    pub fn new(config: SearchConfig) -> Searcher {
        Searcher {
            config,
            table: Table::new(config.table_bits),
            killers: [[u16::MAX; 2]; MAX_DEPTH as usize + 1],
            history: if config.ordering {
                vec![0; MAX_PLAYERS as usize * MAX_CELLS]
            } else {
                Vec::new()
            },
            root: Player::A,
            nodes: 0,
            node_limit: u64::MAX,
            deadline: None,
            interrupt: Interrupt::never(),
            limits_active: false,
            aborted: false,
        }
    }

    /// The configuration.
    pub fn config(&self) -> SearchConfig {
        self.config
    }

    /// Searches `position` by iterative deepening within the limits and
    /// returns the best move; among equally valued best moves of the deepest
    /// completed iteration it picks one at random from `rng`.
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
        let root = position.to_move().ok_or(BotError::NoMove)?;
        self.root = root;
        self.nodes = 0;
        self.aborted = false;
        let cells = position.size().cells().max(1) as u64;
        self.node_limit = self
            .config
            .nodes
            .unwrap_or(u64::MAX)
            .min(self.config.node_cells.map_or(u64::MAX, |w| w / cells));
        let own = self.config.time.map(|t| Instant::now() + t);
        self.deadline = match (own, interrupt.deadline()) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        self.interrupt = interrupt.clone();
        let list = position.moves();
        let n = list.len();
        if n == 0 {
            return Err(BotError::NoMove);
        }
        let mut root_moves = RootMoves::new(list.indices());
        let mut best = [0u16; MAX_CELLS];
        let mut tie_count = 0;
        let mut best_value = -INF;
        let mut completed = 0u8;
        for depth in 1..=self.config.depth.clamp(1, MAX_DEPTH) {
            // The node limit spares the first iteration, so that it gives a move.
            self.limits_active = depth > 1;
            let (value, ties) = self.root_iteration(position, &mut root_moves, depth);
            if self.aborted && (completed > 0 || ties.is_empty()) {
                break;
            }
            best[..ties.len()].copy_from_slice(ties);
            tie_count = ties.len();
            best_value = value;
            if self.aborted {
                break;
            }
            completed = depth;
            // The next iteration tries the moves in order of this one's values.
            root_moves.sort();
            if best_value.abs() >= WIN {
                break;
            }
        }
        if tie_count == 0 {
            // Interrupted before a single move was searched: any move will do.
            best[..n].copy_from_slice(list.indices());
            tie_count = n;
            best_value = 0;
        }
        let pick = super::pick(&best[..tie_count], rng).ok_or(BotError::NoMove)?;
        Ok(SearchResult {
            best: usize::from(pick),
            value: best_value,
            depth: completed,
            nodes: self.nodes,
        })
    }

    /// Searches every root move `depth` plies (until aborted) and returns the
    /// best value and the moves that have it, in the order searched.
    fn root_iteration<'a>(
        &mut self,
        position: &Position,
        root: &'a mut RootMoves,
        depth: u8,
    ) -> (i32, &'a [u16]) {
        let mut alpha = -INF;
        let mut tie_count = 0;
        for k in 0..root.len {
            let m = root.order[k];
            let mut child = *position;
            child.play_index(usize::from(m));
            // Searched with the window just below the best so far, so
            // that a move equal to the best gets its exact value (ties).
            let v = self.child_value(&child, depth - 1, alpha, INF, true);
            if self.aborted {
                break;
            }
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
        (alpha + 1, &root.ties[..tie_count])
    }

    /// The value of `position` for the player to move, searched to exactly
    /// `depth` plies with a full window (for tests and analysis).
    pub fn value(&mut self, position: &Position, depth: u8) -> i32 {
        let Some(root) = position.to_move() else {
            return 0;
        };
        self.root = root;
        self.nodes = 0;
        self.aborted = false;
        self.node_limit = u64::MAX;
        self.deadline = None;
        self.interrupt = Interrupt::never();
        self.limits_active = false;
        let mut v = 0;
        for d in 1..=depth.clamp(1, MAX_DEPTH) {
            v = self.negamax(position, d, -INF, INF, true, 0);
        }
        v
    }

    /// Nodes visited by the last search.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The value of a child for the root's team.
    fn child_value(
        &mut self,
        child: &Position,
        depth: u8,
        alpha: i32,
        beta: i32,
        team: bool,
    ) -> i32 {
        let child_team = child.to_move().map_or(team, |p| p == self.root);
        if child_team == team {
            self.negamax(child, depth, alpha, beta, child_team, 1)
        } else {
            -self.negamax(child, depth, -beta, -alpha, child_team, 1)
        }
    }

    /// The value of a leaf for the root's player.
    fn leaf(&self, position: &Position, depth: u8) -> i32 {
        let v = if self.config.balanced {
            balanced_value(position, self.root)
        } else {
            expert_value(position, self.root)
        };
        if v >= WIN {
            v + i32::from(depth)
        } else if v <= -WIN {
            v - i32::from(depth)
        } else {
            v
        }
    }

    /// Whether the search must stop: the interrupt's flag (every node), the
    /// node limit (from the second iteration on) or a deadline (every
    /// [`CLOCK_EVERY`] nodes).
    fn out_of_budget(&self) -> bool {
        if self.interrupt.is_raised() || (self.limits_active && self.nodes >= self.node_limit) {
            return true;
        }
        self.nodes.is_multiple_of(CLOCK_EVERY) && self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Counts a node; false when the search must stop (then it unwinds
    /// with meaningless values that the root discards).
    fn enter(&mut self) -> bool {
        self.nodes += 1;
        if self.out_of_budget() {
            self.aborted = true;
        }
        !self.aborted
    }

    /// Negamax with alpha-beta: the value of `position` for `team` (true: the
    /// root player's team), searched `depth` plies.
    fn negamax(
        &mut self,
        position: &Position,
        depth: u8,
        mut alpha: i32,
        beta: i32,
        team: bool,
        ply: usize,
    ) -> i32 {
        if !self.enter() {
            return 0;
        }
        if position.is_over() || has_lost(position, self.root) {
            let v = self.leaf(position, depth);
            return if team { v } else { -v };
        }
        if depth == 0 {
            return self.quiesce(position, alpha, beta, team, self.config.quiescence);
        }
        let key = if self.table.is_empty() {
            0
        } else {
            position_key(position)
        };
        let mut table_move = u16::MAX;
        if let Some(entry) = self.table.probe(key) {
            table_move = entry.best;
            if entry.depth >= depth {
                let v = entry.value;
                match entry.bound {
                    Bound::Exact => return v,
                    Bound::Lower if v >= beta => return v,
                    Bound::Upper if v <= alpha => return v,
                    _ => {}
                }
            }
        }
        let list = position.moves();
        let n = list.len();
        let mut order = [0u16; MAX_CELLS];
        order[..n].copy_from_slice(list.indices());
        let mover = position.mover().index();
        if self.config.ordering {
            self.order_moves(&mut order[..n], table_move, mover, ply);
        }
        let alpha0 = alpha;
        let mut best = -INF;
        let mut best_move = order[0];
        for &m in &order[..n] {
            let mut child = *position;
            child.play_index(usize::from(m));
            let child_team = child.to_move().map_or(team, |p| p == self.root);
            let v = if child_team == team {
                self.negamax(&child, depth - 1, alpha, beta, child_team, ply + 1)
            } else {
                -self.negamax(&child, depth - 1, -beta, -alpha, child_team, ply + 1)
            };
            if self.aborted {
                return 0;
            }
            if v > best {
                best = v;
                best_move = m;
                if v > alpha {
                    alpha = v;
                    if alpha >= beta {
                        self.reward(m, mover, ply, depth);
                        break;
                    }
                }
            }
        }
        let bound = if best <= alpha0 {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table.store(Entry {
            key,
            value: best,
            best: best_move,
            depth,
            bound,
        });
        best
    }

    /// The value at a leaf for `team`: the static value, or better for the
    /// side to move if one of its reactions next to an opponent gains.
    fn quiesce(
        &mut self,
        position: &Position,
        mut alpha: i32,
        beta: i32,
        team: bool,
        left: u8,
    ) -> i32 {
        if !self.enter() {
            return 0;
        }
        let stand = self.leaf(position, 0);
        let stand = if team { stand } else { -stand };
        if left == 0 || stand >= beta || position.is_over() || has_lost(position, self.root) {
            return stand;
        }
        let mut best = stand;
        alpha = alpha.max(stand);
        let list = position.moves();
        for &m in list.indices() {
            if !is_striking(position, usize::from(m)) {
                continue;
            }
            let mut child = *position;
            child.play_index(usize::from(m));
            let child_team = child.to_move().map_or(team, |p| p == self.root);
            let v = if child_team == team {
                self.quiesce(&child, alpha, beta, child_team, left - 1)
            } else {
                -self.quiesce(&child, -beta, -alpha, child_team, left - 1)
            };
            if self.aborted {
                return 0;
            }
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    /// Remembers a move that caused a cut-off (killer and history).
    fn reward(&mut self, m: u16, mover: usize, ply: usize, depth: u8) {
        if !self.config.ordering {
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

    /// Orders moves: the table move, then killers, then by history.
    fn order_moves(&self, moves: &mut [u16], table_move: u16, mover: usize, ply: usize) {
        let killers = self.killers.get(ply).copied().unwrap_or([u16::MAX; 2]);
        let mut scores = [0u32; MAX_CELLS];
        for (k, &m) in moves.iter().enumerate() {
            scores[k] = if m == table_move {
                u32::MAX
            } else if m == killers[0] {
                u32::MAX - 1
            } else if m == killers[1] {
                u32::MAX - 2
            } else {
                self.history
                    .get(mover * MAX_CELLS + usize::from(m))
                    .copied()
                    .unwrap_or(0)
                    .min(u32::MAX - 3)
            };
        }
        // Stable, so that ties keep board order.
        sort_by_value(moves, &mut scores[..moves.len()]);
    }
}

/// Whether placing on `index` makes a critical cell of the player to move
/// react next to a cell of an opponent (a move that captures at once).
pub fn is_striking(position: &Position, index: usize) -> bool {
    let mover = position.mover();
    let geo = position.geometry();
    let cells = position.cells();
    let Some(cell) = cells.get(index) else {
        return false;
    };
    cell.is_owned_by(mover)
        && cell.atoms() + 1 == position.threshold(geo.capacity(index))
        && geo.neighbours(index).iter().any(|&n| {
            cells
                .get(usize::from(n))
                .is_some_and(|c| !c.is_empty() && !c.is_owned_by(mover))
        })
}

/// The expert value of `me` minus the highest expert value among the other
/// players still in the game (±[`WIN`] once decided).
pub fn balanced_value(position: &Position, me: Player) -> i32 {
    let mine = expert_value(position, me);
    if mine.abs() >= WIN {
        return mine;
    }
    let best_other = position
        .alive()
        .filter(|&p| p != me)
        .map(|p| expert_value(position, p))
        .max()
        .unwrap_or(0);
    mine - best_other
}

/// Sorts moves by value, highest first, keeping the order of equal values
/// (insertion sort: the lists are short and often nearly sorted).
fn sort_by_value<V: Copy + PartialOrd>(moves: &mut [u16], values: &mut [V]) {
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

#[cfg(test)]
mod tests;
