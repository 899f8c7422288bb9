//! Shared helpers of the strategy-graph tests: the shipped strategies, random
//! positions from random games, generators of random graphs (any graph, and
//! valid acyclic ones), and a reference evaluator written from the evaluation
//! contract (`docs/strategy-format.md`) and the node documentation,
//! independently of `src/eval`.

#![allow(dead_code)]

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use chainlab::rng::rng_from_seed;
use chainlab::rules::{Coord, Player, Position, Rules, Size};
use chainlab::strategy::Strategy as Graph;
use chainlab::strategy::{
    BoardMeasure, CompareOp, Kind, Node, NodeId, NodeKind, OwnerFilter, SizeMeasure, StateFilter,
    Tuning, When, Whose, Wire,
};
use proptest::prelude::*;
use proptest::sample::Index;
use rand::RngExt;

/// The repository root.
pub fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A file under `tests/data/strategies/`.
pub fn fixture(name: &str) -> PathBuf {
    repo().join("tests/data/strategies").join(name)
}

/// The paths of the shipped strategies, sorted.
pub fn shipped_paths() -> Vec<PathBuf> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(repo().join("strategies"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    paths.sort();
    assert!(paths.len() >= 8, "expected the 8 shipped strategies");
    paths
}

/// Every shipped strategy, loaded.
pub fn shipped() -> Vec<(PathBuf, Graph)> {
    shipped_paths()
        .into_iter()
        .map(|p| {
            let s = Graph::load(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            (p, s)
        })
        .collect()
}

/// A position from its text notation.
pub fn position(text: &str) -> Position {
    text.parse()
        .unwrap_or_else(|e| panic!("bad position: {e}\n{text}"))
}

/// A position from a file under `tests/data/positions/`.
pub fn position_file(name: &str) -> Position {
    let path = repo().join("tests/data/positions").join(name);
    position(&std::fs::read_to_string(&path).unwrap())
}

/// Board sizes the tests play on: tiny, odd, the common ones and a big one.
pub const SIZES: &[(usize, usize)] = &[
    (2, 2),
    (2, 3),
    (3, 3),
    (3, 4),
    (4, 4),
    (5, 6),
    (9, 6),
    (8, 8),
];

/// Positions with a player to move, taken from random games on `size` with
/// `players` and `rules` (every position of each game, from the start, until
/// `count` are collected).
pub fn random_positions(
    seed: u64,
    count: usize,
    size: Size,
    players: usize,
    rules: Rules,
) -> Vec<Position> {
    let mut rng = rng_from_seed(seed);
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let mut p = Position::new(size, players, rules).unwrap();
        // Empties games need not end; the cap keeps them short.
        for _ in 0..400 {
            if p.is_over() || out.len() >= count {
                break;
            }
            out.push(p);
            let moves = p.moves();
            let i = moves.indices()[rng.random_range(0..moves.len())];
            p.play_index(usize::from(i)).unwrap();
        }
    }
    out
}

/// Positions from random games on random sizes (from [`SIZES`]), player
/// counts (2 to 4) and rule variants, `per_game` positions sampled per game.
pub fn mixed_positions(seed: u64, count: usize) -> Vec<Position> {
    let mut rng = rng_from_seed(seed ^ 0x5EED);
    let mut out = Vec::with_capacity(count);
    let mut game = 0;
    while out.len() < count {
        let (r, c) = SIZES[rng.random_range(0..SIZES.len())];
        let size = Size::new(r, c).unwrap();
        let players = rng.random_range(2..=4usize).min(r * c);
        let rules = Rules::ALL[rng.random_range(0..3usize)];
        let game_positions = random_positions(seed.wrapping_add(game), 60, size, players, rules);
        game += 1;
        for p in game_positions {
            if out.len() < count && rng.random_bool(0.2) {
                out.push(p);
            }
        }
    }
    out
}

/// Ids of the nodes of `g`, in id order.
pub fn ids(g: &Graph) -> Vec<NodeId> {
    g.nodes().iter().map(|n| n.id).collect()
}

// ---------------------------------------------------------------------------
// Generators

fn when() -> impl Strategy<Value = When> {
    prop::sample::select(When::ALL.to_vec())
}

/// Numbers for Constant nodes: mostly small, sometimes at the ends of i64.
pub fn number() -> impl Strategy<Value = i64> {
    prop_oneof![
        4 => -12i64..=12,
        1 => any::<i64>(),
        1 => prop_oneof![
            (i64::MAX - 3)..=i64::MAX,
            i64::MIN..=(i64::MIN + 3),
            Just(i64::MAX / 2 + 1),
            Just(0),
        ],
    ]
}

fn measuring() -> impl Strategy<Value = NodeKind> {
    prop_oneof![
        Just(NodeKind::IsCorner),
        Just(NodeKind::IsEdge),
        Just(NodeKind::IsCentre),
        Just(NodeKind::Capacity),
        Just(NodeKind::Row),
        Just(NodeKind::Column),
        when().prop_map(|when| NodeKind::Atoms { when }),
        when().prop_map(|when| NodeKind::IsEmpty { when }),
        when().prop_map(|when| NodeKind::IsMine { when }),
        when().prop_map(|when| NodeKind::IsCritical { when }),
        when().prop_map(|when| NodeKind::IsEndangered { when }),
        when().prop_map(|when| NodeKind::Danger { when }),
        (
            prop::sample::select(OwnerFilter::ALL.to_vec()),
            prop::sample::select(StateFilter::ALL.to_vec()),
            when()
        )
            .prop_map(|(owner, state, when)| NodeKind::Neighbours { owner, state, when }),
        (
            prop::sample::select(BoardMeasure::ALL.to_vec()),
            prop::sample::select(Whose::ALL.to_vec()),
            when()
        )
            .prop_map(|(measure, whose, when)| NodeKind::BoardCount {
                measure,
                whose,
                when
            }),
        when().prop_map(|when| NodeKind::PlayersLeft { when }),
        Just(NodeKind::TurnNumber),
        prop::sample::select(SizeMeasure::ALL.to_vec())
            .prop_map(|measure| NodeKind::BoardSize { measure }),
        Just(NodeKind::AtomsGained),
        Just(NodeKind::CellsCaptured),
        Just(NodeKind::ReactionsCaused),
        Just(NodeKind::WinsTheGame),
        Just(NodeKind::ReplyCanWin),
        Just(NodeKind::ReplyMostTaken),
        Just(NodeKind::ThreateningReplies),
    ]
}

/// Any tuning of a constant: automatic, off, or a range (possibly reversed
/// or empty, which the file keeps as written).
fn tuning() -> impl Strategy<Value = Tuning> {
    prop_oneof![
        2 => Just(Tuning::Auto),
        1 => Just(Tuning::Off),
        1 => (number(), number()).prop_map(|(min, max)| Tuning::Range { min, max }),
    ]
}

fn arithmetic() -> impl Strategy<Value = NodeKind> {
    prop_oneof![
        (number(), tuning()).prop_map(|(value, tune)| NodeKind::Constant { value, tune }),
        Just(NodeKind::Add),
        Just(NodeKind::Sum),
        Just(NodeKind::Subtract),
        Just(NodeKind::Multiply),
        Just(NodeKind::Divide),
        Just(NodeKind::Min),
        Just(NodeKind::Max),
        Just(NodeKind::Abs),
        Just(NodeKind::Negate),
        Just(NodeKind::Clamp),
    ]
}

fn logic() -> impl Strategy<Value = NodeKind> {
    prop_oneof![
        any::<bool>().prop_map(|value| NodeKind::Truth { value }),
        prop::sample::select(CompareOp::ALL.to_vec()).prop_map(|op| NodeKind::Compare { op }),
        Just(NodeKind::And),
        Just(NodeKind::Or),
        Just(NodeKind::Not),
        Just(NodeKind::IfThenElse),
    ]
}

/// A Weighted sum of up to five terms with random weights and tuning; the
/// labels repeat and look like pin numbers now and then (such pins are
/// written by number).
pub fn weighted_sum() -> impl Strategy<Value = NodeKind> {
    let label = prop::sample::select(vec!["a", "b", "corners (lesson 1)", "", "0", "1", "ünï ✓"]);
    prop::collection::vec((label, number(), tuning()), 0..5).prop_map(|terms| {
        NodeKind::WeightedSum {
            terms: terms
                .into_iter()
                .map(|(label, weight, tune)| chainlab::strategy::WeightedTerm {
                    label: label.to_string(),
                    weight,
                    tune,
                })
                .collect(),
        }
    })
}

/// Any node kind with random parameters (Random, comments and Cell values included).
pub fn any_kind() -> impl Strategy<Value = NodeKind> {
    prop_oneof![
        3 => measuring(),
        3 => arithmetic(),
        3 => logic(),
        1 => weighted_sum(),
        1 => Just(NodeKind::Random),
        1 => "\\PC{0,12}".prop_map(|text| NodeKind::Comment { text }),
        1 => Just(NodeKind::Output),
    ]
}

/// Node kinds for graphs that are evaluated: weighted toward sums of
/// weighted terms and If then else (what the compiler optimises), with
/// Random only when `random` is set. No Cell value (the generator adds one).
pub fn eval_kind(random: bool) -> BoxedStrategy<NodeKind> {
    let core = prop_oneof![
        4 => measuring(),
        2 => (number(), tuning()).prop_map(|(value, tune)| NodeKind::Constant { value, tune }),
        5 => Just(NodeKind::Add),
        2 => Just(NodeKind::Sum),
        3 => Just(NodeKind::Multiply),
        2 => Just(NodeKind::IfThenElse),
        2 => weighted_sum(),
        3 => arithmetic(),
        3 => logic(),
        1 => Just(NodeKind::Comment { text: "note".to_string() }),
    ];
    if random {
        prop_oneof![9 => core, 1 => Just(NodeKind::Random)].boxed()
    } else {
        core.boxed()
    }
}

/// Any graph: random kinds, parameters, ids (sometimes up to `u32::MAX`)
/// and integer positions, and random wires from nodes with an output to
/// existing input pins, including wrong types, cycles, self-loops and pins
/// fed twice. Such graphs can be saved and loaded, but need not be valid.
pub fn any_graph() -> impl Strategy<Value = Graph> {
    let node = (
        any_kind(),
        prop_oneof![4 => 0u32..64, 1 => any::<u32>(), 1 => Just(u32::MAX)],
        -5000i32..5000,
        -5000i32..5000,
    );
    (
        prop::collection::vec(node, 1..20),
        prop::collection::vec((any::<Index>(), any::<Index>(), any::<Index>()), 0..40),
        "\\PC{0,16}",
        "\\PC{0,40}",
    )
        .prop_map(|(nodes, wires, name, description)| {
            let mut g = Graph::new(name);
            g.description = description;
            for (kind, id, x, y) in nodes {
                // A taken id is skipped: ids are unique by construction.
                let _ = g.insert(Node {
                    id: NodeId(id),
                    kind,
                    pos: [x as f32, y as f32],
                    label: None,
                });
            }
            let sources: Vec<NodeId> = g
                .nodes()
                .iter()
                .filter(|n| n.output().is_some())
                .map(|n| n.id)
                .collect();
            let targets: Vec<(NodeId, usize)> = g
                .nodes()
                .iter()
                .map(|n| (n.id, n.inputs().len()))
                .filter(|&(_, k)| k > 0)
                .collect();
            if !sources.is_empty() && !targets.is_empty() {
                for (a, b, c) in wires {
                    let (to, inputs) = targets[a.index(targets.len())];
                    g.push_wire(Wire {
                        to,
                        input: b.index(inputs),
                        from: sources[c.index(sources.len())],
                        output: 0,
                    });
                }
            }
            g
        })
}

/// A valid graph: acyclic, wires of fitting types only, each pin fed at
/// most once, exactly one Cell value (fed by a random node), node ids in an
/// order unrelated to the data flow. Unreachable nodes and unconnected pins
/// are common (they are warnings).
pub fn valid_graph(random: bool, max_nodes: usize) -> impl Strategy<Value = Graph> {
    // Each input pin: unconnected, or fed by one of the few latest fitting
    // nodes (`true`, which makes deep graphs), or by any earlier one.
    let pin = prop::option::weighted(0.85, (prop::bool::weighted(0.7), any::<Index>()));
    let spec = (
        eval_kind(random),
        prop::collection::vec(pin, 3),
        any::<u32>(),
    );
    (
        prop::collection::vec(spec, 1..max_nodes),
        prop::option::weighted(0.97, (prop::bool::weighted(0.8), any::<Index>())),
        any::<u32>(),
    )
        .prop_map(|(specs, output_from, output_key)| build_valid(&specs, output_from, output_key))
}

/// How an input pin is fed: not at all, by a node nothing reads yet
/// (`true`: graphs grow deep, most nodes feed the Cell value), or by any
/// earlier node (shared values).
type PinChoice = Option<(bool, Index)>;

/// Picks a source for a pin of type `ty` among the nodes made so far.
fn pick_source(
    made: &[Node],
    unread: &mut Vec<NodeId>,
    ty: chainlab::strategy::PinType,
    (fresh, choice): (bool, Index),
) -> Option<NodeId> {
    let fits = |id: &NodeId| {
        made.iter()
            .any(|m| m.id == *id && m.output().is_some_and(|t| t.fits(ty)))
    };
    let fresh_ones: Vec<usize> = (0..unread.len()).filter(|&k| fits(&unread[k])).collect();
    if fresh && !fresh_ones.is_empty() {
        return Some(unread.remove(fresh_ones[choice.index(fresh_ones.len())]));
    }
    let any: Vec<NodeId> = made.iter().map(|m| m.id).filter(fits).collect();
    (!any.is_empty()).then(|| any[choice.index(any.len())])
}

fn build_valid(
    specs: &[(NodeKind, Vec<PinChoice>, u32)],
    output_from: PinChoice,
    output_key: u32,
) -> Graph {
    // Ids: the rank of each node's key, so that id order is not data-flow order.
    let mut keys: Vec<(u32, usize)> = specs
        .iter()
        .map(|s| s.2)
        .chain([output_key])
        .enumerate()
        .map(|(i, k)| (k, i))
        .collect();
    keys.sort();
    let mut id_of = vec![NodeId(0); keys.len()];
    for (rank, &(_, i)) in keys.iter().enumerate() {
        id_of[i] = NodeId(rank as u32 + 1);
    }
    let mut g = Graph::new("random");
    let mut made: Vec<Node> = Vec::new();
    let mut unread: Vec<NodeId> = Vec::new();
    for (i, (kind, pins, _)) in specs.iter().enumerate() {
        let node = Node {
            id: id_of[i],
            kind: kind.clone(),
            pos: [0.0, 0.0],
            label: None,
        };
        for (k, pin) in node.inputs().iter().enumerate() {
            let Some(choice) = pins.get(k).copied().flatten() else {
                continue;
            };
            if let Some(from) = pick_source(&made, &mut unread, pin.ty, choice) {
                g.push_wire(Wire {
                    to: node.id,
                    input: k,
                    from,
                    output: 0,
                });
            }
        }
        if node.output().is_some() {
            unread.push(node.id);
        }
        made.push(node.clone());
        g.insert(node).unwrap();
    }
    let output = id_of[specs.len()];
    g.insert(Node {
        id: output,
        kind: NodeKind::Output,
        pos: [0.0, 0.0],
        label: None,
    })
    .unwrap();
    // The Cell value reads the unread node with the most nodes feeding it, or any node.
    let biggest = unread
        .iter()
        .copied()
        .max_by_key(|&id| g.feeding(Some(id)).len());
    let from = output_from.and_then(|(fresh, i)| match (fresh, biggest) {
        (true, Some(id)) => Some(id),
        _ => pick_source(
            &made,
            &mut Vec::new(),
            chainlab::strategy::PinType::Int,
            (false, i),
        ),
    });
    if let Some(from) = from {
        g.push_wire(Wire::new(from, output, 0));
    }
    g
}

/// Whether a graph has a Random node.
pub fn has_random(g: &Graph) -> bool {
    g.nodes().iter().any(|n| n.kind == NodeKind::Random)
}

// ---------------------------------------------------------------------------
// The reference evaluator

/// Orthogonal neighbours of cell `i` on a `rows x cols` board.
pub fn nbrs(rows: usize, cols: usize, i: usize) -> Vec<usize> {
    let (r, c) = (i / cols, i % cols);
    let mut n = Vec::new();
    if r > 0 {
        n.push(i - cols);
    }
    if c > 0 {
        n.push(i - 1);
    }
    if c + 1 < cols {
        n.push(i + 1);
    }
    if r + 1 < rows {
        n.push(i + cols);
    }
    n
}

/// A board seen by the reference: owner and atoms per cell.
#[derive(Clone, Debug)]
pub struct RefBoard {
    pub rows: usize,
    pub cols: usize,
    pub rules: Rules,
    pub cells: Vec<Option<(Player, u8)>>,
    pub alive: usize,
}

impl RefBoard {
    pub fn of(p: &Position) -> RefBoard {
        let size = p.size();
        RefBoard {
            rows: size.rows(),
            cols: size.cols(),
            rules: p.rules(),
            cells: p
                .cells()
                .iter()
                .map(|c| c.owner().map(|o| (o, c.atoms())))
                .collect(),
            alive: p.alive().count(),
        }
    }

    pub fn capacity(&self, i: usize) -> i64 {
        nbrs(self.rows, self.cols, i).len() as i64
    }

    /// Critical: one atom short of the reaction threshold (capacity, or
    /// capacity + 1 under overflow).
    pub fn critical(&self, i: usize) -> bool {
        let threshold = self.capacity(i) + i64::from(self.rules == Rules::Overflow);
        matches!(self.cells[i], Some((_, a)) if i64::from(a) + 1 == threshold)
    }

    fn mine(&self, i: usize, me: Player) -> bool {
        matches!(self.cells[i], Some((o, _)) if o == me)
    }

    fn theirs(&self, i: usize, me: Player) -> bool {
        matches!(self.cells[i], Some((o, _)) if o != me)
    }

    pub fn danger(&self, i: usize, me: Player) -> i64 {
        nbrs(self.rows, self.cols, i)
            .into_iter()
            .filter(|&n| self.theirs(n, me) && self.critical(n))
            .count() as i64
    }

    pub fn neighbours(&self, i: usize, me: Player, o: OwnerFilter, s: StateFilter) -> i64 {
        nbrs(self.rows, self.cols, i)
            .into_iter()
            .filter(|&n| match o {
                OwnerFilter::Any => true,
                OwnerFilter::Mine => self.mine(n, me),
                OwnerFilter::Opponent => self.theirs(n, me),
                OwnerFilter::Empty => self.cells[n].is_none(),
            })
            .filter(|&n| match s {
                StateFilter::Any => true,
                StateFilter::Critical => self.critical(n),
                StateFilter::NotCritical => !self.critical(n),
            })
            .count() as i64
    }

    pub fn count(&self, m: BoardMeasure, w: Whose, me: Player) -> i64 {
        let side = |i: usize| match w {
            Whose::Mine => self.mine(i, me),
            Whose::Opponents => self.theirs(i, me),
        };
        (0..self.cells.len())
            .filter(|&i| side(i))
            .map(|i| match m {
                BoardMeasure::Cells => 1,
                BoardMeasure::Atoms => i64::from(self.cells[i].map_or(0, |c| c.1)),
                BoardMeasure::CriticalCells => i64::from(self.critical(i)),
                // Mine: next to an opponent's critical cell; theirs: next to a critical cell of mine.
                BoardMeasure::EndangeredCells => {
                    i64::from(nbrs(self.rows, self.cols, i).into_iter().any(|n| {
                        self.critical(n)
                            && match w {
                                Whose::Mine => self.theirs(n, me),
                                Whose::Opponents => self.mine(n, me),
                            }
                    }))
                }
            })
            .sum()
    }
}

/// The next player's replies to the board `after` my move, the slow way
/// (docs/nodes.md): every legal reply is played on a copy; the strongest
/// leaves me the fewest atoms, ties to the lowest cell.
pub struct RefReplies {
    /// The board after the strongest reply (`after` when there is none).
    pub board: Position,
    /// The strongest reply's cell index.
    pub best: Option<usize>,
    pub can_win: bool,
    pub most_taken: i64,
    pub threatening: i64,
}

impl RefReplies {
    pub fn of(after: &Position, me: Player) -> RefReplies {
        let mine = |p: &Position| {
            let cells = p.cells().iter().filter(|c| c.is_owned_by(me));
            (
                cells.clone().count() as i64,
                cells.map(|c| i64::from(c.atoms())).sum::<i64>(),
            )
        };
        let (my_cells, _) = mine(after);
        let mut out = RefReplies {
            board: *after,
            best: None,
            can_win: false,
            most_taken: 0,
            threatening: 0,
        };
        let mut fewest = i64::MAX;
        for i in 0..after.size().cells() {
            let mut board = *after;
            let Some(outcome) = board.play_index(i) else {
                continue;
            };
            let (cells, atoms) = mine(&board);
            let taken = my_cells - cells;
            out.can_win |= outcome.won || cells == 0;
            out.most_taken = out.most_taken.max(taken);
            out.threatening += i64::from(taken > 0);
            if atoms < fewest {
                fewest = atoms;
                out.best = Some(i);
                out.board = board;
            }
        }
        out
    }
}

/// Everything the reference knows about one evaluated cell.
pub struct RefCell {
    pub now: RefBoard,
    pub after: RefBoard,
    pub reply: RefBoard,
    pub replies: RefReplies,
    pub me: Player,
    pub index: usize,
    pub placements: i64,
    pub captured: i64,
    pub reactions: i64,
    pub won: bool,
}

impl RefCell {
    pub fn new(p: &Position, coord: Coord) -> RefCell {
        let mut after = *p;
        let outcome = after.play(coord).unwrap();
        let me = p.to_move().unwrap();
        let replies = RefReplies::of(&after, me);
        RefCell {
            now: RefBoard::of(p),
            after: RefBoard::of(&after),
            reply: RefBoard::of(&replies.board),
            replies,
            me: p.to_move().unwrap(),
            index: p.size().index(coord),
            placements: i64::from(p.placements()),
            captured: i64::from(outcome.captured),
            reactions: i64::from(outcome.reactions),
            won: outcome.won,
        }
    }

    fn board(&self, w: When) -> &RefBoard {
        match w {
            When::Now => &self.now,
            When::After => &self.after,
            When::Reply => &self.reply,
        }
    }

    /// The value of a node without inputs (measurements and constants).
    pub fn measure(&self, kind: &NodeKind) -> Option<i64> {
        let i = self.index;
        let b = &self.now;
        let me = self.me;
        let atoms = |b: &RefBoard| i64::from(b.cells[i].map_or(0, |c| c.1));
        Some(match *kind {
            NodeKind::IsCorner => i64::from(b.capacity(i) == 2),
            NodeKind::IsEdge => i64::from(b.capacity(i) == 3),
            NodeKind::IsCentre => i64::from(b.capacity(i) == 4),
            NodeKind::Capacity => b.capacity(i),
            NodeKind::Row => (i / b.cols) as i64,
            NodeKind::Column => (i % b.cols) as i64,
            NodeKind::Atoms { when } => atoms(self.board(when)),
            NodeKind::IsEmpty { when } => i64::from(self.board(when).cells[i].is_none()),
            NodeKind::IsMine { when } => i64::from(self.board(when).mine(i, me)),
            NodeKind::IsCritical { when } => i64::from(self.board(when).critical(i)),
            NodeKind::IsEndangered { when } => i64::from(self.board(when).danger(i, me) > 0),
            NodeKind::Danger { when } => self.board(when).danger(i, me),
            NodeKind::Neighbours { owner, state, when } => {
                self.board(when).neighbours(i, me, owner, state)
            }
            NodeKind::BoardCount {
                measure,
                whose,
                when,
            } => self.board(when).count(measure, whose, me),
            NodeKind::PlayersLeft { when } => self.board(when).alive as i64,
            NodeKind::TurnNumber => self.placements,
            NodeKind::BoardSize { measure } => match measure {
                SizeMeasure::Cells => (b.rows * b.cols) as i64,
                SizeMeasure::Rows => b.rows as i64,
                SizeMeasure::Columns => b.cols as i64,
            },
            NodeKind::AtomsGained => {
                self.after.count(BoardMeasure::Atoms, Whose::Mine, me)
                    - self.now.count(BoardMeasure::Atoms, Whose::Mine, me)
            }
            NodeKind::CellsCaptured => self.captured,
            NodeKind::ReactionsCaused => self.reactions,
            NodeKind::WinsTheGame => i64::from(self.won),
            NodeKind::ReplyCanWin => i64::from(self.replies.can_win),
            NodeKind::ReplyMostTaken => self.replies.most_taken,
            NodeKind::ThreateningReplies => self.replies.threatening,
            NodeKind::Constant { value, .. } => value,
            NodeKind::Truth { value } => i64::from(value),
            _ => return None,
        })
    }
}

/// The documented defaults of unconnected inputs, written out by hand
/// (`docs/nodes.md`), per kind and pin.
pub fn default_of(kind: Kind, pin: usize) -> i64 {
    match (kind, pin) {
        (Kind::Multiply, _) => 1,
        (Kind::Divide, 1) => 1,
        (Kind::Clamp, 2) => 100,
        (Kind::Random, 1) => 9,
        (Kind::And, _) => 1,
        _ => 0,
    }
}

/// The meaning of an operation with inputs, from the node documentation.
pub fn apply(kind: &NodeKind, a: i64, b: i64, c: i64) -> Option<i64> {
    let yes = |v: i64| v != 0;
    Some(match *kind {
        NodeKind::Add => a.saturating_add(b),
        NodeKind::Subtract => a.saturating_sub(b),
        NodeKind::Multiply => a.saturating_mul(b),
        NodeKind::Divide => match (a, b) {
            (_, 0) => 0,
            (i64::MIN, -1) => i64::MAX,
            _ => a / b,
        },
        NodeKind::Min => a.min(b),
        NodeKind::Max => a.max(b),
        NodeKind::Abs => {
            if a == i64::MIN {
                i64::MAX
            } else {
                a.abs()
            }
        }
        NodeKind::Negate => {
            if a == i64::MIN {
                i64::MAX
            } else {
                -a
            }
        }
        // low wins when low > high
        NodeKind::Clamp => {
            if b > c || a < b {
                b
            } else if a > c {
                c
            } else {
                a
            }
        }
        NodeKind::Compare { op } => i64::from(match op {
            CompareOp::Less => a < b,
            CompareOp::LessEqual => a <= b,
            CompareOp::Equal => a == b,
            CompareOp::NotEqual => a != b,
            CompareOp::GreaterEqual => a >= b,
            CompareOp::Greater => a > b,
        }),
        NodeKind::And => i64::from(yes(a) && yes(b)),
        NodeKind::Or => i64::from(yes(a) || yes(b)),
        NodeKind::Not => i64::from(!yes(a)),
        NodeKind::IfThenElse => {
            if yes(a) {
                b
            } else {
                c
            }
        }
        NodeKind::Output => a,
        _ => return None,
    })
}

/// The value of every node of a graph for the cell `coord` of `p`, straight
/// from the editable graph (the way the compiler must not): comments, Random
/// nodes and nodes in or after a cycle have none; a pin fed twice reads its
/// first wire; types are not checked (a number used as yes/no is yes when
/// not 0). A group instance's value is its first output's; groups are
/// evaluated by running their bodies on the instance's inputs (unconnected:
/// 0), not by inlining them.
pub fn reference(g: &Graph, p: &Position, coord: Coord) -> HashMap<NodeId, i64> {
    let cell = RefCell::new(p, coord);
    reference_graph(g, g, &cell, &[], 0).0
}

/// The values of a graph's nodes (`top` holds the group definitions), with
/// `inputs` the values of the group inputs when `g` is a body; and every
/// group instance's outputs, by (instance, output).
#[allow(clippy::type_complexity)]
fn reference_graph(
    top: &Graph,
    g: &Graph,
    cell: &RefCell,
    inputs: &[Option<i64>],
    depth: usize,
) -> (HashMap<NodeId, i64>, HashMap<(NodeId, usize), i64>) {
    let mut values: HashMap<NodeId, i64> = HashMap::new();
    let mut outs: HashMap<(NodeId, usize), i64> = HashMap::new();
    let mut done_groups: std::collections::HashSet<NodeId> = std::collections::HashSet::new();
    let value_of = |values: &HashMap<NodeId, i64>,
                    outs: &HashMap<(NodeId, usize), i64>,
                    w: &Wire|
     -> Option<i64> {
        outs.get(&(w.from, w.output)).copied().or_else(|| {
            (w.output == 0)
                .then(|| values.get(&w.from).copied())
                .flatten()
        })
    };
    // Repeat passes until nothing changes (the graphs are small).
    loop {
        let mut progress = false;
        for node in g.nodes() {
            if values.contains_key(&node.id) || done_groups.contains(&node.id) {
                continue;
            }
            if let NodeKind::GroupInput { index, .. } = node.kind {
                values.insert(node.id, inputs.get(index).copied().flatten().unwrap_or(0));
                progress = true;
                continue;
            }
            if let Some(v) = cell.measure(&node.kind) {
                values.insert(node.id, v);
                progress = true;
                continue;
            }
            // Every wire into the node must carry a value, also the ones a
            // pin fed twice ignores (the node is "after" what feeds it).
            if !g
                .wires_into(node.id)
                .all(|w| value_of(&values, &outs, w).is_some())
            {
                continue;
            }
            // A pin's value: its first wire's, `None` when unconnected.
            let pin = |k: usize| {
                g.feeds(node.id, k)
                    .next()
                    .and_then(|w| value_of(&values, &outs, w))
            };
            match &node.kind {
                NodeKind::Sum => {
                    // Connected inputs from a to h, saturating; unconnected ones are 0.
                    let v = (0..node.inputs().len())
                        .filter_map(pin)
                        .fold(0i64, i64::saturating_add);
                    values.insert(node.id, v);
                    progress = true;
                    continue;
                }
                NodeKind::WeightedSum { terms } => {
                    // Σ input × weight, left to right, saturating; unconnected terms are 0.
                    let v = terms.iter().enumerate().fold(0i64, |acc, (k, t)| {
                        acc.saturating_add(pin(k).unwrap_or(0).saturating_mul(t.weight))
                    });
                    values.insert(node.id, v);
                    progress = true;
                    continue;
                }
                NodeKind::Group { def, .. } => {
                    let Some(d) = top.group(def).filter(|_| depth < 40) else {
                        continue;
                    };
                    let args: Vec<Option<i64>> = (0..node.inputs().len()).map(pin).collect();
                    let (inner, inner_outs) = reference_graph(top, &d.body, cell, &args, depth + 1);
                    for k in 0..d.outputs.len() {
                        // The output is what feeds the body's Group output node number k.
                        let feed = d.body.nodes().iter().find(
                            |n| matches!(n.kind, NodeKind::GroupOutput { index, .. } if index == k),
                        );
                        let v = feed
                            .and_then(|n| d.body.feeds(n.id, 0).next())
                            .and_then(|w| value_of(&inner, &inner_outs, w));
                        if let Some(v) = v {
                            outs.insert((node.id, k), v);
                        }
                    }
                    if let Some(&v) = outs.get(&(node.id, 0)) {
                        values.insert(node.id, v);
                    }
                    done_groups.insert(node.id);
                    progress = true;
                    continue;
                }
                _ => {}
            }
            let mut args = [0i64; 3];
            for (k, arg) in args.iter_mut().enumerate().take(node.inputs().len()) {
                // A pin fed twice reads its first wire (as the editor's program does).
                *arg = pin(k).unwrap_or_else(|| default_of(node.kind.kind(), k));
            }
            if let Some(v) = apply(&node.kind, args[0], args[1], args[2]) {
                values.insert(node.id, v);
                progress = true;
            }
        }
        if !progress {
            return (values, outs);
        }
    }
}

/// The reference's raw value of the Cell value for `coord`.
pub fn reference_output(g: &Graph, p: &Position, coord: Coord) -> Option<i64> {
    let out = g.outputs().next()?.id;
    reference(g, p, coord).get(&out).copied()
}

/// Active cells of `p`, as coordinates.
pub fn active(p: &Position) -> Vec<Coord> {
    p.moves().iter().collect()
}

/// Path to a fresh temporary directory for one test.
pub fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("chainlab-tests-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Writes `text` to `dir/name` and returns the path.
pub fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}
