//! Alpha-beta negamax search with iterative deepening over the
//! [heuristic](crate::bots::heuristic), with a depth, node or time limit, and optionally move ordering
//! (transposition-table move, killer moves, history) and a transposition table.
//!
//! With more than two players the search is *paranoid*: the player to move at
//! the root (its "team") plays against all opponents as one team. Values are
//! from the point of view of the team to move at a node and are negated only
//! where the team changes, so consecutive opponents pass the window through
//! unchanged. Wins count [`WIN`] plus the remaining depth, so that sooner wins
//! (and later losses) are preferred.
//!
//! Copy-make: every child is a copy of its parent, made in a scratch frame
//! per ply that the searcher keeps; the search allocates nothing per node
//! (the table is allocated once per player, a frame once per ply).
//!
//! The files: this one holds the configuration and the searcher's state and
//! limits; `deepening` the iterative-deepening driver at the root; `analyse`
//! the full-window values of every root move for analysis; `negamax`
//! the alpha-beta core, quiescence and the one rule that turns a child's
//! value into its parent's; `node` what the search asks of a position, so
//! that it runs on the rules engine's positions and, on boards of at most 64
//! cells, on their bit-board copies (and the leaf values); `ordering` killers
//! and history; `value` the balanced leaf value; `table` the transposition
//! table and `key` the incrementally kept key of positions of more than 64
//! cells; `frames` the scratch move lists and children of each ply;
//! `player` the [`Agent`](crate::bots::Agent) that plays by the search;
//! `guide` the [`MoveGuide`] a search may be given, which orders (and with
//! [`SearchConfig::width`] prunes) the moves at the root and at every node
//! more than [`SearchConfig::unguided`] plies before the horizon.

mod analyse;
mod deepening;
mod frames;
mod guide;
mod key;
mod negamax;
mod node;
mod ordering;
mod player;
mod table;
mod value;

use std::time::Duration;

use crate::time::Instant;

use self::frames::Frames;
use self::node::Node;
use self::ordering::Ordering;
use self::table::Table;
use super::{BotError, Interrupt};
use crate::rules::{BitPosition, Player, Position};

pub use self::analyse::RootValues;
pub use self::guide::MoveGuide;
pub use self::node::is_striking;
pub use self::ordering::sort_by_value;
pub use self::player::SearchPlayer;
pub use self::value::balanced_value;

/// Larger than any value a position can have.
const INF: i32 = 1_000_000;
/// The deepest search the limits accept.
pub const MAX_DEPTH: u8 = 32;
/// The master's aspiration half-width (see [`SearchConfig::aspiration`]).
const ASPIRATION: u16 = 16;
/// Nodes between two looks at the clock (the interrupt's flag is read at every node).
const CLOCK_EVERY: u64 = 256;

/// The default cap of a search without a node or time limit, in nodes ×
/// cells: 6.7 million nodes on `5x6`, 3.1 million on `8x8`, half a million on
/// `20x20` (a few seconds a move at most).
pub const DEFAULT_NODE_CELLS: u64 = 200_000_000;

pub use self::table::MAX_TABLE_BITS;

