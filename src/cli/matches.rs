//! `chainlab match`: two players, many games, the statistics of chess engine testing.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;

use chainlab::arena::{MatchReport, Sprt, SprtDecision, Stop, run_match};
use serde_json::json;

use super::arena_args::{Both, GameArgs, Progress, elo_text, player, records_writer};
use super::{CmdResult, EXIT_OUTPUT, Failure, shown};

/// Arguments of `chainlab match`.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Players are built-ins such as bot:greedy or bot:expert:depth=4 \
(see 'chainlab players') or strategy files ending in .json.\n\nExamples:\n  \
chainlab match bot:expert bot:greedy --games 200\n  \
chainlab match bot:master bot:expert --openings 4 --sprt 0 50 --records games.jsonl\n  \
chainlab match bot:mcts bot:greedy --players 4 --size 8x8 --json"
)]
pub struct Args {
    /// The first player (side A).
    #[arg(value_name = "A")]
    a: String,
    /// The second player (side B).
    #[arg(value_name = "B")]
    b: String,
    /// Number of games; pairs of games swap the seats.
    #[arg(long, value_name = "N", default_value_t = 100)]
    games: u64,
    #[command(flatten)]
    game: GameArgs,
    /// Stop early when the SPRT of ELO0 against ELO1 (α = β = 0.05) decides.
    #[arg(long, num_args = 2, value_names = ["ELO0", "ELO1"], allow_negative_numbers = true)]
    sprt: Option<Vec<f64>>,
    /// Write every game as one JSON line to this file.
    #[arg(long, value_name = "FILE")]
    records: Option<PathBuf>,
    /// Print one JSON object instead of the table (and no progress bar).
    #[arg(long)]
    json: bool,
}

fn sprt(values: Option<&Vec<f64>>) -> Result<Option<Sprt>, Failure> {
    match values.map(Vec::as_slice) {
        None => Ok(None),
        Some(&[elo0, elo1]) => Sprt::checked(elo0, elo1, 0.05, 0.05)
            .map(Some)
            .map_err(|e| Failure::usage(format!("--sprt: {e}"))),
        Some(_) => Err(Failure::usage("--sprt needs two numbers, ELO0 ELO1")),
    }
}

/// Runs `chainlab match`.
pub fn run(args: &Args) -> CmdResult {
    let sprt = sprt(args.sprt.as_ref())?;
    let config = args.game.config(args.games, sprt)?;
    let a = player(&args.a)?;
    let b = player(&args.b)?;
    let mut writer = records_writer(args.records.as_ref(), &[&args.a, &args.b])?;
    let mut progress = Progress::new(!args.json);
    let cancel = AtomicBool::new(false);
    let result = run_match(
        &a,
        &b,
        &config,
        &cancel,
        &mut Both(&mut progress, writer.as_mut()),
    );
    progress.finish();
    let report = result.map_err(|e| Failure::new(e.to_string()))?;
    if let (Some(w), Some(path)) = (writer, &args.records) {
        w.finish().map_err(|e| {
            Failure::with_code(
                EXIT_OUTPUT,
                format!("cannot write {}: {e}", shown(&path.display().to_string())),
            )
        })?;
    }
    if args.json {
        outln!("{}", to_json(&report));
    } else {
        out!("{}", to_text(&report));
    }
    Ok(ExitCode::SUCCESS)
}

/// The match as one JSON object.
pub fn to_json(r: &MatchReport) -> serde_json::Value {
    let w = r.tally.wdl;
    let (lo, hi) = w.elo_ci95();
    let sprt = r.config.sprt.map(|s| {
        let (lower, upper) = s.bounds();
        json!({
            "elo0": s.elo0, "elo1": s.elo1, "alpha": s.alpha, "beta": s.beta,
            "lower": lower, "upper": upper, "llr": r.llr,
            "decision": match r.stop { Stop::Sprt(d) => Some(d), _ => None },
        })
    });
    json!({
        "a": r.a,
        "b": r.b,
        "games": w.games(),
        "wins_a": w.wins,
        "wins_b": w.losses,
        "draws": w.draws,
        "score_a": w.score(),
        "elo": w.elo(),
        "elo_ci95": [lo, hi],
        "los": w.los(),
        "average_length": r.tally.average_length(),
        "forfeits_a": r.tally.forfeits_a,
        "forfeits_b": r.tally.forfeits_b,
        "capped": r.tally.capped,
        "stop": match r.stop {
            Stop::Completed => "completed",
            Stop::Sprt(_) => "sprt",
            Stop::Cancelled => "cancelled",
        },
        "sprt": sprt,
        "seed": r.config.seed,
        "size": r.config.size.to_string(),
        "rules": r.config.rules,
        "players": r.config.players,
        "openings": r.config.opening_plies,
        "cap": r.config.cap(),
        "threads": r.threads,
        "seconds": (r.elapsed.as_secs_f64() * 1000.0).round() / 1000.0,
    })
}

