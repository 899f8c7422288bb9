//! Measures the analyser: time per position at its default budget, and how
//! often its best move agrees with a search twice as deep.
//!
//! `cargo run --release --no-default-features --example analyser_agreement -- RECORDS [EVERY] [MAX] [SECONDS]`
//! takes every `EVERY`-th position (default 5) of the games in `RECORDS`, at
//! most `MAX` (default 40), skips positions with one legal move or a decided
//! value, and prints one JSON line per board size: positions, mean analysis
//! time, mean depth reached, and how often the move of a deeper search (the
//! master's search with no node limit, deepening towards twice the
//! analyser's depth for at most `SECONDS`, default 60) is among the
//! analyser's best moves, and how often the analyser gives that move a loss
//! below an inaccuracy: over the positions where the deeper search reached
//! twice the depth, and over those where it reached at least two plies
//! more. Numbers are in `docs/analysis.md`.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use chainlab::analysis::{Analyser, AnalyserConfig, INACCURACY};
use chainlab::arena::read_records;
use chainlab::bots::Interrupt;
use chainlab::bots::heuristic::WIN;
use chainlab::bots::search::{MAX_DEPTH, SearchConfig, Searcher};
use chainlab::rng::rng_from_seed;
use chainlab::rules::Position;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(path) = args.first() else {
        eprintln!("usage: analyser_agreement RECORDS [EVERY] [MAX] [SECONDS]");
        return ExitCode::from(2);
    };
    let every: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(5).max(1);
    let max: usize = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(40);
    let limit: u64 = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(60);
    let text = match std::fs::read(path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("cannot read {path}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut positions: Vec<Position> = Vec::new();
    for record in read_records(&text[..]).flatten() {
        let Ok(mut p) = record.start() else { continue };
        for (ply, &c) in record.moves.iter().enumerate() {
            if ply % every == every / 2 && p.moves().indices().len() > 1 {
                positions.push(p);
            }
            if p.play(c).is_err() {
                break;
            }
        }
    }
    let analyser = Analyser::new(AnalyserConfig::default());
    let mut by_size: std::collections::BTreeMap<String, Tally> = Default::default();
    for p in positions {
        let size = p.size().to_string();
        let entry = by_size.entry(size.clone()).or_default();
        if entry.positions >= max {
            continue;
        }
        let t = Instant::now();
        let Ok(a) = analyser.position(&p, &Interrupt::never()) else {
            continue;
        };
        let secs = t.elapsed().as_secs_f64();
        if a.value.abs() >= WIN {
            continue;
        }
        let deep = SearchConfig {
            nodes: None,
            node_cells: None,
            time: Some(Duration::from_secs(limit)),
            balanced: true,
            ..SearchConfig::enhanced((2 * a.depth).min(MAX_DEPTH))
        };
        let Ok(found) = Searcher::new(deep).search(&p, &mut rng_from_seed(1)) else {
            continue;
        };
        let deep_best = p.size().coord_of(found.best);
        let agrees = a.best_cells().any(|b| b == deep_best);
        // The analyser does not call the deeper search's move an inaccuracy.
        let near = a.loss(deep_best).is_some_and(|l| l < INACCURACY);
        // (positions, agreeing) at twice the depth and at two plies deeper.
        let twice = found.depth >= 2 * a.depth;
        let deeper = found.depth >= a.depth + 2;
        entry.positions += 1;
        entry.seconds += secs;
        entry.depth += f64::from(a.depth);
        if twice {
            entry.twice.0 += 1;
            entry.twice.1 += usize::from(agrees);
            entry.twice.2 += usize::from(near);
        }
        if deeper {
            entry.deeper.0 += 1;
            entry.deeper.1 += usize::from(agrees);
            entry.deeper.2 += usize::from(near);
        }
        eprintln!(
            "{size} #{}: depth {} vs {}: {}",
            entry.positions,
            a.depth,
            found.depth,
            if agrees { "agrees" } else { "differs" }
        );
    }
    for (size, t) in by_size {
        let n = t.positions.max(1) as f64;
        let part = |(k, agree, near): (usize, usize, usize)| {
            let pct = |x: usize| (1000.0 * x as f64 / k.max(1) as f64).round() / 10.0;
            format!(
                "{{\"positions\":{k},\"agree_pct\":{},\"within_inaccuracy_pct\":{}}}",
                pct(agree),
                pct(near)
            )
        };
        println!(
            "{{\"size\":\"{size}\",\"positions\":{},\"ms_per_position\":{:.1},\"mean_depth\":{:.2},\"twice_depth\":{},\"two_plies_deeper\":{}}}",
            t.positions,
            1000.0 * t.seconds / n,
            t.depth / n,
            part(t.twice),
            part(t.deeper)
        );
    }
    ExitCode::SUCCESS
}

/// The figures of one board size.
#[derive(Default)]
struct Tally {
    positions: usize,
    seconds: f64,
    depth: f64,
    twice: (usize, usize, usize),
    deeper: (usize, usize, usize),
}
