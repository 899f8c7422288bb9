//! Writing a strategy file: one node, wire or frame per line, groups sorted
//! by id, so that the same graph always gives the same bytes.

use serde_json::{Value, json};

use super::groups::pin_type_key;
use super::wire::all_unique;
use crate::strategy::graph::frame::Frame;
use crate::strategy::graph::{GroupDef, Node, Strategy, Wire};
use crate::strategy::kind::docs::info;
use crate::strategy::kind::pins::{GroupPin, WeightedTerm};
use crate::strategy::kind::{NodeKind, Param};
use crate::strategy::limits::{MAX_COORD, MAX_LABEL_CHARS};

/// A label as written: control characters become spaces and it is cut at
/// [`MAX_LABEL_CHARS`] characters, so that whatever the editor holds saves
/// to a file that loads (the reader refuses both).
fn clean(label: &str) -> String {
    label
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .take(MAX_LABEL_CHARS)
        .collect()
}

/// Writes the items of a list, one per line at `indent`, closing at the
/// indent one level out.
fn push_lines(out: &mut String, items: &[String], indent: &str) {
    if items.is_empty() {
        return;
    }
    out.push('\n');
    for (i, item) in items.iter().enumerate() {
        out.push_str(indent);
        out.push_str(item);
        if i + 1 < items.len() {
            out.push(',');
        }
        out.push('\n');
    }
    out.push_str(indent.get(2..).unwrap_or_default());
}

/// Writes `"nodes"`, `"wires"` and (when there are any) `"frames"` of
/// `graph`, each key at `indent`; the text ends after the last list (no
/// comma, no line break).
pub(super) fn push_graph(out: &mut String, graph: &Strategy, indent: &str) {
    let inner = format!("{indent}  ");
    out.push_str(&format!("{indent}\"nodes\": ["));
    let nodes: Vec<String> = graph.nodes().iter().map(write_node).collect();
    push_lines(out, &nodes, &inner);
    out.push_str(&format!("],\n{indent}\"wires\": ["));
    let wires: Vec<String> = graph
        .wires()
        .iter()
        .filter_map(|w| write_wire(graph, w))
        .collect();
    push_lines(out, &wires, &inner);
    out.push(']');
    if !graph.frames.is_empty() {
        out.push_str(&format!(",\n{indent}\"frames\": ["));
        let frames: Vec<String> = graph.frames.iter().map(write_frame).collect();
        push_lines(out, &frames, &inner);
        out.push(']');
    }
}

/// Writes `"groups"` (when there are any), sorted by id, starting with a
/// comma after what came before.
pub(super) fn push_groups(out: &mut String, strategy: &Strategy) {
    if strategy.groups().is_empty() {
        return;
    }
    out.push_str(",\n  \"groups\": {\n");
    let count = strategy.groups().len();
    for (i, (id, def)) in strategy.groups().iter().enumerate() {
        push_group(out, id, def);
        out.push_str(if i + 1 < count { ",\n" } else { "\n" });
    }
    out.push_str("  }");
}

/// One group definition, at four spaces.
fn push_group(out: &mut String, id: &str, def: &GroupDef) {
    let pins = |pins: &[GroupPin]| -> String {
        let items: Vec<String> = pins
            .iter()
            .map(|p| {
                format!(
                    "{{\"name\": {}, \"type\": \"{}\"}}",
                    json!(clean(&p.name)),
                    pin_type_key(p.ty)
                )
            })
            .collect();
        format!("[{}]", items.join(", "))
    };
    out.push_str(&format!("    {}: {{\n", json!(id)));
    out.push_str(&format!("      \"name\": {},\n", json!(def.body.name)));
    out.push_str(&format!(
        "      \"description\": {},\n",
        json!(def.body.description)
    ));
    out.push_str(&format!("      \"inputs\": {},\n", pins(&def.inputs)));
    out.push_str(&format!("      \"outputs\": {},\n", pins(&def.outputs)));
    push_graph(out, &def.body, "      ");
    out.push_str("\n    }");
}

/// A pin as a wire names it: its name (as written), or its index as a
/// decimal string when the node's pin names are not unique.
fn pin_text(names: &[&str], index: usize) -> Option<String> {
    let names: Vec<String> = names.iter().map(|n| clean(n)).collect();
    let name = names.get(index)?;
    Some(if all_unique(names.iter().map(String::as_str)) {
        name.clone()
    } else {
        index.to_string()
    })
}

