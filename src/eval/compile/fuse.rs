//! Fusing weighted sums: a left-leaning chain of Add nodes whose terms are
//! numbers or `x × constant` becomes one `Sum` instruction over a side table
//! of `(slot, weight)` terms. The result is exactly the same (saturating
//! additions in the same order, each weight applied with a saturating
//! multiplication); only the interpreter's dispatch work shrinks.
//! Likewise the danger gate of lesson 2, `And(Is endangered now, Not(Is
//! critical now))` whose inner values feed nothing else, becomes one
//! `DangerGate` instruction (the same yes/no, with the same short cut: the
//! cell's criticality is looked at only when it is endangered), which also
//! writes the danger count of a later Critical enemy neighbours node.
//! Used for playing programs only: the editor's programs keep every node's
//! value for the explain trace.

use std::collections::HashMap;

use crate::eval::ir::{Board, CellFact, Instr, Op, Slot, Term, arity};
use crate::strategy::PureOp;

/// Fuses the sums in `per_cell` (already scheduled). `prelude` holds the
/// instructions run outside the per-cell part (their results are not
/// constants); `pinned` are slots read from outside the per-cell
/// instructions (the output), which must stay computed.
pub(super) fn fuse(
    per_cell: Vec<Instr>,
    init: &[i64],
    pinned: &[Slot],
    prelude: &[Instr],
    terms: &mut Vec<Term>,
) -> Vec<Instr> {
    let mut fusion = Fusion {
        producer: per_cell
            .iter()
            .enumerate()
            .map(|(i, x)| (x.dst, i))
            .collect(),
        uses: use_counts(&per_cell, prelude, pinned),
        absorbed: vec![false; per_cell.len()],
        per_cell: &per_cell,
        prelude,
        init,
    };
    // Process tops last-to-first so that a chain is claimed by its top.
    let mut sums: HashMap<usize, (usize, usize)> = HashMap::new();
    for i in (0..per_cell.len()).rev() {
        if let Some(list) = fusion.claim(i) {
            sums.insert(i, (terms.len(), list.len()));
            terms.extend(list);
        }
    }
    let mut gates: Vec<(usize, Slot)> = Vec::new();
    for i in 0..per_cell.len() {
        if fusion.claim_gate(i) {
            gates.push((i, fusion.claim_danger(i)));
        }
    }
    let mut out = Vec::with_capacity(per_cell.len());
    for (i, instr) in per_cell.iter().enumerate() {
        if fusion.absorbed[i] {
            continue;
        }
        if let Some(&(_, danger)) = gates.iter().find(|g| g.0 == i) {
            out.push(Instr {
                op: Op::DangerGate { danger },
                args: [0; 3],
                ..*instr
            });
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

/// How often each slot is read: once per argument, twice for a guard's
/// condition and a pinned slot (so that they never count as single-use).
fn use_counts(per_cell: &[Instr], prelude: &[Instr], pinned: &[Slot]) -> HashMap<Slot, usize> {
    let mut uses: HashMap<Slot, usize> = HashMap::new();
    for instr in prelude.iter().chain(per_cell) {
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
    uses
}

/// The state of the fusion pass over one per-cell part.
struct Fusion<'a> {
    per_cell: &'a [Instr],
    prelude: &'a [Instr],
    init: &'a [i64],
    /// The per-cell instruction computing each slot.
    producer: HashMap<Slot, usize>,
    /// How often each slot is read (see [`use_counts`]).
    uses: HashMap<Slot, usize>,
    /// The instructions absorbed into a sum: dropped, their consumer reads
    /// them through the sum's terms instead.
    absorbed: Vec<bool>,
}

impl Fusion<'_> {
    /// Whether `s` is read exactly once.
    fn single(&self, s: Slot) -> bool {
        self.uses.get(&s) == Some(&1)
    }

    /// The per-cell instruction computing `s`, with its index.
    fn op_at(&self, s: Slot) -> Option<(usize, Instr)> {
        let &i = self.producer.get(&s)?;
        Some((i, *self.per_cell.get(i)?))
    }

    /// Whether `s` holds a constant (no instruction computes it).
    fn is_constant(&self, s: Slot) -> bool {
        !self.producer.contains_key(&s) && !self.prelude.iter().any(|p| p.dst == s)
    }

    /// The terms of the sum topped by the Add at `i`, when it is worth one
    /// instruction (more than two terms, or a weight); the instructions it
    /// replaces are then marked absorbed. `None` leaves everything as it was.
    fn claim(&mut self, i: usize) -> Option<Vec<Term>> {
        let instr = *self.per_cell.get(i)?;
        if self.absorbed[i] || instr.op != Op::Pure(PureOp::Add) {
            return None;
        }
        // Walk down the left spine.
        let mut spine = vec![i];
        let mut left = instr.args[0];
        while let Some((j, inner)) = self.op_at(left) {
            if inner.op == Op::Pure(PureOp::Add) && self.single(left) && !self.absorbed[j] {
                spine.push(j);
                left = inner.args[0];
            } else {
                break;
            }
        }
        // The instructions the sum replaces: dropped only if the sum is made
        // (an Add of two plain terms stays an Add, reading its inputs' slots).
        let mut taken = Vec::new();
        let mut list = vec![self.term(left, &mut taken)];
        for &j in spine.iter().rev() {
            let right = self.per_cell.get(j)?.args[1];
            list.push(self.term(right, &mut taken));
            if j != i {
                taken.push(j);
            }
        }
        if list.len() > 2 || list.iter().any(|t| t.weight != 1) {
            for j in taken {
                self.absorbed[j] = true;
            }
            Some(list)
        } else {
            None
        }
    }

    /// Whether the instruction at `i` is a danger gate whose parts (single
    /// use, same guard, not absorbed) can be absorbed; if so they are marked.
    fn claim_gate(&mut self, i: usize) -> bool {
        let Some(&and) = self.per_cell.get(i) else {
            return false;
        };
        if self.absorbed[i] || and.op != Op::Pure(PureOp::And) {
            return false;
        }
        // A single-use part computed by `op` under the same guard as the And.
        let part = |slot: Slot, op: Op| {
            self.op_at(slot)
                .filter(|(j, x)| {
                    x.op == op && x.guard == and.guard && self.single(slot) && !self.absorbed[*j]
                })
                .map(|(j, x)| (j, x.args[0]))
        };
        let endangered = Op::Cell(CellFact::IsEndangered(Board::Now));
        let critical = Op::Cell(CellFact::IsCritical(Board::Now));
        let [a, b, _] = and.args;
        let found = [(a, b), (b, a)].into_iter().find_map(|(e, n)| {
            let (je, _) = part(e, endangered)?;
            let (jn, c) = part(n, Op::Pure(PureOp::Not))?;
            let (jc, _) = part(c, critical)?;
            Some([je, jn, jc])
        });
        let Some(parts) = found else {
            return false;
        };
        for j in parts {
            self.absorbed[j] = true;
        }
        true
    }

    /// The slot the gate at `i` writes the danger count to: the first
    /// Critical enemy neighbours (now) scheduled after it, which is then
    /// absorbed (its value is a function of the cell alone, and every slot
    /// has one writer, so computing it earlier changes nothing); else the
    /// gate's own slot.
    fn claim_danger(&mut self, i: usize) -> Slot {
        let dst = self.per_cell.get(i).map_or(0, |x| x.dst);
        let later = self.per_cell.iter().enumerate().skip(i + 1);
        let found = later
            .filter(|(j, x)| !self.absorbed[*j] && x.op == Op::Cell(CellFact::Danger(Board::Now)))
            .map(|(j, x)| (j, x.dst))
            .next();
        match found {
            Some((j, slot)) => {
                self.absorbed[j] = true;
                slot
            }
            None => dst,
        }
    }

    /// The term for `slot`: absorbs a single-use `x × constant` into a weight
    /// (the Multiply's index is added to `taken`).
    fn term(&self, slot: Slot, taken: &mut Vec<usize>) -> Term {
        if let Some((j, m)) = self.op_at(slot)
            && m.op == Op::Pure(PureOp::Multiply)
            && self.single(slot)
            && !self.absorbed[j]
        {
            let [a, b, _] = m.args;
            let weight_of = |s: Slot| {
                self.is_constant(s)
                    .then(|| self.init.get(s as usize).copied())
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
        Term { slot, weight: 1 }
    }
}
