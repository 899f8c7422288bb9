//! What `chainlab tune` prints: the constants it changed, the validations,
//! as text or as one JSON object.

use std::path::Path;

use chainlab::arena::report::{self, Infinity};
use chainlab::arena::{MatchReport, Wdl};
use chainlab::strategy::{NodeId, Strategy};
use chainlab::tune::{PoolValidation, Tuner, validation_seed};
use serde_json::json;

use crate::cli::shown;

/// Both validations of a finished run: against the pool, then head to head.
pub(super) struct Validation {
    pub pool: PoolValidation,
    pub head_to_head: MatchReport,
}

/// A constant whose value tuning changed.
pub(super) struct Change {
    node: NodeId,
    feeds: String,
    before: i64,
    after: i64,
}

/// The changed constants, in node order, each with what it feeds
/// ("Multiply b") so that a reader can find it.
pub(super) fn changes(tuner: &Tuner, original: &Strategy) -> Vec<Change> {
    tuner
        .params()
        .iter()
        .zip(tuner.values())
        .filter(|(p, (_, after))| p.value != *after)
        .map(|(p, (at, after))| Change {
            node: at.node,
            feeds: match at.term {
                None => feeds(original, at.node),
                Some(_) => p.label.clone(),
            },
            before: p.value,
            after,
        })
        .collect()
}

/// What node `id` feeds: the titles of its targets with their inputs.
fn feeds(strategy: &Strategy, id: NodeId) -> String {
    let targets: Vec<String> = strategy
        .wires()
        .iter()
        .filter(|w| w.from == id)
        .filter_map(|w| {
            let node = strategy.node(w.to)?;
            let pin = node.input(w.input)?.name;
            Some(format!("{} {pin} (node {})", node.kind.title(), w.to))
        })
        .collect();
    targets.join(", ")
}

/// The run as text: what was tuned, the constants changed, the validation.
pub(super) fn to_text(
    input: &Path,
    tuner: &Tuner,
    out: &Path,
    changes: &[Change],
    validation: Option<&Validation>,
) -> String {
    let c = tuner.config();
    let labels: Vec<String> = c
        .opponents
        .iter()
        .map(|o| shown(&o.label()).into_owned())
        .collect();
    let mut text = format!(
        "Tuned {} against {}: {} iterations of 2 x {} games, seed {}; {} board, {} rules{}\n\n",
        shown(&input.display().to_string()),
        labels.join(", "),
        tuner.done(),
        c.games,
        c.seed,
        c.play.size,
        c.play.rules,
        match c.play.opening_plies {
            0 => String::new(),
            n => format!(", openings of {n} plies"),
        }
    );
    text.push_str(&changes_table(changes));
    text.push('\n');
    match validation {
        Some(v) => text.push_str(&validation_text(v)),
        None => text.push_str("Validation: skipped (--validation-games 0)\n"),
    }
    text.push_str(&format!("Wrote {}\n", shown(&out.display().to_string())));
    text
}

/// The two validations as text: the gain against the pool, then head to head.
fn validation_text(v: &Validation) -> String {
    let line = |who: &str, w: &Wdl| {
        format!(
            "  {who:<9} {:>6}  Elo {}\n",
            report::percent(w.score()),
            report::elo_text(w.elo())
        )
    };
    let gain = match (v.pool.gain(), v.pool.gain_ci95()) {
        (Some(g), Some((lo, hi))) => format!(
            "{}  (95%: {} to {})",
            report::elo_text(Some(g)),
            report::elo_text(Some(lo)),
            report::elo_text(Some(hi))
        ),
        _ => "not measurable (a score of 0% or 100%)".to_string(),
    };
    let h = v.head_to_head.wdl();
    format!(
        "Validation against the opponents, {} games each, seed {}:\n{}{}Elo gain        {gain}\n\
         Head to head: tuned vs original, {} games: {} tuned\nElo difference  {}\n",
        v.pool.tuned.games(),
        v.head_to_head.config.seed,
        line("original", &v.pool.original),
        line("tuned", &v.pool.tuned),
        h.games(),
        report::percent(h.score()),
        report::elo_summary(&h, "tuned", "original", Infinity::Ascii)
    )
}

/// The changed constants as a table, or a line saying none changed.
pub(super) fn changes_table(changes: &[Change]) -> String {
    if changes.is_empty() {
        return "No constant changed.\n".to_string();
    }
    let mut text = format!("{:>6}  {:>10}  {:>10}  feeds\n", "node", "before", "after");
    for c in changes {
        text.push_str(&format!(
            "{:>6}  {:>10}  {:>10}  {}\n",
            c.node.to_string(),
            c.before,
            c.after,
            shown(&c.feeds)
        ));
    }
    text
}

/// The run as one JSON object.
pub(super) fn to_json(
    input: &Path,
    tuner: &Tuner,
    out: &Path,
    changes: &[Change],
    validation: Option<&Validation>,
) -> serde_json::Value {
    let c = tuner.config();
    let changed: Vec<_> = changes
        .iter()
        .map(|ch| json!({"node": ch.node.0, "feeds": ch.feeds, "before": ch.before, "after": ch.after}))
        .collect();
    json!({
        "strategy": input.display().to_string(),
        "out": out.display().to_string(),
        "against": c.opponents.iter().map(|o| o.label()).collect::<Vec<_>>(),
        "iterations": tuner.done(),
        "of": c.iterations,
        "interrupted": !tuner.is_finished(),
        "games": c.games,
        "seed": c.seed,
        "size": c.play.size.to_string(),
        "rules": c.play.rules,
        "openings": c.play.opening_plies,
        "changed": changed,
        "validation_seed": validation_seed(c.seed),
        "validation": validation.map(|v| crate::cli::matches::to_json(&v.head_to_head)),
        "pool_validation": validation.map(|v| pool_json(&v.pool)),
    })
}

/// The validation against the pool as JSON.
fn pool_json(p: &PoolValidation) -> serde_json::Value {
    let wdl = |w: &Wdl| json!({"wins": w.wins, "draws": w.draws, "losses": w.losses, "score": w.score(), "elo": w.elo()});
    json!({
        "original": wdl(&p.original),
        "tuned": wdl(&p.tuned),
        "elo_gain": p.gain(),
        "elo_gain_ci95": p.gain_ci95().map(|(lo, hi)| [lo, hi]),
    })
}
