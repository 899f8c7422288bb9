//! Reading the wires of a strategy file: each names its pins by name (or,
//! where a node's pin names are not unique, by number), and every error
//! names the wire.

use serde::Deserialize;

use crate::strategy::error::StrategyError;
use crate::strategy::graph::{Strategy, Wire};
use crate::strategy::id::NodeId;

/// A wire as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawWire {
    from: u32,
    to: u32,
    input: String,
    #[serde(default)]
    output: Option<String>,
}

/// Whether the names are all different.
pub(super) fn all_unique<'a>(names: impl Iterator<Item = &'a str>) -> bool {
    let mut seen = std::collections::HashSet::new();
    names.into_iter().all(|n| seen.insert(n))
}

/// Finds a pin among `names` as a wire names it: by name when the names are
/// unique (or, failing that, by index as a decimal string); by index first
/// when they are not (that is how such pins are written).
pub(super) fn find_pin(names: &[&str], wanted: &str) -> Option<usize> {
    let by_index = || {
        wanted
            .parse::<usize>()
            .ok()
            .filter(|&i| i < names.len() && wanted == i.to_string())
    };
    if all_unique(names.iter().copied()) {
        names.iter().position(|n| *n == wanted).or_else(by_index)
    } else {
        by_index().or_else(|| {
            let mut hits = names.iter().enumerate().filter(|(_, n)| **n == wanted);
            match (hits.next(), hits.next()) {
                (Some((i, _)), None) => Some(i),
                _ => None,
            }
        })
    }
}

/// Reads wire number `index` of `strategy`'s list.
pub(super) fn read_wire(
    strategy: &Strategy,
    index: usize,
    raw: RawWire,
) -> Result<Wire, StrategyError> {
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
    let output = match raw.output {
        None => 0,
        Some(name) => {
            let names: Vec<&str> = (0..source.output_count())
                .filter_map(|i| source.output_name(i))
                .collect();
            if names.is_empty() {
                return Err(bad(format!(
                    "{} has one output without a name; \"output\" is only for group outputs",
                    source.label()
                )));
            }
            find_pin(&names, &name).ok_or_else(|| {
                bad(format!(
                    "{} has no output \"{}\" (its outputs: {})",
                    source.label(),
                    name.escape_debug(),
                    names.join(", ")
                ))
            })?
        }
    };
    let inputs = target.inputs();
    let names: Vec<&str> = inputs.iter().map(|p| p.name).collect();
    let input = find_pin(&names, &raw.input).ok_or_else(|| {
        bad(if names.is_empty() {
            format!("{} has no inputs", target.label())
        } else {
            format!(
                "{} has no input \"{}\" (its inputs: {})",
                target.label(),
                raw.input.escape_debug(),
                names.join(", ")
            )
        })
    })?;
    Ok(Wire {
        to,
        input,
        from,
        output,
    })
}
