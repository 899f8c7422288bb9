//! Playing one game of a match: seats, the shared opening, the placement cap,
//! and forfeits (a failing, panicking, too slow or illegal player loses).
//! Every move is played under the match's clock (see [`super::clock`]).

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use rand::RngExt;

use super::clock::{MoveClock, TimeControl};
use super::config::Side;
use super::record::GameRecord;
use crate::bots::{Agent, AgentFactory, BotError, Thought};
use crate::rng::{GameRng, derive_seed, rng_from_seed};
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

/// One line without newlines (reasons go into one-line records and
/// tables): runs of white space become one space, and other control
/// characters are shown escaped (`\u{1b}`), never dropped.
fn one_line(text: &str) -> String {
    let spaced = text.split_whitespace().collect::<Vec<_>>().join(" ");
    crate::input::printable(&spaced).into_owned()
}

/// Plays one game; `None` when `stop` was raised before it finished. A
/// player thinking when `stop` is raised is interrupted.
pub(super) fn play_game(spec: &GameSpec, stop: &Arc<AtomicBool>) -> Option<GameRecord> {
    let mut run = match GameRun::start(spec) {
        Ok(run) => run,
        Err(record) => return Some(*record),
    };
    loop {
        match run.step(spec, stop) {
            Progress::Moved => {}
            // Only the page's players wait, and the page plays in steps.
            Progress::Waiting => std::thread::yield_now(),
            Progress::Over(record) => return Some(record),
            Progress::Stopped => return None,
        }
    }
}

/// What one [`GameRun::step`] did.
pub(super) enum Progress {
    /// A move was played and the game goes on.
    Moved,
    /// The game is over (or forfeited): its record.
    Over(GameRecord),
    /// `stop` was raised: the game is abandoned.
    Stopped,
    /// The player to move thinks elsewhere and has not answered yet (the
    /// web page's worker): step again later.
    Waiting,
}

/// A game played one move at a time: the position and record, each seat's
/// agent and random generator. [`play_game`] steps it to the end at once;
/// a caller on the web page's only thread steps it between frames, with the
/// same moves for the same spec.
pub(super) struct GameRun {
    game: Game,
    agents: Vec<Box<dyn Agent>>,
    rngs: Vec<GameRng>,
    /// The clock of the move being thought over by a player that answered
    /// "not yet" ([`Thought::Pending`]): its time runs from the first ask.
    thinking: Option<MoveClock>,
}

impl GameRun {
    /// The game of `spec` after its opening, every agent made and told the
    /// opening; the record of a forfeit when an agent cannot be made.
    pub(super) fn start(spec: &GameSpec) -> Result<GameRun, Box<GameRecord>> {
        let mut game = Game::start(spec);
        let mut agents = match create_agents(spec) {
            Ok(agents) => agents,
            Err((seat, why)) => return Err(Box::new(game.forfeit(seat, why))),
        };
        for &coord in spec.opening {
            agents.iter_mut().for_each(|a| a.observe(coord));
        }
        let mut rngs: Vec<GameRng> = (0..spec.sides.len() as u64)
            .map(|s| rng_from_seed(derive_seed(spec.seed, s + 1)))
            .collect();
        for (index, (agent, rng)) in agents.iter_mut().zip(&mut rngs).enumerate() {
            let seat = Player::new(index).unwrap_or(Player::A);
            if let Err(e) = agent.begin(&game.position, seat, rng) {
                return Err(Box::new(game.forfeit(seat, reason(&e))));
            }
        }
        Ok(GameRun {
            game,
            agents,
            rngs,
            thinking: None,
        })
    }

    /// Plays the next move of the game of `spec` (the spec it started with).
    pub(super) fn step(&mut self, spec: &GameSpec, stop: &Arc<AtomicBool>) -> Progress {
        if stop.load(Ordering::Relaxed) {
            return Progress::Stopped;
        }
        let game = &mut self.game;
        if game.adjudicate(spec.cap) {
            return Progress::Over(game.finish());
        }
        // A player unfit to go on (an engine that said error, or sent a
        // line unasked) forfeits now, before anyone moves again.
        for (index, agent) in self.agents.iter_mut().enumerate() {
            if let Err(e) = agent.poll() {
                let seat = Player::new(index).unwrap_or(Player::A);
                return Progress::Over(game.forfeit(seat, reason(&e)));
            }
        }
        let mover = game.position.mover();
        let (Some(agent), Some(rng)) = (
            self.agents.get_mut(mover.index()),
            self.rngs.get_mut(mover.index()),
        ) else {
            return Progress::Stopped;
        };
        let clock = self
            .thinking
            .get_or_insert_with(|| MoveClock::start(spec.time_control, spec.move_limit));
        let answer = choose_move(&game.position, agent, rng, clock, stop);
        if matches!(answer, Answer::NotYet) {
            return Progress::Waiting;
        }
        game.record.think.add(mover.index(), clock.elapsed());
        self.thinking = None;
        let coord = match answer {
            Answer::NotYet | Answer::Stopped => return Progress::Stopped,
            Answer::Move(coord) => coord,
            Answer::Forfeit(why) => return Progress::Over(game.forfeit(mover, why)),
        };
        if let Err(e) = game.play(coord) {
            return Progress::Over(game.forfeit(mover, format!("illegal move {coord}: {e}")));
        }
        self.agents.iter_mut().for_each(|a| a.observe(coord));
        Progress::Moved
    }
}

