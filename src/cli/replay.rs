//! `chainlab replay`: list, print move by move, or check the games of a records file.

use std::fs::File;
use std::io::BufReader;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use chainlab::arena::{GameRecord, read_records};
use chainlab::rules::Player;

use super::{CmdResult, Failure, shown};

/// Arguments of `chainlab replay`.
#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:\n  \
chainlab replay games.jsonl                  # one line per game\n  \
chainlab replay games.jsonl --game 3         # game 3, move by move\n  \
chainlab replay games.jsonl --check          # every game replays to its result")]
pub struct Args {
    /// A records file written by 'chainlab match --records' (one JSON line per game).
    #[arg(value_name = "RECORDS_FILE")]
    file: PathBuf,
    /// The game to print (its "game" number; in a tournament file see --pairing).
    #[arg(long, value_name = "K")]
    game: Option<u64>,
    /// Only the games of this pairing of a tournament file (its "pairing" number).
    #[arg(long, value_name = "P")]
    pairing: Option<u32>,
    /// Check that replaying gives the recorded result (one game with --game, else all).
    #[arg(long)]
    check: bool,
}

fn open(args: &Args) -> Result<impl Iterator<Item = Result<GameRecord, Failure>>, Failure> {
    open_records(&args.file, args.pairing)
}

/// The records of `file` (only those of `pairing` when given), each error
/// naming the file; a last line cut short is left out with one warning on
/// stderr. Shared with `chainlab analyze`.
pub fn open_records(
    file: &Path,
    pairing: Option<u32>,
) -> Result<impl Iterator<Item = Result<GameRecord, Failure>> + use<>, Failure> {
    let reader = File::open(file)
        .map_err(|e| Failure::new(format!("cannot read {}: {e}", file.display())))?;
    let path = shown(&file.display().to_string()).into_owned();
    Ok(read_records(BufReader::new(reader))
        .filter_map(move |r| match r {
            // The last line only, so this warns at most once.
            Err(e) if e.is_truncated() => {
                errln!("chainlab: warning: {path}: {e}");
                None
            }
            r => Some(r.map_err(|e| Failure::new(format!("{path}: {e}")))),
        })
        .filter(move |r| pairing.is_none() || r.as_ref().map_or(true, |r| r.pairing == pairing)))
}

fn result_text(record: &GameRecord) -> String {
    match (record.forfeit, record.winner) {
        (Some(seat), _) => format!("{seat} forfeits"),
        (None, Some(w)) => format!("{w} wins"),
        (None, None) => "draw".to_string(),
    }
}

/// Runs `chainlab replay`.
pub fn run(args: &Args) -> CmdResult {
    let path = args.file.display().to_string();
    match args.game {
        Some(k) => {
            let record = open(args)?
                .find(|r| r.as_ref().map_or(true, |r| r.game == k))
                .transpose()?
                .ok_or_else(|| match args.pairing {
                    Some(p) => Failure::new(format!("{path} has no game {k} in pairing {p}")),
                    None => Failure::new(format!("{path} has no game {k}")),
                })?;
            if args.check {
                check(&record, &path)?;
                outln!(
                    "game {k}: replaying {} moves gives '{}', as recorded",
                    record.moves.len(),
                    result_text(&record)
                );
            } else {
                print_game(&record)?;
            }
        }
        None if args.check => {
            let mut n = 0u64;
            for record in open(args)? {
                check(&record?, &path)?;
                n += 1;
            }
            outln!("{n} games in {path}: every one replays to its recorded result");
        }
        None => {
            // The header comes with the first game read, so that a file whose
            // first line is unreadable gives only the error.
            let mut header = false;
            for record in open(args)? {
                let r = record?;
                if !header {
                    list_header()?;
                    header = true;
                }
                outln!(
                    "{:>7}  {:>6}  {:<6}  {:>6}  {:<16}  {}",
                    r.pairing.map_or_else(|| "-".to_string(), |p| p.to_string()),
                    r.game,
                    shown(&r.sides),
                    r.moves.len(),
                    result_text(&r),
                    shown(&r.players.join(" vs "))
                );
            }
            if !header {
                list_header()?;
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The column titles of the list of games.
fn list_header() -> Result<(), Failure> {
    outln!(
        "{:>7}  {:>6}  {:<6}  {:>6}  {:<16}  players",
        "pairing",
        "game",
        "seats",
        "moves",
        "result"
    );
    Ok(())
}

fn check(record: &GameRecord, path: &str) -> Result<(), Failure> {
    record
        .check()
        .map(|_| ())
        .map_err(|e| Failure::new(format!("{path}: {e}")))
}

fn print_game(record: &GameRecord) -> Result<(), Failure> {
    let seats: Vec<String> = record
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| {
            format!(
                "{} {}",
                Player::new(i).map_or('?', |s| s.letter()),
                shown(p)
            )
        })
        .collect();
    match record.pairing {
        Some(p) => outln!("Game {} of pairing {p}: {}", record.game, seats.join(", ")),
        None => outln!("Game {}: {}", record.game, seats.join(", ")),
    }
    outln!(
        "{} board, {} rules, seed {}, {} moves ({} of them the random opening)",
        record.size,
        record.rules,
        record.seed,
        record.moves.len(),
        record.opening
    );
    outln!("Result: {}", shown(&record.reason));
    let mut position = record.start().map_err(|e| Failure::new(e.to_string()))?;
    outln!("\nStart\n{position}");
    for (ply, &coord) in record.moves.iter().enumerate() {
        let mover = position.mover();
        position.play(coord).map_err(|e| {
            let number = ply + 1;
            Failure::new(format!(
                "game {}: move {number} ({coord}): {e}",
                record.game
            ))
        })?;
        let opening = if (ply as u32) < record.opening {
            " (opening)"
        } else {
            ""
        };
        outln!("{}. {mover} plays {coord}{opening}\n{position}", ply + 1);
    }
    Ok(())
}
