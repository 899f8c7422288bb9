//! The errors of code generation: a graph that cannot be exported.

use thiserror::Error;

use crate::strategy::{Diagnostic, NodeId};

/// Why a strategy cannot be written as a program.
#[derive(Debug, Error)]
pub enum ExportError {
    /// The graph has validation errors (the first is quoted).
    #[error(
        "the strategy has {count} error(s), the first: {first} (run 'chainlab validate' for details)"
    )]
    Invalid {
        /// How many errors.
        count: usize,
        /// The first error.
        first: Box<Diagnostic>,
    },
    /// The graph (or a group's body) has a cycle through these nodes.
    #[error("{place} has a cycle through node(s) {}", join(.nodes))]
    Cycle {
        /// "the graph" or "group 'name'".
        place: String,
        /// The nodes in or after the cycle.
        nodes: Vec<NodeId>,
    },
    /// A group instance names a definition the strategy does not have.
    #[error("node {node} uses group '{def}', which the strategy does not define")]
    MissingGroup {
        /// The group instance.
        node: NodeId,
        /// The definition's id.
        def: String,
    },
}

/// Node ids separated by commas.
fn join(nodes: &[NodeId]) -> String {
    nodes
        .iter()
        .map(NodeId::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}
