//! `chainlab analyze`: value every move of a position or a recorded game
//! with the analyser, mark inaccuracies, mistakes and blunders, sum them per
//! player over a records file, or fit the win-chance model to the games.

mod print;

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use chainlab::analysis::{
    Analyser, AnalyserConfig, AnalysisError, DEFAULT_NODES, GameAnalysis, PlayerSummary,
    analyse_record, summarise,
};
use chainlab::arena::GameRecord;
use chainlab::arena::winchance::{self, Sample};
use chainlab::bots::Interrupt;
use chainlab::rules::Position;

pub(super) use self::print::print_summary_table;
use self::print::{print_calibration, print_game, print_position, print_summaries};
use super::arena_args::Progress;
use super::cancel::{EXIT_INTERRUPTED, ctrl_c};
use super::replay::open_records;
use super::{CmdResult, Failure, read_position_text};

/// Arguments of `chainlab analyze`.
#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:\n  \
chainlab analyze games.jsonl --game 3        # every move of game 3, mistakes marked\n  \
chainlab analyze games.jsonl                 # accuracy and mistakes per player, all games\n  \
chainlab analyze --position pos.txt --json   # every legal move with its win chance\n  \
chainlab analyze games.jsonl --calibrate     # fit the win-chance model to the results\n\n\
Classes by the mover's win chance given away: inaccuracy >= 5%, mistake >= 10%, blunder >= 20%.")]
pub struct Args {
    /// A records file written by 'chainlab match --records' (one JSON line per game).
    #[arg(value_name = "RECORDS_FILE", conflicts_with = "position")]
    file: Option<PathBuf>,
    /// The game to analyse (its "game" number); without it, every game is summed per player.
    #[arg(long, value_name = "K", requires = "file")]
    game: Option<u64>,
    /// Only the games of this pairing of a tournament file.
    #[arg(long, value_name = "P", requires = "file")]
    pairing: Option<u32>,
    /// A position file (text notation or JSON) to analyse instead of a game.
    #[arg(long, value_name = "FILE")]
    position: Option<PathBuf>,
    /// Search nodes per position (more is slower and stronger).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_NODES,
          value_parser = clap::value_parser!(u64).range(1..=1_000_000_000))]
    nodes: u64,
    /// Fit the win-chance model to the results of the games and print the fit.
    #[arg(long, requires = "file", conflicts_with = "game")]
    calibrate: bool,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

/// Runs `chainlab analyze`.
pub fn run(args: &Args) -> CmdResult {
    let analyser = Analyser::new(AnalyserConfig::default().with_nodes(args.nodes));
    if let Some(path) = &args.position {
        return position(&analyser, path, args.json);
    }
    let Some(file) = &args.file else {
        return Err(Failure::usage(
            "give a records file or --position FILE (see 'chainlab analyze --help')",
        ));
    };
    let cancel = ctrl_c("stopping the analysis")?;
    let outcome = match args.game {
        Some(k) => game(&analyser, args, file, k, &cancel),
        None if args.calibrate => calibrate(&analyser, args, file, &cancel),
        None => summary(&analyser, args, file, &cancel),
    };
    match outcome {
        Err(_) if cancel.load(Ordering::SeqCst) => Ok(ExitCode::from(EXIT_INTERRUPTED)),
        other => other,
    }
}

/// Says once on stderr when the node budget is more than a search uses on
/// `size` (its cap of nodes × cells), and what it uses instead.
fn note_cap(analyser: &Analyser, size: chainlab::rules::Size) {
    static SAID: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
    let (asked, used) = (analyser.config().nodes, analyser.config().nodes_on(size));
    if used < asked && !SAID.swap(true, std::sync::atomic::Ordering::Relaxed) {
        errln!(
            "chainlab: note: --nodes {asked} is capped at {used} on {size} (a search uses at most {} nodes × cells)",
            chainlab::bots::search::DEFAULT_NODE_CELLS
        );
    }
}

/// Every legal move of a position, best first.
fn position(analyser: &Analyser, path: &Path, json: bool) -> CmdResult {
    let text = read_position_text(path)?;
    let position: Position = text
        .parse()
        .map_err(|e| Failure::new(format!("{}: {e}", path.display())))?;
    note_cap(analyser, position.size());
    let analysis = analyser
        .position(&position, &Interrupt::never())
        .map_err(|e| Failure::new(format!("{}: {e}", path.display())))?;
    print_position(&position, &analysis, json)?;
    Ok(ExitCode::SUCCESS)
}

