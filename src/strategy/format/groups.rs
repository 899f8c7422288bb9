//! Reading the parts of a strategy file that version 2 added around the
//! graph: frames, and group definitions (their interfaces first, so that
//! instances anywhere get their pins, then their bodies).

use std::fmt;

use serde::Deserialize;
use serde::de::{MapAccess, Visitor};

use super::read::{
    Interfaces, RawNode, Scope, canvas_position, check_label, clamp_coord, quoted, read_graph,
};
use super::wire::RawWire;
use crate::strategy::error::StrategyError;
use crate::strategy::graph::frame::{FRAME_COLOURS, Frame};
use crate::strategy::graph::{GroupDef, Strategy};
use crate::strategy::kind::pins::{GroupPin, PinType};
use crate::strategy::limits::{MAX_ID_CHARS, MAX_PINS};

/// A frame as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawFrame {
    #[serde(default)]
    title: String,
    #[serde(default)]
    colour: u64,
    #[serde(default)]
    at: Option<[f64; 2]>,
    #[serde(default)]
    size: Option<[f64; 2]>,
    #[serde(default)]
    notes: String,
    #[serde(default)]
    collapsed: bool,
}

/// A group pin as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPin {
    name: String,
    #[serde(rename = "type", default)]
    ty: Option<String>,
}

/// A group definition as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawGroup {
    #[serde(default)]
    name: String,
    #[serde(default)]
    description: String,
    #[serde(default)]
    inputs: Vec<RawPin>,
    #[serde(default)]
    outputs: Vec<RawPin>,
    #[serde(default)]
    pub nodes: Vec<RawNode>,
    #[serde(default)]
    wires: Vec<RawWire>,
    #[serde(default)]
    frames: Vec<RawFrame>,
}

/// The `groups` object in file order, duplicates kept (a map type would
/// silently keep only one of two groups with the same id).
#[derive(Default)]
pub(super) struct RawGroups(pub Vec<(String, RawGroup)>);

impl<'de> Deserialize<'de> for RawGroups {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<RawGroups, D::Error> {
        struct Pairs;
        impl<'de> Visitor<'de> for Pairs {
            type Value = RawGroups;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an object of group definitions by id")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<RawGroups, A::Error> {
                let mut out = Vec::new();
                while let Some(pair) = map.next_entry::<String, RawGroup>()? {
                    out.push(pair);
                }
                Ok(RawGroups(out))
            }
        }
        d.deserialize_map(Pairs)
    }
}

/// The pin type as written: `"number"` or `"yes_no"`.
pub(super) fn pin_type_key(ty: PinType) -> &'static str {
    match ty {
        PinType::Int => "number",
        PinType::Bool => "yes_no",
    }
}

/// Reads the frames of one graph.
pub(super) fn read_frames(raw: Vec<RawFrame>) -> Result<Vec<Frame>, StrategyError> {
    raw.into_iter()
        .enumerate()
        .map(|(index, f)| {
            let bad = |message: String| StrategyError::BadFrame { index, message };
            check_label(&f.title, "the title").map_err(bad)?;
            let colour = u8::try_from(f.colour)
                .ok()
                .filter(|&c| c < FRAME_COLOURS)
                .ok_or_else(|| {
                    bad(format!(
                        "\"colour\" is {}, expected a colour number from 0 to {}",
                        f.colour,
                        FRAME_COLOURS - 1
                    ))
                })?;
            let [x, y] = canvas_position(f.at);
            let [w, h] = f.size.unwrap_or([DEFAULT_FRAME[0], DEFAULT_FRAME[1]]);
            let size = |v: f64| clamp_coord(v).max(0.0);
            Ok(Frame {
                title: f.title,
                colour,
                rect: [x, y, size(w), size(h)],
                notes: f.notes,
                collapsed: f.collapsed,
            })
        })
        .collect()
}

/// The size of a frame written without one.
const DEFAULT_FRAME: [f64; 2] = [400.0, 300.0];

/// Reads every group's interface (checking ids and pins), by id.
pub(super) fn read_interfaces(groups: &RawGroups) -> Result<Interfaces, StrategyError> {
    let mut out = Interfaces::new();
    for (id, g) in &groups.0 {
        let bad = |message: String| StrategyError::BadGroup {
            group: id.chars().take(MAX_ID_CHARS).collect(),
            message,
        };
        check_id(id).map_err(bad)?;
        let inputs = read_pins(&g.inputs, "input").map_err(bad)?;
        let outputs = read_pins(&g.outputs, "output").map_err(bad)?;
        if out.insert(id.clone(), (inputs, outputs)).is_some() {
            return Err(bad("the id is used by two groups".to_string()));
        }
    }
    Ok(out)
}

/// A group id: not empty, at most [`MAX_ID_CHARS`] characters, no control characters.
fn check_id(id: &str) -> Result<(), String> {
    if id.is_empty() {
        return Err("a group id may not be empty".to_string());
    }
    if id.chars().any(char::is_control) || id.chars().count() > MAX_ID_CHARS {
        return Err(format!(
            "the id {} is not allowed: use at most {MAX_ID_CHARS} characters, no control characters",
            quoted(id)
        ));
    }
    Ok(())
}

/// Reads a group's inputs or outputs (`what` is "input" or "output").
fn read_pins(raw: &[RawPin], what: &str) -> Result<Vec<GroupPin>, String> {
    if raw.len() > MAX_PINS {
        return Err(format!(
            "{} {what}s; a group may have at most {}",
            raw.len(),
            MAX_PINS
        ));
    }
    raw.iter()
        .enumerate()
        .map(|(i, p)| {
            check_label(&p.name, &format!("{what} {i} (counting from 0): the name"))?;
            let ty = match p.ty.as_deref() {
                None | Some("number") => PinType::Int,
                Some("yes_no") => PinType::Bool,
                Some(other) => {
                    return Err(format!(
                        "{what} {i} (counting from 0): \"type\" is {}, expected \"number\" or \"yes_no\"",
                        serde_json::json!(other)
                    ));
                }
            };
            Ok(GroupPin::new(p.name.clone(), ty))
        })
        .collect()
}

/// Reads every group's body (after [`read_interfaces`]) into definitions.
pub(super) fn read_bodies(
    groups: RawGroups,
    interfaces: &Interfaces,
) -> Result<Vec<(String, GroupDef)>, StrategyError> {
    let mut defs = Vec::with_capacity(groups.0.len());
    for (id, g) in groups.0 {
        let in_group = |e: StrategyError| StrategyError::InGroup {
            group: id.clone(),
            source: Box::new(e),
        };
        let (inputs, outputs) = interfaces.get(&id).cloned().unwrap_or_default();
        let mut body = Strategy::new(g.name);
        body.description = g.description;
        let scope = Scope {
            interfaces,
            group: Some(&id),
        };
        read_graph(&mut body, g.nodes, g.wires, &scope).map_err(in_group)?;
        body.frames = read_frames(g.frames).map_err(in_group)?;
        defs.push((
            id.clone(),
            GroupDef {
                inputs,
                outputs,
                body,
            },
        ));
    }
    Ok(defs)
}
