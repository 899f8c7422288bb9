//! `chainlab match`: two players, many games, the statistics of chess engine testing.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use chainlab::analysis::{
    Analyser, AnalyserConfig, DEFAULT_NODES, PlayerSummary, analyse_record, summarise,
};
use chainlab::arena::report::{self, Infinity};
use chainlab::arena::run::{PlayerId, RecordsHeader, RunIdentity, RunKind};
use chainlab::arena::{
    Estimate, GameRecord, MAX_THREADS, MatchObserver, MatchPlan, MatchReport, Sprt, Stop, Tally,
    Wdl, run_match_plan,
};
use chainlab::bots::AgentFactory;
use serde_json::json;

use super::analyze::print_summary_table;
use super::analyze::seat_label;
use super::arena_args::{Both, GameArgs, Progress, checked_player, shown_names};
use super::cancel::{EXIT_INTERRUPTED, ctrl_c};
use super::outputs::{check_output, records_failure, run_inputs};
use super::program_args::{WhenMissing, sandbox_summary};
use super::runs::{SplitArgs, open_records};
use super::{CmdResult, Failure, shown};

/// Arguments of `chainlab match`.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Players are built-ins such as bot:greedy or bot:expert:depth=4 \
(see 'chainlab players'), strategy files ending in .json, or programs as \
'cmd:COMMAND ARGS' (see docs/protocol.md).\n\nExamples:\n  \
chainlab match bot:expert bot:greedy --games 200\n  \
chainlab match bot:master bot:expert --openings 4 --sprt 0 50 --records games.jsonl\n  \
chainlab match bot:mcts bot:greedy --players 4 --size 8x8 --json\n  \
chainlab match 'cmd:python3 examples/engines/starter_bot.py' bot:greedy --games 40"
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
    /// Write every game as one JSON line to this file (after a header
    /// line that names the run).
    #[arg(long, value_name = "FILE")]
    records: Option<PathBuf>,
    #[command(flatten)]
    split: SplitArgs,
    /// Print one JSON object instead of the table (and no progress bar).
    #[arg(long)]
    json: bool,
    /// After the match, analyse every game and sum each side's mistakes and accuracy.
    #[arg(long, visible_alias = "analyze")]
    analyse: bool,
    /// Search nodes per position for --analyse.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_NODES, requires = "analyse",
          value_parser = clap::value_parser!(u64).range(1..=1_000_000_000))]
    analyse_nodes: u64,
}

/// Keeps the records of the games when the match is to be analysed.
struct Keep(Option<Vec<GameRecord>>);

impl MatchObserver for Keep {
    fn game_finished(&mut self, record: &GameRecord, _tally: &Tally) {
        if let Some(kept) = self.0.as_mut() {
            kept.push(record.clone());
        }
    }
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
    if sprt.is_some() && args.split.shard.is_some() {
        return Err(Failure::usage(
            "--shard with --sprt: an SPRT stops on the games in order, which no shard sees; run the SPRT in one process (--resume continues it)",
        ));
    }
    let config = args.game.config(args.games, sprt)?;
    let inputs = run_inputs(&[&args.a, &args.b]);
    if let Some(path) = &args.records {
        check_output("--records", path, &inputs)?;
    }
    let contexts = args.game.programs.contexts(
        &[&args.a, &args.b],
        &config,
        args.records.as_deref(),
        WhenMissing::Warn,
    )?;
    let [ca, cb] = contexts.as_slice() else {
        return Err(Failure::new("two players, two contexts"));
    };
    let (a, name_a) = checked_player(&args.a, ca)?;
    let (b, name_b) = checked_player(&args.b, cb)?;
    let names = shown_names(&[name_a, name_b]);
    let sandboxed = sandbox_summary(&[&args.a, &args.b], &contexts);
    let cancel = ctrl_c("stopping the match: finishing the games in progress")?;
    let make_header = || RecordsHeader {
        names: names.clone(),
        programs: sandboxed.clone(),
        ..header(args, [&a, &b], &config)
    };
    let opened = open_records(args.records.as_ref(), &inputs, make_header, &args.split)?;
    let plan = opened.plan;
    let mut writer = opened.writer.map(|w| w.stopping(Arc::clone(&cancel)));