/// Analyses one record with a progress bar on a terminal.
fn analyse(
    analyser: &Analyser,
    record: &GameRecord,
    file: &Path,
    cancel: &Arc<AtomicBool>,
    bar: &indicatif::ProgressBar,
) -> Result<GameAnalysis, Failure> {
    let progress = |done: usize, total: usize| {
        bar.set_length(total as u64);
        bar.set_position(done as u64);
    };
    if let Ok(start) = record.start() {
        note_cap(analyser, start.size());
    }
    analyse_record(analyser, record, &progress, cancel).map_err(|e| match e {
        AnalysisError::Cancelled => Failure::new("cancelled"),
        // It names its game itself.
        e @ AnalysisError::IllegalMove { .. } => Failure::new(format!("{}: {e}", file.display())),
        e => Failure::new(format!("{}: game {}: {e}", file.display(), record.game)),
    })
}

/// One game, move by move.
fn game(
    analyser: &Analyser,
    args: &Args,
    file: &Path,
    k: u64,
    cancel: &Arc<AtomicBool>,
) -> CmdResult {
    let record = open_records(file, args.pairing)?
        .find(|r| r.as_ref().map_or(true, |r| r.game == k))
        .transpose()?
        .ok_or_else(|| Failure::new(format!("{} has no game {k}", file.display())))?;
    let bar = Progress::bar(true);
    let analysis = analyse(analyser, &record, file, cancel, &bar)?;
    bar.finish_and_clear();
    let mut summaries = Vec::new();
    summarise(&mut summaries, &analysis, |seat| seat_label(&record, seat));
    print_game(&record, &analysis, &summaries, args.json)?;
    Ok(ExitCode::SUCCESS)
}

/// A seat's player label, with its match side ("bot:greedy (side A)") when
/// more than one seat has that label; shared with `chainlab match --analyse`.
pub fn seat_label(record: &GameRecord, seat: usize) -> String {
    let label = record.players.get(seat).cloned().unwrap_or_default();
    let twice = record.players.iter().filter(|p| **p == label).count() > 1;
    if twice {
        let side = record.sides.get(seat..=seat).unwrap_or("?").to_uppercase();
        format!("{label} (side {side})")
    } else {
        label
    }
}

/// Every game, summed per player.
fn summary(analyser: &Analyser, args: &Args, file: &Path, cancel: &Arc<AtomicBool>) -> CmdResult {
    let mut summaries: Vec<PlayerSummary> = Vec::new();
    let mut games = 0usize;
    let bar = Progress::bar(true);
    for record in open_records(file, args.pairing)? {
        let record = record?;
        bar.set_message(format!("game {}", record.game));
        let analysis = analyse(analyser, &record, file, cancel, &bar)?;
        summarise(&mut summaries, &analysis, |seat| seat_label(&record, seat));
        games += 1;
    }
    bar.finish_and_clear();
    print_summaries(&summaries, games, args.json)?;
    Ok(ExitCode::SUCCESS)
}

/// Fits the win-chance model to the games: every analysed position is a
/// sample of (best value for the mover, did the mover win).
fn calibrate(analyser: &Analyser, args: &Args, file: &Path, cancel: &Arc<AtomicBool>) -> CmdResult {
    let mut samples = Vec::new();
    let bar = Progress::bar(true);
    let mut games = 0usize;
    for record in open_records(file, args.pairing)? {
        let record = record?;
        if record.forfeit.is_some() {
            continue;
        }
        let analysis = analyse(analyser, &record, file, cancel, &bar)?;
        let cells = analysis.size.cells();
        samples.extend(analysis.plies.iter().map(|p| Sample {
            value: p.position.value,
            cells,
            players: analysis.players,
            won: record.winner == Some(p.mover()),
        }));
        games += 1;
    }
    bar.finish_and_clear();
    let model = winchance::fit(&samples);
    let before = winchance::log_likelihood(&analyser.config().model, &samples);
    let after = winchance::log_likelihood(&model, &samples);
    let bins = winchance::calibration(&model, &samples, 10);
    print_calibration(
        games,
        samples.len(),
        &model,
        before,
        after,
        &bins,
        args.json,
    )?;
    Ok(ExitCode::SUCCESS)
}
