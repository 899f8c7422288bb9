//! Monte Carlo tree search (UCT) with uniformly random playouts, for any
//! number of players: each node counts the wins of the player who moved into it.
//!
//! Memory is bounded: the tree lives in one pool of at most a fixed number
//! of nodes ([`DEFAULT_TREE_NODES`], 20 bytes each). Once a node's children
//! would not fit, that node stays a leaf and the playouts go on from it, so
//! any number of iterations runs in the same memory. Below the cap the pool
//! changes nothing, and a search that never fills it is the same as without one.

use std::time::Duration;

use crate::time::Instant;

use rand::RngExt;

use super::heuristic;
use super::{Agent, BotError, Interrupt};
use crate::rng::GameRng;
use crate::rules::{Coord, MAX_CELLS, MAX_PLAYERS, Position};

/// The most nodes the tree of one move may hold: 2^20 nodes of 20 bytes (20 MiB).
pub const DEFAULT_TREE_NODES: usize = 1 << 20;

// The size the documentation gives (docs/players.md, Resource limits).
const _: () = assert!(std::mem::size_of::<Node>() == 20);

/// A playout that reaches this many placements per cell is scored as a draw
/// (only possible under the `empties` rules, where atoms are not conserved).
const PLAYOUT_CAP_PER_CELL: u32 = 10;

/// Heuristic-value points per unit of the softmax that scores a cut-off playout.
const PLAYOUT_SCALE: f32 = 10.0;

#[derive(Clone, Copy)]
struct Node {
    /// The move that leads here (flat index).
    mv: u16,
    /// The player who made that move.
    mover: u8,
    /// Whether the children have been created.
    expanded: bool,
    children: u16,
    first_child: u32,
    visits: u32,
    /// Sum of rewards for `mover` (1 per win, 1/players per draw).
    reward: f32,
}

/// The UCT player: `iterations` playouts per move (or a time limit).
pub struct MctsPlayer {
    name: String,
    iterations: u32,
    time: Option<Duration>,
    explore: f32,
    playout: u32,
    tree_cap: usize,
    nodes: Vec<Node>,
    path: Vec<u32>,
}

impl MctsPlayer {
    /// A player called `name` running `iterations` playouts per move, or as
    /// many as fit in `time` when given (at least one). A playout stops after
    /// `playout` random plies (0: at the end of the game) and is scored by the
    /// heuristic.
    pub fn new(
        name: impl Into<String>,
        iterations: u32,
        time: Option<Duration>,
        playout: u32,
    ) -> MctsPlayer {
        MctsPlayer {
            name: name.into(),
            iterations: iterations.max(1),
            time,
            explore: 1.0,
            playout,
            tree_cap: DEFAULT_TREE_NODES,
            nodes: Vec::new(),
            path: Vec::new(),
        }
    }

    /// The same player with a tree of at most `nodes` nodes (at least room
    /// for the root and its children: 1 + the most cells a board has).
    pub fn with_tree_cap(self, nodes: usize) -> MctsPlayer {
        MctsPlayer {
            tree_cap: nodes.max(1 + MAX_CELLS),
            ..self
        }
    }

    /// The number of nodes in the tree of the last move.
    pub fn tree_nodes(&self) -> usize {
        self.nodes.len()
    }

    /// Creates the children of node `index`, unless they do not fit in the
    /// pool: the node then stays a leaf.
    fn expand(&mut self, index: usize, position: &Position, rng: &mut GameRng) {
        let moves = position.moves();
        let first = self.nodes.len();
        if first + moves.len() > self.tree_cap {
            return;
        }
        let mover = position.mover().index() as u8;
        for &m in moves.indices() {
            self.nodes.push(Node {
                mv: m,
                mover,
                expanded: false,
                children: 0,
                first_child: 0,
                visits: 0,
                reward: 0.0,
            });
        }
        // Shuffle the children so that unvisited ones are tried in random order.
        let slice = &mut self.nodes[first..];
        for i in (1..slice.len()).rev() {
            let j = rng.random_range(0..=i);
            slice.swap(i, j);
        }
        if let Some(node) = self.nodes.get_mut(index) {
            node.expanded = true;
            node.first_child = first as u32;
            node.children = moves.len() as u16;
        }
    }

    /// The child of `index` with the best UCT score (an unvisited one first).
    fn select(&self, index: usize) -> Option<usize> {
        let node = self.nodes.get(index)?;
        let first = node.first_child as usize;
        let log_n = (node.visits.max(1) as f32).ln();
        let mut best = None;
        let mut best_score = f32::NEG_INFINITY;
        for c in first..first + usize::from(node.children) {
            let child = self.nodes.get(c)?;
            if child.visits == 0 {
                return Some(c);
            }
            let v = child.visits as f32;
            let score = child.reward / v + self.explore * (log_n / v).sqrt();
            if score > best_score {
                best_score = score;
                best = Some(c);
            }
        }
        best
    }

