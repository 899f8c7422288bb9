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
use crate::strategy::kind::choices::Choice;
use crate::strategy::kind::docs::kind_by_key;
use crate::strategy::kind::pins::{GroupPin, PinSide, WeightedTerm};
use crate::strategy::kind::tuning::Tuning;
use crate::strategy::kind::{NodeKind, ParamMut};
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
pub(super) type Interfaces = BTreeMap<String, GroupPins>;

/// A group's inputs and outputs.
pub(super) type GroupPins = (Vec<GroupPin>, Vec<GroupPin>);

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

    /// The choice parameter `name`; `current` (the new node's default) when absent.
    fn choice<T: Choice>(
        &self,
        name: &str,
        value: Option<Value>,
        current: T,
    ) -> Result<T, StrategyError> {
        let Some(v) = value else { return Ok(current) };
        let found = v
            .as_str()
            .and_then(|key| T::all().iter().copied().find(|t| t.key() == key));
        found.ok_or_else(|| {
            let choices: Vec<&str> = T::all().iter().map(|&t| t.key()).collect();
            self.error(format!(
                "parameter \"{name}\" is {v}, expected one of {}",
                choices.join(", ")
            ))
        })
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
    p.read_all(&mut node_kind, scope)?;
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

/// When a parameter is taken from the file, among those of its node. The
/// order decides which of several bad parameters a file is refused for; it
/// is the order of earlier readers, so that the message stays the same: the
/// board choice first, a Constant's tuning range before its value, the rest
/// in file order.
fn read_rank(param: &ParamMut) -> u8 {
    match param {
        ParamMut::When(_) => 0,
        ParamMut::Tune(_) => 1,
        ParamMut::Owner(_)
        | ParamMut::State(_)
        | ParamMut::BoardMeasure(_)
        | ParamMut::Whose(_)
        | ParamMut::SizeMeasure(_)
        | ParamMut::Compare(_)
        | ParamMut::Number(_)
        | ParamMut::Truth(_)
        | ParamMut::Text(_)
        | ParamMut::Terms(_)
        | ParamMut::Def {
            def: _,
            inputs: _,
            outputs: _,
        }
        | ParamMut::Index {
            index: _,
            pin: _,
            side: _,
        } => 2,
    }
}

impl Params {
    /// Reads every parameter of `node_kind` (its [`NodeKind::params_mut`]
    /// table) from the file; an absent one keeps the new node's default.
    fn read_all(&mut self, node_kind: &mut NodeKind, scope: &Scope) -> Result<(), StrategyError> {
        let mut params = node_kind.params_mut();
        params.sort_by_key(|(_, param)| read_rank(param));
        for (name, param) in params {
            let value = self.take(name);
            self.read(name, param, value, scope)?;
        }
        Ok(())
    }

    /// Reads parameter `name` from `value` (`None`: not in the file) into `param`.
    fn read(
        &self,
        name: &str,
        param: ParamMut,
        value: Option<Value>,
        scope: &Scope,
    ) -> Result<(), StrategyError> {
        match param {
            ParamMut::When(p) => *p = self.choice(name, value, *p)?,
            ParamMut::Owner(p) => *p = self.choice(name, value, *p)?,
            ParamMut::State(p) => *p = self.choice(name, value, *p)?,
            ParamMut::BoardMeasure(p) => *p = self.choice(name, value, *p)?,
            ParamMut::Whose(p) => *p = self.choice(name, value, *p)?,
            ParamMut::SizeMeasure(p) => *p = self.choice(name, value, *p)?,
            ParamMut::Compare(p) => *p = self.choice(name, value, *p)?,
            ParamMut::Number(p) => {
                if let Some(v) = value {
                    *p = self.whole(&v, &format!("parameter \"{name}\""))?;
                }
            }
            ParamMut::Tune(p) => {
                if let Some(v) = value {
                    *p = Tuning::from_json(&v).map_err(|m| self.error(m))?;
                }
            }
            ParamMut::Truth(p) => {
                if let Some(v) = value {
                    *p = v.as_bool().ok_or_else(|| {
                        self.error(format!(
                            "parameter \"{name}\" is {v}, expected true or false"
                        ))
                    })?;
                }
            }
            ParamMut::Text(p) => {
                if let Some(v) = value {
                    let text = v.as_str().ok_or_else(|| {
                        self.error(format!("parameter \"{name}\" is {v}, expected text"))
                    })?;
                    *p = text.to_string();
                }
            }
            ParamMut::Terms(p) => {
                if let Some(v) = value {
                    *p = self.terms(&v)?;
                }
            }
            ParamMut::Def {
                def,
                inputs,
                outputs,
            } => {
                let (id, (i, o)) = self.def(name, value, scope)?;
                *def = id;
                *inputs = i.clone();
                *outputs = o.clone();
            }
            ParamMut::Index { index, pin, side } => {
                if let Some(v) = value {
                    *index = self.index(name, &v)?;
                }
                if let Some(p) = self.interface_pin(*index, side, scope)? {
                    *pin = p.clone();
                }
            }
        }
        Ok(())
    }

    /// A group instance's `def`: the id of a group in "groups" (required), with its pins.
    fn def<'s>(
        &self,
        name: &str,
        value: Option<Value>,
        scope: &Scope<'s>,
    ) -> Result<(String, &'s GroupPins), StrategyError> {
        let Some(v) = value else {
            return Err(self.error(format!(
                "parameter \"{name}\" is missing: it names the group in \"groups\""
            )));
        };
        let Some(id) = v.as_str() else {
            return Err(self.error(format!(
                "parameter \"{name}\" is {v}, expected the id of a group in \"groups\""
            )));
        };
        match scope.interfaces.get(id) {
            Some(pins) => Ok((id.to_string(), pins)),
            None => Err(self.error(format!("there is no group {} in \"groups\"", quoted(id)))),
        }
    }

    /// An interface node's `index`: a pin number from 0.
    fn index(&self, name: &str, v: &Value) -> Result<usize, StrategyError> {
        v.as_u64()
            .and_then(|i| usize::try_from(i).ok())
            .ok_or_else(|| {
                self.error(format!(
                    "parameter \"{name}\" is {v}, expected a pin number from 0"
                ))
            })
    }

    /// The pin an interface node with `index` stands for, from the group
    /// whose body is read; `None` at the top level (there is no group: the
    /// validator reports the node).
    fn interface_pin<'s>(
        &self,
        index: usize,
        side: PinSide,
        scope: &Scope<'s>,
    ) -> Result<Option<&'s GroupPin>, StrategyError> {
        let Some(group) = scope.group else {
            return Ok(None);
        };
        let (inputs, outputs) = scope
            .interfaces
            .get(group)
            .map_or((&[][..], &[][..]), |(i, o)| (i.as_slice(), o.as_slice()));
        let (pins, what) = match side {
            PinSide::Input => (inputs, "inputs"),
            PinSide::Output => (outputs, "outputs"),
        };
        match pins.get(index) {
            Some(p) => Ok(Some(p)),
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
