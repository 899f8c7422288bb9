//! Playing one game of a match: seats, the shared opening, the placement cap,
//! and forfeits (a failing, panicking, too slow or illegal player loses).
//! Every move is played under the match's clock (see [`super::clock`]).

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use rand::RngExt;

use super::clock::{MoveClock, TimeControl};
use super::record::GameRecord;
use super::runner::Side;
use crate::bots::{Agent, AgentFactory};
use crate::rng::{derive_seed, rng_from_seed};
use crate::rules::{Coord, MAX_PLAYERS, Player, Position};

/// Everything one game needs.
pub(super) struct GameSpec<'a> {
    pub index: u64,
    pub seed: u64,
    /// The match side of each seat.
    pub sides: &'a [Side],
    pub factories: [&'a dyn AgentFactory; 2],
    pub labels: [&'a str; 2],
    /// The empty board.
    pub start: Position,
    pub opening: &'a [Coord],
    pub cap: u32,
    pub move_limit: Option<Duration>,
    pub time_control: Option<TimeControl>,
    pub pairing: Option<u32>,
}

/// A random opening of `plies` moves from `start` that does not end the game
/// (fewer plies if no such opening is found).
pub(super) fn opening(start: &Position, plies: u32, seed: u64) -> Vec<Coord> {
    let mut plies = plies;
    while plies > 0 {
        for attempt in 0..64 {
            let mut rng = rng_from_seed(derive_seed(seed, attempt));
            let mut position = *start;
            let mut moves = Vec::with_capacity(plies as usize);
            for _ in 0..plies {
                let list = position.moves();
                let Some(&m) = list.indices().get(rng.random_range(0..list.len().max(1))) else {
                    break;
                };
                let coord = position.size().coord_of(usize::from(m));
                if position.play(coord).is_err() || position.is_over() {
                    break;
                }
                moves.push(coord);
            }
            if moves.len() == plies as usize {
                return moves;
            }
        }
        plies -= 1;
    }
    Vec::new()
}

/// The text of a panic payload.
fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "no message".to_string()
    }
}

/// One line without newlines (reasons go into one-line records and tables).
fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Plays one game; `None` when `stop` was raised before it finished. A
/// player thinking when `stop` is raised is interrupted.
pub(super) fn play_game(spec: &GameSpec, stop: &Arc<AtomicBool>) -> Option<GameRecord> {
    let seats = spec.sides.len();
    let mut record = GameRecord {
        pairing: spec.pairing,
        game: spec.index,
        seed: spec.seed,
        size: spec.start.size(),
        rules: spec.start.rules(),
        players: spec
            .sides
            .iter()
            .map(|s| spec.labels[s.index()].to_string())
            .collect(),
        sides: spec.sides.iter().map(|s| s.letter()).collect(),
        opening: spec.opening.len() as u32,
        moves: spec.opening.to_vec(),
        winner: None,
        forfeit: None,
        reason: String::new(),
        ranks: None,
    };
    let mut position = spec.start;
    for &coord in spec.opening {
        if position.play(coord).is_err() {
            break;
        }
    }
    let forfeit = |record: &mut GameRecord, seat: Player, why: String| {
        record.forfeit = Some(seat);
        if seats == 2 {
            record.winner = Player::new(1 - seat.index());
        }
        record.reason = one_line(&format!(
            "{seat} ({}) forfeits: {why}",
            record.players[seat.index()]
        ));
    };
    // Make every seat's player; one that cannot be made forfeits.
    let mut players: Vec<Box<dyn Agent>> = Vec::with_capacity(seats);
    for (seat, side) in spec.sides.iter().enumerate() {
        let seat_player = Player::new(seat).unwrap_or(Player::A);
        let made = catch_unwind(AssertUnwindSafe(|| spec.factories[side.index()].create()));
        match made {
            Ok(Ok(p)) => players.push(p),
            Ok(Err(e)) => {
                forfeit(&mut record, seat_player, format!("cannot be created: {e}"));
                return Some(record);
            }
            Err(panic) => {
                let why = format!("panicked while being created: {}", panic_message(&*panic));
                forfeit(&mut record, seat_player, why);
                return Some(record);
            }
        }
    }
    let mut rngs: Vec<_> = (0..seats as u64)
        .map(|s| rng_from_seed(derive_seed(spec.seed, s + 1)))
        .collect();
    let mut ranks = [0u8; MAX_PLAYERS as usize];
    loop {
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        if let Some(winner) = position.winner() {
            record.winner = Some(winner);
            record.reason = format!("{winner} wins: every other player was eliminated");
            ranks[winner.index()] = 1;
            break;
        }
        if position.placements() >= spec.cap {
            record.reason = format!(
                "draw: adjudicated after {} placements (the cap for a {} board)",
                position.placements(),
                position.size()
            );
            for p in position.alive() {
                ranks[p.index()] = 1;
            }
            break;
        }
        let mover = position.mover();
        let (Some(player), Some(rng)) =
            (players.get_mut(mover.index()), rngs.get_mut(mover.index()))
        else {
            return None;
        };
        let clock = MoveClock::start(spec.time_control, spec.move_limit);
        let interrupt = clock.interrupt(stop);
        let choice = catch_unwind(AssertUnwindSafe(|| {
            player.choose_within(&position, rng, &interrupt)
        }));
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        let coord = match choice {
            Err(panic) => {
                forfeit(
                    &mut record,
                    mover,
                    format!("panicked: {}", panic_message(&*panic)),
                );
                return Some(record);
            }
            Ok(Err(e)) => {
                forfeit(&mut record, mover, format!("failed: {e}"));
                return Some(record);
            }
            Ok(Ok(coord)) => coord,
        };
        if let Some(why) = clock.overrun() {
            forfeit(&mut record, mover, why);
            return Some(record);
        }
        if let Err(e) = position.play(coord) {
            forfeit(&mut record, mover, format!("illegal move {coord}: {e}"));
            return Some(record);
        }
        record.moves.push(coord);
        let alive = position.alive().count();
        for p in position.players() {
            if ranks[p.index()] == 0 && position.is_eliminated(p) {
                ranks[p.index()] = (alive + 1) as u8;
            }
        }
    }
    if seats > 2 {
        record.ranks = Some(ranks[..seats].to_vec());
    }
    Some(record)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Rules, Size};

    #[test]
    fn openings_are_reproducible_and_leave_the_game_open() {
        let start = Position::new(Size::JABC, 2, Rules::Standard).unwrap();
        let a = opening(&start, 6, 42);
        assert_eq!(a, opening(&start, 6, 42));
        assert_eq!(a.len(), 6);
        let mut p = start;
        for &c in &a {
            p.play(c).unwrap();
        }
        assert!(!p.is_over());
        // On a 2x2 board a long opening is impossible: it shrinks.
        let tiny = Position::new(Size::new(2, 2).unwrap(), 2, Rules::Standard).unwrap();
        assert!(opening(&tiny, 40, 1).len() < 40);
    }
}