/// A game in progress: its record so far, the position, and the ranks of
/// the seats eliminated (0 while a seat is in the game).
struct Game {
    record: GameRecord,
    position: Position,
    ranks: [u8; MAX_PLAYERS as usize],
}

impl Game {
    /// The game after the shared opening, with a record naming every seat's
    /// player and side and holding the opening's moves.
    fn start(spec: &GameSpec) -> Game {
        let record = GameRecord {
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
            think: Default::default(),
        };
        let mut position = spec.start;
        for &coord in spec.opening {
            if position.play(coord).is_err() {
                break;
            }
        }
        Game {
            record,
            position,
            ranks: [0; MAX_PLAYERS as usize],
        }
    }

    /// Ends the game by `seat`'s forfeit: in a two-player game the other
    /// seat wins; the reason is one line naming the seat, its player and why.
    fn forfeit(&mut self, seat: Player, why: String) -> GameRecord {
        let record = &mut self.record;
        record.forfeit = Some(seat);
        if record.players.len() == 2 {
            record.winner = Player::new(1 - seat.index());
        }
        let name = record.players.get(seat.index()).map_or("", String::as_str);
        record.reason = one_line(&format!("{seat} ({name}) forfeits: {why}"));
        record.clone()
    }

    /// Whether the game is over, by a winner or at the placement `cap`
    /// (a draw among the seats still in it); writes the result and the ranks.
    fn adjudicate(&mut self, cap: u32) -> bool {
        let position = &self.position;
        if let Some(winner) = position.winner() {
            self.record.winner = Some(winner);
            self.record.reason = format!("{winner} wins: every other player was eliminated");
            self.ranks[winner.index()] = 1;
            return true;
        }
        if position.placements() >= cap {
            self.record.reason = format!(
                "draw: adjudicated after {} placements (the cap for a {} board)",
                position.placements(),
                position.size()
            );
            for p in position.alive() {
                self.ranks[p.index()] = 1;
            }
            return true;
        }
        false
    }

    /// Plays `coord` for the player to move and records it; the seats it
    /// eliminates share the rank after the players still alive.
    fn play(&mut self, coord: Coord) -> Result<(), crate::rules::RulesError> {
        self.position.play(coord)?;
        self.record.moves.push(coord);
        let alive = self.position.alive().count();
        for p in self.position.players() {
            if self.ranks[p.index()] == 0 && self.position.is_eliminated(p) {
                self.ranks[p.index()] = (alive + 1) as u8;
            }
        }
        Ok(())
    }

    /// The record of a game played to its end; ranks only with more than
    /// two seats.
    fn finish(&mut self) -> GameRecord {
        let seats = self.record.players.len();
        if seats > 2 {
            self.record.ranks = self.ranks.get(..seats).map(<[u8]>::to_vec);
        }
        self.record.clone()
    }
}

/// Makes every seat's agent; the first seat whose agent cannot be made
/// (an error or a panic) is returned with the reason it forfeits.
fn create_agents(spec: &GameSpec) -> Result<Vec<Box<dyn Agent>>, (Player, String)> {
    let mut agents: Vec<Box<dyn Agent>> = Vec::with_capacity(spec.sides.len());
    for (seat, side) in spec.sides.iter().enumerate() {
        let seat = Player::new(seat).unwrap_or(Player::A);
        let made = catch_unwind(AssertUnwindSafe(|| spec.factories[side.index()].create()));
        match made {
            Ok(Ok(agent)) => agents.push(agent),
            Ok(Err(e)) => return Err((seat, format!("cannot be created: {e}"))),
            Err(panic) => {
                let why = format!("panicked while being created: {}", panic_message(&*panic));
                return Err((seat, why));
            }
        }
    }
    Ok(agents)
}

/// A player's failure as a forfeit's reason: an engine's errors say what it
/// did ("did not answer within …"); others are "failed: …".
fn reason(e: &BotError) -> String {
    match e {
        BotError::External(_) => e.to_string(),
        _ => format!("failed: {e}"),
    }
}

/// What a player's answer to "your move" came to.
enum Answer {
    /// It has not answered yet (it thinks elsewhere): ask again later.
    NotYet,
    /// The match's `stop` was raised meanwhile.
    Stopped,
    /// It forfeits: it panicked, failed or overran its time.
    Forfeit(String),
    /// The cell chosen (not yet checked for legality).
    Move(Coord),
}

/// Asks the player for its move under the match's `clock` (started at the
/// first ask).
fn choose_move(
    position: &Position,
    agent: &mut Box<dyn Agent>,
    rng: &mut crate::rng::GameRng,
    clock: &MoveClock,
    stop: &Arc<AtomicBool>,
) -> Answer {
    let interrupt = clock.interrupt(stop);
    let choice = catch_unwind(AssertUnwindSafe(|| agent.think(position, rng, &interrupt)));
    if stop.load(Ordering::Relaxed) {
        return Answer::Stopped;
    }
    let coord = match choice {
        Err(panic) => return Answer::Forfeit(format!("panicked: {}", panic_message(&*panic))),
        Ok(Thought::Pending) => return Answer::NotYet,
        Ok(Thought::Chosen(Err(e))) => return Answer::Forfeit(reason(&e)),
        Ok(Thought::Chosen(Ok(coord))) => coord,
    };
    match clock.overrun() {
        Some(why) => Answer::Forfeit(why),
        None => Answer::Move(coord),
    }
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
