//! The explain trace: every top-level node's value for one cell, each
//! Weighted sum term's contribution and each group instance's outputs, read
//! from the interpreter's slots after the cell was run eagerly.

use crate::eval::compile::Program;
use crate::rules::Coord;
use crate::strategy::NodeId;

/// Every node's value for one cell: what the editor shows when a cell is explained.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trace {
    /// The explained cell.
    pub cell: Coord,
    /// Per node (by id): its value, `None` when it has none (comments, broken parts).
    pub values: Vec<(NodeId, Option<i64>)>,
    /// The graph's raw result for the cell, if computable.
    pub output: Option<i64>,
    /// Per top-level Weighted sum (by id), each term's input and
    /// contribution; `None` when the term has no value (or, in a playing
    /// program, its input was fused away).
    pub terms: Vec<(NodeId, Vec<Option<TermTrace>>)>,
    /// Per top-level group instance (by id), the value of each output.
    pub groups: Vec<(NodeId, Vec<Option<i64>>)>,
}

/// One term of a Weighted sum in an explain trace.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TermTrace {
    /// The term's input (0 when unconnected).
    pub input: i64,
    /// What it adds: input × weight (saturating).
    pub contribution: i64,
}

/// The trace of the cell `cell` from the slots of `program` after running
/// it (every block, no guard skipped).
pub(super) fn trace(program: &Program, slots: &[i64], cell: Coord, output: Option<i64>) -> Trace {
    let value = |s: u32| slots.get(s as usize).copied();
    let values = program
        .node_slots
        .iter()
        .map(|&(id, slot)| (id, slot.and_then(value)))
        .collect();
    let terms = program
        .weighted
        .iter()
        .map(|(id, terms)| {
            let values = terms
                .iter()
                .map(|&(weight, slot)| {
                    slot.and_then(value).map(|input| TermTrace {
                        input,
                        contribution: input.saturating_mul(weight),
                    })
                })
                .collect();
            (*id, values)
        })
        .collect();
    let groups = program
        .group_outputs
        .iter()
        .map(|(id, outputs)| (*id, outputs.iter().map(|s| s.and_then(value)).collect()))
        .collect();
    Trace {
        cell,
        values,
        output,
        terms,
        groups,
    }
}
