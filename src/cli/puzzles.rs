//! `chainlab puzzles`: score a player on a puzzle suite (the shipped one or
//! a file), with points per theme and the list of failed puzzles.

use std::fs::File;
use std::io::BufReader;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;

use chainlab::analysis::puzzle::{self, Puzzle, SuiteScore};
use chainlab::rules::{Coord, Size};
use serde_json::json;

use super::arena_args::player;
use super::{CmdResult, Failure, shown};

/// Arguments of `chainlab puzzles`.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "The shipped suite (puzzles/*.jsonl, built in) has positions on 5x6 and 9x6 \
in several themes; see docs/puzzles.md.\n\nExamples:\n  \
chainlab puzzles bot:expert                      # every shipped puzzle\n  \
chainlab puzzles strategies/04-capture.json --theme capture\n  \
chainlab puzzles bot:master --suite my.jsonl --json"
)]
pub struct Args {
    /// The player: a built-in spec such as bot:expert (see 'chainlab players') or a strategy file ending in .json.
    #[arg(value_name = "PLAYER")]
    player: String,
    /// Only the puzzles of this theme.
    #[arg(long, value_name = "THEME")]
    theme: Option<String>,
    /// Only the puzzles on this board size.
    #[arg(long, value_name = "ROWSxCOLS")]
    size: Option<Size>,
    /// A suite file (JSON Lines, see docs/puzzles.md) instead of the shipped suite.
    #[arg(long, value_name = "FILE")]
    suite: Option<PathBuf>,
    /// Seed of the player's random choices (tie-breaks, randomness options).
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// Print one JSON object instead of the table.
    #[arg(long)]
    json: bool,
}