    let mut progress = Progress::new(!args.json);
    // A resumed match analyses the games kept as well.
    let mut keep = Keep(args.analyse.then_some(opened.kept));
    let result = run_match_plan(
        &a,
        &b,
        &config,
        &MatchPlan {
            plan: &plan,
            pairing: 0,
        },
        &cancel,
        &mut (Both(&mut progress, writer.as_mut()), &mut keep),
    );
    progress.finish();
    let report = result.map_err(|e| Failure::new(e.to_string()))?;
    if let (Some(w), Some(path)) = (writer, &args.records) {
        let kept = w.written();
        w.finish().map_err(|e| records_failure(path, &e, kept))?;
    }
    let summaries = match keep.0 {
        Some(records) => Some(analyse_match(&records, args)?),
        None => None,
    };
    if let Some(shard) = args.split.shard {
        errln!(
            "shard {shard}: {} of the run's {} games; join the shards' records with 'chainlab merge'",
            report.tally.games(),
            config.games
        );
    }
    print_report(
        &report,
        &names,
        sandboxed.as_ref(),
        args.json,
        summaries.as_deref(),
    )?;
    if report.stop == Stop::Cancelled {
        return Ok(ExitCode::from(EXIT_INTERRUPTED));
    }
    Ok(ExitCode::SUCCESS)
}

/// The records header of the match `args` asks for between `players`.
fn header(
    args: &Args,
    [a, b]: [&Arc<dyn AgentFactory>; 2],
    config: &chainlab::arena::MatchConfig,
) -> RecordsHeader {
    let players = vec![
        PlayerId::of(&a.label(), &args.a),
        PlayerId::of(&b.label(), &args.b),
    ];
    let identity = RunIdentity::new(RunKind::Match, players, vec![(0, 1)], config, false);
    let mut header = RecordsHeader::new(identity, args.split.shard());
    header.specs = vec![args.a.clone(), args.b.clone()];
    header.book_path = args.game.book.as_ref().map(|p| p.display().to_string());
    header.deterministic = a.is_deterministic() && b.is_deterministic();
    header.threads = config.thread_count().clamp(1, MAX_THREADS);
    header
}

/// Prints a match's report as `chainlab match` does: JSON or the table,
/// the players named `names` in tables, how programs ran, the analysis.
pub fn print_report(
    report: &MatchReport,
    names: &[String],
    sandboxed: Option<&(bool, String)>,
    json: bool,
    summaries: Option<&[PlayerSummary]>,
) -> Result<(), Failure> {
    if json {
        let mut value = to_json(report);
        if let Some(map) = value.as_object_mut() {
            map.insert("name_a".into(), json!(names.first()));
            map.insert("name_b".into(), json!(names.get(1)));
            map.insert("sandboxed".into(), json!(sandboxed.as_ref().map(|s| s.0)));
        }
        if let (Some(s), Some(map)) = (summaries, value.as_object_mut()) {
            map.insert("analysis".to_string(), json!(s));
        }
        outln!("{value}");
    } else {
        // Tables show programs by their own names; records keep the command.
        let mut shown_report = report.clone();
        if let [a, b] = names {
            shown_report.a.clone_from(a);
            shown_report.b.clone_from(b);
        }
        out!("{}", to_text(&shown_report));
        if let Some((_, how)) = sandboxed {
            outln!("{:<16}{how}", "Programs");
        }
        if let Some(s) = summaries {
            outln!();
            outln!("Analysis of every game (chainlab analyze; openings left out):");
            print_summary_table(s)?;
        }
    }
    Ok(())
}

