//! Lowering, the compiler's first pass: the strategy graph, in topological
//! order, becomes instructions over value slots.
//!
//! What it guarantees to the later passes:
//! - every node gets one entry in `node_slots` (sorted by id): its slot, or
//!   `None` when it has no value (not wanted, not computable, in or after a
//!   cycle, a comment);
//! - constants are folded: a node whose value never changes gets a shared
//!   constant slot and no instruction, and every unused argument reads the
//!   constant 0 (never an instruction's result);
//! - every instruction is filed by its [`Rate`]: computed once per decision
//!   (`prelude`), once per board size and cell (`statics`), or for every cell
//!   (`per_cell`, in topological order, each with the node it came from);
//! - a Sum node is a left-to-right chain of saturating Adds over its
//!   connected inputs (the fusion pass may turn it into one instruction);
//! - a Weighted sum is lowered to exactly the instructions of its flat twin:
//!   one `input × weight` Multiply per connected term (the weight a
//!   constant slot, folded when the input is constant), then the chain of
//!   Adds a Sum of those products would get. Its terms' input slots are kept
//!   for the explain trace.

use std::collections::{HashMap, HashSet};

use crate::eval::ir::{Board, CellFact, Instr, Op, Slot, cell_board};
use crate::strategy::{Node, NodeId, NodeKind, PureOp, Strategy, constant_of};

/// How often a node's value changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Rate {
    /// Never: folded at compile time.
    Constant,
    /// Per cell, but only through where the cell is (corner, row, …): computed
    /// once per board size and cell, then looked up.
    Static,
    /// Once per decision (depends on the position, not the cell).
    Position,
    /// For every cell of every decision.
    Cell,
}

impl Rate {
    /// The rate of a value computed from values of rates `self` and `other`.
    fn join(self, other: Rate) -> Rate {
        match (self, other) {
            (a, b) if a == b => a,
            (Rate::Constant, x) | (x, Rate::Constant) => x,
            _ => Rate::Cell,
        }
    }
}

/// The lowered graph: instructions filed by rate, and where each node's value is.
pub(super) struct Lowered {
    /// The initial value of every slot (constants; 0 for computed slots).
    pub init: Vec<i64>,
    /// Instructions run once per decision.
    pub prelude: Vec<Instr>,
    /// Instructions run once per board size and cell.
    pub statics: Vec<Instr>,
    /// Instructions run for every cell, in topological order, with their node.
    pub per_cell: Vec<(NodeId, Instr)>,
    /// Every node's slot (`None`: no value), sorted by node id.
    pub node_slots: Vec<(NodeId, Option<Slot>)>,
    /// The slot the Cell value reads, when it is computable.
    pub output_slot: Option<Slot>,
    /// The condition slot of every If then else that became an instruction.
    pub if_cond: HashMap<NodeId, Slot>,
    /// For every Weighted sum lowered, the slot of each term's input (the
    /// constant 0 when unconnected, `None` when it has no value).
    pub terms: Vec<(NodeId, Vec<Option<Slot>>)>,
}

/// What lowering needs to know besides the graph.
pub(super) struct Plan {
    /// The nodes to compile, in topological order.
    pub order: Vec<NodeId>,
    /// The nodes in or after a cycle (they get no value).
    pub excluded: Vec<NodeId>,
    /// The Cell value that counts (the first one).
    pub output: Option<NodeId>,
    /// Only these nodes are compiled (`None`: all of them).
    pub wanted: Option<HashSet<NodeId>>,
}

/// Lowers the nodes of `plan.order` (see the module documentation).
pub(super) fn lower(strategy: &Strategy, plan: &Plan) -> Lowered {
    let mut lowering = Lowering {
        strategy,
        output: plan.output,
        out: Lowered {
            init: Vec::new(),
            prelude: Vec::new(),
            statics: Vec::new(),
            per_cell: Vec::new(),
            node_slots: Vec::new(),
            output_slot: None,
            if_cond: HashMap::new(),
            terms: Vec::new(),
        },
        constants: HashMap::new(),
        slot_of: HashMap::new(),
    };
    for &id in &plan.order {
        let Some(node) = strategy.node(id) else {
            continue;
        };
        if plan.wanted.as_ref().is_some_and(|w| !w.contains(&id)) {
            lowering.out.node_slots.push((id, None));
            continue;
        }
        lowering.node(id, node);
    }
    let mut out = lowering.out;
    for &id in &plan.excluded {
        out.node_slots.push((id, None));
    }
    out.node_slots.sort_by_key(|(id, _)| *id);
    out
}

