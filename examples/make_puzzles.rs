//! Generates a puzzle suite (`puzzles/*.jsonl`) from real games and a deep
//! search, reproducibly: the same arguments always write the same file.
//!
//! 1. *Games*: `--games` games on `--size` between players drawn from a
//!    varied pool (ladder bots with some randomness, shipped strategies),
//!    each from a seed derived from `--seed`; every position where both
//!    players have placed and the game goes on is a candidate.
//! 2. *De-duplication*: positions equal up to the board's mirror symmetries
//!    and the colours (mover vs opponent) are kept once.
//! 3. *Scan*: every candidate is analysed at `--scan-nodes`; it stays when
//!    the answer rule (`chainlab::analysis::theme::answer`) holds with a
//!    looser margin and some theme's rule holds.
//! 4. *Deep*: the survivors are analysed at `--nodes` and must pass the
//!    answer rule with the full margin and some theme rule.
//! 5. *Verify*: the puzzles chosen (themes balanced, up to twice
//!    `--per-theme` each) are analysed again at `--verify-nodes`; a puzzle
//!    is dropped when the deeper search disagrees (`theme::confirms`).
//! 6. *Select*: up to `--per-theme` verified puzzles per theme; a puzzle
//!    whose position fits several themes goes to the theme with fewest.
//!
//! `scripts/puzzles.sh` runs it for both shipped boards; `docs/puzzles.md`
//! documents the rules, margins and seeds.

use std::io::Write;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

#[path = "puzzle_games/games.rs"]
mod games;

use chainlab::analysis::puzzle::Puzzle;
use chainlab::analysis::theme::{self, Answer, Criteria, MoveFacts, Theme};
use chainlab::analysis::{Analyser, AnalyserConfig, PositionAnalysis};
use chainlab::bots::{AgentFactory, Interrupt, parse_player};
use chainlab::rng::derive_seed;
use chainlab::rules::{Position, Size};
use clap::Parser;
use rayon::prelude::*;

use games::{play_games, shuffle};

/// The players whose games give the positions: weak and strong, with some
/// randomness so that games differ and mistakes happen.
const POOL: [&str; 12] = [
    "bot:greedy:random=30",
    "bot:greedy",
    "bot:expert:depth=1,random=20",
    "bot:expert:random=10",
    "bot:master:nodes=20000,random=10",
    "bot:mcts:iters=400,random=10",
    "strategies/02-avoid-danger.json",
    "strategies/04-capture.json",
    "strategies/05-do-not-feed.json",
    "strategies/06-make-threats.json",
    "strategies/07-room-to-grow.json",
    "strategies/09-think-ahead.json",
];

/// Arguments.
#[derive(Parser, Debug)]
struct Args {
    /// Board size.
    #[arg(long, default_value = "5x6")]
    size: Size,
    /// Games to play.
    #[arg(long, default_value_t = 120)]
    games: u64,
    /// Seed of the games and of the order in which puzzles are chosen.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Node budget of the scan.
    #[arg(long, default_value_t = 3_000)]
    scan_nodes: u64,
    /// Node budget of the deep analysis that makes the answer.
    #[arg(long, default_value_t = 30_000)]
    nodes: u64,
    /// Node budget of the verifying analysis.
    #[arg(long, default_value_t = 120_000)]
    verify_nodes: u64,
    /// Win-chance margin of the answer rule.
    #[arg(long, default_value_t = Criteria::default().margin)]
    margin: f64,
    /// Win-chance margin the verifying search must confirm.
    #[arg(long, default_value_t = 0.07)]
    verify_margin: f64,
    /// Puzzles per theme at most.
    #[arg(long, default_value_t = 20)]
    per_theme: usize,
    /// Output file (stdout when absent).
    #[arg(long)]
    out: Option<std::path::PathBuf>,
}

/// A position that passed the deep analysis.
struct Found {
    position: Position,
    answer: Answer,
    themes: Vec<Theme>,
    facts: Vec<MoveFacts>,
    analysis: PositionAnalysis,
}

