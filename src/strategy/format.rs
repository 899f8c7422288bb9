//! The strategy file format (`docs/strategy-format.md`): JSON, one strategy per
//! file, written deterministically so that saving the same graph twice gives
//! the same bytes, and read defensively so that no input panics or hangs.

use serde::Deserialize;
use serde_json::{Map, Value, json};

use super::docs::{info, kind_by_key};
use super::graph::{Node, NodeId, Strategy, Wire};
use super::kind::{
    BoardMeasure, CompareOp, NodeKind, OwnerFilter, SizeMeasure, StateFilter, When, Whose,
};
use super::tuning::Tuning;
use super::{StrategyError, TooLarge};

/// The value of the `format` field.
pub const FORMAT: &str = "chainlab-strategy";
/// The format version this build writes (and the newest it reads).
pub const VERSION: u64 = 1;
/// Files larger than this are refused before parsing.
pub const MAX_FILE_BYTES: usize = 32 * 1024 * 1024;
/// Graphs with more nodes than this are refused.
pub const MAX_NODES: usize = 250_000;
/// Canvas positions are limited to ± this.
const MAX_COORD: f64 = 1.0e7;

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
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawNode {
    id: u32,
    kind: String,
    #[serde(default)]
    params: Map<String, Value>,
    #[serde(default)]
    at: Option<[f64; 2]>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawWire {
    from: u32,
    to: u32,
    input: String,
}

impl Strategy {
    /// Reads a strategy file's text. Structural problems (bad JSON, unknown
    /// kinds or parameters, duplicate ids, wires to missing nodes or pins) are
    /// errors; problems the graph can hold (cycles, two outputs, type
    /// mismatches) load and are reported by [`Strategy::validate`].
    /// A leading byte-order mark is skipped.
    pub fn from_json(text: &str) -> Result<Strategy, StrategyError> {
        let text = crate::input::strip_bom(text);
        if text.len() > MAX_FILE_BYTES {
            return Err(StrategyError::TooLarge(TooLarge::Bytes(text.len())));
        }
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
        let version = header.version.as_ref().and_then(Value::as_u64);
        match version {
            Some(VERSION) => {}
            Some(v) if v > VERSION => return Err(StrategyError::NewerVersion(v)),
            _ => {
                return Err(StrategyError::Format(format!(
                    "\"version\" must be a format version from 1 to {VERSION}, found {}",
                    header
                        .version
                        .map_or("nothing".to_string(), |v| v.to_string())
                )));
            }
        }
        // Version 1 is the first format; migrations of older versions go here.
        let raw: RawFile = serde_json::from_str(text)?;
        if raw.nodes.len() > MAX_NODES {
            return Err(StrategyError::TooLarge(TooLarge::Nodes(raw.nodes.len())));
        }
        let mut strategy = Strategy::new(raw.name);
        strategy.description = raw.description;
        let mut seen = std::collections::HashSet::with_capacity(raw.nodes.len());
        let mut nodes = Vec::with_capacity(raw.nodes.len());
        for raw_node in raw.nodes {
            let node = read_node(raw_node)?;
            if !seen.insert(node.id) {
                return Err(StrategyError::DuplicateId(node.id));
            }
            nodes.push(node);
        }
        // Sorted in bulk: inserting one by one is quadratic for files in reverse order.
        strategy.set_nodes(nodes);
        let mut wires = Vec::with_capacity(raw.wires.len());
        for (i, w) in raw.wires.into_iter().enumerate() {
            wires.push(read_wire(&strategy, i, w)?);
        }
        strategy.set_wires(wires);
        Ok(strategy)
    }

    /// Writes the strategy file's text: nodes sorted by id, wires sorted, one
    /// per line, so that the same graph always gives the same bytes.
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
        out.push_str("  \"nodes\": [");
        let nodes: Vec<String> = self.nodes().iter().map(write_node).collect();
        push_lines(&mut out, &nodes);
        out.push_str("],\n  \"wires\": [");
        let wires: Vec<String> = self
            .wires()
            .iter()
            .filter_map(|w| {
                let input = self.node(w.to)?.input(w.input)?.name;
                Some(format!(
                    "{{\"from\": {}, \"to\": {}, \"input\": {}}}",
                    w.from,
                    w.to,
                    json!(input)
                ))
            })
            .collect();
        push_lines(&mut out, &wires);
        out.push_str("]\n}\n");
        out
    }
}

fn push_lines(out: &mut String, items: &[String]) {
    if items.is_empty() {
        return;
    }
    out.push('\n');
    for (i, item) in items.iter().enumerate() {
        out.push_str("    ");
        out.push_str(item);
        if i + 1 < items.len() {
            out.push(',');
        }
        out.push('\n');
    }
    out.push_str("  ");
}

