//! Fusing weighted sums: a left-leaning chain of Add nodes whose terms are
//! numbers or `x × constant` becomes one `Sum` instruction over a side table
//! of `(slot, weight)` terms. The result is exactly the same (saturating
//! additions in the same order, each weight applied with a saturating
//! multiplication); only the interpreter's dispatch work shrinks.
//! Used for playing programs only: the editor's programs keep every node's
//! value for the explain trace.

use std::collections::HashMap;

use super::ir::{Instr, Op, Slot, Term, arity};
use crate::strategy::PureOp;

/// Fuses the sums in `per_cell` (already scheduled). `constants` are the
/// slots holding constants; `pinned` are slots read from outside the
/// per-cell instructions (the output, guards), which must stay computed.
pub(super) fn fuse(
    per_cell: Vec<Instr>,
    init: &[i64],
    pinned: &[Slot],
    prelude: &[Instr],
    terms: &mut Vec<Term>,
) -> Vec<Instr> {
    let producer: HashMap<Slot, usize> = per_cell
        .iter()
        .enumerate()
        .map(|(i, x)| (x.dst, i))
        .collect();
    let mut uses: HashMap<Slot, usize> = HashMap::new();
    for instr in prelude.iter().chain(&per_cell) {
        let arity = arity(instr.op);
        for &a in &instr.args[..arity] {
            *uses.entry(a).or_default() += 1;
        }
        if let Some((g, _)) = instr.guard {
            *uses.entry(g).or_default() += 2;
        }
    }
    for &p in pinned {
        *uses.entry(p).or_default() += 2;
    }
    let is_constant = |s: Slot| !producer.contains_key(&s) && !prelude.iter().any(|p| p.dst == s);
    // An instruction absorbed into a sum is dropped; its consumer reads it
    // through the sum's terms instead.
    let single = |s: Slot| uses.get(&s) == Some(&1);
    let op_at = |s: Slot| producer.get(&s).map(|&i| (i, per_cell[i]));
    let mut absorbed = vec![false; per_cell.len()];
    let mut out = Vec::with_capacity(per_cell.len());
    // Process tops last-to-first so that a chain is claimed by its top.
    let mut sums: HashMap<usize, (usize, usize)> = HashMap::new();
    for i in (0..per_cell.len()).rev() {
        let instr = per_cell[i];
        if absorbed[i] || instr.op != Op::Pure(PureOp::Add) {
            continue;
        }
        // Walk down the left spine.
        let mut spine = vec![i];
        let mut left = instr.args[0];
        while let Some((j, inner)) = op_at(left) {
            if inner.op == Op::Pure(PureOp::Add) && single(left) && !absorbed[j] {
                spine.push(j);
                left = inner.args[0];
            } else {
                break;
            }
        }
        // The instructions the sum replaces: dropped only if the sum is made
        // (an Add of two plain terms stays an Add, reading its inputs' slots).
        let mut taken = Vec::new();
        let mut list = vec![term(
            left,
            &op_at,
            &single,
            &is_constant,
            init,
            &absorbed,
            &mut taken,
        )];
        for &j in spine.iter().rev() {
            let right = per_cell[j].args[1];
            list.push(term(
                right,
                &op_at,
                &single,
                &is_constant,
                init,
                &absorbed,
                &mut taken,
            ));
            if j != i {
                taken.push(j);
            }
        }
        if list.len() > 2 || list.iter().any(|t| t.weight != 1) {
            for j in taken {
                absorbed[j] = true;
            }
            sums.insert(i, (terms.len(), list.len()));
            terms.extend(list);
        }
    }
    for (i, instr) in per_cell.iter().enumerate() {
        if absorbed[i] {
            continue;
        }
        match sums.get(&i) {
            Some(&(start, len)) => out.push(Instr {
                op: Op::Sum,
                dst: instr.dst,
                args: [start as Slot, len as Slot, 0],
                guard: instr.guard,
            }),
            None => out.push(*instr),
        }
    }
    out
}

/// The term for `slot`: absorbs a single-use `x × constant` into a weight
/// (the Multiply's index is added to `taken`).
fn term(
    slot: Slot,
    op_at: &dyn Fn(Slot) -> Option<(usize, Instr)>,
    single: &dyn Fn(Slot) -> bool,
    is_constant: &dyn Fn(Slot) -> bool,
    init: &[i64],
    absorbed: &[bool],
    taken: &mut Vec<usize>,
) -> Term {
    if let Some((j, m)) = op_at(slot)
        && m.op == Op::Pure(PureOp::Multiply)
        && single(slot)
        && !absorbed[j]
    {
        {
            let [a, b, _] = m.args;
            let weight_of = |s: Slot| {
                is_constant(s)
                    .then(|| init.get(s as usize).copied())
                    .flatten()
            };
            let found = weight_of(b)
                .map(|k| (a, k))
                .or_else(|| weight_of(a).map(|k| (b, k)));
            if let Some((x, weight)) = found {
                taken.push(j);
                return Term { slot: x, weight };
            }
        }
    }
    Term { slot, weight: 1 }
}
