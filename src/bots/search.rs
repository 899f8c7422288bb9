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

use std::hash::{Hash, Hasher};
use std::time::{Duration, Instant};

use super::BotError;
use super::heuristic::{WIN, expert_value, has_lost};
use crate::rng::GameRng;
use crate::rules::{MAX_CELLS, MAX_PLAYERS, Player, Position};

/// Larger than any value a position can have.
const INF: i32 = 1_000_000;
/// The deepest search the limits accept.
pub const MAX_DEPTH: u8 = 32;
/// Nodes between two looks at the clock.
const CLOCK_EVERY: u64 = 1024;

/// How deep and how the search looks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchConfig {
    /// The deepest iteration, in plies (1..=[`MAX_DEPTH`]).
    pub depth: u8,
    /// Stop after about this many nodes (deterministic).
    pub nodes: Option<u64>,
    /// Stop after this much time (not exactly replayable).
    pub time: Option<Duration>,
    /// Order moves at inner nodes (table move, killers, history).
    pub ordering: bool,
    /// Log2 of the transposition-table entries; 0 for no table.
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
    /// board order (the root is ordered by the previous iteration).
    pub fn plain(depth: u8) -> SearchConfig {
        SearchConfig {
            depth,
            nodes: None,
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

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    value: i32,
    best: u16,
    depth: u8,
    bound: Bound,
}

#[derive(Clone, Copy, Default, PartialEq, Eq)]
enum Bound {
    #[default]
    Exact,
    Lower,
    Upper,
}

/// The search state of one player: table, killers and history are kept
/// between moves of a game.
pub struct Searcher {
    config: SearchConfig,
    table: Vec<Entry>,
    killers: [[u16; 2]; MAX_DEPTH as usize + 1],
    history: Vec<u32>,
    root: Player,
    nodes: u64,
    node_limit: u64,
    deadline: Option<Instant>,
    limits_active: bool,
    aborted: bool,
}

impl Searcher {
    /// A searcher with `config` (allocates the table once).
    pub fn new(config: SearchConfig) -> Searcher {
        let entries = if config.table_bits == 0 {
            0
        } else {
            1usize << config.table_bits.min(26)
        };
        Searcher {
            config,
            table: vec![Entry::default(); entries],
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
        let root = position.to_move().ok_or(BotError::NoMove)?;
        self.root = root;
        self.nodes = 0;
        self.aborted = false;
        self.node_limit = self.config.nodes.unwrap_or(u64::MAX);
        self.deadline = self.config.time.map(|t| Instant::now() + t);
        let list = position.moves();
        let n = list.len();
        if n == 0 {
            return Err(BotError::NoMove);
        }
        let mut order = [0u16; MAX_CELLS];
        order[..n].copy_from_slice(list.indices());
        let mut values = [0i32; MAX_CELLS];
        let mut ties = [0u16; MAX_CELLS];
        let mut tie_count = 0;
        let mut best_value = -INF;
        let mut completed = 0u8;
        for depth in 1..=self.config.depth.clamp(1, MAX_DEPTH) {
            // The first iteration always completes, so there is always a move.
            self.limits_active = depth > 1;
            let mut alpha = -INF;
            let mut iteration_ties = 0;
            for k in 0..n {
                let m = order[k];
                let mut child = *position;
                child.play_index(usize::from(m));
                // Searched with the window just below the best so far, so
                // that a move equal to the best gets its exact value (ties).
                let v = self.child_value(&child, depth - 1, alpha, INF, true);
                if self.aborted {
                    break;
                }
                values[k] = v;
                if v > alpha + 1 || iteration_ties == 0 {
                    iteration_ties = 0;
                    alpha = v - 1;
                }
                if v == alpha + 1 {
                    ties[iteration_ties] = m;
                    iteration_ties += 1;
                }
            }
            if self.aborted {
                break;
            }
            completed = depth;
            tie_count = iteration_ties;
            best_value = alpha + 1;
            // The next iteration tries the moves in order of this one's values.
            sort_by_value(&mut order[..n], &mut values[..n]);
            if best_value.abs() >= WIN {
                break;
            }
        }
        let pick = super::pick(&ties[..tie_count], rng).ok_or(BotError::NoMove)?;
        Ok(SearchResult {
            best: usize::from(pick),
            value: best_value,
            depth: completed,
            nodes: self.nodes,
        })
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

    fn out_of_budget(&mut self) -> bool {
        if !self.limits_active {
            return false;
        }
        if self.nodes >= self.node_limit {
            return true;
        }
        if self.nodes.is_multiple_of(CLOCK_EVERY)
            && let Some(deadline) = self.deadline
        {
            return Instant::now() >= deadline;
        }
        false
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
        self.nodes += 1;
        if self.out_of_budget() {
            self.aborted = true;
        }
        if self.aborted {
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
        if let Some(entry) = self.probe(key) {
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
        self.store(key, best, best_move, depth, bound);
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
        self.nodes += 1;
        if self.out_of_budget() {
            self.aborted = true;
        }
        if self.aborted {
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

    fn probe(&self, key: u64) -> Option<Entry> {
        if self.table.is_empty() {
            return None;
        }
        let slot = (key >> (64 - u32::from(self.config.table_bits))) as usize;
        self.table.get(slot).copied().filter(|e| e.key == key)
    }

    fn store(&mut self, key: u64, value: i32, best: u16, depth: u8, bound: Bound) {
        if self.table.is_empty() {
            return;
        }
        let slot = (key >> (64 - u32::from(self.config.table_bits))) as usize;
        if let Some(e) = self.table.get_mut(slot) {
            *e = Entry {
                key,
                value,
                best,
                depth,
                bound,
            };
        }
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
        // Insertion sort, highest score first; stable so ties keep board order.
        for i in 1..moves.len() {
            let (m, s) = (moves[i], scores[i]);
            let mut j = i;
            while j > 0 && scores[j - 1] < s {
                moves[j] = moves[j - 1];
                scores[j] = scores[j - 1];
                j -= 1;
            }
            moves[j] = m;
            scores[j] = s;
        }
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

/// Sorts moves by value, highest first, keeping the order of equal values.
fn sort_by_value(moves: &mut [u16], values: &mut [i32]) {
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

/// A 64-bit key of everything that makes a position (FxHash with a final mix).
fn position_key(position: &Position) -> u64 {
    let mut h = KeyHasher(0);
    position.hash(&mut h);
    let mut z = h.0;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

struct KeyHasher(u64);

impl KeyHasher {
    #[inline]
    fn add(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x51_7C_C1_B7_27_22_0A_95);
    }
}

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.add(u64::from(b));
        }
    }

    fn write_u8(&mut self, i: u8) {
        self.add(u64::from(i));
    }

    fn write_u16(&mut self, i: u16) {
        self.add(u64::from(i));
    }

    fn write_u32(&mut self, i: u32) {
        self.add(u64::from(i));
    }

    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }

    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::rng_from_seed;
    use crate::rules::{Rules, Size};
    use rand::RngExt;

    /// The leaf value of the searches, from the root player's side.
    fn static_value(position: &Position, root: Player, config: &SearchConfig, depth: u8) -> i32 {
        let v = if config.balanced {
            balanced_value(position, root)
        } else {
            expert_value(position, root)
        };
        if v >= WIN {
            v + i32::from(depth)
        } else if v <= -WIN {
            v - i32::from(depth)
        } else {
            v
        }
    }

    /// Quiescence by plain minimax: each side may stand pat or strike.
    fn quiet_minimax(position: &Position, root: Player, config: &SearchConfig, left: u8) -> i32 {
        let stand = static_value(position, root, config, 0);
        if left == 0 || position.is_over() || has_lost(position, root) {
            return stand;
        }
        let moves = position.moves();
        let values = moves
            .indices()
            .iter()
            .filter(|&&m| is_striking(position, usize::from(m)))
            .map(|&m| {
                let mut child = *position;
                child.play_index(usize::from(m));
                quiet_minimax(&child, root, config, left - 1)
            })
            .chain([stand]);
        if position.to_move() == Some(root) {
            values.max().unwrap()
        } else {
            values.min().unwrap()
        }
    }

    /// Plain minimax over the same leaves, from the root player's side.
    fn minimax(position: &Position, depth: u8, root: Player, config: &SearchConfig) -> i32 {
        if position.is_over() || has_lost(position, root) {
            return static_value(position, root, config, depth);
        }
        if depth == 0 {
            return quiet_minimax(position, root, config, config.quiescence);
        }
        let moves = position.moves();
        let values = moves.indices().iter().map(|&m| {
            let mut child = *position;
            child.play_index(usize::from(m));
            minimax(&child, depth - 1, root, config)
        });
        if position.to_move() == Some(root) {
            values.max().unwrap()
        } else {
            values.min().unwrap()
        }
    }

    fn random_position(rng: &mut GameRng) -> Position {
        let size = Size::new(rng.random_range(2..=4), rng.random_range(2..=4)).unwrap();
        let players = rng.random_range(2..=size.cells().min(4));
        let rules = Rules::ALL[rng.random_range(0..3)];
        let mut p = Position::new(size, players, rules).unwrap();
        let plies = rng.random_range(0..25);
        for _ in 0..plies {
            let moves = p.moves();
            if moves.is_empty() {
                break;
            }
            let m = moves.indices()[rng.random_range(0..moves.len())];
            let mut next = p;
            next.play_index(usize::from(m));
            if next.is_over() {
                break;
            }
            p = next;
        }
        p
    }

    #[test]
    fn alpha_beta_equals_minimax_on_small_random_positions() {
        let mut rng = rng_from_seed(7);
        let mut checked = 0;
        for _ in 0..300 {
            let p = random_position(&mut rng);
            let root = p.to_move().unwrap();
            let depth = if p.size().cells() <= 9 { 4 } else { 3 };
            let configs = [
                SearchConfig::plain(depth),
                SearchConfig::enhanced(depth),
                SearchConfig {
                    balanced: true,
                    ..SearchConfig::enhanced(depth)
                },
                SearchConfig {
                    quiescence: 2,
                    ..SearchConfig::plain(depth)
                },
            ];
            for config in configs {
                let expected = minimax(&p, depth, root, &config);
                let config = SearchConfig {
                    table_bits: config.table_bits.min(12),
                    ..config
                };
                assert_eq!(
                    Searcher::new(config).value(&p, depth),
                    expected,
                    "{config:?}\n{p}"
                );
                // The root search picks a move of exactly that value.
                let result = Searcher::new(config).search(&p, &mut rng).unwrap();
                let mut child = p;
                child.play_index(result.best);
                let chosen = minimax(&child, depth - 1, root, &config);
                if expected.abs() < WIN {
                    assert_eq!(result.value, expected, "{p}");
                    assert_eq!(chosen, expected, "{p}");
                } else {
                    // A decided game stops deepening early: the move must still win (or all lose).
                    assert_eq!(chosen.signum(), expected.signum(), "{p}");
                    assert!(chosen.abs() >= WIN, "{p}");
                }
            }
            checked += 1;
        }
        assert_eq!(checked, 300);
    }

    #[test]
    fn a_node_limit_is_deterministic_and_still_gives_a_move() {
        let p = Position::new(Size::JABC, 2, Rules::Standard).unwrap();
        let config = SearchConfig {
            nodes: Some(500),
            ..SearchConfig::plain(8)
        };
        let a = Searcher::new(config)
            .search(&p, &mut rng_from_seed(1))
            .unwrap();
        let b = Searcher::new(config)
            .search(&p, &mut rng_from_seed(1))
            .unwrap();
        assert_eq!(a, b);
        assert!(a.depth >= 1 && a.depth < 8);
        assert!(p.is_legal_index(a.best));
    }

    #[test]
    fn takes_a_win_in_one() {
        // A wins by placing on 0,0 (corner with 1 atom reacts and captures B's last cell).
        let p: Position = "size 2x3\nplaced A B\nmoves 3\nA1 B1 .\nA1 . .\n"
            .parse()
            .unwrap();
        for config in [SearchConfig::plain(3), SearchConfig::enhanced(3)] {
            let r = Searcher::new(config)
                .search(&p, &mut rng_from_seed(3))
                .unwrap();
            let mut after = p;
            after.play_index(r.best);
            assert_eq!(after.winner(), Some(Player::A), "{config:?}");
            assert!(r.value >= WIN);
        }
    }
}