fn percent(x: Option<f64>) -> String {
    x.map_or_else(|| "-".to_string(), |x| format!("{:.1}%", 100.0 * x))
}

/// The match as a table and a summary.
pub fn to_text(r: &MatchReport) -> String {
    let w = r.tally.wdl;
    let c = &r.config;
    let mut out = String::new();
    // Labels are file names or specs: shown with control characters escaped.
    let (a, b) = (shown(&r.a), shown(&r.b));
    out.push_str(&format!("Match: {a} vs {b}\n"));
    out.push_str(&format!(
        "{} board, {} rules, {} players per game; {} games, seed {}, openings of {} plies, {} threads\n\n",
        c.size, c.rules, c.players, c.games, c.seed, c.opening_plies, r.threads
    ));
    let width = a.len().max(b.len()).max(6);
    out.push_str(&format!(
        "{:<width$}  {:>6}  {:>6}  {:>6}  {:>6}\n",
        "player", "wins", "draws", "losses", "score"
    ));
    let score_b = w.score().map(|s| 1.0 - s);
    for (name, wins, losses, score) in [
        (&a, w.wins, w.losses, w.score()),
        (&b, w.losses, w.wins, score_b),
    ] {
        out.push_str(&format!(
            "{name:<width$}  {wins:>6}  {:>6}  {losses:>6}  {:>6}\n",
            w.draws,
            percent(score)
        ));
    }
    out.push('\n');
    let (lo, hi) = w.elo_ci95();
    let elo = match w.score() {
        None => "-".to_string(),
        Some(s) if s >= 1.0 => format!("+inf ({} won every game)", a),
        Some(s) if s <= 0.0 => format!("-inf ({} won every game)", b),
        Some(_) => format!(
            "{}  (95%: {} to {})",
            elo_text(w.elo(), "?"),
            elo_text(lo, "-inf"),
            elo_text(hi, "+inf")
        ),
    };
    let line = |out: &mut String, k: &str, v: String| out.push_str(&format!("{k:<16}{v}\n"));
    line(&mut out, "Elo difference", elo);
    line(&mut out, "LOS", percent(w.los()));
    line(
        &mut out,
        "Game length",
        r.tally
            .average_length()
            .map_or_else(|| "-".into(), |l| format!("{l:.1} placements on average")),
    );
    let forfeits = match (r.tally.forfeits_a, r.tally.forfeits_b) {
        (0, 0) => "none".to_string(),
        (fa, fb) => format!("{fa} by {}, {fb} by {} (see --records for reasons)", a, b),
    };
    line(&mut out, "Forfeits", forfeits);
    if r.tally.capped > 0 {
        line(
            &mut out,
            "Capped",
            format!(
                "{} games drawn at the cap of {} placements",
                r.tally.capped,
                c.cap()
            ),
        );
    }
    if let Some(s) = c.sprt {
        let (lower, upper) = s.bounds();
        let verdict = match r.stop {
            Stop::Sprt(SprtDecision::H1) => format!(
                "H1 accepted after {} games: {} is at least {:+} Elo stronger",
                w.games(),
                a,
                s.elo1
            ),
            Stop::Sprt(SprtDecision::H0) => format!(
                "H0 accepted after {} games: {} is not {:+} Elo stronger",
                w.games(),
                a,
                s.elo1
            ),
            _ => "no decision yet".to_string(),
        };
        line(
            &mut out,
            &format!("SPRT [{}, {}]", s.elo0, s.elo1),
            format!(
                "LLR {:.2} (bounds {lower:.2}, {upper:.2}): {verdict}",
                r.llr.unwrap_or(0.0)
            ),
        );
    }
    if r.stop == Stop::Cancelled {
        line(&mut out, "Stopped", "cancelled".into());
    }
    let secs = r.elapsed.as_secs_f64();
    line(
        &mut out,
        "Time",
        format!(
            "{secs:.1} s ({:.1} games/s)",
            w.games() as f64 / secs.max(1e-9)
        ),
    );
    let timed = !r.deterministic;
    if let Some(t) = c.time_control {
        line(
            &mut out,
            "Time control",
            format!(
                "{} ms per move (a move over {} ms forfeits)",
                t.per_move.as_millis(),
                (t.per_move + t.margin).as_millis()
            ),
        );
    }
    if timed || c.move_limit.is_some() || c.time_control.is_some() {
        line(
            &mut out,
            "Note",
            "time limits (ms=, --move-limit, --time-per-move) make results depend on the machine: they do not repeat exactly".into(),
        );
    }
    out
}