/// The state of the lowering pass.
struct Lowering<'a> {
    strategy: &'a Strategy,
    output: Option<NodeId>,
    out: Lowered,
    /// The slot of every constant made so far (each value has one slot).
    constants: HashMap<i64, Slot>,
    /// The value of every node lowered so far, with its rate.
    slot_of: HashMap<NodeId, (Slot, Rate)>,
}

/// A node's arguments as read from its wires and pin defaults.
struct Inputs {
    /// The slots read (the constant 0 for missing ones).
    args: [Slot; 3],
    /// The values of the constant arguments.
    values: [Option<i64>; 3],
    /// The joined rate of the arguments.
    rate: Rate,
    /// Whether every wired input has a value.
    computable: bool,
}

impl Lowering<'_> {
    /// The slot holding the constant `v`, made on first use.
    fn const_slot(&mut self, v: i64) -> Slot {
        let init = &mut self.out.init;
        *self.constants.entry(v).or_insert_with(|| {
            init.push(v);
            (init.len() - 1) as Slot
        })
    }

    /// A fresh slot for an instruction's result.
    fn new_slot(&mut self) -> Slot {
        self.out.init.push(0);
        (self.out.init.len() - 1) as Slot
    }

    /// Files `instr` (of node `id`) by its rate.
    fn emit(&mut self, id: NodeId, instr: Instr, rate: Rate) {
        match rate {
            Rate::Position => self.out.prelude.push(instr),
            Rate::Static => self.out.statics.push(instr),
            // A constant rate is folded before it gets here.
            Rate::Cell | Rate::Constant => self.out.per_cell.push((id, instr)),
        }
    }

    /// Records node `id`'s value (`None`: it has none).
    fn record(&mut self, id: NodeId, value: Option<(Slot, Rate)>) {
        if let Some(value) = value {
            self.slot_of.insert(id, value);
        }
        self.out.node_slots.push((id, value.map(|(slot, _)| slot)));
    }

    /// Lowers one wanted node.
    fn node(&mut self, id: NodeId, node: &Node) {
        // Unused arguments read the constant 0 (never an instruction's result).
        let zero = self.const_slot(0);
        if node.kind == NodeKind::Sum {
            let value = self.sum(id, node, zero);
            self.record(id, value);
            return;
        }
        if let NodeKind::WeightedSum { terms } = &node.kind {
            let weights: Vec<i64> = terms.iter().map(|t| t.weight).collect();
            let value = self.weighted(id, &weights, zero);
            self.record(id, value);
            return;
        }
        let inputs = self.inputs(id, node, zero);
        if node.kind == NodeKind::Output {
            // With several Cell values (an error the editor still shows), the
            // first counts, as for the guards and the validator.
            if inputs.computable && Some(id) == self.output {
                self.out.output_slot = Some(inputs.args[0]);
            }
            let slot = inputs.computable.then_some(inputs.args[0]);
            self.out.node_slots.push((id, slot));
            return;
        }
        let value = if !inputs.computable {
            None
        } else if let Some(v) = constant_of(&node.kind) {
            Some((self.const_slot(v), Rate::Constant))
        } else {
            // `None` for comments.
            op_of(id, &node.kind).map(|op| self.operation(id, node, op, &inputs))
        };
        self.record(id, value);
    }

    /// Reads the first three inputs of `node`: wired slots, or the pins'
    /// documented defaults.
    fn inputs(&mut self, id: NodeId, node: &Node, zero: Slot) -> Inputs {
        let mut inputs = Inputs {
            args: [zero; 3],
            values: [None; 3],
            rate: Rate::Constant,
            computable: true,
        };
        for (i, pin) in node.inputs().iter().enumerate().take(3) {
            match self.strategy.feeds(id, i).next() {
                None => {
                    inputs.args[i] = self.const_slot(pin.default);
                    inputs.values[i] = Some(pin.default);
                }
                Some(w) => match self.slot_of.get(&w.from) {
                    Some(&(slot, r)) => {
                        inputs.args[i] = slot;
                        inputs.rate = inputs.rate.join(r);
                        if r == Rate::Constant {
                            inputs.values[i] = self.out.init.get(slot as usize).copied();
                        }
                    }
                    None => inputs.computable = false,
                },
            }
        }
        inputs
    }

    /// The value of an operation node: folded when every input is constant
    /// and the operation is pure, else the result of a new instruction.
    fn operation(&mut self, id: NodeId, node: &Node, op: Op, inputs: &Inputs) -> (Slot, Rate) {
        let rate = inputs.rate.join(own_rate(op));
        if let (Rate::Constant, Op::Pure(p)) = (rate, op) {
            let [a, b, c] = inputs.values;
            let v = p.apply(a.unwrap_or(0), b.unwrap_or(0), c.unwrap_or(0));
            return (self.const_slot(v), rate);
        }
        let dst = self.new_slot();
        let instr = Instr {
            op,
            dst,
            args: inputs.args,
            guard: None,
        };
        if node.kind == NodeKind::IfThenElse {
            self.out.if_cond.insert(id, inputs.args[0]);
        }
        self.emit(id, instr, rate);
        (dst, rate)
    }

    /// A Sum: a left-to-right chain of saturating Adds over its connected
    /// inputs (constant partial sums folded); `None` when an input has no value.
    fn sum(&mut self, id: NodeId, node: &Node, zero: Slot) -> Option<(Slot, Rate)> {
        let mut terms: Vec<(Slot, Rate)> = Vec::new();
        let mut computable = true;
        for i in 0..node.inputs().len() {
            if let Some(w) = self.strategy.feeds(id, i).next() {
                match self.slot_of.get(&w.from) {
                    Some(&t) => terms.push(t),
                    None => computable = false,
                }
            }
        }
        if !computable {
            return None;
        }
        let mut acc: Option<(Slot, Rate)> = None;
        for term in terms {
            acc = Some(match acc {
                None => term,
                Some(left) => self.add(id, left, term, zero),
            });
        }
        Some(acc.unwrap_or((zero, Rate::Constant)))
    }

    /// A Weighted sum with these weights: what Multiply nodes (input ×
    /// constant weight) wired into a Sum would give, instruction for
    /// instruction; `None` when a connected input has no value.
    fn weighted(&mut self, id: NodeId, weights: &[i64], zero: Slot) -> Option<(Slot, Rate)> {
        let mut products: Vec<(Slot, Rate)> = Vec::new();
        let mut inputs: Vec<Option<Slot>> = Vec::with_capacity(weights.len());
        for (i, &weight) in weights.iter().enumerate() {
            let Some(w) = self.strategy.feeds(id, i).next() else {
                inputs.push(Some(zero));
                continue;
            };
            let Some(&(x, rate)) = self.slot_of.get(&w.from) else {
                inputs.push(None);
                continue;
            };
            inputs.push(Some(x));
            let k = self.const_slot(weight);
            products.push(self.product(id, (x, rate), (k, weight), zero));
        }
        let computable = inputs.iter().all(Option::is_some);
        self.out.terms.push((id, inputs));
        if !computable {
            return None;
        }
        let mut acc: Option<(Slot, Rate)> = None;
        for term in products {
            acc = Some(match acc {
                None => term,
                Some(left) => self.add(id, left, term, zero),
            });
        }
        Some(acc.unwrap_or((zero, Rate::Constant)))
    }

    /// `x × weight` for a Weighted sum term, as a Multiply node fed by `x`
    /// and a Constant: folded when `x` is constant.
    fn product(&mut self, id: NodeId, x: (Slot, Rate), k: (Slot, i64), zero: Slot) -> (Slot, Rate) {
        let ((slot, rate), (weight_slot, weight)) = (x, k);
        if rate == Rate::Constant {
            let v = self.out.init.get(slot as usize).copied().unwrap_or(0);
            let product = PureOp::Multiply.apply(v, weight, 0);
            return (self.const_slot(product), rate);
        }
        let dst = self.new_slot();
        let instr = Instr {
            op: Op::Pure(PureOp::Multiply),
            dst,
            args: [slot, weight_slot, zero],
            guard: None,
        };
        self.emit(id, instr, rate);
        (dst, rate)
    }

    /// `left + right` for a Sum node: folded when both are constant.
    fn add(
        &mut self,
        id: NodeId,
        left: (Slot, Rate),
        right: (Slot, Rate),
        zero: Slot,
    ) -> (Slot, Rate) {
        let ((a, ra), (b, rb)) = (left, right);
        let rate = ra.join(rb);
        if rate == Rate::Constant {
            let value_of = |s: Slot| self.out.init.get(s as usize).copied().unwrap_or(0);
            let v = value_of(a).saturating_add(value_of(b));
            return (self.const_slot(v), rate);
        }
        let dst = self.new_slot();
        let instr = Instr {
            op: Op::Pure(PureOp::Add),
            dst,
            args: [a, b, zero],
            guard: None,
        };
        self.emit(id, instr, rate);
        (dst, rate)
    }
}