    fn iterate(&mut self, root: &Position, cap: u32, rng: &mut GameRng) {
        let mut position = *root;
        self.path.clear();
        let mut index = 0usize;
        self.path.push(0);
        loop {
            let Some(node) = self.nodes.get(index).copied() else {
                return;
            };
            if position.is_over() {
                break;
            }
            if !node.expanded {
                self.expand(index, &position, rng);
                if let Some(c) = self.select(index) {
                    self.descend(c, &mut position);
                }
                break;
            }
            let Some(c) = self.select(index) else {
                break;
            };
            self.descend(c, &mut position);
            index = c;
        }
        // Random playout, to the end or for `playout` plies.
        let mut plies = 0u32;
        while !position.is_over()
            && position.placements() < cap
            && (self.playout == 0 || plies < self.playout)
        {
            let moves = position.moves();
            let Some(&m) = moves.indices().get(rng.random_range(0..moves.len().max(1))) else {
                break;
            };
            position.play_index(usize::from(m));
            plies += 1;
        }
        let rewards = self.rewards(&position, cap);
        for &i in &self.path {
            if let Some(node) = self.nodes.get_mut(i as usize) {
                node.visits += 1;
                node.reward += rewards.get(usize::from(node.mover)).copied().unwrap_or(0.0);
            }
        }
    }

    /// Each player's reward for the end of a playout: 1 for the winner, a
    /// share for a draw at the cap, and for a cut-off playout a softmax of the
    /// players' heuristic values (for two players, a logistic curve of the difference).
    fn rewards(&self, position: &Position, cap: u32) -> [f32; MAX_PLAYERS as usize] {
        let mut rewards = [0.0f32; MAX_PLAYERS as usize];
        let n = position.player_count();
        if let Some(w) = position.winner() {
            rewards[w.index()] = 1.0;
        } else if position.placements() >= cap {
            for r in rewards.iter_mut().take(n) {
                *r = 1.0 / n as f32;
            }
        } else {
            let mut total = 0.0f32;
            for p in position.alive() {
                let v = heuristic::value(position, p) as f32 / PLAYOUT_SCALE;
                let e = v.clamp(-30.0, 30.0).exp();
                rewards[p.index()] = e;
                total += e;
            }
            if total > 0.0 {
                for r in rewards.iter_mut() {
                    *r /= total;
                }
            }
        }
        rewards
    }

    fn descend(&mut self, child: usize, position: &mut Position) {
        if let Some(node) = self.nodes.get(child) {
            position.play_index(usize::from(node.mv));
        }
        self.path.push(child as u32);
    }
}

impl Agent for MctsPlayer {
    fn name(&self) -> String {
        self.name.clone()
    }

    /// Runs the playouts (all `iterations`, or until the time limit) and
    /// plays the most visited move; stops early when `interrupt` fires.
    fn choose_within(
        &mut self,
        position: &Position,
        rng: &mut GameRng,
        interrupt: &Interrupt,
    ) -> Result<Coord, BotError> {
        if position.moves().is_empty() {
            return Err(BotError::NoMove);
        }
        let cap = position
            .placements()
            .saturating_add(PLAYOUT_CAP_PER_CELL * position.size().cells() as u32);
        self.nodes.clear();
        self.nodes.push(Node {
            mv: 0,
            mover: 0,
            expanded: false,
            children: 0,
            first_child: 0,
            visits: 0,
            reward: 0.0,
        });
        let own = self.time.map(|t| Instant::now() + t);
        let interrupt = match own {
            Some(deadline) => interrupt.clone().with_deadline(deadline),
            None => interrupt.clone(),
        };
        let mut done = 0u64;
        loop {
            self.iterate(position, cap, rng);
            done += 1;
            // With a time limit the iteration count does not matter.
            if (own.is_none() && done >= u64::from(self.iterations)) || interrupt.has_fired() {
                break;
            }
        }
        self.most_visited(position)
    }
}

impl MctsPlayer {
    /// The root's most visited move (the first one on equal visits).
    fn most_visited(&self, position: &Position) -> Result<Coord, BotError> {
        let root = self.nodes.first().copied().ok_or(BotError::NoMove)?;
        let first = root.first_child as usize;
        let best = self
            .nodes
            .get(first..first + usize::from(root.children))
            .and_then(|children| {
                children
                    .iter()
                    .enumerate()
                    .max_by_key(|&(k, c)| (c.visits, std::cmp::Reverse(k)))
                    .map(|(_, c)| c.mv)
            })
            .ok_or(BotError::NoMove)?;
        Ok(position.size().coord_of(usize::from(best)))
    }
}