fn main() -> ExitCode {
    let args = Args::parse();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("make_puzzles: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run(args: &Args) -> Result<(), String> {
    let start = Instant::now();
    let pool: Vec<Arc<dyn AgentFactory>> = POOL
        .iter()
        .map(|spec| parse_player(spec).map_err(|e| format!("{spec}: {e}")))
        .collect::<Result<_, _>>()?;
    let positions = play_games(args.size, args.games, args.seed, &pool)?;
    eprintln!(
        "[{:>5.0}s] {} games on {}: {} distinct positions",
        start.elapsed().as_secs_f64(),
        args.games,
        args.size,
        positions.len()
    );
    let loose = Criteria {
        margin: args.margin * 0.6,
        ..Criteria::default()
    };
    let scanned = analyse_all(&positions, args.scan_nodes, &loose);
    eprintln!(
        "[{:>5.0}s] scan at {} nodes: {} candidates ({})",
        start.elapsed().as_secs_f64(),
        args.scan_nodes,
        scanned.len(),
        theme_counts(&scanned)
    );
    let criteria = Criteria {
        margin: args.margin,
        ..Criteria::default()
    };
    let deep_in: Vec<Position> = scanned.iter().map(|f| f.position).collect();
    let mut deep = analyse_all(&deep_in, args.nodes, &criteria);
    shuffle(&mut deep, derive_seed(args.seed, u64::MAX));
    eprintln!(
        "[{:>5.0}s] deep at {} nodes: {} candidates",
        start.elapsed().as_secs_f64(),
        args.nodes,
        deep.len()
    );
    eprintln!("    themes that hold: {}", theme_counts(&deep));
    let chosen = assign(deep, args.per_theme * 2);
    let tried = chosen.len();
    let verified = verify(chosen, args, &criteria);
    eprintln!(
        "[{:>5.0}s] verify at {} nodes: {} of {} confirmed ({} dropped)",
        start.elapsed().as_secs_f64(),
        args.verify_nodes,
        verified.len(),
        tried,
        tried - verified.len()
    );
    let confirmed = verified.len();
    let finds: Vec<Found> = verified.into_iter().map(|(f, _)| f).collect();
    let kept = assign(finds, args.per_theme);
    write_suite(args, &kept, (confirmed, tried))?;
    eprintln!(
        "[{:>5.0}s] wrote {} puzzles",
        start.elapsed().as_secs_f64(),
        kept.len()
    );
    Ok(())
}

/// Analyses `positions` at `nodes` (in parallel, results in input order)
/// and keeps those with an answer under `criteria` and some theme.
fn analyse_all(positions: &[Position], nodes: u64, criteria: &Criteria) -> Vec<Found> {
    let analyser = Analyser::new(AnalyserConfig::default().with_nodes(nodes));
    let done = std::sync::atomic::AtomicUsize::new(0);
    let total = positions.len();
    positions
        .par_iter()
        .filter_map(|p| {
            let n = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
            if n.is_multiple_of(500) {
                eprintln!("    {n}/{total}");
            }
            examine(&analyser, p, criteria)
        })
        .collect()
}

/// One position: its analysis, answer and themes, if it makes a puzzle.
fn examine(analyser: &Analyser, position: &Position, criteria: &Criteria) -> Option<Found> {
    let facts = theme::move_facts(position);
    if facts.len() < 4 {
        return None;
    }
    let analysis = analyser.position(position, &Interrupt::never()).ok()?;
    let answer = theme::answer(&analysis, criteria)?;
    let themes = Theme::all_holding(&facts, &answer.best, &answer.scoring());
    (!themes.is_empty()).then_some(Found {
        position: *position,
        answer,
        themes,
        facts,
        analysis,
    })
}

/// How many finds each theme's rule holds for, as text.
fn theme_counts(finds: &[Found]) -> String {
    Theme::ALL
        .iter()
        .map(|t| {
            let n = finds.iter().filter(|f| f.themes.contains(t)).count();
            format!("{t} {n}")
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Re-analyses each chosen puzzle deeper and keeps those it confirms.
fn verify(chosen: Vec<(Found, Theme)>, args: &Args, criteria: &Criteria) -> Vec<(Found, Theme)> {
    let analyser = Analyser::new(AnalyserConfig::default().with_nodes(args.verify_nodes));
    chosen
        .into_par_iter()
        .filter(|(f, _)| {
            analyser
                .position(&f.position, &Interrupt::never())
                .is_ok_and(|deeper| {
                    theme::confirms(&deeper, &f.answer, criteria, args.verify_margin)
                })
        })
        .collect()
}

/// Gives each find one theme, at most `cap` per theme: finds that fit fewer
/// themes first, each to its theme with fewest puzzles so far.
fn assign(mut finds: Vec<Found>, cap: usize) -> Vec<(Found, Theme)> {
    finds.sort_by_key(|f| f.themes.len());
    let mut count = [0usize; Theme::ALL.len()];
    let at = |t: Theme| Theme::ALL.iter().position(|&x| x == t).unwrap_or(0);
    let mut out = Vec::new();
    for f in finds {
        let pick = f
            .themes
            .iter()
            .copied()
            .filter(|&t| count.get(at(t)).is_some_and(|&n| n < cap))
            .min_by_key(|&t| (count.get(at(t)).copied().unwrap_or(0), at(t)));
        if let Some(t) = pick {
            if let Some(n) = count.get_mut(at(t)) {
                *n += 1;
            }
            out.push((f, t));
        }
    }
    out.sort_by_key(|(_, t)| at(*t));
    out
}

/// Writes the suite: a header of comment lines with the settings, then one
/// puzzle a line, ordered by theme.
fn write_suite(
    args: &Args,
    kept: &[(Found, Theme)],
    (confirmed, tried): (usize, usize),
) -> Result<(), String> {
    let mut text = String::new();
    text.push_str(&format!(
        "# chainlab puzzle suite, {} board: made by examples/make_puzzles.rs (scripts/puzzles.sh)\n",
        args.size
    ));
    text.push_str(&format!(
        "# --games {} --seed {} --scan-nodes {} --nodes {} --verify-nodes {} --margin {} --verify-margin {} --per-theme {}\n",
        args.games, args.seed, args.scan_nodes, args.nodes, args.verify_nodes, args.margin, args.verify_margin, args.per_theme
    ));
    text.push_str(&format!(
        "# {} puzzles kept; the deeper search confirmed {confirmed} of the {tried} verified\n",
        kept.len()
    ));
    let mut number = [0usize; Theme::ALL.len()];
    for (f, t) in kept {
        let k = Theme::ALL.iter().position(|x| x == t).unwrap_or(0);
        let n = number.get_mut(k).map_or(0, |n| {
            *n += 1;
            *n
        });
        let puzzle = Puzzle {
            id: format!("{}-{}-{n:03}", args.size, t.name()),
            theme: t.name().to_string(),
            description: describe(f, *t),
            position: f.position,
            best: f.answer.best.clone(),
            partial: f.answer.partial.clone(),
        };
        text.push_str(&puzzle.to_line());
        text.push('\n');
    }
    match &args.out {
        Some(path) => std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display())),
        None => std::io::stdout()
            .write_all(text.as_bytes())
            .map_err(|e| e.to_string()),
    }
}

/// The puzzle's description: what to look for, and how clearly the answer
/// stands out (win chance of the best move against the best refuted one).
fn describe(f: &Found, t: Theme) -> String {
    let me = f.analysis.mover.letter();
    let ask = match t {
        Theme::TakeTheWin => "a move wins the game at once: find it".to_string(),
        Theme::Defend => {
            let n = f.facts.iter().filter(|m| m.allows_win).count();
            format!("{n} of your moves let the opponent win at once: find the defence")
        }
        Theme::Capture => "find the chain reaction that captures best".to_string(),
        Theme::DoNotFeed => {
            "some placements feed an enemy critical cell: find the best move".to_string()
        }
        Theme::CornerTiming => "is it time for a corner?".to_string(),
        Theme::Tempo => {
            "every reaction you can start is a mistake: find the quiet move".to_string()
        }
        Theme::MakeThreat => "find the safe threat".to_string(),
    };
    let best = f.analysis.win_chance;
    format!(
        "{me} to move: {ask} (win chance {:.0}% against {:.0}% for the best refuted move).",
        best * 100.0,
        (best - f.answer.gap) * 100.0
    )
}