/// The operation of a node kind: every kind is listed, so a new kind does
/// not compile until it says how it is computed. `None` for the kinds that
/// are not one instruction: constants (folded before this is asked), Sum,
/// Weighted sum and the Cell value (lowered by [`Lowering::node`]), comments
/// (no value), and the group kinds (a flat graph has none; a lenient one
/// keeps an instance that could not be inlined, which gives no value).
fn op_of(id: NodeId, kind: &NodeKind) -> Option<Op> {
    use CellFact as C;
    Some(match *kind {
        NodeKind::IsCorner => Op::Cell(C::IsCorner),
        NodeKind::IsEdge => Op::Cell(C::IsEdge),
        NodeKind::IsCentre => Op::Cell(C::IsCentre),
        NodeKind::Capacity => Op::Cell(C::Capacity),
        NodeKind::Row => Op::Cell(C::Row),
        NodeKind::Column => Op::Cell(C::Column),
        NodeKind::Atoms { when } => Op::Cell(C::Atoms(when.into())),
        NodeKind::IsEmpty { when } => Op::Cell(C::IsEmpty(when.into())),
        NodeKind::IsMine { when } => Op::Cell(C::IsMine(when.into())),
        NodeKind::IsCritical { when } => Op::Cell(C::IsCritical(when.into())),
        NodeKind::IsEndangered { when } => Op::Cell(C::IsEndangered(when.into())),
        NodeKind::Danger { when } => Op::Cell(C::Danger(when.into())),
        NodeKind::Neighbours { owner, state, when } => {
            Op::Cell(C::Neighbours(owner, state, when.into()))
        }
        NodeKind::BoardCount {
            measure,
            whose,
            when,
        } => Op::BoardCount(measure, whose, when.into()),
        NodeKind::PlayersLeft { when } => Op::PlayersLeft(when.into()),
        NodeKind::TurnNumber => Op::TurnNumber,
        NodeKind::BoardSize { measure } => Op::BoardSize(measure),
        NodeKind::AtomsGained => Op::AtomsGained,
        NodeKind::CellsCaptured => Op::CellsCaptured,
        NodeKind::ReactionsCaused => Op::ReactionsCaused,
        NodeKind::WinsTheGame => Op::Wins,
        NodeKind::ReplyCanWin => Op::ReplyCanWin,
        NodeKind::ReplyMostTaken => Op::ReplyMostTaken,
        NodeKind::ThreateningReplies => Op::ThreateningReplies,
        NodeKind::Random => Op::Random(id),
        NodeKind::Add
        | NodeKind::Subtract
        | NodeKind::Multiply
        | NodeKind::Divide
        | NodeKind::Min
        | NodeKind::Max
        | NodeKind::Abs
        | NodeKind::Negate
        | NodeKind::Clamp
        | NodeKind::Compare { .. }
        | NodeKind::And
        | NodeKind::Or
        | NodeKind::Not
        | NodeKind::IfThenElse => Op::Pure(PureOp::of(kind)?),
        NodeKind::Constant { .. }
        | NodeKind::Truth { .. }
        | NodeKind::Sum
        | NodeKind::WeightedSum { .. }
        | NodeKind::Output
        | NodeKind::Comment { .. }
        | NodeKind::Group { .. }
        | NodeKind::GroupInput { .. }
        | NodeKind::GroupOutput { .. } => return None,
    })
}

/// How often an operation's own result changes (before its inputs count).
fn own_rate(op: Op) -> Rate {
    match op {
        Op::Pure(_) => Rate::Constant,
        Op::Cell(fact) => match cell_board(fact) {
            // Where the cell is: the same for every position of a size.
            None => Rate::Static,
            Some(_) => Rate::Cell,
        },
        Op::BoardCount(_, _, board) | Op::PlayersLeft(board) => match board {
            Board::Now => Rate::Position,
            Board::After | Board::Reply => Rate::Cell,
        },
        Op::TurnNumber | Op::BoardSize(_) => Rate::Position,
        Op::Random(_)
        | Op::AtomsGained
        | Op::CellsCaptured
        | Op::ReactionsCaused
        | Op::Wins
        | Op::ReplyCanWin
        | Op::ReplyMostTaken
        | Op::ThreateningReplies
        | Op::Sum
        | Op::DangerGate { .. } => Rate::Cell,
    }
}
