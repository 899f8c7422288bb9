//! Strategy graphs: the node vocabulary with its documentation, the editable
//! graph model, the file format, groups, and validation.
//!
//! A strategy values one cell: its graph is run for every cell the player may
//! place on, and the best-valued cell is played (see [`crate::eval`]).
//!
//! A folder per concern, each depending only on those listed before it:
//! - `kind/`: the vocabulary: every node kind, its parameters (the one
//!   table of them, `kind/params.rs`), pins, documentation and meaning;
//! - `graph/`: the editable graph: nodes, wires, frames, tunable numbers,
//!   its wire structure (orders, cycles, constants), building and layout;
//! - `format/`: the file: reading (through a size limit), writing, saving;
//! - `group/`: editing groups: definitions, their interfaces, grouping,
//!   ungrouping, importing, and where an edit acts;
//! - `flatten/`: inlining groups for the compiler, and the analysis of how
//!   definitions nest that it (and validation) asks before copying anything;
//! - `validate/`: every problem of a strategy at once;
//! - `share/`: share links, a strategy file compressed into a link's fragment.
//!
//! Three files stand alone so that everything may depend on them and they on
//! nothing here but each other: `id.rs` (node ids), `limits.rs` (the bounds a
//! strategy is held to) and `error.rs` (the layer's errors).

mod error;
mod flatten;
mod format;
mod graph;
mod group;
mod id;
mod kind;
mod limits;
mod share;
mod validate;

pub use error::{FileError, FlattenError, ShareError, StrategyError, TooLarge};
pub use flatten::{Flat, Origin};
pub use format::FORMAT;
pub use format::files::{read_limited, write_atomic};
pub use graph::builder::GraphBuilder;
pub use graph::frame::{FRAME_COLOURS, Frame};
pub use graph::tunable::Tunable;
pub use graph::{GroupDef, Node, Strategy, Wire};
pub use id::NodeId;
pub use kind::docs::{Category, KINDS, KindInfo, PinInfo, info, kind_by_key};
pub use kind::ops::{PureOp, constant_of};
pub use kind::pins::{GroupPin, PinSide, PinType, WeightedTerm};
pub use kind::reference::nodes_markdown;
pub use kind::tuning::{AUTO_MIN_SPREAD, RangeProblem, Tuning};
pub use kind::{
    BoardMeasure, CompareOp, Kind, NodeKind, OwnerFilter, Param, ParamMut, SizeMeasure,
    StateFilter, When, Whose,
};
pub use limits::{
    MAX_FILE_BYTES, MAX_GROUP_DEPTH, MAX_GROUPS, MAX_LABEL_CHARS, MAX_NODES, MAX_PINS,
    MAX_SHARE_BYTES, MAX_SHARE_CHARS, VERSION,
};
pub use share::{
    DEFAULT_SHARE_BASE, SHARE_KEY, placeholder_note, share_fragment, share_link, share_payload,
    strategy_from_link,
};
pub use validate::{Diagnostic, Report, Severity, capped_list};
