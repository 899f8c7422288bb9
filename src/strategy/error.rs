//! The strategy layer's errors, kept structured: [`StrategyError`] for
//! reading and editing a strategy, with [`TooLarge`] for the limit a file or
//! graph is over, [`FileError`] for a file that cannot be read, parsed or
//! saved (it names the file), and [`FlattenError`] for groups that cannot be
//! inlined. Every message is lowercase and names what it is about (the node,
//! wire, frame, group or file); the limits it quotes come from
//! [`super::limits`].

use std::path::{Path, PathBuf};

use super::id::NodeId;
use super::limits::{
    MAX_FILE_BYTES, MAX_FLAT_WIRES, MAX_GROUP_DEPTH, MAX_GROUPS, MAX_NODES, MAX_SHARE_BYTES,
    MAX_SHARE_CHARS, VERSION,
};
use crate::input::InputError;

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
    #[error("node {id}: unknown kind \"{}\" (see docs/nodes.md for the kinds)", crate::input::clipped(.kind))]
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
    /// Groups that cannot be inlined (see [`super::Strategy::flatten`]).
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

/// Why a strategy file could not be loaded or saved; the message names the
/// file and includes the cause's text, `source()` is the cause.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum FileError {
    /// The file cannot be read as text: missing, unreadable, too large or not UTF-8.
    #[error("{}", read_message(.path, .source))]
    Read {
        /// The file.
        path: PathBuf,
        /// Why it cannot be read.
        #[source]
        source: InputError,
    },
    /// The file's text is not a strategy.
    #[error("{}: {source}", .path.display())]
    Parse {
        /// The file.
        path: PathBuf,
        /// What is wrong with the text.
        #[source]
        source: Box<StrategyError>,
    },
    /// The file cannot be written.
    #[error("cannot save {}: {source}", .path.display())]
    Save {
        /// The file.
        path: PathBuf,
        /// Why the write, sync or rename failed.
        #[source]
        source: std::io::Error,
    },
    /// The path may not be written (a folder, a device, a link to nothing,
    /// an input of the run): nothing was written.
    #[error("{source}")]
    Refused {
        /// What the path is.
        #[from]
        source: crate::output::OutputError,
    },
}

impl FileError {
    /// Whether the file was refused for being over its size limit.
    pub fn is_too_large(&self) -> bool {
        matches!(
            self,
            FileError::Read {
                source: InputError::TooLarge { .. },
                ..
            }
        )
    }
}

/// The message of a file that cannot be read, as strategy files word it.
fn read_message(path: &Path, source: &InputError) -> String {
    match source {
        InputError::TooLarge { path, what, limit } => {
            format!("too large: {path}: more than {limit} bytes (the limit for {what})")
        }
        InputError::NotUtf8 { .. } => format!("{}: {source}", path.display()),
        _ => source.to_string(),
    }
}

/// Why groups cannot be inlined.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FlattenError {
    /// A group contains itself, directly or through others.
    #[error("group '{}' contains itself: {}", first(.path), .path.join(" → "))]
    Recursion {
        /// The ids from a group back to itself.
        path: Vec<String>,
    },
    /// Groups nest deeper than [`MAX_GROUP_DEPTH`].
    #[error("groups nest {} deep ({}); at most {MAX_GROUP_DEPTH} levels are allowed", .path.len(), .path.join(" → "))]
    TooDeep {
        /// The ids of the deepest chain, outermost first.
        path: Vec<String>,
    },
    /// Inlining would make too large a graph.
    #[error(
        "inlining the groups gives {nodes} nodes and {wires} wires; at most {MAX_NODES} nodes and {MAX_FLAT_WIRES} wires are allowed (every use of a group copies its nodes)"
    )]
    TooLarge {
        /// Nodes of the flat graph (saturating).
        nodes: u64,
        /// Wires of the flat graph (saturating).
        wires: u64,
    },
    /// An instance of a definition that does not exist.
    #[error("{}node {node} (group): there is no group '{def}' in \"groups\"", in_group(.group))]
    MissingGroup {
        /// The group whose body holds the instance (`None`: the top level).
        group: Option<String>,
        /// The instance.
        node: NodeId,
        /// The definition it names.
        def: String,
    },
}

/// Why a share link gives no strategy (`share/`); nothing is changed.
#[derive(Debug, thiserror::Error)]
pub enum ShareError {
    /// The link's fragment has no `s=` field (a link to a page or a view).
    #[error("this link holds no strategy: a share link ends in #s=…")]
    NoStrategy,
    /// The payload is longer than [`MAX_SHARE_CHARS`].
    #[error(
        "this link is too long: its strategy has {0} characters; a share link may have at most {MAX_SHARE_CHARS}"
    )]
    TooLong(usize),
    /// The payload would inflate to more than [`MAX_SHARE_BYTES`].
    #[error("this link's strategy is too large: it inflates to more than {MAX_SHARE_BYTES} bytes")]
    TooLarge,
    /// The payload is not base64url, not deflate, or not UTF-8 text.
    #[error("this link is damaged: {0}")]
    Damaged(String),
    /// The payload decodes, but not to a strategy chainlab reads.
    #[error("this link's strategy cannot be read: {0}")]
    NotAStrategy(Box<StrategyError>),
}

fn first(path: &[String]) -> &str {
    path.first().map_or("", String::as_str)
}

fn in_group(group: &Option<String>) -> String {
    group
        .as_ref()
        .map_or(String::new(), |g| format!("in group '{g}': "))
}