fn write_node(node: &Node) -> String {
    let key = info(node.kind.kind()).key;
    let params = params_of(&node.kind);
    let at = format!("[{}, {}]", round(node.pos[0]), round(node.pos[1]));
    if params.is_empty() {
        format!("{{\"id\": {}, \"kind\": \"{key}\", \"at\": {at}}}", node.id)
    } else {
        let params: Vec<String> = params
            .iter()
            .map(|(k, v)| format!("{}: {}", json!(k), value_text(v)))
            .collect();
        format!(
            "{{\"id\": {}, \"kind\": \"{key}\", \"params\": {{{}}}, \"at\": {at}}}",
            node.id,
            params.join(", ")
        )
    }
}

/// A parameter's value as written: JSON, with a space after each `:` and
/// `,` of an object (`{"min": 0, "max": 20}`), as the rest of the line.
fn value_text(value: &Value) -> String {
    match value {
        Value::Object(map) => {
            let fields: Vec<String> = map
                .iter()
                .map(|(k, v)| format!("{}: {}", json!(k), value_text(v)))
                .collect();
            format!("{{{}}}", fields.join(", "))
        }
        other => other.to_string(),
    }
}

/// Positions are saved rounded to whole canvas units.
fn round(v: f32) -> i64 {
    if v.is_finite() {
        (f64::from(v).clamp(-MAX_COORD, MAX_COORD)).round() as i64
    } else {
        0
    }
}

/// The parameters of a node kind, in file order.
fn params_of(kind: &NodeKind) -> Vec<(&'static str, Value)> {
    let when = |w: &When| ("when", json!(w.key()));
    match kind {
        NodeKind::Atoms { when: w }
        | NodeKind::IsEmpty { when: w }
        | NodeKind::IsMine { when: w }
        | NodeKind::IsCritical { when: w }
        | NodeKind::IsEndangered { when: w }
        | NodeKind::Danger { when: w }
        | NodeKind::PlayersLeft { when: w } => vec![when(w)],
        NodeKind::Neighbours {
            owner,
            state,
            when: w,
        } => vec![
            ("owner", json!(owner.key())),
            ("state", json!(state.key())),
            when(w),
        ],
        NodeKind::BoardCount {
            measure,
            whose,
            when: w,
        } => vec![
            ("measure", json!(measure.key())),
            ("whose", json!(whose.key())),
            when(w),
        ],
        NodeKind::BoardSize { measure } => vec![("measure", json!(measure.key()))],
        NodeKind::Constant { value, tune } => {
            let mut params = vec![("value", json!(value))];
            params.extend(tune.to_json().map(|t| ("tune", t)));
            params
        }
        NodeKind::Truth { value } => vec![("value", json!(value))],
        NodeKind::Compare { op } => vec![("op", json!(op.key()))],
        NodeKind::Comment { text } => vec![("text", json!(text))],
        _ => Vec::new(),
    }
}

/// Reads a node's parameters, naming the node in every error.
struct Params {
    id: NodeId,
    key: String,
    map: Map<String, Value>,
}

impl Params {
    fn error(&self, message: String) -> StrategyError {
        StrategyError::BadNode {
            id: self.id,
            kind: self.key.clone(),
            message,
        }
    }

    fn take(&mut self, name: &str) -> Option<Value> {
        self.map.remove(name)
    }

    /// The parameter `name`; `current` (the new node's default) when absent.
    fn choice<T: Copy>(
        &mut self,
        name: &str,
        current: T,
        from_key: fn(&str) -> Option<T>,
        all: &[T],
        key: fn(T) -> &'static str,
    ) -> Result<T, StrategyError> {
        match self.take(name) {
            None => Ok(current),
            Some(v) => v.as_str().and_then(from_key).ok_or_else(|| {
                let choices: Vec<&str> = all.iter().map(|&t| key(t)).collect();
                self.error(format!(
                    "parameter \"{name}\" is {v}, expected one of {}",
                    choices.join(", ")
                ))
            }),
        }
    }

    fn when(&mut self, current: When) -> Result<When, StrategyError> {
        self.choice("when", current, When::from_key, When::ALL, When::key)
    }

    fn finish(self) -> Result<(), StrategyError> {
        match self.map.keys().next() {
            None => Ok(()),
            Some(k) => Err(self.error(format!("unknown parameter \"{k}\""))),
        }
    }
}

/// Reads one node: its kind, its parameters (each checked, none unknown)
/// and its place on the canvas.
fn read_node(raw: RawNode) -> Result<Node, StrategyError> {
    let id = NodeId(raw.id);
    let Some(kind) = kind_by_key(&raw.kind) else {
        return Err(StrategyError::UnknownKind { id, kind: raw.kind });
    };
    let mut p = Params {
        id,
        key: raw.kind,
        map: raw.params,
    };
    let mut node_kind = NodeKind::new(kind);
    if let Some(when) = node_kind.when_mut() {
        *when = p.when(*when)?;
    }
    p.choices(&mut node_kind)?;
    p.values(&mut node_kind)?;
    p.finish()?;
    Ok(Node::new(id, node_kind, canvas_position(raw.at)))
}