/// Analyses every game of the match and sums the moves per side.
fn analyse_match(records: &[GameRecord], args: &Args) -> Result<Vec<PlayerSummary>, Failure> {
    let analyser = Analyser::new(AnalyserConfig::default().with_nodes(args.analyse_nodes));
    let never = Arc::new(AtomicBool::new(false));
    let bar = Progress::bar(!args.json);
    bar.set_length(records.len() as u64);
    // Game 0 seats side A first, so side A's sums come first.
    let mut summaries = Vec::new();
    for (k, record) in records.iter().enumerate() {
        bar.set_message(format!("analysing game {}", k + 1));
        let game = analyse_record(&analyser, record, &|_, _| {}, &never)
            .map_err(|e| Failure::new(format!("game {}: {e}", record.game)))?;
        summarise(&mut summaries, &game, |seat| seat_label(record, seat));
        bar.set_position(k as u64 + 1);
    }
    bar.finish_and_clear();
    Ok(summaries)
}

/// A duration in milliseconds with two decimals, "-" when there is none.
fn ms(d: Option<std::time::Duration>) -> String {
    d.map_or_else(
        || "-".to_string(),
        |d| format!("{:.2} ms", d.as_secs_f64() * 1000.0),
    )
}

/// One side's time per move as JSON: mean and longest, in milliseconds.
fn think_json(t: &chainlab::arena::ThinkTime) -> serde_json::Value {
    let round = |d: std::time::Duration| (d.as_secs_f64() * 1e6).round() / 1000.0;
    json!({ "moves": t.moves, "mean_ms": t.mean().map(round), "max_ms": round(t.max) })
}

/// The match as one JSON object.
pub fn to_json(r: &MatchReport) -> serde_json::Value {
    let w = r.tally.wdl;
    let counts = r.tally.counts();
    let (lo, hi) = counts.elo_ci95();
    let sprt = r.config.sprt.map(|s| {
        let (lower, upper) = s.bounds();
        json!({
            "elo0": s.elo0, "elo1": s.elo1, "alpha": s.alpha, "beta": s.beta,
            "lower": lower, "upper": upper, "llr": r.llr,
            "decision": match r.stop { Stop::Sprt(d) => Some(d), _ => None },
        })
    });
    let mut value = json!({
        "a": r.a,
        "b": r.b,
        "games": w.games(),
        "wins_a": w.wins,
        "wins_b": w.losses,
        "draws": w.draws,
        "score_a": w.score(),
        "score_ci95": counts.score_ci95().map(|(lo, hi)| [lo, hi]),
        "elo": counts.elo(),
        "elo_ci95": [lo, hi],
        "los": counts.los(),
        "pentanomial": (r.config.players == 2).then_some(r.tally.pentanomial.0),
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
        "time_per_move": { "a": think_json(&r.tally.think_a), "b": think_json(&r.tally.think_b) },
        "seconds": (r.elapsed.as_secs_f64() * 1000.0).round() / 1000.0,
    });
    if let (Some(book), Some(map)) = (&r.config.book, value.as_object_mut()) {
        map.insert("book".into(), book_json(book));
    }
    value
}

/// A book as JSON: its name, content hash and number of openings.
pub fn book_json(book: &chainlab::arena::Book) -> serde_json::Value {
    json!({ "name": book.name, "hash": book.hash(), "openings": book.len() })
}

/// How the games open, as the report headings say it: the book, or random
/// plies.
pub fn openings_words(c: &chainlab::arena::MatchConfig) -> String {
    match &c.book {
        Some(book) => format!("book {} ({} openings)", shown(&book.name), book.len()),
        None => format!("openings of {} plies", c.opening_plies),
    }
}

/// The match as a table and a summary.
pub fn to_text(r: &MatchReport) -> String {
    // Labels are file names or specs: shown with control characters escaped.
    let (a, b) = (shown(&r.a), shown(&r.b));
    let mut out = heading(r, &a, &b);
    out.push_str(&score_table(&r.tally.wdl, &a, &b));
    out.push('\n');
    let mut lines = Lines(&mut out);
    statistics(&mut lines, r, &a, &b);
    timing(&mut lines, r);
    out
}

/// The summary's lines: a name padded to one column, then its value.
struct Lines<'a>(&'a mut String);

