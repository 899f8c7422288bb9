//! `chainlab merge`: joins the records of a run's shards (or of one
//! records file) and prints the run's report with the code that prints it
//! after one process: `match`'s or `tournament`'s, so that the merged report
//! equals the one-process report but for timings.

use std::io::BufReader;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use chainlab::arena::Book;
use chainlab::arena::run::{
    Joined, RecordsHeader, RunError, RunKind, join, match_report, read_run, tournament_report,
};

use chainlab::class::report::shell_word;

use super::{CmdResult, Failure, matches, shown, tournament};

/// Arguments of `chainlab merge`.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Each records file begins with a header naming its run and shard \
(match and tournament --records, with --shard K/N or without). The files must be shards of one \
run, each game once and none missing; a refusal says which games are missing and the command \
that plays them.\n\nExamples:\n  \
chainlab match bot:expert bot:greedy --games 400 --shard 1/4 --records s1.jsonl   # ... to 4/4\n  \
chainlab merge s1.jsonl s2.jsonl s3.jsonl s4.jsonl\n  \
chainlab merge shards/*.jsonl --json"
)]
pub struct Args {
    /// The records files of the run's shards.
    #[arg(value_name = "FILE", required = true)]
    files: Vec<PathBuf>,
    /// Print one JSON object, as the run's --json does.
    #[arg(long, conflicts_with = "markdown")]
    json: bool,
    /// Print a tournament's tables as Markdown.
    #[arg(long)]
    markdown: bool,
    /// A class tournament: write report.html, report.md, report.csv and
    /// the joined games (games.jsonl) into this folder. The submissions
    /// must be where the shards found them, unchanged.
    #[arg(long, value_name = "DIR")]
    report: Option<PathBuf>,
}

/// A class tournament's command line, read again.
#[derive(clap::Parser, Debug)]
#[command(name = "tournament")]
struct Again {
    #[command(flatten)]
    args: tournament::Args,
}

/// Runs `chainlab merge`.
pub fn run(args: &Args) -> CmdResult {
    let mut files = Vec::with_capacity(args.files.len());
    for path in &args.files {
        let name = shown(&path.display().to_string()).into_owned();
        let file = std::fs::File::open(path)
            .map_err(|e| Failure::new(format!("cannot read {name}: {e}")))?;
        let run = read_run(&name, BufReader::new(file)).map_err(|e| Failure::new(e.to_string()))?;
        if run.truncated {
            errln!("{name}: the last line is cut short (its game is left out)");
        }
        files.push(run);
    }
    // A wrong command line is said before the games are joined.
    let kind = files
        .iter()
        .find_map(|f| f.header.as_ref())
        .map(|h| h.run.kind);
    if args.report.is_some() && kind.is_some_and(|k| k != RunKind::Class) {
        return Err(Failure::usage(
            "--report is for a class tournament's shards (tournament --dir)",
        ));
    }
    let joined = match join(&files) {
        Ok(joined) => joined,
        Err(e @ RunError::Missing { .. }) => return Err(missing(&e, &files)),
        Err(e) => return Err(Failure::new(e.to_string())),
    };
    print(&joined, args)?;
    Ok(ExitCode::SUCCESS)
}

/// Prints the joined run's report as its command prints it.
fn print(joined: &Joined, args: &Args) -> Result<(), Failure> {
    let h = &joined.header;
    match h.run.kind {
        RunKind::Match => {
            let mut report = match_report(joined);
            report.config.book = book(h)?;
            matches::print_report(&report, &h.names, h.programs.as_ref(), args.json, None)
        }
        RunKind::Tournament => {
            let mut report = tournament_report(joined);
            report.config.matches.book = book(h)?;
            tournament::print_report(
                &report,
                &h.names,
                h.programs.as_ref(),
                args.json,
                args.markdown,
            )
        }
        RunKind::Class => {
            use clap::Parser;
            let words = std::iter::once("tournament".to_string()).chain(h.specs.iter().cloned());
            let mut again = Again::try_parse_from(words)
                .map_err(|e| Failure::new(format!("the shards' command line: {e}")))?;
            let a = &mut again.args;
            a.split = Default::default();
            a.records = None;
            a.report.clone_from(&args.report);
            a.json = args.json;
            a.markdown = args.markdown;
            tournament::merge_class(a, joined).map(|_| ())
        }
    }
}

/// The book the run played from (see [`RecordsHeader::book`]).
fn book(h: &RecordsHeader) -> Result<Option<Arc<Book>>, Failure> {
    h.book().map_err(|e| Failure::new(e.to_string()))
}

/// The refusal of a join with games missing: which, and the commands
/// that play them (`--resume` on a shard's file that is given, a new file
/// for a shard that is not).
fn missing(e: &RunError, files: &[chainlab::arena::run::RunFile]) -> Failure {
    let RunError::Missing { shards, .. } = e else {
        return Failure::new(e.to_string());
    };
    // One error line, as every failure has: the commands that play the
    // missing games follow it, separated by " ; ".
    let Some(header) = files.iter().find_map(|f| f.header.as_ref()) else {
        return Failure::new(e.to_string());
    };
    let commands: Vec<String> = shards
        .iter()
        .map(|&k| {
            let given = files
                .iter()
                .find(|f| f.header.as_ref().is_some_and(|h| h.shard.k == k));
            let (file, resume) = match given {
                Some(f) => (f.name.clone(), " --resume"),
                None => (format!("shard-{k}.jsonl"), ""),
            };
            format!(
                "{} --shard {k}/{} --records {}{resume}",
                command(header),
                header.shard.n,
                shell_word(&file)
            )
        })
        .collect();
    Failure::new(format!("{e}; play them with: {}", commands.join(" ; ")))
}

/// The command line of the run a header names, without shard and records.
fn command(h: &RecordsHeader) -> String {
    let r = &h.run;
    let players: Vec<String> = h.specs.iter().map(|s| shell_word(s)).collect();
    let mut words = match r.kind {
        RunKind::Match => format!("chainlab match {}", players.join(" ")),
        RunKind::Tournament => format!(
            "chainlab tournament {}{}",
            players.join(" "),
            if r.gauntlet { " --gauntlet" } else { "" }
        ),
        RunKind::Class => "chainlab tournament (the class tournament's own options)".to_string(),
    };
    words.push_str(&format!(
        " --games {} --seed {} --size {} --rules {} --players {} --cap {}",
        r.games, r.seed, r.size, r.rules, r.players_per_game, r.cap
    ));
    // A book takes the place of random openings (the two conflict).
    match &h.book_path {
        Some(path) => words.push_str(&format!(" --book {}", shell_word(path))),
        None => words.push_str(&format!(" --openings {}", r.opening.plies)),
    }
    if let Some(ms) = r.move_limit_ms {
        words.push_str(&format!(" --move-limit {ms}"));
    }
    if let Some((per, margin)) = r.time_control_ms {
        words.push_str(&format!(" --time-per-move {per} --time-margin {margin}"));
    }
    words
}
