//! The compiler's driver: a strategy graph becomes a [`Program`], a flat
//! program of instructions over value slots. Its groups are inlined first
//! (`Strategy::flatten`: the passes see a graph without groups, so a grouped
//! graph compiles to the program of its flat twin); then four passes in order:
//!
//! 1. lowering (`lower`): nodes become instructions in topological order,
//!    constants folded, filed by how often they change (once per decision,
//!    once per board size and cell, for every cell);
//! 2. guards (`guard`): each per-cell instruction gets the If branch it is
//!    needed on, and the per-cell part is rescheduled so conditions come first;
//! 3. fusion (`fuse`, playing programs only): weighted sums become one
//!    instruction each;
//! 4. finish: what the interpreter needs is derived (the static values the
//!    per-cell part reads, which boards and statistics are used) and the
//!    per-cell part is lowered to a flat sequence of code (`code`).
//!
//! Each pass keeps the meaning: a program values every cell exactly as the
//! graph does.

pub(super) mod code;
mod fuse;
mod guard;
mod lower;

use std::collections::HashSet;

use crate::eval::error::EvalError;
use crate::eval::ir::{
    Board, Instr, Needs, Op, Slot, Term, arity, measured_board, needs, own_lookahead,
};
use crate::strategy::{Flat, NodeId, NodeKind, Strategy};
use code::Code;
use lower::{Lowered, Plan};

/// A compiled strategy, ready to evaluate positions without allocating.
#[derive(Clone, Debug)]
pub struct Program {
    pub(super) init: Vec<i64>,
    pub(super) prelude: Vec<Instr>,
    pub(super) statics: Vec<Instr>,
    pub(super) static_exports: Vec<Slot>,
    /// When no code runs per cell and the output is a static value: its
    /// place in `static_exports` (a cell's value is then a table lookup).
    pub(super) static_output: Option<usize>,
    pub(super) per_cell: Vec<Instr>,
    /// `per_cell` as the interpreter runs it (see `code`).
    pub(super) code: Vec<Code>,
    pub(super) output: Option<Slot>,
    pub(super) needs_after: bool,
    pub(super) needs_reply: bool,
    /// Whether some measure reads the board after the best reply.
    pub(super) reply_board: bool,
    pub(super) reply_stats: bool,
    pub(super) now_stats: bool,
    pub(super) after_stats: bool,
    pub(super) endangered: bool,
    /// Whether some step reads the cell's critical enemy neighbours now
    /// (then the interpreter counts them for every cell once per decision).
    pub(super) danger_table: bool,
    /// The slot of every top-level node's value (a group instance's is its
    /// first output's), sorted by id.
    pub(super) node_slots: Vec<(NodeId, Option<Slot>)>,
    pub(super) terms: Vec<Term>,
    /// For every top-level Weighted sum, each term's weight and input slot.
    pub(super) weighted: Vec<(NodeId, WeightedSlots)>,
    /// For every inlined top-level group instance, each output's slot.
    pub(super) group_outputs: Vec<(NodeId, Vec<Option<Slot>>)>,
}

/// A Weighted sum's terms: each weight and input slot (`None`: no value).
pub(super) type WeightedSlots = Vec<(i64, Option<Slot>)>;

/// How large a compiled program is: what a grouped graph and its flat twin
/// must have alike.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProgramSize {
    /// Instructions run once per decision.
    pub prelude: usize,
    /// Instructions run once per board size and cell.
    pub statics: usize,
    /// Instructions run for every cell.
    pub per_cell: usize,
    /// Terms of the fused weighted sums (each costs a multiply and an add).
    pub terms: usize,
    /// Value slots.
    pub slots: usize,
}

impl Program {
    /// Compiles a valid strategy for playing: only what feeds the Cell value
    /// is kept. Fails with the validator's errors when the graph has any.
    pub fn compile(strategy: &Strategy) -> Result<Program, EvalError> {
        let report = strategy.validate();
        if report.has_errors() {
            return Err(EvalError::Invalid(report.errors().cloned().collect()));
        }
        let flat = strategy.flatten()?;
        Ok(build(strategy, &flat, false))
    }

    /// Compiles whatever can be computed, for the editor: every node that is
    /// not in or after a cycle gets a value (unreachable ones too), a pin fed
    /// twice reads its first wire, and the heat map is available when the
    /// Cell value can be computed.
    /// Groups that cannot be inlined (missing, recursive, too large) give
    /// no value.
    pub fn compile_lenient(strategy: &Strategy) -> Program {
        build(strategy, &strategy.flatten_lenient(), true)
    }