impl Lines<'_> {
    fn line(&mut self, key: &str, value: &str) {
        self.0.push_str(&format!("{key:<16}{value}\n"));
    }
}

/// Who plays and how: the players, the board, rules, games, seed, openings
/// and threads, then an empty line.
fn heading(r: &MatchReport, a: &str, b: &str) -> String {
    let c = &r.config;
    let openings = openings_words(c);
    format!(
        "Match: {a} vs {b}\n\
         {} board, {} rules, {} players per game; {} games, seed {}, {openings}, {} thread{}\n\n",
        c.size,
        c.rules,
        c.players,
        c.games,
        c.seed,
        r.threads,
        if r.threads == 1 { "" } else { "s" }
    )
}

/// The win/draw/loss table of both players, its name column as wide as the
/// longer label (at least 6).
fn score_table(wdl: &Wdl, a: &str, b: &str) -> String {
    let width = a.len().max(b.len()).max(6);
    let mut out = format!(
        "{:<width$}  {:>6}  {:>6}  {:>6}  {:>6}\n",
        "player", "wins", "draws", "losses", "score"
    );
    for row in report::score_rows(wdl, a, b) {
        out.push_str(&format!(
            "{:<width$}  {:>6}  {:>6}  {:>6}  {:>6}\n",
            row.player, row.wins, row.draws, row.losses, row.score
        ));
    }
    out
}

/// What the games say: the Elo difference, the LOS, the game length, the
/// forfeits and caps, the SPRT's verdict, and whether the match was cancelled.
fn statistics(lines: &mut Lines<'_>, r: &MatchReport, a: &str, b: &str) {
    let w = r.tally.wdl;
    let counts = r.tally.counts();
    if let Some(pairs) = report::pentanomial(&r.tally.pentanomial) {
        lines.line(
            "Pairs",
            &format!("{pairs} (Elo, LOS and SPRT read the pairs)"),
        );
    }
    lines.line(
        "Elo difference",
        &report::elo_summary(&counts, a, b, Infinity::Ascii),
    );
    lines.line("LOS", &report::percent(counts.los()));
    lines.line("Game length", &report::game_length(&r.tally));
    let forfeits = report::forfeit_counts(&r.tally, a, b).map_or_else(
        || "none".to_string(),
        |counts| format!("{counts} (see --records for reasons)"),
    );
    lines.line("Forfeits", &forfeits);
    if let Some(capped) = report::capped(&r.tally, r.config.cap()) {
        lines.line("Capped", &capped);
    }
    if let Some(s) = r.config.sprt {
        let verdict = report::sprt_verdict(&s, Some(r.stop), r.llr, w.games(), a);
        lines.line(&report::sprt_heading(&s), &verdict);
    }
    if r.stop == Stop::Cancelled {
        lines.line("Stopped", "cancelled");
    }
}

/// The time taken, the time control, and the note that time limits make
/// results depend on the machine.
fn timing(lines: &mut Lines<'_>, r: &MatchReport) {
    let c = &r.config;
    let secs = r.elapsed.as_secs_f64();
    lines.line(
        "Time",
        &format!(
            "{secs:.1} s ({:.1} games/s)",
            r.tally.wdl.games() as f64 / secs.max(1e-9)
        ),
    );
    lines.line(
        "Time per move",
        &format!(
            "A mean {}, max {}; B mean {}, max {}",
            ms(r.tally.think_a.mean()),
            ms(Some(r.tally.think_a.max)),
            ms(r.tally.think_b.mean()),
            ms(Some(r.tally.think_b.max)),
        ),
    );
    if let Some(t) = c.time_control {
        lines.line(
            "Time control",
            &format!(
                "{} ms per move (a move over {} ms forfeits)",
                t.per_move.as_millis(),
                (t.per_move + t.margin).as_millis()
            ),
        );
    }
    if !r.deterministic || c.move_limit.is_some() || c.time_control.is_some() {
        lines.line(
            "Note",
            "time limits (ms=, --move-limit, --time-per-move) and programs (cmd:) make results depend on the machine: they do not repeat exactly",
        );
    }
}
