//! The strategy file format (`docs/strategy-format.md`): JSON, one strategy per
//! file, written deterministically so that saving the same graph twice gives
//! the same bytes, and read defensively so that no input panics or hangs.
//!
//! Reading goes in the order the parts depend on each other: the header and
//! version (this file); the group interfaces (so that every group instance,
//! wherever it is, gets its pins) and the group bodies and frames
//! (`groups.rs`); the top level's nodes and their parameters (`read.rs`) and
//! wires (`wire.rs`). Writing is `write.rs`; files on disk, read through a
//! size limit and saved atomically, are `files.rs`. Both directions take a
//! node's parameters from the kind's parameter table
//! ([`crate::strategy::NodeKind::params`]).
//! Version 1 files are version 2 files without labels, frames, groups and the
//! new kinds, so they load unchanged; saving always writes version 2.

pub(super) mod files;
pub(super) mod groups;
pub(super) mod read;
mod wire;
mod write;

use serde::Deserialize;
use serde_json::{Value, json};

use crate::strategy::error::{StrategyError, TooLarge};
use crate::strategy::graph::Strategy;
use crate::strategy::limits::{MAX_FILE_BYTES, MAX_GROUPS, MAX_NODES, VERSION};
use groups::{RawFrame, RawGroups, read_bodies, read_frames, read_interfaces};
use read::{RawNode, Scope, read_graph};
use wire::RawWire;
use write::{push_graph, push_groups};

/// The value of the `format` field.
pub const FORMAT: &str = "chainlab-strategy";

#[derive(Deserialize)]
struct Header {
    format: Option<Value>,
    version: Option<Value>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    #[allow(dead_code)]
    format: String,
    #[allow(dead_code)]
    version: u64,
    #[serde(default)]
    name: String,
    #[serde(default)]
    description: String,
    #[serde(default)]
    nodes: Vec<RawNode>,
    #[serde(default)]
    wires: Vec<RawWire>,
    #[serde(default)]
    frames: Vec<RawFrame>,
    #[serde(default)]
    groups: RawGroups,
}

/// Checks the `format` and `version` fields before anything else is read
/// (so that a newer file is refused as newer, however it looks inside).
fn check_header(text: &str) -> Result<(), StrategyError> {
    let header: Header = serde_json::from_str(text)?;
    match header.format.as_ref().and_then(Value::as_str) {
        Some(FORMAT) => {}
        Some(other) => {
            return Err(StrategyError::Format(format!(
                "\"format\" is \"{other}\", expected \"{FORMAT}\""
            )));
        }
        None => {
            return Err(StrategyError::Format(format!(
                "not a strategy file: \"format\": \"{FORMAT}\" is missing"
            )));
        }
    }
    match header.version.as_ref().and_then(Value::as_u64) {
        Some(1..=VERSION) => Ok(()),
        Some(v) if v > VERSION => Err(StrategyError::NewerVersion(v)),
        _ => Err(StrategyError::Format(format!(
            "\"version\" must be a format version from 1 to {VERSION}, found {}",
            header
                .version
                .map_or("nothing".to_string(), |v| v.to_string())
        ))),
    }
}

impl Strategy {
    /// Reads a strategy file's text. Structural problems (bad JSON, unknown
    /// kinds or parameters, duplicate ids, wires to missing nodes or pins,
    /// instances of missing groups) are errors; problems the graph can hold
    /// (cycles, two outputs, type mismatches, recursive groups) load and are
    /// reported by [`Strategy::validate`]. A leading byte-order mark is skipped.
    pub fn from_json(text: &str) -> Result<Strategy, StrategyError> {
        let text = crate::input::strip_bom(text);
        if text.len() > MAX_FILE_BYTES {
            return Err(StrategyError::TooLarge(TooLarge::Bytes(text.len())));
        }
        check_header(text)?;
        // Version 1 is version 2 without the new fields: nothing to migrate.
        let raw: RawFile = serde_json::from_str(text)?;
        if raw.groups.0.len() > MAX_GROUPS {
            return Err(StrategyError::TooLarge(TooLarge::Groups(
                raw.groups.0.len(),
            )));
        }
        let total = raw
            .groups
            .0
            .iter()
            .fold(raw.nodes.len(), |n, (_, g)| n.saturating_add(g.nodes.len()));
        if total > MAX_NODES {
            return Err(StrategyError::TooLarge(TooLarge::Nodes(total)));
        }
        let interfaces = read_interfaces(&raw.groups)?;
        let defs = read_bodies(raw.groups, &interfaces)?;
        let mut strategy = Strategy::new(raw.name);
        strategy.description = raw.description;
        let scope = Scope {
            interfaces: &interfaces,
            group: None,
        };
        read_graph(&mut strategy, raw.nodes, raw.wires, &scope)?;
        strategy.frames = read_frames(raw.frames)?;
        strategy.groups = defs.into_iter().collect();
        strategy.sync_groups();
        Ok(strategy)
    }

    /// Writes the strategy file's text (always the newest version): nodes
    /// sorted by id, wires sorted, one per line, groups sorted by id, so that
    /// the same graph always gives the same bytes.
    pub fn to_json(&self) -> String {
        let mut out = String::new();
        out.push_str("{\n");
        out.push_str(&format!("  \"format\": {},\n", json!(FORMAT)));
        out.push_str(&format!("  \"version\": {VERSION},\n"));
        out.push_str(&format!("  \"name\": {},\n", json!(self.name)));
        out.push_str(&format!(
            "  \"description\": {},\n",
            json!(self.description)
        ));
        push_graph(&mut out, self, "  ");
        push_groups(&mut out, self);
        out.push_str("\n}\n");
        out
    }
}
