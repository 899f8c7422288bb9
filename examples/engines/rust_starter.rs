//! A starter engine in Rust for chainlab's protocol (docs/protocol.md), built
//! on the chainlab library: it reads the messages with `chainlab::protocol`,
//! tries every legal move on a copy of the position, and plays a win if it
//! has one, else the move that leaves it the most atoms ahead.
//!
//! Build and play it:
//!   cargo build --release --example rust_starter
//!   chainlab match cmd:target/release/examples/rust_starter bot:greedy
//!
//! Print debugging output to stderr; stdout carries only protocol lines.

use std::io::{BufRead, Write};

use chainlab::protocol::{FromEngine, ToEngine, VERSION};
use chainlab::rules::{Coord, Position};

/// How good `coord` is for the player to move: atoms ahead after the move,
/// far above everything when it wins.
fn score(position: &Position, coord: Coord) -> i64 {
    let me = position.mover();
    let mut after = *position;
    if after.play(coord).is_err() {
        return i64::MIN;
    }
    if after.winner() == Some(me) {
        return i64::MAX;
    }
    after
        .cells()
        .iter()
        .map(|cell| match cell.owner() {
            Some(p) if p == me => i64::from(cell.atoms()),
            Some(_) => -i64::from(cell.atoms()),
            None => 0,
        })
        .sum()
}

/// The best legal move of `position` (the first of equals), if any.
fn best_move(position: &Position) -> Option<Coord> {
    let size = position.size();
    let moves = position.moves();
    let coords = moves
        .indices()
        .iter()
        .map(|&i| size.coord_of(usize::from(i)));
    coords.max_by_key(|&c| score(position, c))
}

fn main() -> std::io::Result<()> {
    let mut out = std::io::stdout().lock();
    let mut position = None;
    for line in std::io::stdin().lock().lines() {
        let replies = match line?.parse::<ToEngine>() {
            Ok(ToEngine::Protocol(_)) => vec![
                FromEngine::Name("Rust starter".into()),
                FromEngine::Ready(VERSION),
            ],
            Ok(ToEngine::Position(p)) => {
                position = Some(*p);
                vec![]
            }
            Ok(ToEngine::Go { .. }) => match position.as_ref().and_then(best_move) {
                Some(coord) => vec![FromEngine::Move(coord)],
                None => vec![FromEngine::Error("no position or no legal move".into())],
            },
            Ok(ToEngine::Quit) => break,
            // newgame, last and set need nothing here; unknown lines are ignored.
            Ok(_) | Err(_) => vec![],
        };
        for reply in replies {
            writeln!(out, "{reply}")?;
        }
        out.flush()?;
    }
    Ok(())
}
