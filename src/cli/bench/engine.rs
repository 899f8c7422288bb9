//! `chainlab bench --only engine`: what the engine protocol costs. The same
//! greedy player plays a match as a built-in and as a program
//! (`cmd:<this chainlab> engine bot:greedy`), one thread each, and the
//! start of an engine (process, handshake, quit) is timed on its own, so
//! the cost per move is what remains. Starts are also timed sandboxed
//! (`bots::external::sandbox`), in turns with the plain ones: the
//! difference is the sandbox's cost per game.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use chainlab::arena::{MatchConfig, MatchReport, run_match};
use chainlab::bots::external::{EngineAgent, Limits, Sandbox};
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

    // Starts with and without the sandbox, taken in turns so that a
    // change of the machine's load touches both alike.
    let (sandbox, missing) = Sandbox::through_this_binary(Limits::default(), Vec::new());
    let mut sandboxed = spec.clone();
    sandboxed.sandbox = sandbox;
    let (spec_arc, sandboxed_arc) = (Arc::new(spec.clone()), Arc::new(sandboxed));
    let starts = games;
    let (mut plain, mut boxed) = (Duration::ZERO, Duration::ZERO);
    for _ in 0..starts {
        for (which, total) in [(&spec_arc, &mut plain), (&sandboxed_arc, &mut boxed)] {
            let began = Instant::now();
            let agent = EngineAgent::start(Arc::clone(which))
                .map_err(|e| Failure::new(format!("{line}: {e}")))?;
            drop(agent);
            *total += began.elapsed();
        }
    }
    let start_ms = plain.as_secs_f64() * 1000.0 / starts as f64;
    let sandboxed_start_ms = boxed.as_secs_f64() * 1000.0 / starts as f64;

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
            "sandboxed_start_ms": missing.is_none().then(|| (sandboxed_start_ms * 100.0).round() / 100.0),
            "sandbox_cost_us": missing.is_none().then(|| ((sandboxed_start_ms - start_ms) * 1000.0).round()),
            "sandbox_missing": missing,
            "per_move_us": per_move_us.round(),
            "forfeits": engine.tally.forfeits_a,
        })
    );
    Ok(())
}
