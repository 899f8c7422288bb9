//! The output of `chainlab analyze`: text tables and JSON for a position, a
//! game, the per-player sums, and the win-chance fit.

use chainlab::analysis::{GameAnalysis, PlayerSummary, PositionAnalysis};
use chainlab::arena::GameRecord;
use chainlab::arena::WinModel;
use chainlab::arena::winchance::Bin;
use chainlab::rules::Position;
use serde_json::json;

use crate::cli::{Failure, shown};

/// A chance as a percentage with one decimal.
fn pct(p: f64) -> String {
    format!("{:.1}%", 100.0 * p)
}

/// Prints pretty JSON.
fn print_json(value: &serde_json::Value) -> Result<(), Failure> {
    let text = serde_json::to_string_pretty(value)
        .map_err(|e| Failure::new(format!("cannot print JSON: {e}")))?;
    outln!("{text}");
    Ok(())
}

/// Every legal move of a position, best first.
pub fn print_position(
    position: &Position,
    analysis: &PositionAnalysis,
    json: bool,
) -> Result<(), Failure> {
    if json {
        return print_json(&json!({
            "size": position.size().to_string(),
            "rules": position.rules().to_string(),
            "analysis": analysis,
        }));
    }
    outln!(
        "{} {}, {} to move: win chance {} (value {:+}); depth {}, {} nodes",
        position.size(),
        position.rules(),
        analysis.mover,
        pct(analysis.win_chance),
        analysis.value,
        analysis.depth,
        analysis.nodes
    );
    outln!("{:<6} {:>7} {:>7}", "cell", "win", "value");
    for m in &analysis.moves {
        outln!(
            "{:<6} {:>7} {:>+7}{}",
            m.cell.to_string(),
            pct(m.win_chance),
            m.value,
            if m.best { "  best" } else { "" }
        );
    }
    Ok(())
}

/// One game move by move, then its per-player sums.
pub fn print_game(
    record: &GameRecord,
    analysis: &GameAnalysis,
    summaries: &[PlayerSummary],
    json: bool,
) -> Result<(), Failure> {
    if json {
        return print_json(&json!({
            "game": record.game,
            "players": record.players,
            "analysis": analysis,
            "summary": summaries,
        }));
    }
    let seats: Vec<String> = record
        .players
        .iter()
        .enumerate()
        .map(|(k, p)| format!("{} ({})", shown(p), (b'A' + k as u8) as char))
        .collect();
    let result = match (record.forfeit, record.winner) {
        (Some(seat), _) => format!("{seat} forfeits"),
        (None, Some(w)) => format!("{w} wins"),
        (None, None) => "draw".to_string(),
    };
    outln!(
        "game {}: {}: {result}, {} moves ({} of them the shared opening)",
        record.game,
        seats.join(" vs "),
        record.moves.len(),
        record.opening
    );
    outln!(
        "{:>4}  {:<3} {:<6} {:>7} {:>7} {:>6}  {:<13} best",
        "ply",
        "who",
        "move",
        "before",
        "after",
        "loss",
        "class"
    );
    for p in &analysis.plies {
        let best = p.position.best();
        let class = if p.opening {
            "(opening)".to_string()
        } else if p.quality.is_marked() {
            format!("{} {}", p.quality.name(), p.quality.mark())
        } else {
            String::new()
        };
        outln!(
            "{:>4}  {:<3} {:<6} {:>7} {:>7} {:>6}  {:<13} {}",
            p.ply + 1,
            p.mover().to_string(),
            p.played.to_string(),
            pct(p.position.win_chance),
            pct(p.win_chance_after()),
            pct(p.loss),
            class,
            best.map_or_else(String::new, |b| format!(
                "{} ({})",
                b.cell,
                pct(b.win_chance)
            ))
        );
    }
    outln!();
    print_summary_table(summaries)
}

/// The per-player sums of a records file.
pub fn print_summaries(
    summaries: &[PlayerSummary],
    games: usize,
    json: bool,
) -> Result<(), Failure> {
    if json {
        return print_json(&json!({ "games": games, "players": summaries }));
    }
    outln!("{games} games analysed (the shared openings left out)");
    print_summary_table(summaries)
}

/// The table of per-player sums.
pub fn print_summary_table(summaries: &[PlayerSummary]) -> Result<(), Failure> {
    let width = summaries
        .iter()
        .map(|s| shown(&s.player).chars().count())
        .max()
        .unwrap_or(6)
        .max(6);
    outln!(
        "{:<width$}  {:>5}  {:>5}  {:>11}  {:>8}  {:>8}  {:>9}  {:>8}",
        "player",
        "moves",
        "best",
        "inaccuracies",
        "mistakes",
        "blunders",
        "mean loss",
        "accuracy"
    );
    for s in summaries {
        outln!(
            "{:<width$}  {:>5}  {:>5}  {:>11}  {:>8}  {:>8}  {:>9}  {:>8.1}",
            shown(&s.player),
            s.moves,
            s.best,
            s.inaccuracies,
            s.mistakes,
            s.blunders,
            pct(s.mean_loss),
            s.accuracy
        );
    }
    Ok(())
}

/// The fitted win-chance model and its calibration table.
pub fn print_calibration(
    games: usize,
    samples: usize,
    model: &WinModel,
    before: f64,
    after: f64,
    bins: &[Bin],
    json: bool,
) -> Result<(), Failure> {
    if json {
        return print_json(&json!({
            "games": games,
            "positions": samples,
            "model": model,
            "log_likelihood_current": before,
            "log_likelihood_fitted": after,
            "bins": bins,
        }));
    }
    outln!(
        "{games} games, {samples} positions: fitted scale {:.4} per cell (mean log-likelihood {after:.4}; the current model gives {before:.4})",
        model.scale_per_cell
    );
    outln!(
        "{:>11}  {:>9}  {:>9}  {:>8}",
        "predicted",
        "positions",
        "mean",
        "observed"
    );
    for b in bins {
        outln!(
            "{:>5.0}-{:<4.0}%  {:>9}  {:>9}  {:>8}",
            100.0 * b.from,
            100.0 * b.to,
            b.count,
            pct(b.predicted),
            pct(b.observed)
        );
    }
    Ok(())
}
