//! The compiler: a strategy graph becomes a flat program of instructions over
//! value slots, in topological order, with constants folded and the work
//! split into what is computed once per decision and what once per cell.

use std::collections::HashMap;

use super::EvalError;
use crate::strategy::{
    BoardMeasure, NodeId, NodeKind, OwnerFilter, PureOp, SizeMeasure, StateFilter, Strategy, When,
    Whose, constant_of,
};

/// A value slot of the evaluator.
pub(super) type Slot = u32;

/// Which board a measurement looks at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Board {
    Now,
    After,
}

impl From<When> for Board {
    fn from(w: When) -> Board {
        match w {
            When::Now => Board::Now,
            When::After => Board::After,
        }
    }
}

/// A measurement of the evaluated cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum CellFact {
    IsCorner,
    IsEdge,
    IsCentre,
    Capacity,
    Row,
    Column,
    Atoms(Board),
    IsEmpty(Board),
    IsMine(Board),
    IsCritical(Board),
    IsEndangered(Board),
    Danger(Board),
    Neighbours(OwnerFilter, StateFilter, Board),
}

/// One instruction's operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Op {
    Pure(PureOp),
    /// A Random node; its draws are keyed by the node's id, so that every
    /// program of the same graph (playing or editing) draws the same numbers.
    Random(NodeId),
    Cell(CellFact),
    BoardCount(BoardMeasure, Whose, Board),
    PlayersLeft(Board),
    TurnNumber,
    BoardSize(SizeMeasure),
    AtomsGained,
    CellsCaptured,
    ReactionsCaused,
    Wins,
    /// A fused weighted sum: `args[0]` is the first term in the program's
    /// term table, `args[1]` the number of terms (see `fuse`).
    Sum,
}

/// `slots[dst] = op(slots[args[0]], slots[args[1]], slots[args[2]])`.
#[derive(Clone, Copy, Debug)]
pub(super) struct Instr {
    pub op: Op,
    pub dst: Slot,
    pub args: [Slot; 3],
    /// Run only when `slots[guard.0] != 0` equals `guard.1` (see `guard`).
    pub guard: Option<(Slot, bool)>,
}

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

/// A compiled strategy, ready to evaluate positions without allocating.
#[derive(Clone, Debug)]
pub struct Program {
    pub(super) init: Vec<i64>,
    pub(super) prelude: Vec<Instr>,
    pub(super) statics: Vec<Instr>,
    pub(super) static_exports: Vec<Slot>,
    pub(super) per_cell: Vec<Instr>,
    /// `per_cell` as the interpreter runs it (see `code`).
    pub(super) blocks: Vec<super::code::Block>,
    pub(super) output: Option<Slot>,
    pub(super) needs_after: bool,
    pub(super) now_stats: bool,
    pub(super) after_stats: bool,
    pub(super) endangered: bool,
    pub(super) node_slots: Vec<(NodeId, Option<Slot>)>,
    pub(super) terms: Vec<super::fuse::Term>,
}

impl Program {
    /// Compiles a valid strategy for playing: only what feeds the Cell value
    /// is kept. Fails with the validator's errors when the graph has any.
    pub fn compile(strategy: &Strategy) -> Result<Program, EvalError> {
        let report = strategy.validate();
        if report.has_errors() {
            return Err(EvalError::Invalid(
                report.errors().map(|d| d.to_string()).collect(),
            ));
        }
        Ok(build(strategy, false))
    }

    /// Compiles whatever can be computed, for the editor: every node that is
    /// not in or after a cycle gets a value (unreachable ones too), a pin fed
    /// twice reads its first wire, and the heat map is available when the
    /// Cell value can be computed.
    pub fn compile_lenient(strategy: &Strategy) -> Program {
        build(strategy, true)
    }

    /// Whether the program can value cells (it has a computable Cell value).
    pub fn has_output(&self) -> bool {
        self.output.is_some()
    }

    /// Whether evaluating a cell plays the move on a copy of the board.
    pub fn uses_lookahead(&self) -> bool {
        self.needs_after
    }

    /// Number of instructions run per cell (after folding and hoisting).
    pub fn per_cell_len(&self) -> usize {
        self.per_cell.len()
    }

    /// Number of value slots.
    pub fn slot_count(&self) -> usize {
        self.init.len()
    }
}

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
        NodeKind::Random => Op::Random(id),
        ref k => Op::Pure(PureOp::of(k)?),
    })
}