/// Runs `chainlab puzzles`.
pub fn run(args: &Args) -> CmdResult {
    let factory = player(&args.player)?;
    let (source, all) = load(args)?;
    let puzzles = select(args, &source, all)?;
    let never = AtomicBool::new(false);
    let score = puzzle::score(factory.as_ref(), &puzzles, args.seed, &never)
        .ok_or_else(|| Failure::new("the puzzle run was cancelled"))?;
    let label = factory.label();
    if args.json {
        outln!("{}", to_json(&label, &source, args.seed, &puzzles, &score));
    } else {
        print_text(&label, &source, args.seed, &puzzles, &score)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The suite's name for reports and its puzzles.
fn load(args: &Args) -> Result<(String, Vec<Puzzle>), Failure> {
    let Some(path) = &args.suite else {
        let all = puzzle::shipped()
            .map_err(|e| Failure::new(format!("the shipped suite is broken: {e}")))?;
        return Ok(("the shipped suite".to_string(), all));
    };
    let shown_path = path.display().to_string();
    let file =
        File::open(path).map_err(|e| Failure::new(format!("cannot read {shown_path}: {e}")))?;
    let all = puzzle::read_suite(BufReader::new(file))
        .map_err(|e| Failure::new(format!("{shown_path}: {e}")))?;
    if all.is_empty() {
        return Err(Failure::new(format!("{shown_path} has no puzzles")));
    }
    Ok((shown_path, all))
}

/// The puzzles of the chosen theme and size; an unknown theme or a size
/// without puzzles is a usage error that lists what there is.
fn select(args: &Args, source: &str, all: Vec<Puzzle>) -> Result<Vec<Puzzle>, Failure> {
    let themes = puzzle::themes(&all);
    if let Some(t) = args
        .theme
        .as_deref()
        .filter(|t| !themes.iter().any(|x| x == t))
    {
        return Err(Failure::usage(format!(
            "unknown theme '{}': {source} has the themes {}",
            shown(t),
            themes.join(", ")
        )));
    }
    let sizes = sizes(&all);
    if let Some(size) = args.size.filter(|s| !sizes.contains(s)) {
        let listed: Vec<String> = sizes.iter().map(Size::to_string).collect();
        return Err(Failure::usage(format!(
            "no puzzles on {size} in {source} (its boards: {})",
            listed.join(", ")
        )));
    }
    let chosen: Vec<Puzzle> = all
        .into_iter()
        .filter(|p| args.theme.as_ref().is_none_or(|t| p.theme == *t))
        .filter(|p| args.size.is_none_or(|s| p.position.size() == s))
        .collect();
    if chosen.is_empty() {
        return Err(Failure::usage(format!(
            "no puzzles of theme '{}' on {} in {source}",
            shown(args.theme.as_deref().unwrap_or("")),
            args.size.map_or_else(String::new, |s| s.to_string())
        )));
    }
    Ok(chosen)
}

/// The board sizes of `puzzles`, in order of first appearance.
fn sizes(puzzles: &[Puzzle]) -> Vec<Size> {
    let mut out: Vec<Size> = Vec::new();
    for p in puzzles {
        if !out.contains(&p.position.size()) {
            out.push(p.position.size());
        }
    }
    out
}

/// Moves as text, `r,c r,c`.
fn cells(list: &[Coord]) -> String {
    list.iter()
        .map(Coord::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// A share as a percentage.
fn percent(part: f64, whole: usize) -> f64 {
    if whole == 0 {
        0.0
    } else {
        100.0 * part / whole as f64
    }
}

fn print_text(
    label: &str,
    source: &str,
    seed: u64,
    puzzles: &[Puzzle],
    score: &SuiteScore,
) -> Result<(), Failure> {
    let boards: Vec<String> = sizes(puzzles).iter().map(Size::to_string).collect();
    outln!(
        "{} on {} puzzles of {source} ({}), seed {seed}\n",
        shown(label),
        puzzles.len(),
        boards.join(", ")
    );
    outln!(
        "{:<16} {:>8} {:>8} {:>7}",
        "theme",
        "solved",
        "points",
        "score"
    );
    for t in &score.themes {
        outln!(
            "{:<16} {:>8} {:>8.1} {:>6.1}%",
            shown(&t.theme),
            format!("{}/{}", t.solved, t.total),
            t.points,
            percent(t.points, t.total)
        );
    }
    outln!(
        "{:<16} {:>8} {:>8.1} {:>6.1}%",
        "total",
        format!("{}/{}", score.solved(), score.total()),
        score.points(),
        percent(score.points(), score.total())
    );
    let failed: Vec<_> = score
        .results
        .iter()
        .zip(puzzles)
        .filter(|(r, _)| !r.is_solved())
        .collect();
    if failed.is_empty() {
        outln!("\nEvery puzzle solved.");
        return Ok(());
    }
    outln!("\nFailed ({}):", failed.len());
    for (r, p) in failed {
        let played = match (&r.chosen, &r.error) {
            (Some(c), _) => c.to_string(),
            (None, Some(e)) => format!("no move ({})", shown(e)),
            (None, None) => "no move".to_string(),
        };
        let credit = if r.credit > 0.0 {
            format!(" (partial credit {:.1})", r.credit)
        } else {
            String::new()
        };
        outln!(
            "  {:<26} played {played}{credit}, best {}",
            shown(&r.id),
            cells(&p.best)
        );
    }
    Ok(())
}

fn to_json(
    label: &str,
    source: &str,
    seed: u64,
    puzzles: &[Puzzle],
    score: &SuiteScore,
) -> serde_json::Value {
    let failed: Vec<_> = score
        .results
        .iter()
        .zip(puzzles)
        .filter(|(r, _)| !r.is_solved())
        .map(|(r, p)| {
            json!({
                "id": r.id,
                "theme": r.theme,
                "chosen": r.chosen.map(|c| c.to_string()),
                "credit": r.credit,
                "best": p.best.iter().map(Coord::to_string).collect::<Vec<_>>(),
                "error": r.error,
            })
        })
        .collect();
    json!({
        "player": label,
        "suite": source,
        "seed": seed,
        "themes": score.themes,
        "solved": score.solved(),
        "points": score.points(),
        "total": score.total(),
        "failed": failed,
    })
}
