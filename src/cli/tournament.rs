//! `chainlab tournament`: round robin or gauntlet, a ranking and a crosstable.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;

use chainlab::arena::report;
use chainlab::arena::{TournamentConfig, TournamentReport, run_tournament};
use chainlab::class::report::table::table;
use serde_json::json;

use super::arena_args::{Both, GameArgs, Progress, player, records_writer};
use super::{CmdResult, EXIT_OUTPUT, Failure, shown};

/// Arguments of `chainlab tournament`.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Class tournaments (docs/class-tournament.md): with --dir, --reference or \
--report the players named are submissions, and every strategy file, executable program and \
folder with a bot.toml in DIR is one too. A submission that does not load or start forfeits its \
games with the reason; the tournament goes on. With --gauntlet each submission plays each \
reference (default: bot:random, bot:greedy, bot:expert) and is graded against the pass marks; \
without it everyone plays everyone. --report DIR writes report.html, report.md, report.csv and \
the game records (games.jsonl) there.\n\n\
Examples:\n  \
chainlab tournament bot:random bot:greedy bot:expert --games 40\n  \
chainlab tournament bot:master bot:expert bot:mcts bot:greedy --gauntlet --markdown\n  \
chainlab tournament --dir submissions/ --gauntlet --report results/\n  \
chainlab tournament --dir submissions/ --gauntlet --reference bot:random@75 \\\n    \
--reference bot:greedy --reference bot:expert@40 --pass 50 --report results/\n  \
chainlab tournament --dir submissions/ --games 10 --report league/    # round robin"
)]
pub struct Args {
    /// The players: built-ins such as bot:greedy, strategy files ending in
    /// .json, programs as cmd:COMMAND or a bot.toml. In a class tournament
    /// they are submissions beside those found in --dir.
    #[arg(value_name = "PLAYER")]
    pub(super) entrants: Vec<String>,
    /// A folder of submissions (class tournament): strategy files (*.json),
    /// executable programs and folders with a bot.toml or one strategy
    /// file; anything else is listed as skipped. May be repeated.
    #[arg(long, value_name = "DIR")]
    pub(super) dir: Vec<PathBuf>,
    /// A reference player that every submission is graded against, with
    /// its own pass mark after @ (bot:greedy@60). May be repeated.
    #[arg(long, value_name = "PLAYER[@PERCENT]")]
    pub(super) reference: Vec<String>,
    /// The score a submission needs against a reference to pass it, in
    /// percent (default 50), for references without their own @ mark.
    #[arg(long, value_name = "PERCENT", value_parser = pass_mark)]
    pub(super) pass: Option<f64>,
    /// Write report.html, report.md and report.csv into this folder (made
    /// if missing), and the game records as games.jsonl unless --records.
    #[arg(long, value_name = "DIR")]
    pub(super) report: Option<PathBuf>,
    /// The title of the reports.
    #[arg(long, value_name = "TEXT", requires = "report")]
    pub(super) title: Option<String>,
    /// Games per pairing; pairs of games swap the seats.
    #[arg(long, value_name = "N", default_value_t = 20)]
    pub(super) games: u64,
    /// Play only the first player against each of the others; in a class
    /// tournament, each submission against each reference.
    #[arg(long)]
    pub(super) gauntlet: bool,
    #[command(flatten)]
    pub(super) game: GameArgs,
    /// Write every game as one JSON line to this file.
    #[arg(long, value_name = "FILE")]
    pub(super) records: Option<PathBuf>,
    /// Print one JSON object instead of tables (and no progress bar).
    #[arg(long, conflicts_with = "markdown")]
    pub(super) json: bool,
    /// Print the tables as Markdown.
    #[arg(long)]
    pub(super) markdown: bool,
}

impl Args {
    /// Whether this is a class tournament: submissions, references or a report.
    fn is_class(&self) -> bool {
        !self.dir.is_empty() || !self.reference.is_empty() || self.report.is_some()
    }
}

/// Parses `--pass`.
fn pass_mark(text: &str) -> Result<f64, String> {
    chainlab::class::parse_pass(text).map_err(|e| e.to_string())
}

/// Runs `chainlab tournament`.
pub fn run(args: &Args) -> CmdResult {
    if args.is_class() {
        return super::class::run(args);
    }
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
    let matches = args.game.config(args.games, None)?;
    let entrants = args
        .entrants
        .iter()
        .map(|s| player(s))
        .collect::<Result<Vec<_>, _>>()?;
    let config = TournamentConfig {
        matches,
        gauntlet: args.gauntlet,
    };
    let inputs: Vec<&String> = args.entrants.iter().collect();
    let mut writer = records_writer(args.records.as_ref(), &inputs)?;
    let mut progress = Progress::new(!args.json);
    let cancel = AtomicBool::new(false);
    let result = run_tournament(
        &entrants,
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
        out!("{}", to_text(&report, args.markdown));
    }
    Ok(ExitCode::SUCCESS)
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
    json!({
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
    })
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
         {} board, {} rules, {} players per game, seed {}, openings of {} plies{}\n\n",
        r.players.len(),
        c.games,
        c.size,
        c.rules,
        c.players,
        c.seed,
        c.opening_plies,
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