/// A node's place as written, clamped to the canvas (0 for non-finite values).
fn canvas_position(at: Option<[f64; 2]>) -> [f32; 2] {
    at.map_or([0.0, 0.0], |[x, y]| {
        let fix = |v: f64| {
            if v.is_finite() {
                v.clamp(-MAX_COORD, MAX_COORD) as f32
            } else {
                0.0
            }
        };
        [fix(x), fix(y)]
    })
}

impl Params {
    /// Reads the parameters that are a choice from a list (owner, state,
    /// measure, whose, comparison) into `node_kind`.
    fn choices(&mut self, node_kind: &mut NodeKind) -> Result<(), StrategyError> {
        let p = self;
        match node_kind {
            NodeKind::Neighbours { owner, state, .. } => {
                *owner = p.choice(
                    "owner",
                    *owner,
                    OwnerFilter::from_key,
                    OwnerFilter::ALL,
                    OwnerFilter::key,
                )?;
                *state = p.choice(
                    "state",
                    *state,
                    StateFilter::from_key,
                    StateFilter::ALL,
                    StateFilter::key,
                )?;
            }
            NodeKind::BoardCount { measure, whose, .. } => {
                *measure = p.choice(
                    "measure",
                    *measure,
                    BoardMeasure::from_key,
                    BoardMeasure::ALL,
                    BoardMeasure::key,
                )?;
                *whose = p.choice("whose", *whose, Whose::from_key, Whose::ALL, Whose::key)?;
            }
            NodeKind::BoardSize { measure } => {
                *measure = p.choice(
                    "measure",
                    *measure,
                    SizeMeasure::from_key,
                    SizeMeasure::ALL,
                    SizeMeasure::key,
                )?;
            }
            NodeKind::Compare { op } => {
                *op = p.choice(
                    "op",
                    *op,
                    CompareOp::from_key,
                    CompareOp::ALL,
                    CompareOp::key,
                )?;
            }
            _ => {}
        }
        Ok(())
    }

    /// Reads the parameters that are free values (a number, yes/no, text)
    /// into `node_kind`.
    fn values(&mut self, node_kind: &mut NodeKind) -> Result<(), StrategyError> {
        let p = self;
        match node_kind {
            NodeKind::Constant { value, tune } => {
                if let Some(t) = p.take("tune") {
                    *tune = Tuning::from_json(&t).map_err(|m| p.error(m))?;
                }
                if let Some(v) = p.take("value") {
                    *value = v.as_i64().ok_or_else(|| {
                        p.error(format!(
                            "parameter \"value\" is {v}, expected a whole number from {} to {}",
                            i64::MIN,
                            i64::MAX
                        ))
                    })?;
                }
            }
            NodeKind::Truth { value } => {
                if let Some(v) = p.take("value") {
                    *value = v.as_bool().ok_or_else(|| {
                        p.error(format!(
                            "parameter \"value\" is {v}, expected true or false"
                        ))
                    })?;
                }
            }
            NodeKind::Comment { text } => {
                if let Some(v) = p.take("text") {
                    *text = v
                        .as_str()
                        .ok_or_else(|| {
                            p.error(format!("parameter \"text\" is {v}, expected text"))
                        })?
                        .to_string();
                }
            }
            _ => {}
        }
        Ok(())
    }
}

fn read_wire(strategy: &Strategy, index: usize, raw: RawWire) -> Result<Wire, StrategyError> {
    let bad = |message: String| StrategyError::BadWire { index, message };
    let (from, to) = (NodeId(raw.from), NodeId(raw.to));
    let source = strategy
        .node(from)
        .ok_or_else(|| bad(format!("\"from\": {from} is not a node of this strategy")))?;
    let target = strategy
        .node(to)
        .ok_or_else(|| bad(format!("\"to\": {to} is not a node of this strategy")))?;
    if source.output().is_none() {
        return Err(bad(format!(
            "{} has no output to wire from",
            source.label()
        )));
    }
    let input = target
        .inputs()
        .iter()
        .position(|p| p.name == raw.input)
        .ok_or_else(|| {
            let names: Vec<&str> = target.inputs().iter().map(|p| p.name).collect();
            bad(if names.is_empty() {
                format!("{} has no inputs", target.label())
            } else {
                format!(
                    "{} has no input \"{}\" (its inputs: {})",
                    target.label(),
                    raw.input,
                    names.join(", ")
                )
            })
        })?;
    Ok(Wire::new(from, to, input))
}
