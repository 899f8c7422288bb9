//! Generates the `perfect` puzzles of the shipped suite
//! (`puzzles/perfect.jsonl`) from real games on the solved boards,
//! reproducibly: the same arguments always write the same file.
//!
//! 1. *Games*: `--games` games on each board (3x3, 3x4, 2x4, 2x5;
//!    standard rules) between players drawn from a pool of ladder bots and
//!    shipped strategies, each from a seed derived from `--seed`; every
//!    position where both players have placed and the game goes on is a
//!    candidate.
//! 2. *De-duplication*: positions equal up to the board's mirror symmetries
//!    and the colours (mover vs opponent) are kept once.
//! 3. *Proof*: the whole board is solved (`chainlab::solve::solve`); each
//!    candidate with at least 4 legal moves and exactly one winning move
//!    (which does not win at once) is then solved again on its
//!    own (`chainlab::analysis::perfect::perfect_answer`, at most
//!    `PERFECT_LIMIT` positions); it stays when the player to move wins,
//!    exactly one move keeps the win and that move does not win at once.
//! 4. *Selection*: a seeded shuffle, then up to `--per-board` puzzles per
//!    board.
//!
//! `scripts/perfect-puzzles.sh` runs it; `docs/puzzles.md` documents it.
//! `cargo run --release --no-default-features --example make_perfect_puzzles -- --help`

use std::io::Write;
use std::process::ExitCode;
use std::sync::Arc;

#[path = "puzzle_games/games.rs"]
mod games;

use chainlab::analysis::perfect::{PERFECT, PERFECT_LIMIT, PerfectAnswer, perfect_answer};
use chainlab::analysis::puzzle::Puzzle;
use chainlab::bots::{AgentFactory, parse_player};
use chainlab::rng::derive_seed;
use chainlab::rules::{Position, Rules, Size};
use chainlab::solve::{Solution, Value, solve};
use clap::Parser;
use rayon::prelude::*;

use games::{play_games, shuffle};

/// The players whose games give the positions: weak and strong, with some
/// randomness so that games differ and mistakes happen.
const POOL: [&str; 10] = [
    "bot:greedy:random=30",
    "bot:greedy",
    "bot:expert:depth=1,random=20",
    "bot:expert:random=10",
    "bot:master:nodes=20000,random=10",
    "bot:mcts:iters=400,random=10",
    "strategies/02-avoid-danger.json",
    "strategies/05-do-not-feed.json",
    "strategies/06-make-threats.json",
    "strategies/09-think-ahead.json",
];

/// The boards, all solved (`docs/solve.md`).
const BOARDS: [(usize, usize); 4] = [(3, 3), (3, 4), (2, 4), (2, 5)];

/// The fewest legal moves a puzzle's position may have.
const MIN_MOVES: usize = 4;

/// Arguments.
#[derive(Parser, Debug)]
struct Args {
    /// Games to play on each board.
    #[arg(long, default_value_t = 200)]
    games: u64,
    /// Seed of the games and of the order in which puzzles are chosen.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Puzzles per board at most.
    #[arg(long, default_value_t = 8)]
    per_board: usize,
    /// Output file (stdout when absent).
    #[arg(long)]
    out: Option<std::path::PathBuf>,
}

/// A proven puzzle.
struct Found {
    position: Position,
    answer: PerfectAnswer,
}

fn main() -> ExitCode {
    let args = Args::parse();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("make_perfect_puzzles: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run(args: &Args) -> Result<(), String> {
    let pool: Vec<Arc<dyn AgentFactory>> = POOL
        .iter()
        .map(|spec| parse_player(spec).map_err(|e| format!("{spec}: {e}")))
        .collect::<Result<_, _>>()?;
    let mut lines = Vec::new();
    let mut puzzles = Vec::new();
    for (b, &(rows, cols)) in BOARDS.iter().enumerate() {
        let size = Size::new(rows, cols).map_err(|e| e.to_string())?;
        let base = derive_seed(args.seed, 1_000_000 + b as u64);
        let positions = play_games(size, args.games, base, &pool)?;
        let solution = solve(size, Rules::Standard).map_err(|e| e.to_string())?;
        let unique: Vec<&Position> = positions
            .par_iter()
            .filter(|p| p.moves().len() >= MIN_MOVES && has_one_win(&solution, p))
            .collect();
        let mut found: Vec<Found> = unique
            .par_iter()
            .filter_map(|p| match perfect_answer(p, PERFECT_LIMIT) {
                Ok(Some(answer)) => Some(Found {
                    position: **p,
                    answer,
                }),
                _ => None,
            })
            .collect();
        let proven = found.len();
        shuffle(&mut found, derive_seed(args.seed, b as u64));
        found.truncate(args.per_board);
        let line = format!(
            "# {size}: {} distinct positions, {} with one winning move (not a win at once), {proven} proven within the limit, {} kept",
            positions.len(),
            unique.len(),
            found.len()
        );
        eprintln!("{line}");
        lines.push(line);
        for (n, f) in found.iter().enumerate() {
            puzzles.push(puzzle(size, n + 1, f));
        }
    }
    write_suite(args, &lines, &puzzles)
}

/// Whether exactly one move of `position` wins for its mover, by the
/// whole board's solution (the quick filter before the proof).
fn has_one_win(solution: &Solution, position: &Position) -> bool {
    solution.moves(position).is_ok_and(|moves| {
        let mut wins = moves.iter().filter(|(_, v)| v.is_win());
        matches!(
            (wins.next(), wins.next()),
            (Some((_, v)), None) if *v != Value::Win(1)
        )
    })
}

/// The puzzle of a find, numbered `n` on its board.
fn puzzle(size: Size, n: usize, f: &Found) -> Puzzle {
    let me = f
        .position
        .to_move()
        .map_or('?', chainlab::rules::Player::letter);
    let longest = f.answer.longest_loss().unwrap_or(0);
    Puzzle {
        id: format!("{size}-{PERFECT}-{n:03}"),
        theme: PERFECT.to_string(),
        description: format!(
            "{me} to move: only one move keeps the win: find it (proven by the solver: it wins in {} plies against any defence; every other move loses, the longest in {longest} plies).",
            f.answer.value.plies()
        ),
        position: f.position,
        best: vec![f.answer.cell],
        partial: Vec::new(),
    }
}

/// Writes the suite: comment lines with the settings and counts, then one
/// puzzle a line.
fn write_suite(args: &Args, lines: &[String], puzzles: &[Puzzle]) -> Result<(), String> {
    let mut text = String::new();
    text.push_str(
        "# chainlab puzzle suite, theme perfect: made by examples/make_perfect_puzzles.rs (scripts/perfect-puzzles.sh)\n",
    );
    text.push_str(&format!(
        "# --games {} --seed {} --per-board {}; each answer proven by the solver within {PERFECT_LIMIT} positions\n",
        args.games, args.seed, args.per_board
    ));
    for line in lines {
        text.push_str(line);
        text.push('\n');
    }
    for p in puzzles {
        text.push_str(&p.to_line());
        text.push('\n');
    }
    match &args.out {
        Some(path) => std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display())),
        None => std::io::stdout()
            .write_all(text.as_bytes())
            .map_err(|e| e.to_string()),
    }
}
