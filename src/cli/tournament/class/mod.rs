//! `chainlab tournament --dir/--reference/--report`: a class tournament.
//! Sets it up ([`setup`]), starts every program once, plays
//! the schedule, and writes the reports (atomically) and the summary on
//! stdout ([`print`]). Ctrl+C stops after the games being
//! played; the reports then cover the games played.

mod print;
mod records;
mod setup;

use std::path::Path;
use std::process::ExitCode;
use std::time::{Instant, SystemTime};

use chainlab::arena::run::Joined;
use chainlab::arena::{
    GameRecord, MatchConfig, MatchObserver, Pairing, RecordWriter, Tally, TournamentConfig,
    TournamentObserver, run_schedule_plan,
};
use chainlab::class::report::{ClassReport, Replay, to_csv, to_html, to_markdown};
use chainlab::class::{Collector, Role, forfeit_groups, grades, probe, ratings};
use chainlab::output::{LineFile, write_file};

use self::print::{Run, settings, stderr_summary, to_json, to_text};
use self::setup::{Setup, check_references, setup};
use super::Args;
use crate::cli::arena_args::Progress;
use crate::cli::cancel::{EXIT_INTERRUPTED, ctrl_c};
use crate::cli::{CmdResult, Failure, shown};

/// The observers of a class tournament: the progress bar, the summaries
/// of the games and the records file.
struct Observers<'a> {
    progress: &'a mut Progress,
    collector: &'a mut Collector,
    writer: Option<&'a mut RecordWriter<LineFile>>,
}

impl MatchObserver for Observers<'_> {
    fn match_started(&mut self, a: &str, b: &str, config: &MatchConfig) {
        self.progress.match_started(a, b, config);
    }

    fn game_finished(&mut self, record: &GameRecord, tally: &Tally) {
        self.progress.game_finished(record, tally);
        self.collector.game_finished(record, tally);
        if let Some(w) = self.writer.as_mut() {
            w.game_finished(record, tally);
        }
    }
}

impl TournamentObserver for Observers<'_> {
    fn pairing_started(&mut self, index: usize, count: usize) {
        self.progress.pairing_started(index, count);
    }

    fn pairing_finished(&mut self, pairing: &Pairing) {
        self.progress.pairing_finished(pairing);
    }
}

/// Prints the report as the options ask (JSON, Markdown or text), with
/// how the programs ran.
fn print_report(args: &Args, report: &ClassReport, setup: &Setup) -> Result<(), Failure> {
    let programs = if setup.sandboxed {
        "sandboxed (docs/class-tournament.md)"
    } else {
        "NOT sandboxed: every game ran the submissions' programs with your rights"
    };
    if args.json {
        let mut value = to_json(report, setup);
        if let Some(map) = value.as_object_mut() {
            map.insert("sandboxed".into(), setup.sandboxed.into());
        }
        outln!("{value}");
    } else if args.markdown {
        out!("{}", to_markdown(report));
        outln!("\nPrograms: {programs}");
    } else {
        out!("{}", to_text(report, setup));
        outln!("Programs: {programs}");
    }
    Ok(())
}

/// Runs a class tournament.
pub fn run(args: &Args) -> CmdResult {
    run_with(args, None)
}

