//! Strategy graphs: the node vocabulary with its documentation, the editable
//! graph model, the file format, and validation.
//!
//! A strategy values one cell: its graph is run for every cell the player may
//! place on, and the best-valued cell is played (see [`crate::eval`]).

mod flatten;
mod format;
mod graph;
mod group;
mod kind;
mod validate;

pub use flatten::{Flat, FlattenError, Origin};
pub use format::files::{FileError, read_limited, write_atomic};
pub use format::groups::MAX_PINS;
pub use format::read::MAX_LABEL_CHARS;
pub use format::{FORMAT, MAX_FILE_BYTES, MAX_GROUPS, MAX_NODES, VERSION};
pub use graph::builder::GraphBuilder;
pub use graph::frame::{FRAME_COLOURS, Frame};
pub use graph::tunable::Tunable;
pub use graph::{GroupDef, Node, NodeId, Strategy, Wire};
pub use group::MAX_GROUP_DEPTH;
pub use group::scope::PinSide;
pub use kind::docs::{Category, KINDS, KindInfo, PinInfo, info, kind_by_key};
pub use kind::ops::{PureOp, constant_of};
pub use kind::pins::{GroupPin, PinType, WeightedTerm};
pub use kind::reference::nodes_markdown;
pub use kind::tuning::{AUTO_MIN_SPREAD, RangeProblem, Tuning};
pub use kind::{
    BoardMeasure, CompareOp, Kind, NodeKind, OwnerFilter, SizeMeasure, StateFilter, When, Whose,
};
pub use validate::{Diagnostic, Report, Severity, capped_list};

/// Which limit a strategy file or graph is over, with its size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TooLarge {
    /// The text has this many bytes, more than [`MAX_FILE_BYTES`].
    #[error("{0} bytes; strategy files may have at most {MAX_FILE_BYTES}")]
    Bytes(usize),
    /// The graph has this many nodes (counting the nodes inside groups),
    /// more than [`MAX_NODES`].
    #[error("{0} nodes; a strategy may have at most {MAX_NODES}")]
    Nodes(usize),
    /// The file has this many groups, more than [`MAX_GROUPS`].
    #[error("{0} groups; a strategy may have at most {MAX_GROUPS}")]
    Groups(usize),
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
    /// Something wrong inside group `group` (its id): a node, a wire or a
    /// frame of its body.
    #[error("in group '{group}': {source}")]
    InGroup {
        /// The group's id.
        group: String,
        /// What is wrong there.
        source: Box<StrategyError>,
    },
    /// A group definition that cannot be read (its id, name or pins).
    #[error("group '{group}': {message}")]
    BadGroup {
        /// The group's id as written.
        group: String,
        /// What is wrong.
        message: String,
    },
    /// A frame that cannot be read.
    #[error("frame {index} (counting from 0): {message}")]
    BadFrame {
        /// The frame's position in the file's list.
        index: usize,
        /// What is wrong.
        message: String,
    },
    /// Groups that cannot be inlined (see [`Strategy::flatten`]).
    #[error("{0}")]
    Flatten(#[from] FlattenError),
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
