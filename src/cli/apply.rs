//! `chainlab apply`: play moves from an empty board or a position file.

use std::path::PathBuf;
use std::process::ExitCode;

use chainlab::rules::{Coord, Position, Rules, Size};

use super::{CmdResult, Failure, read_position_text};

/// Arguments of `chainlab apply`.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Examples:\n  chainlab apply --size 9x6 --moves \"0,0 8,5 0,0\" --json\n  chainlab apply --start position.txt --moves \"2,3\"\n\nA move that is illegal, off the board or made after the game ended stops with exit code 1;\na move that is not ROW,COL with exit code 2 (see docs/limits.md)."
)]
pub struct Args {
    /// Board size ROWSxCOLS, each 2 to 20 (default 5x6, or the start position's size).
    #[arg(long, value_name = "ROWSxCOLS")]
    size: Option<Size>,
    /// Number of players, 2 to 8 (default 2).
    #[arg(long, value_name = "N")]
    players: Option<usize>,
    /// Rule variant: standard, overflow or empties (default standard).
    #[arg(long, value_name = "RULES")]
    rules: Option<Rules>,
    /// Start from this position file (text notation or JSON) instead of an empty board.
    #[arg(long, value_name = "POSITION_FILE")]
    start: Option<PathBuf>,
    /// The moves, "r,c r,c ..." (zero-based, row 0 at the top), for the players in turn.
    #[arg(long, value_name = "MOVES", allow_hyphen_values = true)]
    moves: String,
    /// Print the position as one JSON object instead of the text notation.
    #[arg(long)]
    json: bool,
}

/// Builds the starting position from the options.
fn start_position(args: &Args) -> Result<Position, Failure> {
    let Some(path) = &args.start else {
        return Position::new(
            args.size.unwrap_or_default(),
            args.players.unwrap_or(2),
            args.rules.unwrap_or_default(),
        )
        .map_err(|e| Failure::usage(e.to_string()));
    };
    let text = read_position_text(path)?;
    let position: Position = text
        .parse()
        .map_err(|e| Failure::new(format!("{}: {e}", path.display())))?;
    let conflict = |what: &str, given: String, file: String| {
        Failure::usage(format!(
            "--{what} {given} contradicts the start position ({what} {file}); leave it out"
        ))
    };
    if let Some(size) = args.size.filter(|&s| s != position.size()) {
        return Err(conflict(
            "size",
            size.to_string(),
            position.size().to_string(),
        ));
    }
    if let Some(n) = args.players.filter(|&n| n != position.player_count()) {
        return Err(conflict(
            "players",
            n.to_string(),
            position.player_count().to_string(),
        ));
    }
    if let Some(r) = args.rules.filter(|&r| r != position.rules()) {
        return Err(conflict(
            "rules",
            r.to_string(),
            position.rules().to_string(),
        ));
    }
    Ok(position)
}

/// Runs `chainlab apply`.
pub fn run(args: &Args) -> CmdResult {
    let mut position = start_position(args)?;
    for (index, token) in args.moves.split_whitespace().enumerate() {
        // Moves count from 1, as in every message (docs/positions.md).
        let what = format!("move {} '{token}'", index + 1);
        let coord: Coord = token
            .parse()
            .map_err(|e: chainlab::rules::RulesError| Failure::usage(format!("{what}: {e}")))?;
        position
            .play(coord)
            .map_err(|e| Failure::new(format!("{what}: {e}")))?;
    }
    if args.json {
        outln!("{}", position.to_json());
    } else {
        out!("{position}");
    }
    Ok(ExitCode::SUCCESS)
}
