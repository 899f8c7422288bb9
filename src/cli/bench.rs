//! `chainlab bench`: throughput figures, one JSON object per line.

use std::process::ExitCode;
use std::time::Instant;

use chainlab::rng::{GameRng, rng_from_seed};
use chainlab::rules::{Position, Rules, Size};
use rand::RngExt;
use serde_json::json;

use super::{CmdResult, Failure};
use chainlab::arena::{MatchConfig, run_match};
use chainlab::bots::parse_player;
use std::sync::atomic::AtomicBool;

/// Arguments of `chainlab bench`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Run a tenth of the work (a quick check that the benchmarks run).
    #[arg(long)]
    quick: bool,
    /// Run only the benchmarks whose name contains this (playout, match).
    #[arg(long, value_name = "NAME")]
    only: Option<String>,
}

const SEED: u64 = 0xC4A1_2EAC;

/// Runs `chainlab bench`.
pub fn run(args: &Args) -> CmdResult {
    let wanted = |name: &str| args.only.as_deref().is_none_or(|o| name.contains(o));
    let scale = if args.quick { 10 } else { 1 };
    if wanted("playout") {
        for (size, games) in [
            (Size::JABC, 60_000),
            (Size::PHONE, 20_000),
            (Size::ARCHIMEDES, 15_000),
        ] {
            playout(size, games / scale);
        }
    }
    if wanted("match") {
        let all = std::thread::available_parallelism().map_or(1, |n| n.get());
        let mut counts = vec![1];
        if all > 1 {
            counts.push(all);
        }
        for threads in counts {
            match_bench(MATCH_A, MATCH_B, 200 / scale, threads)?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The players of the match benchmark.
const MATCH_A: &str = "bot:expert";
const MATCH_B: &str = "bot:greedy";

fn match_bench(a: &str, b: &str, games: u64, threads: usize) -> Result<(), Failure> {
    let fa = parse_player(a).map_err(|e| Failure::new(e.to_string()))?;
    let fb = parse_player(b).map_err(|e| Failure::new(e.to_string()))?;
    let config = MatchConfig {
        games,
        threads,
        seed: SEED,
        opening_plies: 4,
        ..MatchConfig::default()
    };
    let report = run_match(&fa, &fb, &config, &AtomicBool::new(false), &mut ())
        .map_err(|e| Failure::new(e.to_string()))?;
    let seconds = report.elapsed.as_secs_f64().max(1e-9);
    println!(
        "{}",
        json!({
            "bench": "match",
            "a": a,
            "b": b,
            "size": config.size.to_string(),
            "threads": report.threads,
            "games": report.tally.games(),
            "placements": report.tally.placements,
            "seconds": (seconds * 1000.0).round() / 1000.0,
            "games_per_s": (report.tally.games() as f64 / seconds * 10.0).round() / 10.0,
        })
    );
    Ok(())
}

/// Plays one random game to its end; returns the number of moves.
pub fn random_game(start: &Position, rng: &mut GameRng) -> u64 {
    let mut position = *start;
    let mut moves = 0;
    loop {
        let list = position.moves();
        if list.is_empty() {
            return moves;
        }
        let pick = list.indices()[rng.random_range(0..list.len())];
        position.play_index(usize::from(pick));
        moves += 1;
    }
}

fn playout(size: Size, games: u64) {
    let Ok(start) = Position::new(size, 2, Rules::Standard) else {
        return;
    };
    let mut rng = rng_from_seed(SEED);
    let began = Instant::now();
    let moves: u64 = (0..games).map(|_| random_game(&start, &mut rng)).sum();
    let seconds = began.elapsed().as_secs_f64().max(1e-9);
    println!(
        "{}",
        json!({
            "bench": "playout",
            "size": size.to_string(),
            "players": 2,
            "games": games,
            "moves": moves,
            "seconds": (seconds * 1000.0).round() / 1000.0,
            "moves_per_s": (moves as f64 / seconds).round(),
        })
    );
}
