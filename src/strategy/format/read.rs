//! Reading one graph of a strategy file (the top level or a group's body):
//! nodes with their kinds, parameters, labels and places, and wires by pin
//! name. Every error names the node or the wire (`docs/strategy-format.md`).

use std::collections::BTreeMap;

use serde::Deserialize;
use serde_json::{Map, Value};

use super::wire::{RawWire, read_wire};
use crate::strategy::error::StrategyError;
use crate::strategy::graph::{Node, Strategy};
use crate::strategy::id::NodeId;
use crate::strategy::kind::docs::kind_by_key;
use crate::strategy::kind::pins::{GroupPin, WeightedTerm};
use crate::strategy::kind::tuning::Tuning;
use crate::strategy::kind::{
    BoardMeasure, CompareOp, NodeKind, OwnerFilter, SizeMeasure, StateFilter, When, Whose,
};
use crate::strategy::limits::{MAX_COORD, MAX_LABEL_CHARS, MAX_TERMS};

/// A node as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawNode {
    id: u32,
    kind: String,
    #[serde(default)]
    label: Option<String>,
    #[serde(default)]
    params: Map<String, Value>,
    #[serde(default)]
    at: Option<[f64; 2]>,
}

/// The group interfaces by id (inputs, outputs): what instances and
/// interface nodes take their pins from.
pub(super) type Interfaces = BTreeMap<String, (Vec<GroupPin>, Vec<GroupPin>)>;

/// Where a graph is read: the interfaces of every group, and the group whose
/// body it is (`None` at the top level).
pub(super) struct Scope<'a> {
    /// Every group's pins.
    pub interfaces: &'a Interfaces,
    /// The group whose body is read.
    pub group: Option<&'a str>,
}

/// Reads the nodes and wires of one graph into `strategy`.
pub(super) fn read_graph(
    strategy: &mut Strategy,
    raw_nodes: Vec<RawNode>,
    raw_wires: Vec<RawWire>,
    scope: &Scope,
) -> Result<(), StrategyError> {
    let mut seen = std::collections::HashSet::with_capacity(raw_nodes.len());
    let mut nodes = Vec::with_capacity(raw_nodes.len());
    for raw_node in raw_nodes {
        let node = read_node(raw_node, scope)?;
        if !seen.insert(node.id) {
            return Err(StrategyError::DuplicateId(node.id));
        }
        nodes.push(node);
    }
    // Sorted in bulk: inserting one by one is quadratic for files in reverse order.
    strategy.set_nodes(nodes);
    let mut wires = Vec::with_capacity(raw_wires.len());
    for (i, w) in raw_wires.into_iter().enumerate() {
        wires.push(read_wire(strategy, i, w)?);
    }
    strategy.set_wires(wires);
    Ok(())
}

/// Checks a label-like text: at most [`MAX_LABEL_CHARS`] characters and no
/// control characters. `what` names it in the message.
pub(super) fn check_label(text: &str, what: &str) -> Result<(), String> {
    if let Some(c) = text.chars().find(|c| c.is_control()) {
        return Err(format!(
            "{what} {} has the control character {c:?}; use plain text",
            serde_json::json!(text)
        ));
    }
    let n = text.chars().count();
    if n > MAX_LABEL_CHARS {
        return Err(format!(
            "{what} has {n} characters; at most {MAX_LABEL_CHARS} are allowed"
        ));
    }
    Ok(())
}

/// A node's label as written: trimmed, `None` when empty.
fn read_label(
    id: NodeId,
    kind: &str,
    label: Option<String>,
) -> Result<Option<String>, StrategyError> {
    let Some(label) = label else { return Ok(None) };
    let label = label.trim();
    check_label(label, "the label").map_err(|message| StrategyError::BadNode {
        id,
        kind: kind.to_string(),
        message,
    })?;
    Ok((!label.is_empty()).then(|| label.to_string()))
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

    /// A whole number parameter (`what` says which in the message).
    fn whole(&self, v: &Value, what: &str) -> Result<i64, StrategyError> {
        v.as_i64().ok_or_else(|| {
            self.error(format!(
                "{what} is {v}, expected a whole number from {} to {}",
                i64::MIN,
                i64::MAX
            ))
        })
    }

    fn finish(self) -> Result<(), StrategyError> {
        match self.map.keys().next() {
            None => Ok(()),
            Some(k) => Err(self.error(format!("unknown parameter \"{k}\""))),
        }
    }
}

/// Reads one node: its kind, its parameters (each checked, none unknown),
/// its label and its place on the canvas.
fn read_node(raw: RawNode, scope: &Scope) -> Result<Node, StrategyError> {
    let id = NodeId(raw.id);
    let Some(kind) = kind_by_key(&raw.kind) else {
        return Err(StrategyError::UnknownKind { id, kind: raw.kind });
    };
    let label = read_label(id, &raw.kind, raw.label)?;
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
    p.composite(&mut node_kind, scope)?;
    p.finish()?;
    let mut node = Node::new(id, node_kind, canvas_position(raw.at));
    node.label = label;
    Ok(node)
}

/// A place as written, clamped to the canvas (0 for non-finite values).
pub(super) fn canvas_position(at: Option<[f64; 2]>) -> [f32; 2] {
    at.map_or([0.0, 0.0], |[x, y]| [clamp_coord(x), clamp_coord(y)])
}

