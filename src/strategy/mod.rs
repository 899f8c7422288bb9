//! Strategy graphs: the node vocabulary with its documentation, the editable
//! graph model, the file format, and validation.
//!
//! A strategy values one cell: its graph is run for every cell the player may
//! place on, and the best-valued cell is played (see [`crate::eval`]).

mod error;
mod flatten;
mod format;
mod graph;
mod group;
mod id;
mod kind;
mod limits;
mod validate;

pub use error::{FileError, FlattenError, StrategyError, TooLarge};
pub use flatten::{Flat, Origin};
pub use format::FORMAT;
pub use format::files::{read_limited, write_atomic};
pub use graph::builder::GraphBuilder;
pub use graph::frame::{FRAME_COLOURS, Frame};
pub use graph::tunable::Tunable;
pub use graph::{GroupDef, Node, Strategy, Wire};
pub use group::scope::PinSide;
pub use id::NodeId;
pub use kind::docs::{Category, KINDS, KindInfo, PinInfo, info, kind_by_key};
pub use kind::ops::{PureOp, constant_of};
pub use kind::pins::{GroupPin, PinType, WeightedTerm};
pub use kind::reference::nodes_markdown;
pub use kind::tuning::{AUTO_MIN_SPREAD, RangeProblem, Tuning};
pub use kind::{
    BoardMeasure, CompareOp, Kind, NodeKind, OwnerFilter, SizeMeasure, StateFilter, When, Whose,
};
pub use limits::{
    MAX_FILE_BYTES, MAX_GROUP_DEPTH, MAX_GROUPS, MAX_LABEL_CHARS, MAX_NODES, MAX_PINS, VERSION,
};
pub use validate::{Diagnostic, Report, Severity, capped_list};