    /// Whether the program can value cells (it has a computable Cell value).
    pub fn has_output(&self) -> bool {
        self.output.is_some()
    }

    /// Whether evaluating a cell plays the move on a copy of the board.
    pub fn uses_lookahead(&self) -> bool {
        self.needs_after
    }

    /// Whether evaluating a cell scans the next player's replies (the
    /// program has a reply measure or a reply lookahead node).
    pub fn uses_reply(&self) -> bool {
        self.needs_reply
    }

    /// Number of instructions run per cell (after folding and hoisting).
    pub fn per_cell_len(&self) -> usize {
        self.per_cell.len()
    }

    /// Number of value slots.
    pub fn slot_count(&self) -> usize {
        self.init.len()
    }

    /// The program's size, part by part.
    pub fn size(&self) -> ProgramSize {
        ProgramSize {
            prelude: self.prelude.len(),
            statics: self.statics.len(),
            per_cell: self.per_cell.len(),
            terms: self.terms.len(),
            slots: self.init.len(),
        }
    }
}

/// The program between the passes: its instructions and slots, before the
/// finish derives what the interpreter needs.
struct Scheduled {
    init: Vec<i64>,
    prelude: Vec<Instr>,
    statics: Vec<Instr>,
    per_cell: Vec<Instr>,
    node_slots: Vec<(NodeId, Option<Slot>)>,
    output: Option<Slot>,
    terms: Vec<Term>,
    /// Each lowered Weighted sum's term input slots.
    weighted: Vec<(NodeId, Vec<Option<Slot>>)>,
}

/// Runs the passes (see the module documentation) on the flat graph of
/// `top`. A lenient program keeps every node's value (for the editor) and is
/// not fused.
fn build(top: &Strategy, flat: &Flat, lenient: bool) -> Program {
    let strategy = &flat.graph;
    let output = strategy.outputs().next().map(|n| n.id);
    // Nodes in or after a cycle are left out (a strict compile never sees
    // cycles: validation refused them).
    let (order, excluded) = strategy.partial_order();
    let plan = Plan {
        wanted: (!lenient).then(|| strategy.feeding(output)),
        order,
        excluded,
        output,
    };
    let Lowered {
        init,
        prelude,
        statics,
        per_cell,
        node_slots,
        output_slot,
        if_cond,
        terms: weighted,
    } = lower::lower(strategy, &plan);
    let per_cell = guard::apply(strategy, &plan.order, output, per_cell, &if_cond);
    let mut scheduled = Scheduled {
        init,
        prelude,
        statics,
        per_cell,
        node_slots,
        output: output_slot,
        terms: Vec::new(),
        weighted,
    };
    if !lenient {
        fusion(&mut scheduled);
    }
    let (top_slots, group_outputs) = top_level(top, flat, &scheduled.node_slots);
    let weighted = top_weighted(top, &scheduled.weighted);
    let mut program = finish(scheduled);
    program.node_slots = top_slots;
    program.weighted = weighted;
    program.group_outputs = group_outputs;
    program
}

/// Slots of top-level nodes, and of each output of every inlined instance.
type TopSlots = (
    Vec<(NodeId, Option<Slot>)>,
    Vec<(NodeId, Vec<Option<Slot>>)>,
);

/// The slot of every top-level node's value: its own, or for an inlined
/// group instance the slot of the flat node giving its first output; and
/// the slots of every output of the inlined instances.
fn top_level(top: &Strategy, flat: &Flat, flat_slots: &[(NodeId, Option<Slot>)]) -> TopSlots {
    let slot_of = |id: NodeId| {
        flat_slots
            .binary_search_by_key(&id, |(n, _)| *n)
            .ok()
            .and_then(|i| flat_slots.get(i))
            .and_then(|(_, s)| *s)
    };
    // Only output 0 of a flat node has a value (flat graphs have no groups
    // left, except lenient ones, whose group nodes give nothing).
    let source_slot = |source: &Option<(NodeId, usize)>| match source {
        Some((id, 0)) => slot_of(*id),
        _ => None,
    };
    let nodes = top
        .nodes()
        .iter()
        .map(|n| {
            let slot = match flat.outputs.get(&n.id) {
                Some(outputs) => outputs.first().and_then(source_slot),
                None => slot_of(n.id),
            };
            (n.id, slot)
        })
        .collect();
    let groups = flat
        .outputs
        .iter()
        .map(|(id, outputs)| (*id, outputs.iter().map(source_slot).collect()))
        .collect();
    (nodes, groups)
}

