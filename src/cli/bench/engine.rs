//! `chainlab bench --only engine`: what the engine protocol costs. The same
//! greedy player plays a match as a built-in and as a program
//! (`cmd:<this chainlab> engine bot:greedy`), one thread each, and the
//! start of an engine (process, handshake, quit) is timed on its own, so
//! the cost per move is what remains.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use chainlab::arena::{MatchConfig, MatchReport, run_match};
use chainlab::bots::external::EngineAgent;
use chainlab::bots::{AgentFactory, EngineSpec, parse_player};
use serde_json::json;

use super::util::SEED;
use crate::cli::Failure;

/// A one-thread match of `a` against bot:greedy.
fn greedy_match(a: &Arc<dyn AgentFactory>, games: u64) -> Result<MatchReport, Failure> {
    let b = parse_player("bot:greedy").map_err(|e| Failure::new(e.to_string()))?;
    let config = MatchConfig {
        games,
        threads: 1,
        seed: SEED,
        opening_plies: 4,
        ..MatchConfig::default()
    };
    run_match(a, &b, &config, &AtomicBool::new(false), &mut ())
        .map_err(|e| Failure::new(e.to_string()))
}

/// Prints the engine protocol's cost per game and per move.
pub fn engine_bench(scale: usize) -> Result<(), Failure> {
    let exe = std::env::current_exe()
        .map_err(|e| Failure::new(format!("cannot find this chainlab's program: {e}")))?;
    let line = format!("'{}' engine bot:greedy", exe.display());
    let spec = EngineSpec::from_command_line(&line).map_err(|e| Failure::new(e.to_string()))?;
    let games = (200 / scale).max(2) as u64;

    let starts = games;
    let began = Instant::now();
    for _ in 0..starts {
        let agent = EngineAgent::start(Arc::new(spec.clone()))
            .map_err(|e| Failure::new(format!("{line}: {e}")))?;
        drop(agent);
    }
    let start_ms = began.elapsed().as_secs_f64() * 1000.0 / starts as f64;

    let builtin = greedy_match(
        &parse_player("bot:greedy").map_err(|e| Failure::new(e.to_string()))?,
        games,
    )?;
    let program: Arc<dyn AgentFactory> = Arc::new(chainlab::bots::EngineFactory(Arc::new(spec)));
    let engine = greedy_match(&program, games)?;
    let rate = |r: &MatchReport| r.tally.games() as f64 / r.elapsed.as_secs_f64().max(1e-9);
    // The program plays about half of the placements after the opening.
    let moves = (engine.tally.placements as f64 - 4.0 * games as f64).max(1.0) / 2.0;
    let extra_ms = (engine.elapsed.as_secs_f64() - builtin.elapsed.as_secs_f64()) * 1000.0;
    let per_move_us = (extra_ms - start_ms * games as f64) * 1000.0 / moves;
    outln!(
        "{}",
        json!({
            "bench": "engine",
            "player": "bot:greedy",
            "games": games,
            "builtin_games_per_s": (rate(&builtin) * 10.0).round() / 10.0,
            "program_games_per_s": (rate(&engine) * 10.0).round() / 10.0,
            "ratio": (rate(&engine) / rate(&builtin).max(1e-9) * 1000.0).round() / 1000.0,
            "start_ms": (start_ms * 100.0).round() / 100.0,
            "per_move_us": per_move_us.round(),
            "forfeits": engine.tally.forfeits_a,
        })
    );
    Ok(())
}
