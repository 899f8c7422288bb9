//! `chainlab tournament`: round robin or gauntlet, a ranking and a crosstable.

mod args;
mod class;

use std::process::ExitCode;

use chainlab::arena::report;
use chainlab::arena::run::{PlayerId, RecordsHeader, RunIdentity, RunKind};
use chainlab::arena::{
    MAX_THREADS, TournamentConfig, TournamentReport, pairings, run_schedule_plan,
};
use chainlab::class::report::table::table;
use serde_json::json;

pub use self::args::Args;
use super::arena_args::{Both, Progress, checked_player, shown_names};
use super::cancel::{EXIT_INTERRUPTED, ctrl_c};
use super::outputs::{check_output, records_failure, run_inputs};
use super::program_args::{WhenMissing, sandbox_summary};
use super::runs::open_records;
use super::{CmdResult, Failure, shown};

/// Writes a class tournament's reports from the joined games of its
/// shards, set up again from `args` (its command line, from the header).
pub fn merge_class(args: &Args, joined: &chainlab::arena::run::Joined) -> CmdResult {
    class::run_with(args, Some(joined))
}

/// Runs `chainlab tournament`.
pub fn run(args: &Args) -> CmdResult {
    if args.is_class() {
        return class::run(args);
    }
    check_entrants(args)?;
    let matches = args.game.config(args.games, None)?;
    let inputs = run_inputs(&args.entrants);
    if let Some(path) = &args.records {
        check_output("--records", path, &inputs)?;
    }
    let specs: Vec<&str> = args.entrants.iter().map(String::as_str).collect();
    let contexts = args.game.programs.contexts(
        &specs,
        &matches,
        args.records.as_deref(),
        WhenMissing::Warn,
    )?;
    let checked = args
        .entrants
        .iter()
        .zip(&contexts)
        .map(|(s, context)| checked_player(s, context))
        .collect::<Result<Vec<_>, _>>()?;
    let names = shown_names(&checked.iter().map(|(_, n)| n.clone()).collect::<Vec<_>>());
    let entrants: Vec<_> = checked.into_iter().map(|(f, _)| f).collect();
    let sandboxed = sandbox_summary(&specs, &contexts);
    let config = TournamentConfig {
        matches,
        gauntlet: args.gauntlet,
    };
    let cancel = ctrl_c("stopping the tournament: finishing the games in progress")?;
    let schedule = pairings(entrants.len(), config.gauntlet);
    let make_header = || RecordsHeader {
        names: names.clone(),
        programs: sandboxed.clone(),
        ..header(args, &entrants, &schedule, &config)
    };
    let opened = open_records(args.records.as_ref(), &inputs, make_header, &args.split)?;
    let plan = opened.plan;
    let mut writer = opened
        .writer
        .map(|w| w.stopping(std::sync::Arc::clone(&cancel)));
    let mut progress = Progress::new(!args.json);
    let result = run_schedule_plan(
        &entrants,
        &schedule,
        &config,
        &plan,
        &cancel,
        &mut Both(&mut progress, writer.as_mut()),
    );
    progress.finish();
    let report = result.map_err(|e| Failure::new(e.to_string()))?;
    if let (Some(w), Some(path)) = (writer, &args.records) {
        let kept = w.written();
        w.finish().map_err(|e| records_failure(path, &e, kept))?;
    }
    if let Some(shard) = args.split.shard {
        shard_note(shard, &report, schedule.len());
    }
    print_report(
        &report,
        &names,
        sandboxed.as_ref(),
        args.json,
        args.markdown,
    )?;
    if report.cancelled {
        return Ok(ExitCode::from(EXIT_INTERRUPTED));
    }
    Ok(ExitCode::SUCCESS)
}

/// A tournament of named players: two or more, and no `--pass` (which
/// grades a class tournament's submissions).
fn check_entrants(args: &Args) -> Result<(), Failure> {
    if args.pass.is_some() {
        return Err(Failure::usage(
            "--pass grades submissions against references: give --reference or --dir",
        ));
    }
    if args.entrants.len() < 2 {
        return Err(Failure::usage(format!(
            "a tournament needs at least two players (PLAYER PLAYER ...), or --dir DIR for a class tournament; {} given",
            args.entrants.len()
        )));
    }
    Ok(())
}

/// The records header of the tournament `args` asks for.
fn header(
    args: &Args,
    entrants: &[std::sync::Arc<dyn chainlab::bots::AgentFactory>],
    schedule: &[(usize, usize)],
    config: &TournamentConfig,
) -> RecordsHeader {
    let players = entrants
        .iter()
        .zip(&args.entrants)
        .map(|(e, spec)| PlayerId::of(&e.label(), spec))
        .collect();
    let identity = RunIdentity::new(
        RunKind::Tournament,
        players,
        schedule.to_vec(),
        &config.matches,
        config.gauntlet,
    );
    let mut header = RecordsHeader::new(identity, args.split.shard());
    header.specs.clone_from(&args.entrants);
    header.book_path = args.game.book.as_ref().map(|p| p.display().to_string());
    header.deterministic = entrants.iter().all(|e| e.is_deterministic());
    header.threads = config.matches.thread_count().clamp(1, MAX_THREADS);
    header
}

/// Says on stderr what a shard played of its run.
fn shard_note(shard: chainlab::arena::run::Shard, report: &TournamentReport, pairings: usize) {
    let played: u64 = report.pairings.iter().map(|p| p.tally.games()).sum();
    errln!(
        "shard {shard}: {played} of the run's {} games; join the shards' records with 'chainlab merge'",
        report.config.matches.games * pairings as u64
    );
}

