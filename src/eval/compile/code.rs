//! The per-cell code the interpreter runs: the scheduled, guarded and fused
//! per-cell instructions lowered to a form that is cheap to dispatch.
//!
//! Two things change, never the meaning:
//! - consecutive instructions with the same guard form one block, whose
//!   guard is tested once (a guard's condition slot is never written inside
//!   the block it guards, so testing it once or before every instruction is
//!   the same); the blocks are laid out in one flat sequence, a guarded
//!   block preceded by a [`Code::Skip`] over it;
//! - the commonest operations get their own [`Code`] variant with their
//!   operands in place, so one jump table dispatches them; everything else
//!   runs as the general instruction it was.

use crate::eval::ir::{Board, CellFact, Instr, Op, Slot};
use crate::strategy::{BoardMeasure, OwnerFilter, PureOp, StateFilter, Whose};

/// One step of per-cell code. Operands are slots; the first one is where
/// the result goes. (`repr(u8)` puts a plain tag first, so dispatching reads
/// one byte instead of decoding a niche in `General`'s instruction.)
#[derive(Clone, Copy, Debug)]
#[repr(u8)]
pub(in crate::eval) enum Code {
    /// `dst = a + b` (saturating).
    Add(Slot, Slot, Slot),
    /// `dst = a − b` (saturating).
    Subtract(Slot, Slot, Slot),
    /// `dst = a × b` (saturating).
    Multiply(Slot, Slot, Slot),
    /// `dst = min(a, b)`.
    Min(Slot, Slot, Slot),
    /// `dst = max(a, b)`.
    Max(Slot, Slot, Slot),
    /// `dst = a and b`.
    And(Slot, Slot, Slot),
    /// `dst = a or b`.
    Or(Slot, Slot, Slot),
    /// `dst = not a`.
    Not(Slot, Slot),
    /// `dst = if a { b } else { c }`.
    If(Slot, Slot, Slot, Slot),
    /// `dst` = the fused sum of the program's terms `start..start + len`.
    Sum(Slot, u32, u32),
    /// `dst` = the cell's critical enemy neighbours on the board as it is.
    DangerNow(Slot),
    /// `dst` = whether the cell is endangered on the board as it is.
    IsEndangeredNow(Slot),
    /// `danger` = the critical enemy neighbours now, then `dst` = the danger
    /// gate: endangered now and not critical now.
    DangerGate(Slot, Slot),
    /// `dst` = whether the cell is critical on the given board.
    IsCritical(Slot, Board),
    /// `dst` = the cells captured by placing here.
    CellsCaptured(Slot),
    /// `dst` = whether placing here wins the game.
    Wins(Slot),
    /// `dst` = a count on the board after placing here.
    CountAfter(Slot, BoardMeasure, Whose),
    /// `dst` = the cell's neighbours matching the filters on the given board.
    Neighbours(Slot, OwnerFilter, StateFilter, Board),
    /// Skips the next `len` steps unless `(slots[slot] != 0) == want` (the
    /// guard of the block that follows; see `guard`).
    Skip(Slot, bool, u32),
    /// Any other instruction, run by the general interpreter.
    General(Instr),
}

/// Lowers the scheduled per-cell instructions to one flat sequence of code
/// (see the module documentation).
pub(super) fn lower(per_cell: &[Instr]) -> Vec<Code> {
    let mut out = Vec::new();
    let mut guard = None;
    let mut code: Vec<Code> = Vec::new();
    // Whether the current block writes its own guard's slot (then the next
    // instruction must test the guard again).
    let mut writes_guard = false;
    for instr in per_cell {
        if !code.is_empty() && (instr.guard != guard || writes_guard) {
            emit(&mut out, guard, &mut code);
        }
        if code.is_empty() {
            guard = instr.guard;
            writes_guard = false;
        }
        writes_guard |= guard.is_some_and(|(slot, _)| slot == instr.dst);
        code.push(lower_one(instr));
    }
    emit(&mut out, guard, &mut code);
    out
}

/// Appends the block `code` to `out`, behind a skip when it is guarded.
fn emit(out: &mut Vec<Code>, guard: Option<(Slot, bool)>, code: &mut Vec<Code>) {
    if let Some((slot, want)) = guard
        && !code.is_empty()
    {
        out.push(Code::Skip(slot, want, code.len() as u32));
    }
    out.append(code);
}

fn lower_one(instr: &Instr) -> Code {
    let d = instr.dst;
    let [a, b, c] = instr.args;
    match instr.op {
        Op::Pure(PureOp::Add) => Code::Add(d, a, b),
        Op::Pure(PureOp::Subtract) => Code::Subtract(d, a, b),
        Op::Pure(PureOp::Multiply) => Code::Multiply(d, a, b),
        Op::Pure(PureOp::Min) => Code::Min(d, a, b),
        Op::Pure(PureOp::Max) => Code::Max(d, a, b),
        Op::Pure(PureOp::And) => Code::And(d, a, b),
        Op::Pure(PureOp::Or) => Code::Or(d, a, b),
        Op::Pure(PureOp::Not) => Code::Not(d, a),
        Op::Pure(PureOp::If) => Code::If(d, a, b, c),
        Op::Sum => Code::Sum(d, a, b),
        Op::DangerGate { danger } => Code::DangerGate(d, danger),
        Op::Cell(CellFact::Danger(Board::Now)) => Code::DangerNow(d),
        Op::Cell(CellFact::IsEndangered(Board::Now)) => Code::IsEndangeredNow(d),
        Op::Cell(CellFact::IsCritical(board)) => Code::IsCritical(d, board),
        Op::CellsCaptured => Code::CellsCaptured(d),
        Op::Wins => Code::Wins(d),
        Op::BoardCount(m, w, Board::After) => Code::CountAfter(d, m, w),
        Op::Cell(CellFact::Neighbours(o, st, board)) => Code::Neighbours(d, o, st, board),
        _ => Code::General(*instr),
    }
}
