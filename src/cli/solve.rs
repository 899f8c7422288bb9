//! `chainlab solve`: perfect play on a small board, by the exact solver of
//! `chainlab::solve`; prints the winner, the length of the perfect game, the
//! positions stored, the time and the peak memory.

use std::process::ExitCode;

use chainlab::rules::{Rules, Size};
use chainlab::solve::{SolveError, solve};
use serde_json::json;

use super::{CmdResult, Failure};

/// Arguments of `chainlab solve`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Board size ROWSxCOLS, at most 12 cells (2x2 … 2x6, 3x3, 3x4).
    #[arg(value_name = "ROWSxCOLS")]
    size: Size,
    /// Rule variant: standard or overflow (empties is refused).
    #[arg(long, value_name = "RULES", default_value = "standard")]
    rules: Rules,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

/// Runs `chainlab solve`.
pub fn run(args: &Args) -> CmdResult {
    let solution = solve(args.size, args.rules).map_err(|e| match e {
        SolveError::TooLarge { .. } | SolveError::TooMany { .. } | SolveError::Rules(_) => {
            Failure::usage(e.to_string())
        }
        _ => Failure::new(e.to_string()),
    })?;
    let stats = solution.stats();
    let peak = peak_memory_bytes();
    let winner = solution.winner();
    if args.json {
        let object = json!({
            "size": args.size.to_string(),
            "rules": args.rules.name(),
            "winner": winner.to_string(),
            "plies": solution.plies(),
            "positions": stats.positions,
            "seconds": (stats.seconds * 1000.0).round() / 1000.0,
            "table_bytes": stats.table_bytes,
            "peak_memory_bytes": peak,
        });
        outln!("{object}");
        return Ok(ExitCode::SUCCESS);
    }
    outln!(
        "{} {}: {winner} wins under perfect play, in {} plies",
        args.size,
        args.rules,
        solution.plies()
    );
    outln!(
        "positions: {}  time: {:.3} s  table: {}  peak memory: {}",
        stats.positions,
        stats.seconds,
        megabytes(Some(stats.table_bytes as u64)),
        megabytes(peak)
    );
    Ok(ExitCode::SUCCESS)
}

/// Bytes as `12.3 MB`, or `unknown`.
fn megabytes(bytes: Option<u64>) -> String {
    match bytes {
        Some(b) => format!("{:.1} MB", b as f64 / 1e6),
        None => "unknown".to_string(),
    }
}

/// The process's peak resident memory (Linux: `VmHWM` of
/// `/proc/self/status`); `None` where it cannot be read.
fn peak_memory_bytes() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find_map(|l| l.strip_prefix("VmHWM:"))?;
    let kb: u64 = line.trim().trim_end_matches("kB").trim().parse().ok()?;
    Some(kb * 1024)
}
