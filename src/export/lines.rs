//! One node as one Python expression: measurements call into the package
//! (`m.KIND(...)`, chainlab's own code through `chainlab.graph`), arithmetic
//! and logic call `chainlab.ops` (i64 arithmetic saturating as the
//! interpreter's), constants are literals.
//!
//! The match over kinds is exhaustive: a new kind does not compile here
//! until it is given its line.

use crate::strategy::{Node, NodeKind, Param, WeightedTerm, info};

/// What a node becomes in the exported function.
pub(super) enum Line {
    /// `name = expression`.
    Value(String),
    /// A comment line (Comment nodes).
    Comment(String),
    /// `return expression` (the Cell value).
    Return(String),
    /// Nothing: a group input is a parameter, a group output is returned at the end.
    Nothing,
}

/// The line of `node`, given each input pin's source: the name of the
/// value wired into it (with `[k]` for a group's output), `None` when unwired.
pub(super) fn line(node: &Node, inputs: &[Option<String>], group_fn: Option<&str>) -> Line {
    let arg = |i: usize| -> String {
        match inputs.get(i).cloned().flatten() {
            Some(source) => source,
            None => node.input(i).map_or(0, |p| p.default).to_string(),
        }
    };
    let key = info(node.kind.kind()).key;
    let op = |name: &str, n: usize| {
        let args: Vec<String> = (0..n).map(arg).collect();
        Line::Value(format!("ops.{name}({})", args.join(", ")))
    };
    match &node.kind {
        NodeKind::IsCorner
        | NodeKind::IsEdge
        | NodeKind::IsCentre
        | NodeKind::Capacity
        | NodeKind::Row
        | NodeKind::Column
        | NodeKind::Atoms { .. }
        | NodeKind::IsEmpty { .. }
        | NodeKind::IsMine { .. }
        | NodeKind::IsCritical { .. }
        | NodeKind::IsEndangered { .. }
        | NodeKind::Danger { .. }
        | NodeKind::Neighbours { .. }
        | NodeKind::BoardCount { .. }
        | NodeKind::PlayersLeft { .. }
        | NodeKind::TurnNumber
        | NodeKind::BoardSize { .. }
        | NodeKind::AtomsGained
        | NodeKind::CellsCaptured
        | NodeKind::ReactionsCaused
        | NodeKind::WinsTheGame
        | NodeKind::ReplyCanWin
        | NodeKind::ReplyMostTaken
        | NodeKind::ThreateningReplies => Line::Value(format!("m.{key}({})", measure_args(node))),
        NodeKind::Random => Line::Value(format!(
            "m.random({}, {}, node={})",
            arg(0),
            arg(1),
            node.id
        )),
        NodeKind::Constant { value, tune: _ } => Line::Value(value.to_string()),
        NodeKind::Truth { value } => Line::Value(i64::from(*value).to_string()),
        NodeKind::Add => op("add", 2),
        NodeKind::Subtract => op("subtract", 2),
        NodeKind::Multiply => op("multiply", 2),
        NodeKind::Divide => op("divide", 2),
        NodeKind::Min => op("minimum", 2),
        NodeKind::Max => op("maximum", 2),
        NodeKind::Abs => op("absolute", 1),
        NodeKind::Negate => op("negate", 1),
        NodeKind::Clamp => op("clamp", 3),
        NodeKind::Compare { op } => Line::Value(format!(
            "ops.compare({}, \"{}\", {})",
            arg(0),
            op.key(),
            arg(1)
        )),
        NodeKind::And => op("both", 2),
        NodeKind::Or => op("either", 2),
        NodeKind::Not => op("negation", 1),
        NodeKind::IfThenElse => op("if_then_else", 3),
        NodeKind::Sum => total(inputs),
        NodeKind::WeightedSum { terms } => weighted(terms, inputs),
        NodeKind::Comment { text } => Line::Comment(text.replace(['\n', '\r'], " ")),
        NodeKind::Output => Line::Return(arg(0)),
        NodeKind::Group { inputs: pins, .. } => {
            let args: Vec<String> = (0..pins.len()).map(arg).collect();
            let name = group_fn.unwrap_or("missing_group");
            Line::Value(format!("{name}(m{})", prefixed(&args)))
        }
        NodeKind::GroupInput { .. } | NodeKind::GroupOutput { .. } => Line::Nothing,
    }
}

/// A Sum's line: the total of its wired inputs.
fn total(inputs: &[Option<String>]) -> Line {
    let wired: Vec<String> = inputs.iter().flatten().cloned().collect();
    Line::Value(format!("ops.total({})", wired.join(", ")))
}

/// A Weighted sum's line: each wired input with its term's weight.
fn weighted(terms: &[WeightedTerm], inputs: &[Option<String>]) -> Line {
    let wired: Vec<String> = terms
        .iter()
        .zip(inputs)
        .filter_map(|(t, s)| s.as_ref().map(|s| format!("({s}, {})", t.weight)))
        .collect();
    Line::Value(format!("ops.weighted({})", wired.join(", ")))
}

/// `, a, b` for a non-empty list, nothing for an empty one.
fn prefixed(args: &[String]) -> String {
    args.iter().map(|a| format!(", {a}")).collect()
}

/// A measuring node's parameters as keyword arguments (`when="after"`).
fn measure_args(node: &Node) -> String {
    let args: Vec<String> = node
        .kind
        .params()
        .into_iter()
        .filter_map(|(name, param)| {
            let value = match param {
                Param::When(p) => p.key(),
                Param::Owner(p) => p.key(),
                Param::State(p) => p.key(),
                Param::BoardMeasure(p) => p.key(),
                Param::Whose(p) => p.key(),
                Param::SizeMeasure(p) => p.key(),
                Param::Compare(p) => p.key(),
                Param::Number(_)
                | Param::Tune(_)
                | Param::Truth(_)
                | Param::Text(_)
                | Param::Terms(_)
                | Param::Def { .. }
                | Param::Index { .. } => return None,
            };
            Some(format!("{name}=\"{value}\""))
        })
        .collect();
    args.join(", ")
}
