//! The bounds of what chainlab takes as a strategy: the newest file format
//! version it reads, and every size limit of a file and of a graph
//! (`docs/limits.md`).
//!
//! Only constants live here, so that the errors that name a bound
//! ([`super::error`]) and the code that checks it (the format, groups,
//! flattening, validation) both depend on this file and never on each other.

/// The format version this build writes (and the newest it reads).
pub const VERSION: u64 = 2;
/// Files larger than this are refused before parsing.
pub const MAX_FILE_BYTES: usize = 32 * 1024 * 1024;
/// Graphs with more nodes than this are refused (the top level and every
/// group body together; also the graph with every group inlined).
pub const MAX_NODES: usize = 250_000;
/// Files with more group definitions than this are refused.
pub const MAX_GROUPS: usize = 1000;
/// How deeply groups may nest (a group inside a group inside …).
pub const MAX_GROUP_DEPTH: usize = 32;
/// The graph with every group inlined may have at most this many wires.
pub const MAX_FLAT_WIRES: u64 = 8 * MAX_NODES as u64;
/// A group may have at most this many inputs, and as many outputs.
pub const MAX_PINS: usize = 64;
/// Group ids may have at most this many characters.
pub const MAX_ID_CHARS: usize = 64;
/// Labels (of nodes, terms, group pins, frame titles) may have at most this
/// many characters.
pub const MAX_LABEL_CHARS: usize = 80;
/// A Weighted sum may have at most this many terms.
pub const MAX_TERMS: usize = 64;
/// Canvas positions are limited to ± this.
pub const MAX_COORD: f64 = 1.0e7;
/// A share link's payload may have at most this many characters (checked
/// before it is decoded; a shipped strategy needs fewer than 8,000).
pub const MAX_SHARE_CHARS: usize = 1024 * 1024;
/// A share link's strategy may inflate to at most this many bytes (a
/// compressed payload that would grow larger is refused while inflating).
pub const MAX_SHARE_BYTES: usize = 4 * 1024 * 1024;
