//! `chainlab tournament`: round robin or gauntlet, a ranking and a crosstable.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;

use chainlab::arena::report;
use chainlab::arena::{TournamentConfig, TournamentReport, run_tournament};
use serde_json::json;

use super::arena_args::{Both, GameArgs, Progress, player, records_writer};
use super::{CmdResult, EXIT_OUTPUT, Failure, shown};

/// Arguments of `chainlab tournament`.
#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:\n  \
chainlab tournament bot:random bot:greedy bot:expert --games 40\n  \
chainlab tournament bot:master bot:expert bot:mcts bot:greedy --gauntlet --markdown")]
pub struct Args {
    /// The players: built-ins such as bot:greedy, or strategy files ending in .json.
    #[arg(value_name = "PLAYER", required = true, num_args = 2..)]
    entrants: Vec<String>,
    /// Games per pairing; pairs of games swap the seats.
    #[arg(long, value_name = "N", default_value_t = 20)]
    games: u64,
    /// Play only the first player against each of the others.
    #[arg(long)]
    gauntlet: bool,
    #[command(flatten)]
    game: GameArgs,
    /// Write every game as one JSON line to this file.
    #[arg(long, value_name = "FILE")]
    records: Option<PathBuf>,
    /// Print one JSON object instead of tables (and no progress bar).
    #[arg(long, conflicts_with = "markdown")]
    json: bool,
    /// Print the tables as Markdown.
    #[arg(long)]
    markdown: bool,
}

/// Runs `chainlab tournament`.
pub fn run(args: &Args) -> CmdResult {
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

/// Rows of cells rendered as aligned text or as a Markdown table.
fn table(header: &[String], rows: &[Vec<String>], right: &[bool], markdown: bool) -> String {
    let columns = header.len();
    let least = if markdown { 3 } else { 0 };
    let mut widths: Vec<usize> = header
        .iter()
        .map(|h| h.chars().count().max(least))
        .collect();
    for row in rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let align = |cell: &str, k: usize| {
        let w = widths.get(k).copied().unwrap_or(0);
        if right.get(k).copied().unwrap_or(false) {
            format!("{cell:>w$}")
        } else {
            format!("{cell:<w$}")
        }
    };
    let line = |cells: &[String]| {
        let parts: Vec<String> = cells.iter().enumerate().map(|(k, c)| align(c, k)).collect();
        if markdown {
            format!("| {} |\n", parts.join(" | "))
        } else {
            format!("  {}\n", parts.join("  ").trim_end())
        }
    };
    let mut out = line(header);
    if markdown {
        let rule: Vec<String> = (0..columns)
            .map(|k| {
                let w = widths.get(k).copied().unwrap_or(3);
                if right.get(k).copied().unwrap_or(false) {
                    format!("{}:", "-".repeat(w - 1))
                } else {
                    "-".repeat(w)
                }
            })
            .collect();
        out.push_str(&format!("| {} |\n", rule.join(" | ")));
    }
    for row in rows {
        out.push_str(&line(row));
    }
    out
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