/// Runs a class tournament; with `joined` (a merge of its shards) nothing
/// is played: the joined games are written to its records and reported.
pub fn run_with(args: &Args, joined: Option<&Joined>) -> CmdResult {
    let began = Instant::now();
    let when = SystemTime::now();
    let matches = args.game.config(args.games, None)?;
    check_references(args)?;
    let mut setup = setup(args)?;
    let writer = setup.writer.take();
    probe(&mut setup.entrants);
    if let Some(r) = setup
        .entrants
        .iter()
        .find(|e| e.is_reference() && e.problem.is_some())
    {
        let why = r
            .problem
            .as_ref()
            .map(ToString::to_string)
            .unwrap_or_default();
        return Err(Failure::new(format!(
            "reference {}: {}",
            shown(&r.label),
            shown(&why)
        )));
    }
    if !args.json {
        errln!("{}", stderr_summary(&setup, matches.games));
    }
    let cancel =
        ctrl_c("stopping after the games being played; the reports will cover the games played")?;
    let make_header = || records::header(args, &setup, &matches);
    let opened = records::open(args, &setup, writer, make_header, joined)?;
    let mut writer = opened
        .writer
        .map(|w| w.stopping(std::sync::Arc::clone(&cancel)));
    let factories: Vec<_> = setup.entrants.iter().map(|e| e.factory.clone()).collect();
    let config = TournamentConfig {
        matches,
        gauntlet: setup.gauntlet,
    };
    let mut progress = Progress::new(!args.json);
    let mut collector = Collector::default();
    for record in &opened.kept {
        collector.game_finished(record, &Tally::default());
    }
    let result = run_schedule_plan(
        &factories,
        &setup.schedule,
        &config,
        &opened.plan,
        &cancel,
        &mut Observers {
            progress: &mut progress,
            collector: &mut collector,
            writer: writer.as_mut(),
        },
    );
    progress.finish();
    let tournament = result.map_err(|e| Failure::new(e.to_string()))?;
    // Games kept from before (a resumed or merged run) come first: the
    // report lists them in game order, as one run plays them.
    collector.games.sort_by_key(|g| (g.pairing, g.game));
    if let (Some(w), Some(path)) = (writer, &setup.records) {
        let kept = w.written();
        w.finish()
            .map_err(|e| crate::cli::outputs::records_failure(path, &e, kept))?;
    }
    let run = Run {
        when,
        seconds: began.elapsed().as_secs_f64(),
    };
    let report = class_report(args, &setup, &tournament, &collector, &run);
    write_reports(&setup, &report)?;
    print_report(args, &report, &setup)?;
    Ok(if tournament.cancelled {
        ExitCode::from(EXIT_INTERRUPTED)
    } else {
        ExitCode::SUCCESS
    })
}

/// The report's model.
fn class_report<'a>(
    args: &Args,
    setup: &'a Setup,
    tournament: &'a chainlab::arena::TournamentReport,
    collector: &'a Collector,
    run: &Run,
) -> ClassReport<'a> {
    let entrants = &setup.entrants;
    let subs: Vec<usize> = (0..entrants.len())
        .filter(|&i| entrants.get(i).is_some_and(|e| !e.is_reference()))
        .collect();
    let refs: Vec<(usize, f64)> = entrants
        .iter()
        .enumerate()
        .filter_map(|(i, e)| match e.role {
            Role::Reference { pass } => Some((i, pass)),
            Role::Submission => None,
        })
        .collect();
    let left_out: Vec<bool> = entrants.iter().map(|e| e.problem.is_some()).collect();
    let labels: Vec<String> = entrants.iter().map(|e| e.label.clone()).collect();
    ClassReport {
        title: args.title.clone().unwrap_or_else(|| {
            if setup.gauntlet && !refs.is_empty() {
                "Class tournament".to_string()
            } else {
                "Class league".to_string()
            }
        }),
        settings: settings(setup, tournament, run),
        entrants,
        skipped: &setup.skipped,
        tournament,
        grades: if refs.is_empty() {
            Vec::new()
        } else {
            grades(tournament, &subs, &refs)
        },
        ratings: ratings(tournament, &left_out),
        forfeits: forfeit_groups(&collector.games, &labels),
        games: &collector.games,
        replay: setup.records.as_deref().map(|r| replay(r, setup)),
    }
}

/// How the reports name the records file: by its name when it is in the
/// report's folder (the folder then travels whole), else by its full path.
fn replay(records: &Path, setup: &Setup) -> Replay {
    let folder = |p: &Path| {
        std::fs::canonicalize(
            p.parent()
                .filter(|d| !d.as_os_str().is_empty())
                .unwrap_or(Path::new(".")),
        )
    };
    let beside = setup.report.as_ref().is_some_and(
        |r| matches!((folder(records), std::fs::canonicalize(&r.dir)), (Ok(a), Ok(b)) if a == b),
    );
    match records.file_name() {
        Some(name) if beside => Replay {
            records: name.to_string_lossy().into_owned(),
            from: "in the report's folder".to_string(),
        },
        _ => Replay {
            records: std::fs::canonicalize(records)
                .unwrap_or_else(|_| records.to_path_buf())
                .display()
                .to_string(),
            from: "from any folder".to_string(),
        },
    }
}

/// Writes report.html, report.md and report.csv, each atomically.
fn write_reports(setup: &Setup, report: &ClassReport) -> Result<(), Failure> {
    let Some(files) = &setup.report else {
        return Ok(());
    };
    let [html, md, csv] = &files.files;
    for (path, text) in [
        (html, to_html(report)),
        (md, to_markdown(report)),
        (csv, to_csv(report)),
    ] {
        write_file(path, text.as_bytes(), &setup.inputs)
            .map_err(|e| crate::cli::outputs::output_failure("--report", &e))?;
    }
    Ok(())
}
