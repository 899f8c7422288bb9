//! `chainlab bench --only strategy`: every shipped strategy as a compiled
//! graph next to its hand-written Rust twin (`bots::twins`), on the same
//! positions, measured alternately in one run so both share the machine's
//! noise. One line per strategy with both rates and the ratio (native
//! decisions/s ÷ graph decisions/s: how many times slower the graph is; the
//! median over the alternating pairs, so that a burst of load on a shared
//! machine during one measurement does not decide it), then a summary line
//! with the worst and the geometric-mean ratio.

use std::time::Instant;

use chainlab::bots::Agent;
use chainlab::bots::twins;
use chainlab::rules::Position;
use chainlab::strategy::Strategy;
use serde_json::json;

use super::util::{decisions_per_s, graph_player, median, sample_positions};
use crate::cli::Failure;

/// Alternating measurements of each player per strategy.
const PAIRS: usize = 9;

/// A shipped strategy by file stem, such as `04-capture`.
pub(super) fn shipped(stem: &str) -> Result<Strategy, Failure> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("strategies")
        .join(format!("{stem}.json"));
    Strategy::load(&path).map_err(|e| Failure::new(e.to_string()))
}

/// Rounds over `positions` that take about `seconds` for `player` (at
/// least 1), from the time of one warm-up round.
fn rounds_for(
    player: &mut dyn Agent,
    positions: &[Position],
    seconds: f64,
) -> Result<usize, Failure> {
    let began = Instant::now();
    decisions_per_s(player, positions, 1)?;
    let once = began.elapsed().as_secs_f64().max(1e-9);
    Ok(((seconds / once).round() as usize).clamp(1, 1000))
}

/// Rounds the ratio to three decimals.
fn rounded(ratio: f64) -> f64 {
    (ratio * 1000.0).round() / 1000.0
}

/// Runs the benchmark; `scale` 10 is `--quick` (shorter runs).
pub(super) fn strategy_bench(scale: usize) -> Result<(f64, f64), Failure> {
    // Always the same 2000 positions: on a few hundred, repeated, the branch
    // predictor learns the native code's branches and the ratio is no longer
    // representative. `--quick` only measures for a shorter time.
    let positions = sample_positions(2000);
    let seconds = 0.1 / scale as f64;
    let mut ratios = Vec::new();
    for mut native in twins::all() {
        let stem = native.stem();
        let mut graph = graph_player(stem, &shipped(stem)?)?;
        // Warm up both; the slower one sets the rounds, the same for both.
        let rounds = rounds_for(native.as_mut(), &positions, seconds)?.min(rounds_for(
            graph.as_mut(),
            &positions,
            seconds,
        )?);
        let (mut g, mut n, mut pairs) = (0.0, 0.0, Vec::with_capacity(PAIRS));
        for _ in 0..PAIRS {
            let graph_rate = decisions_per_s(graph.as_mut(), &positions, rounds)?;
            let native_rate = decisions_per_s(native.as_mut(), &positions, rounds)?;
            pairs.push(native_rate / graph_rate.max(1e-9));
            (g, n) = (g + graph_rate, n + native_rate);
        }
        let (g, n) = (g / PAIRS as f64, n / PAIRS as f64);
        let ratio = median(&mut pairs);
        ratios.push((stem, ratio));
        outln!(
            "{}",
            json!({
                "bench": "strategy",
                "strategy": stem,
                "positions": positions.len(),
                "rounds": rounds,
                "graph_decisions_per_s": g.round(),
                "native_decisions_per_s": n.round(),
                "ratio": rounded(ratio),
            })
        );
    }
    let worst = ratios.iter().copied().max_by(|a, b| a.1.total_cmp(&b.1));
    let geomean = (ratios.iter().map(|r| r.1.ln()).sum::<f64>() / ratios.len().max(1) as f64).exp();
    outln!(
        "{}",
        json!({
            "bench": "strategy_summary",
            "strategies": ratios.len(),
            "worst_strategy": worst.map(|w| w.0),
            "worst_ratio": worst.map(|w| rounded(w.1)),
            "geomean_ratio": rounded(geomean),
        })
    );
    Ok((worst.map_or(0.0, |w| w.1), geomean))
}