/// The top-level Weighted sums' terms: weight and input slot (top-level ids
/// are the same in the flat graph).
fn top_weighted(
    top: &Strategy,
    lowered: &[(NodeId, Vec<Option<Slot>>)],
) -> Vec<(NodeId, WeightedSlots)> {
    let mut out: Vec<_> = lowered
        .iter()
        .filter_map(|(id, inputs)| {
            let NodeKind::WeightedSum { terms } = &top.node(*id)?.kind else {
                return None;
            };
            let pairs = terms
                .iter()
                .zip(inputs)
                .map(|(t, &slot)| (t.weight, slot))
                .collect();
            Some((*id, pairs))
        })
        .collect();
    out.sort_by_key(|(id, _)| *id);
    out
}

/// Fuses the per-cell weighted sums. Guarantees: the output and every guard
/// condition stay computed; the nodes whose instructions were absorbed into
/// a sum lose their slot in `node_slots` (playing programs do not explain).
fn fusion(s: &mut Scheduled) {
    let pinned: Vec<Slot> = s.output.into_iter().collect();
    let produced: HashSet<Slot> = s.per_cell.iter().map(|i| i.dst).collect();
    let outside: Vec<Instr> = s.prelude.iter().chain(&s.statics).copied().collect();
    let per_cell = std::mem::take(&mut s.per_cell);
    s.per_cell = fuse::fuse(per_cell, &s.init, &pinned, &outside, &mut s.terms);
    // Values of fused nodes are not kept.
    let kept: HashSet<Slot> = s
        .prelude
        .iter()
        .chain(&s.statics)
        .chain(&s.per_cell)
        .map(|i| i.dst)
        .chain(s.output)
        .collect();
    let lost =
        |slot: &Option<Slot>| slot.is_some_and(|v| produced.contains(&v) && !kept.contains(&v));
    for (_, slot) in &mut s.node_slots {
        if lost(slot) {
            *slot = None;
        }
    }
    for (_, inputs) in &mut s.weighted {
        for slot in inputs {
            if lost(slot) {
                *slot = None;
            }
        }
    }
}

/// The static values the per-cell part reads (copied in for every cell), sorted.
fn static_exports(s: &Scheduled) -> Vec<Slot> {
    let static_slots: HashSet<Slot> = s.statics.iter().map(|i| i.dst).collect();
    let mut exports: Vec<Slot> = s
        .per_cell
        .iter()
        .flat_map(|i| {
            let args = &i.args[..arity(i.op)];
            args.iter().copied().chain(i.guard.map(|g| g.0))
        })
        .chain(s.terms.iter().map(|t| t.slot))
        .chain(s.output)
        .filter(|v| static_slots.contains(v))
        .collect();
    exports.sort_unstable();
    exports.dedup();
    exports
}

/// Derives what the interpreter needs from the final instructions: the
/// static values the per-cell part reads, whether the lookahead board and
/// the board statistics are used, and the per-cell code.
fn finish(s: Scheduled) -> Program {
    let static_exports = static_exports(&s);
    let uses = |pred: &dyn Fn(Op) -> bool| {
        s.prelude
            .iter()
            .chain(&s.statics)
            .chain(&s.per_cell)
            .any(|i| pred(i.op))
    };
    let reads = |board: Board| uses(&|op| measured_board(op) == Some(board));
    let reply_board = reads(Board::Reply);
    let needs_reply = reply_board || uses(&|op| own_lookahead(op) == Some(Board::Reply));
    let needs_after =
        needs_reply || reads(Board::After) || uses(&|op| own_lookahead(op) == Some(Board::After));
    let Needs {
        stats_now: now_stats,
        stats_after: after_stats,
        stats_reply: reply_stats,
        endangered,
        danger_table,
    } = s
        .prelude
        .iter()
        .chain(&s.statics)
        .chain(&s.per_cell)
        .fold(Needs::default(), |all, i| all.or(needs(i.op)));
    let code = code::lower(&s.per_cell);
    let static_output = s
        .output
        .filter(|_| s.per_cell.is_empty())
        .and_then(|out| static_exports.iter().position(|&e| e == out));
    Program {
        init: s.init,
        prelude: s.prelude,
        statics: s.statics,
        static_exports,
        static_output,
        per_cell: s.per_cell,
        code,
        output: s.output,
        needs_after,
        needs_reply,
        reply_board,
        reply_stats,
        now_stats,
        after_stats,
        endangered,
        danger_table,
        node_slots: s.node_slots,
        terms: s.terms,
        weighted: Vec::new(),
        group_outputs: Vec::new(),
    }
}