/// The quiescence plies of a guided search at least (see [`SearchConfig::guided`]).
pub const GUIDED_QUIESCENCE: u8 = 4;

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
    /// Evaluate with [`balanced_value`] (own heuristic value minus the best
    /// opponent's) instead of the plain heuristic value.
    pub balanced: bool,
    /// Half the width of the aspiration window around the last iteration's
    /// value for the first root move; 0 searches it with the full window.
    /// Values are the same either way, only the node count changes.
    pub aspiration: u16,
    /// With a [`MoveGuide`]: search only its first this many moves at every
    /// node it is asked at, root included (`None`: every move, in the
    /// guide's order). Without a guide it has no effect.
    pub width: Option<u16>,
    /// With a [`MoveGuide`]: nodes this many plies or fewer before the
    /// horizon are not asked of the guide and search every move (by the
    /// table move, killers and history when [`SearchConfig::ordering`] is
    /// on, else in board order). Their children are leaves, or nearly, and
    /// cost less to search than the guide's valuation of the node. 0 asks
    /// the guide at every node of depth one or more.
    pub unguided: u8,
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
            aspiration: 0,
            width: None,
            unguided: 0,
        }
    }

    /// The stronger search: move ordering and a transposition table.
    pub fn enhanced(depth: u8) -> SearchConfig {
        SearchConfig {
            ordering: true,
            table_bits: 18,
            quiescence: 4,
            aspiration: ASPIRATION,
            ..SearchConfig::plain(depth)
        }
    }

    /// This search with the defaults of a search guided by a [`MoveGuide`]
    /// (`graph=` in specs): the last ply before the horizon searches every
    /// move ([`SearchConfig::unguided`] 1), and the leaves are searched for
    /// captures at least [`GUIDED_QUIESCENCE`] plies deep. The guide's
    /// pruning makes the tree narrow; these two keep its edge exact where a
    /// pruned move costs most and a full-width ply least: the last reply
    /// before the static value, and the reactions that the value cannot see.
    /// Measured with `strategies/10-tuned.json` (docs/players.md), each
    /// helps alone and together they turn a loss on `9x6` into a win.
    pub fn guided(self) -> SearchConfig {
        SearchConfig {
            unguided: self.unguided.max(1),
            quiescence: self.quiescence.max(GUIDED_QUIESCENCE),
            ..self
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
    /// The depth the chosen move was searched to: the deepest iteration
    /// that searched the previous best move (0 when even the first
    /// iteration was cut short).
    pub depth: u8,
    /// Nodes visited.
    pub nodes: u64,
}

/// The search state of one player: table, killers and history are kept
/// between moves of a game.
pub struct Searcher {
    config: SearchConfig,
    table: Table,
    ordering: Ordering,
    guide: Option<Box<dyn MoveGuide>>,
    frames: Frames<Position>,
    bit_frames: Frames<BitPosition>,
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
            ordering: Ordering::new(config.ordering),
            guide: None,
            frames: Frames::default(),
            bit_frames: Frames::default(),
            root: Player::A,
            nodes: 0,
            node_limit: u64::MAX,
            deadline: None,
            interrupt: Interrupt::never(),
            limits_active: false,
            aborted: false,
        }
    }

    /// A searcher with `config` that asks `guide` for the order of the moves
    /// at the root and at every node more than [`SearchConfig::unguided`]
    /// plies before the horizon (see [`SearchConfig::width`]).
    pub fn guided(config: SearchConfig, guide: Box<dyn MoveGuide>) -> Searcher {
        Searcher {
            guide: Some(guide),
            ..Searcher::new(config)
        }
    }

    /// How many of a node's `len` moves are searched: all without a guide,
    /// else at most the configured width (at least one).
    fn width(&self, len: usize) -> usize {
        match (&self.guide, self.config.width) {
            (Some(_), Some(w)) => len.min(usize::from(w).max(1)),
            _ => len,
        }
    }

    /// The configuration.
    pub fn config(&self) -> SearchConfig {
        self.config
    }

    /// Nodes visited by the last search.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Starts a search for `root` with its limits: no node counted yet,
    /// nothing aborted, the node limit not yet active.
    fn begin(
        &mut self,
        root: Player,
        node_limit: u64,
        deadline: Option<Instant>,
        interrupt: &Interrupt,
    ) {
        self.root = root;
        self.nodes = 0;
        self.aborted = false;
        self.node_limit = node_limit;
        self.deadline = deadline;
        self.interrupt = interrupt.clone();
        self.limits_active = false;
    }

    /// Starts a search of `position` with the configured limits (nodes,
    /// node × cells, time) and `interrupt`'s flag and deadline; an error
    /// when the game is over.
    fn begin_at(&mut self, position: &Position, interrupt: &Interrupt) -> Result<(), BotError> {
        let root = position.to_move().ok_or(BotError::NoMove)?;
        let cells = position.size().cells().max(1) as u64;
        let node_limit = self
            .config
            .nodes
            .unwrap_or(u64::MAX)
            .min(self.config.node_cells.map_or(u64::MAX, |w| w / cells));
        let own = self.config.time.map(|t| Instant::now() + t);
        let deadline = match (own, interrupt.deadline()) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        self.begin(root, node_limit, deadline, interrupt);
        Ok(())
    }

    /// The table key of the root `position`, computed from scratch (0
    /// without a table: then no key is ever needed).
    fn root_key<P: Node>(&self, position: &P) -> u64 {
        if self.table.is_empty() {
            0
        } else {
            position.key()
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
}

#[cfg(test)]
mod key_tests;
#[cfg(test)]
mod tests;
