//! `chainlab bench`: throughput figures, one JSON object per line.

use std::process::ExitCode;
use std::time::Instant;

use chainlab::rng::{GameRng, rng_from_seed};
use chainlab::rules::{Position, Rules, Size};
use rand::RngExt;
use serde_json::json;

use super::CmdResult;

/// Arguments of `chainlab bench`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Run a tenth of the work (a quick check that the benchmarks run).
    #[arg(long)]
    quick: bool,
    /// Run only the benchmarks whose name contains this (playout, ...).
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
    Ok(ExitCode::SUCCESS)
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