fn own_rate(op: Op) -> Rate {
    match op {
        Op::Pure(_) => Rate::Constant,
        Op::Cell(
            CellFact::IsCorner
            | CellFact::IsEdge
            | CellFact::IsCentre
            | CellFact::Capacity
            | CellFact::Row
            | CellFact::Column,
        ) => Rate::Static,
        Op::BoardCount(_, _, Board::Now)
        | Op::PlayersLeft(Board::Now)
        | Op::TurnNumber
        | Op::BoardSize(_) => Rate::Position,
        _ => Rate::Cell,
    }
}

fn build(strategy: &Strategy, lenient: bool) -> Program {
    let output = strategy.outputs().next().map(|n| n.id);
    // The nodes to compile, in topological order. Nodes in or after a cycle are
    // left out (a strict compile never sees cycles: validation refused them).
    let (order, excluded) = strategy.partial_order();
    let topo = order.clone();
    let mut if_cond: HashMap<NodeId, Slot> = HashMap::new();
    let wanted: Option<std::collections::HashSet<NodeId>> =
        (!lenient).then(|| strategy.feeding(output));
    let mut init: Vec<i64> = Vec::new();
    let mut constants: HashMap<i64, Slot> = HashMap::new();
    let mut const_slot = |init: &mut Vec<i64>, v: i64| -> Slot {
        *constants.entry(v).or_insert_with(|| {
            init.push(v);
            (init.len() - 1) as Slot
        })
    };
    let mut slot_of: HashMap<NodeId, (Slot, Rate)> = HashMap::new();
    let mut prelude = Vec::new();
    let mut statics = Vec::new();
    let mut per_cell = Vec::new();
    let mut node_slots = Vec::new();
    let mut output_slot = None;
    for id in order {
        let Some(node) = strategy.node(id) else {
            continue;
        };
        if wanted.as_ref().is_some_and(|w| !w.contains(&id)) {
            node_slots.push((id, None));
            continue;
        }
        // Read the inputs: wired slots, or the documented defaults.
        // Unused arguments read the constant 0 (never an instruction's result).
        let zero = const_slot(&mut init, 0);
        if node.kind == NodeKind::Sum {
            // A Sum is a left-to-right chain of saturating Adds over its
            // connected inputs (the fuse pass turns it into one instruction).
            let mut terms: Vec<(Slot, Rate)> = Vec::new();
            let mut computable = true;
            for i in 0..node.inputs().len() {
                if let Some(w) = strategy.feeds(id, i).next() {
                    match slot_of.get(&w.from) {
                        Some(&t) => terms.push(t),
                        None => computable = false,
                    }
                }
            }
            if !computable {
                node_slots.push((id, None));
                continue;
            }
            let mut acc: Option<(Slot, Rate)> = None;
            for (slot, r) in terms {
                acc = Some(match acc {
                    None => (slot, r),
                    Some((a, ra)) => {
                        let rate = ra.join(r);
                        if rate == Rate::Constant {
                            let v = init[a as usize].saturating_add(init[slot as usize]);
                            (const_slot(&mut init, v), rate)
                        } else {
                            init.push(0);
                            let dst = (init.len() - 1) as Slot;
                            let instr = Instr {
                                op: Op::Pure(PureOp::Add),
                                dst,
                                args: [a, slot, zero],
                                guard: None,
                            };
                            match rate {
                                Rate::Position => prelude.push(instr),
                                Rate::Static => statics.push(instr),
                                _ => per_cell.push((id, instr)),
                            }
                            (dst, rate)
                        }
                    }
                });
            }
            let (slot, rate) = acc.unwrap_or((zero, Rate::Constant));
            slot_of.insert(id, (slot, rate));
            node_slots.push((id, Some(slot)));
            continue;
        }
        let mut args = [zero; 3];
        let mut arg_values: [Option<i64>; 3] = [None; 3];
        let mut rate = Rate::Constant;
        let mut computable = true;
        for (i, pin) in node.inputs().iter().enumerate().take(3) {
            match strategy.feeds(id, i).next() {
                None => {
                    args[i] = const_slot(&mut init, pin.default);
                    arg_values[i] = Some(pin.default);
                }
                Some(w) => match slot_of.get(&w.from) {
                    Some(&(slot, r)) => {
                        args[i] = slot;
                        rate = rate.join(r);
                        if r == Rate::Constant {
                            arg_values[i] = init.get(slot as usize).copied();
                        }
                    }
                    None => computable = false,
                },
            }
        }
        if node.kind == NodeKind::Output {
            // With several Cell values (an error the editor still shows), the
            // first counts, as for the guards and the validator.
            if computable && Some(id) == output {
                output_slot = Some(args[0]);
            }
            node_slots.push((id, computable.then_some(args[0])));
            continue;
        }
        if !computable {
            node_slots.push((id, None));
            continue;
        }
        if let Some(v) = constant_of(&node.kind) {
            let slot = const_slot(&mut init, v);
            slot_of.insert(id, (slot, Rate::Constant));
            node_slots.push((id, Some(slot)));
            continue;
        }
        let Some(op) = op_of(id, &node.kind) else {
            node_slots.push((id, None)); // comments
            continue;
        };
        let rate = rate.join(own_rate(op));
        let slot = if let (Rate::Constant, Op::Pure(p)) = (rate, op) {
            let [a, b, c] = arg_values;
            const_slot(
                &mut init,
                p.apply(a.unwrap_or(0), b.unwrap_or(0), c.unwrap_or(0)),
            )
        } else {
            init.push(0);
            let dst = (init.len() - 1) as Slot;
            let instr = Instr {
                op,
                dst,
                args,
                guard: None,
            };
            if node.kind == NodeKind::IfThenElse {
                if_cond.insert(id, args[0]);
            }
            match rate {
                Rate::Position => prelude.push(instr),
                Rate::Static => statics.push(instr),
                _ => per_cell.push((id, instr)),
            }
            dst
        };
        slot_of.insert(id, (slot, rate));
        node_slots.push((id, Some(slot)));
    }
    for id in excluded {
        node_slots.push((id, None));
    }
    node_slots.sort_by_key(|(id, _)| *id);
    let mut per_cell = super::guard::apply(strategy, &topo, output, per_cell, &if_cond);
    let mut terms = Vec::new();
    if !lenient {
        let pinned: Vec<Slot> = output_slot.into_iter().collect();
        let produced: std::collections::HashSet<Slot> = per_cell.iter().map(|i| i.dst).collect();
        let outside: Vec<Instr> = prelude.iter().chain(&statics).copied().collect();
        per_cell = super::fuse::fuse(per_cell, &init, &pinned, &outside, &mut terms);
        // Values of fused nodes are not kept: playing programs do not explain.
        let kept: std::collections::HashSet<Slot> = prelude
            .iter()
            .chain(&statics)
            .chain(&per_cell)
            .map(|i| i.dst)
            .chain(output_slot)
            .collect();
        for (_, slot) in &mut node_slots {
            if slot.is_some_and(|s| produced.contains(&s) && !kept.contains(&s)) {
                *slot = None;
            }
        }
    }
    // The static values the per-cell part reads (copied in for every cell).
    let static_slots: std::collections::HashSet<Slot> = statics.iter().map(|i| i.dst).collect();
    let mut static_exports: Vec<Slot> = per_cell
        .iter()
        .flat_map(|i| {
            let args = &i.args[..super::fuse::arity(i.op)];
            args.iter().copied().chain(i.guard.map(|g| g.0))
        })
        .chain(terms.iter().map(|t| t.slot))
        .chain(output_slot)
        .filter(|s| static_slots.contains(s))
        .collect();
    static_exports.sort_unstable();
    static_exports.dedup();
    let uses = |pred: &dyn Fn(Op) -> bool| {
        prelude
            .iter()
            .chain(&statics)
            .chain(&per_cell)
            .any(|i| pred(i.op))
    };
    let needs_after = uses(&|op| match op {
        Op::Cell(c) => cell_board(c) == Some(Board::After),
        Op::BoardCount(_, _, b) | Op::PlayersLeft(b) => b == Board::After,
        Op::AtomsGained | Op::CellsCaptured | Op::ReactionsCaused | Op::Wins => true,
        _ => false,
    });
    let now_stats = uses(&|op| matches!(op, Op::BoardCount(_, _, Board::Now) | Op::AtomsGained));
    let after_stats =
        uses(&|op| matches!(op, Op::BoardCount(_, _, Board::After) | Op::AtomsGained));
    let endangered = uses(&|op| matches!(op, Op::BoardCount(BoardMeasure::EndangeredCells, _, _)));
    let blocks = super::code::lower(&per_cell);
    Program {
        init,
        prelude,
        statics,
        static_exports,
        per_cell,
        blocks,
        output: output_slot,
        needs_after,
        now_stats,
        after_stats,
        endangered,
        node_slots,
        terms,
    }
}

impl CellFact {
    /// The board the fact is measured on (`Now` for position facts).
    #[inline]
    pub(super) fn board(self) -> Board {
        cell_board(self).unwrap_or(Board::Now)
    }
}

fn cell_board(fact: CellFact) -> Option<Board> {
    match fact {
        CellFact::Atoms(b)
        | CellFact::IsEmpty(b)
        | CellFact::IsMine(b)
        | CellFact::IsCritical(b)
        | CellFact::IsEndangered(b)
        | CellFact::Danger(b)
        | CellFact::Neighbours(_, _, b) => Some(b),
        _ => None,
    }
}