fn write_wire(graph: &Strategy, w: &Wire) -> Option<String> {
    let target = graph.node(w.to)?;
    let inputs = target.inputs();
    let names: Vec<&str> = inputs.iter().map(|p| p.name).collect();
    let input = pin_text(&names, w.input)?;
    let source = graph.node(w.from);
    let output = match source.map(|s| &s.kind) {
        Some(NodeKind::Group { outputs, .. }) => {
            let names: Vec<&str> = outputs.iter().map(|p| p.name.as_str()).collect();
            let name = pin_text(&names, w.output)?;
            format!(", \"output\": {}", json!(name))
        }
        _ => String::new(),
    };
    Some(format!(
        "{{\"from\": {}{output}, \"to\": {}, \"input\": {}}}",
        w.from,
        w.to,
        json!(input)
    ))
}

fn write_frame(f: &Frame) -> String {
    let [x, y, w, h] = f.rect;
    let mut text = format!(
        "{{\"title\": {}, \"colour\": {}, \"at\": [{}, {}], \"size\": [{}, {}]",
        json!(clean(&f.title)),
        f.colour,
        round(x),
        round(y),
        round(w).max(0),
        round(h).max(0)
    );
    if !f.notes.is_empty() {
        text.push_str(&format!(", \"notes\": {}", json!(f.notes)));
    }
    if f.collapsed {
        text.push_str(", \"collapsed\": true");
    }
    text.push('}');
    text
}

fn write_node(node: &Node) -> String {
    let key = info(node.kind.kind()).key;
    let mut text = format!("{{\"id\": {}, \"kind\": \"{key}\"", node.id);
    let label = node.label.as_deref().map(|l| clean(l.trim()));
    if let Some(label) = label.as_deref().map(str::trim).filter(|l| !l.is_empty()) {
        text.push_str(&format!(", \"label\": {}", json!(label)));
    }
    let params = params_of(&node.kind);
    if !params.is_empty() {
        let params: Vec<String> = params
            .iter()
            .map(|(k, v)| format!("{}: {}", json!(k), value_text(v)))
            .collect();
        text.push_str(&format!(", \"params\": {{{}}}", params.join(", ")));
    }
    text.push_str(&format!(
        ", \"at\": [{}, {}]}}",
        round(node.pos[0]),
        round(node.pos[1])
    ));
    text
}

/// A parameter's value as written: JSON, with a space after each `:` and
/// `,` of an object or list (`{"min": 0, "max": 20}`), as the rest of the line.
fn value_text(value: &Value) -> String {
    match value {
        Value::Object(map) => {
            let fields: Vec<String> = map
                .iter()
                .map(|(k, v)| format!("{}: {}", json!(k), value_text(v)))
                .collect();
            format!("{{{}}}", fields.join(", "))
        }
        Value::Array(items) => {
            let items: Vec<String> = items.iter().map(value_text).collect();
            format!("[{}]", items.join(", "))
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

/// A Weighted sum's term as written: label, weight, and tune unless automatic.
fn term_json(t: &WeightedTerm) -> Value {
    let mut map = serde_json::Map::new();
    map.insert("label".to_string(), json!(clean(&t.label)));
    map.insert("weight".to_string(), json!(t.weight));
    if let Some(tune) = t.tune.to_json() {
        map.insert("tune".to_string(), tune);
    }
    Value::Object(map)
}

/// The parameters of a node kind as written, in the order of its table
/// ([`NodeKind::params`]).
fn params_of(kind: &NodeKind) -> Vec<(&'static str, Value)> {
    kind.params()
        .into_iter()
        .filter_map(|(name, param)| param_json(param).map(|value| (name, value)))
        .collect()
}

/// A parameter's value as written; `None` for one that is not written: an
/// automatic tuning range (see [`crate::strategy::Tuning`]), so that files without `tune`
/// save as they were.
fn param_json(param: Param) -> Option<Value> {
    Some(match param {
        Param::When(p) => json!(p.key()),
        Param::Owner(p) => json!(p.key()),
        Param::State(p) => json!(p.key()),
        Param::BoardMeasure(p) => json!(p.key()),
        Param::Whose(p) => json!(p.key()),
        Param::SizeMeasure(p) => json!(p.key()),
        Param::Compare(p) => json!(p.key()),
        Param::Number(p) => json!(p),
        Param::Tune(p) => return p.to_json(),
        Param::Truth(p) => json!(p),
        Param::Text(p) => json!(p),
        Param::Terms(p) => Value::Array(p.iter().map(term_json).collect()),
        // The pins are the definition's: the file holds them once, there.
        Param::Def {
            def,
            inputs: _,
            outputs: _,
        } => json!(def),
        Param::Index {
            index,
            pin: _,
            side: _,
        } => json!(index),
    })
}
