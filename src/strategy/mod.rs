//! Strategy graphs: the node vocabulary with its documentation, the editable
//! graph model, the file format, and validation.
//!
//! A strategy values one cell: its graph is run for every cell the player may
//! place on, and the best-valued cell is played (see [`crate::eval`]).

mod builder;
mod docs;
mod files;
mod format;
mod frame;
mod graph;
mod group;
mod group_pins;
mod grouping;
mod import;
mod kind;
mod nesting;
mod ops;
mod pins;
mod reference;
mod topology;
mod tuning;
mod ungroup;
mod validate;

pub use builder::GraphBuilder;
pub use docs::{Category, KINDS, KindInfo, PinInfo, info, kind_by_key};
pub use files::{FileError, read_limited, write_atomic};
pub use format::{FORMAT, MAX_FILE_BYTES, MAX_NODES, VERSION};
pub use frame::{FRAME_COLOURS, Frame};
pub use graph::{GroupDef, Node, NodeId, Strategy, Wire};
pub use group::MAX_GROUP_DEPTH;
pub use kind::{
    BoardMeasure, CompareOp, Kind, NodeKind, OwnerFilter, SizeMeasure, StateFilter, When, Whose,
};
pub use nesting::PinSide;
pub use ops::{PureOp, constant_of};
pub use pins::{GroupPin, PinType, WeightedTerm};
pub use reference::nodes_markdown;
pub use tuning::{AUTO_MIN_SPREAD, RangeProblem, Tuning};
pub use validate::{Diagnostic, Report, Severity, capped_list};

/// Which limit a strategy file or graph is over, with its size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TooLarge {
    /// The text has this many bytes, more than [`MAX_FILE_BYTES`].
    #[error("{0} bytes; strategy files may have at most {MAX_FILE_BYTES}")]
    Bytes(usize),
    /// The graph has this many nodes, more than [`MAX_NODES`].
    #[error("{0} nodes; a strategy may have at most {MAX_NODES}")]
    Nodes(usize),
}

/// Everything that can go wrong reading or editing a strategy.
#[derive(Debug, thiserror::Error)]
pub enum StrategyError {
    /// The text is not valid JSON or does not have the file's shape.
    #[error("{0}")]
    Json(#[from] serde_json::Error),
    /// The file is not a strategy file, or of an unknown version.
    #[error("{0}")]
    Format(String),
    /// The file was written by a newer chainlab.
    #[error(
        "this strategy was saved in format version {0} by a newer chainlab; this chainlab reads versions up to {VERSION}"
    )]
    NewerVersion(u64),
    /// The file or graph is over one of the limits.
    #[error("too large: {0}")]
    TooLarge(TooLarge),
    /// A node of an unknown kind.
    #[error("node {id}: unknown kind \"{kind}\" (see docs/nodes.md for the kinds)")]
    UnknownKind {
        /// The node's id.
        id: NodeId,
        /// The kind as written.
        kind: String,
    },
    /// A node with bad parameters.
    #[error("node {id} ({kind}): {message}")]
    BadNode {
        /// The node's id.
        id: NodeId,
        /// The kind as written.
        kind: String,
        /// What is wrong.
        message: String,
    },
    /// Two nodes with the same id.
    #[error("node {0}: the id is used by two nodes")]
    DuplicateId(NodeId),
    /// A reference to a node that does not exist.
    #[error("there is no node {0}")]
    UnknownNode(NodeId),
    /// A wire that does not fit the graph.
    #[error("wire {index} (counting from 0): {message}")]
    BadWire {
        /// The wire's position in the file's list.
        index: usize,
        /// What is wrong.
        message: String,
    },
    /// An edit the editor refuses, with the reason.
    #[error("{0}")]
    Refused(String),
    /// A strategy file that cannot be read, parsed or saved (names the file).
    #[error("{0}")]
    File(#[from] FileError),
}
