//! The yardstick: how often each player's move keeps the perfect-play
//! result, on every position of real games on the solved boards 3x4 and 3x3
//! (standard rules). Every player of the list plays every player of the list
//! (itself included) with both colours, each game from a seeded random
//! opening of two plies; each position after the opening where a listed
//! player is to move counts for that player. A move is *optimal* when the
//! position's result for the mover (win or loss) is the same after it (in a
//! won position: it still wins); the table gives the share of optimal moves
//! in won positions (in a lost position every move keeps the loss), and the
//! share of moves as good as the best one to the ply (the fastest win, the
//! longest loss) over all positions. Prints a Markdown table.
//!
//! `cargo run --release --example yardstick -- [GAMES_PER_PAIRING_AND_COLOUR] [SEED]`
//! (the table in docs/players.md: 4 games and seed 1).

use chainlab::bots::parse_player;
use chainlab::rng::{derive_seed, rng_from_seed};
use chainlab::rules::{Position, Rules, Size};
use chainlab::solve::{Solution, shared};
use rand::RngExt;

/// The players measured.
const PLAYERS: [&str; 8] = [
    "bot:master",
    "bot:expert",
    "bot:mcts",
    "bot:greedy",
    "strategies/02-avoid-danger.json",
    "strategies/05-do-not-feed.json",
    "strategies/09-think-ahead.json",
    "strategies/10-tuned.json",
];

/// Random plies that open every game.
const OPENING: u32 = 2;

/// One player's counts on one board.
#[derive(Clone, Copy, Default)]
struct Counts {
    moves: u64,
    won: u64,
    won_kept: u64,
    exact: u64,
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: u64 = args.first().and_then(|g| g.parse().ok()).unwrap_or(4);
    let seed: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(1);
    let boards = [Size::new(3, 4)?, Size::new(3, 3)?];
    let mut table = vec![[Counts::default(); 2]; PLAYERS.len()];
    for (b, &size) in boards.iter().enumerate() {
        let solution = shared(size, Rules::Standard)?;
        let mut game = 0u64;
        for a in 0..PLAYERS.len() {
            for o in 0..PLAYERS.len() {
                for _ in 0..games {
                    for seats in [[a, o], [o, a]] {
                        play(&solution, seats, derive_seed(seed, game), &mut table, b)?;
                        game += 1;
                    }
                }
            }
        }
    }
    println!(
        "| player | 3x4 moves | 3x4 optimal in won positions | 3x4 best to the ply | 3x3 moves | 3x3 optimal in won positions | 3x3 best to the ply |"
    );
    println!("|---|---|---|---|---|---|---|");
    for (name, counts) in PLAYERS.iter().zip(&table) {
        let cells: Vec<String> = counts
            .iter()
            .map(|c| {
                format!(
                    "{} | {} ({}/{}) | {}",
                    c.moves,
                    percent(c.won_kept, c.won),
                    c.won_kept,
                    c.won,
                    percent(c.exact, c.moves)
                )
            })
            .collect();
        println!("| `{name}` | {} |", cells.join(" | "));
    }
    Ok(())
}

fn percent(part: u64, whole: u64) -> String {
    if whole == 0 {
        return "–".into();
    }
    format!("{:.1} %", 100.0 * part as f64 / whole as f64)
}

/// Plays one game between the players of `seats` (A, B) and counts their moves.
fn play(
    solution: &Solution,
    seats: [usize; 2],
    seed: u64,
    table: &mut [[Counts; 2]],
    board: usize,
) -> Result<(), Box<dyn std::error::Error>> {
    let mut agents = Vec::new();
    for &p in &seats {
        agents.push(parse_player(PLAYERS[p])?.create()?);
    }
    let mut rng = rng_from_seed(seed);
    let mut position = Position::new(solution.size(), 2, solution.rules())?;
    while let Some(mover) = position.to_move() {
        let coord = if position.placements() < OPENING {
            let moves = position.moves();
            position.size().coord_of(usize::from(
                moves.indices()[rng.random_range(0..moves.len())],
            ))
        } else {
            let seat = mover.index();
            let coord = agents[seat].choose(&position, &mut rng)?;
            let moves = solution.moves(&position)?;
            let best = moves.iter().map(|&(_, v)| v).max().ok_or("no move")?;
            let chosen = moves
                .iter()
                .find(|&&(c, _)| c == coord)
                .map(|&(_, v)| v)
                .ok_or("an illegal move")?;
            let counts = &mut table[seats[seat]][board];
            counts.moves += 1;
            if best.is_win() {
                counts.won += 1;
                counts.won_kept += u64::from(chosen.is_win());
            }
            counts.exact += u64::from(chosen == best);
            coord
        };
        for agent in &mut agents {
            agent.observe(coord);
        }
        position.play(coord)?;
    }
    Ok(())
}