/// Prints a tournament's report as `chainlab tournament` does: JSON, or
/// the tables (Markdown if asked) with the players named `names`, and how
/// programs ran.
pub fn print_report(
    report: &TournamentReport,
    names: &[String],
    sandboxed: Option<&(bool, String)>,
    json: bool,
    markdown: bool,
) -> Result<(), Failure> {
    if json {
        let mut value = to_json(report);
        if let Some(map) = value.as_object_mut() {
            map.insert("sandboxed".into(), json!(sandboxed.map(|s| s.0)));
        }
        outln!("{value}");
    } else {
        // Tables show programs by their own names; records keep the command.
        let mut shown_report = report.clone();
        rename(&mut shown_report, names);
        out!("{}", to_text(&shown_report, markdown));
        if let Some((_, how)) = sandboxed {
            outln!("Programs: {how}");
        }
    }
    Ok(())
}

fn to_json(r: &TournamentReport) -> serde_json::Value {
    let c = &r.config.matches;
    let cross: Vec<Vec<Option<f64>>> = (0..r.players.len())
        .map(|i| {
            (0..r.players.len())
                .map(|j| r.cross(i, j).map(|(p, _)| p))
                .collect()
        })
        .collect();
    let mut value = json!({
        "players": r.players,
        "format": if r.config.gauntlet { "gauntlet" } else { "round robin" },
        "games_per_pairing": c.games,
        "seed": c.seed,
        "size": c.size.to_string(),
        "rules": c.rules,
        "players_per_game": c.players,
        "openings": c.opening_plies,
        "standings": r.standings,
        "pairings": r.pairings,
        "crosstable": cross,
        "cancelled": r.cancelled,
    });
    if let (Some(book), Some(map)) = (&c.book, value.as_object_mut()) {
        map.insert("book".into(), super::matches::book_json(book));
    }
    value
}

/// Shows entrant `i` as `names[i]` in `report`'s tables.
fn rename(report: &mut TournamentReport, names: &[String]) {
    for (player, name) in report.players.iter_mut().zip(names) {
        player.clone_from(name);
    }
    for standing in &mut report.standings {
        if let Some(name) = names.get(standing.entrant) {
            standing.player.clone_from(name);
        }
    }
}

/// The tournament as text (or Markdown): what was played, the ranking, and
/// the crosstable.
fn to_text(r: &TournamentReport, markdown: bool) -> String {
    let mut out = heading(r);
    out.push_str(&ranking(r, markdown));
    out.push('\n');
    out.push_str(&crosstable(r, markdown));
    out
}

/// Who plays, the format, and how each game is played, then an empty line.
fn heading(r: &TournamentReport) -> String {
    let c = &r.config.matches;
    let format = if r.config.gauntlet {
        "gauntlet"
    } else {
        "round robin"
    };
    format!(
        "Tournament: {} players, {format}, {} games per pairing\n\
         {} board, {} rules, {} players per game, seed {}, {}{}\n\n",
        r.players.len(),
        c.games,
        c.size,
        c.rules,
        c.players,
        c.seed,
        super::matches::openings_words(c),
        if r.cancelled { " (cancelled)" } else { "" }
    )
}

/// The ranking: one row per player in standing order, with its games,
/// results, score and fitted rating.
fn ranking(r: &TournamentReport, markdown: bool) -> String {
    let mut out = String::from(if markdown {
        "**Ranking**\n\n"
    } else {
        "Ranking\n"
    });
    let header: Vec<String> = [
        "#", "player", "games", "wins", "draws", "losses", "score", "rating",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let rows: Vec<Vec<String>> = r
        .standings
        .iter()
        .enumerate()
        .map(|(k, s)| {
            vec![
                (k + 1).to_string(),
                shown(&s.player).into_owned(),
                s.wdl.games().to_string(),
                s.wdl.wins.to_string(),
                s.wdl.draws.to_string(),
                s.wdl.losses.to_string(),
                report::standing_score(s.score),
                report::rating(s.rating),
            ]
        })
        .collect();
    let right = [true, false, true, true, true, true, true, true];
    out.push_str(&table(&header, &rows, &right, markdown));
    out
}

/// The crosstable in ranking order, columns numbered by rank: the row
/// player's points against the column player.
fn crosstable(r: &TournamentReport, markdown: bool) -> String {
    let n = r.players.len();
    let bold = if markdown { "**" } else { "" };
    let mut out = format!(
        "{bold}Crosstable{bold}: points of the row player against the column player, out of {}\n{}",
        r.config.matches.games,
        if markdown { "\n" } else { "" }
    );
    let order: Vec<usize> = r.standings.iter().map(|s| s.entrant).collect();
    let mut header = vec!["#".to_string(), "player".to_string()];
    header.extend((1..=n).map(|k| k.to_string()));
    let rows: Vec<Vec<String>> = order
        .iter()
        .enumerate()
        .map(|(k, &i)| {
            let mut row = vec![
                (k + 1).to_string(),
                r.players
                    .get(i)
                    .map(|p| shown(p).into_owned())
                    .unwrap_or_default(),
            ];
            row.extend(order.iter().map(|&j| {
                if i == j {
                    "-".to_string()
                } else {
                    r.cross(i, j)
                        .map_or_else(|| "".to_string(), |(p, _)| format!("{p:.1}"))
                }
            }));
            row
        })
        .collect();
    let mut right = vec![true, false];
    right.extend(std::iter::repeat_n(true, n));
    out.push_str(&table(&header, &rows, &right, markdown));
    out
}