/// One coordinate clamped to the canvas (0 when not finite).
pub(super) fn clamp_coord(v: f64) -> f32 {
    if v.is_finite() {
        v.clamp(-MAX_COORD, MAX_COORD) as f32
    } else {
        0.0
    }
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
                    *value = p.whole(&v, "parameter \"value\"")?;
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

    /// Reads the parameters of the kinds whose pins are data: a Weighted
    /// sum's terms, a group instance's definition (its pins are copied from
    /// it), and an interface node's index (its pin is the group's).
    fn composite(&mut self, node_kind: &mut NodeKind, scope: &Scope) -> Result<(), StrategyError> {
        match node_kind {
            NodeKind::WeightedSum { terms } => {
                if let Some(v) = self.take("terms") {
                    *terms = self.terms(&v)?;
                }
            }
            NodeKind::Group {
                def,
                inputs,
                outputs,
            } => {
                let Some(v) = self.take("def") else {
                    return Err(self.error(
                        "parameter \"def\" is missing: it names the group in \"groups\""
                            .to_string(),
                    ));
                };
                let Some(id) = v.as_str() else {
                    return Err(self.error(format!(
                        "parameter \"def\" is {v}, expected the id of a group in \"groups\""
                    )));
                };
                let Some((i, o)) = scope.interfaces.get(id) else {
                    return Err(
                        self.error(format!("there is no group {} in \"groups\"", quoted(id)))
                    );
                };
                *def = id.to_string();
                *inputs = i.clone();
                *outputs = o.clone();
            }
            NodeKind::GroupInput { .. } => self.interface(node_kind, true, scope)?,
            NodeKind::GroupOutput { .. } => self.interface(node_kind, false, scope)?,
            _ => {}
        }
        Ok(())
    }

    /// Reads an interface node's index and takes its pin from the group.
    fn interface(
        &mut self,
        node_kind: &mut NodeKind,
        is_input: bool,
        scope: &Scope,
    ) -> Result<(), StrategyError> {
        let (NodeKind::GroupInput { index, pin } | NodeKind::GroupOutput { index, pin }) =
            node_kind
        else {
            return Ok(());
        };
        if let Some(v) = self.take("index") {
            *index = v
                .as_u64()
                .and_then(|i| usize::try_from(i).ok())
                .ok_or_else(|| {
                    self.error(format!(
                        "parameter \"index\" is {v}, expected a pin number from 0"
                    ))
                })?;
        }
        // At the top level there is no group: the validator reports the node.
        let Some(group) = scope.group else {
            return Ok(());
        };
        let (inputs, outputs) = scope
            .interfaces
            .get(group)
            .map_or((&[][..], &[][..]), |(i, o)| (i.as_slice(), o.as_slice()));
        let (pins, what) = if is_input {
            (inputs, "inputs")
        } else {
            (outputs, "outputs")
        };
        match pins.get(*index) {
            Some(p) => {
                *pin = p.clone();
                Ok(())
            }
            None => Err(self.error(format!(
                "\"index\" is {index}, but the group has {} {what}{}",
                pins.len(),
                if pins.is_empty() {
                    String::new()
                } else {
                    format!(" (0 to {})", pins.len() - 1)
                }
            ))),
        }
    }

    /// Reads a Weighted sum's terms: `[{"label": …, "weight": …, "tune": …}]`.
    fn terms(&self, v: &Value) -> Result<Vec<WeightedTerm>, StrategyError> {
        let Some(list) = v.as_array() else {
            return Err(self.error(format!(
                "parameter \"terms\" is {v:.40}, expected a list of {{\"label\": …, \"weight\": …}}"
            )));
        };
        if list.len() > MAX_TERMS {
            return Err(self.error(format!(
                "{} terms; a Weighted sum may have at most {MAX_TERMS}",
                list.len()
            )));
        }
        list.iter()
            .enumerate()
            .map(|(i, t)| self.term(i, t))
            .collect()
    }

    /// Reads term number `i`.
    fn term(&self, i: usize, v: &Value) -> Result<WeightedTerm, StrategyError> {
        let what = format!("term {i} (counting from 0)");
        let Some(map) = v.as_object() else {
            return Err(self.error(format!(
                "{what} is {v:.40}, expected {{\"label\": …, \"weight\": …}}"
            )));
        };
        if let Some(k) = map
            .keys()
            .find(|k| !["label", "weight", "tune"].contains(&k.as_str()))
        {
            return Err(self.error(format!("{what}: unknown field \"{k}\"")));
        }
        let label = match map.get("label") {
            Some(Value::String(s)) => s.clone(),
            other => {
                return Err(self.error(format!(
                    "{what}: \"label\" is {}, expected text",
                    other.map_or("missing".to_string(), |o| format!("{o:.40}"))
                )));
            }
        };
        check_label(&label, &format!("{what}: the label")).map_err(|m| self.error(m))?;
        let weight = match map.get("weight") {
            Some(w) => self.whole(w, &format!("{what}: \"weight\""))?,
            None => return Err(self.error(format!("{what}: \"weight\" is missing"))),
        };
        let tune = match map.get("tune") {
            Some(t) => Tuning::from_json(t).map_err(|m| self.error(format!("{what}: {m}")))?,
            None => Tuning::Auto,
        };
        Ok(WeightedTerm {
            label,
            weight,
            tune,
        })
    }
}

/// `text` in single quotes, with control characters escaped.
pub(super) fn quoted(text: &str) -> String {
    let shown: String = text.chars().flat_map(char::escape_debug).collect();
    format!("'{shown}'")
}
