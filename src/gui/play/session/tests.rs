//! Tests of the play session: computer seats play to the end, an illegal or
//! panicking computer player stops the game with its reason, clicks for a
//! computer seat are refused, a paused game moves one step at a time,
//! players are made off the caller's thread and told every move, and a seat
//! that cannot start is reported, retried or taken over.

use std::sync::Mutex;
use std::time::{Duration, Instant};

use super::*;
use crate::bots::{Agent, BotError, Interrupt};
use crate::rng::GameRng;
use crate::rules::{Rules, Size};

/// Plays the first legal move, or a fixed (possibly illegal) one, or panics.
#[derive(Clone, Copy)]
enum TestBot {
    First,
    Always(&'static str),
    Panics,
    /// Cannot be made.
    Broken,
    /// Takes this long to be made.
    Slow(u64),
}

impl Agent for TestBot {
    fn name(&self) -> String {
        "test".to_string()
    }

    fn choose_within(
        &mut self,

        position: &Position,

        _rng: &mut GameRng,

        _interrupt: &Interrupt,
    ) -> Result<Coord, BotError> {
        match self {
            TestBot::First | TestBot::Broken | TestBot::Slow(_) => {
                position.moves().iter().next().ok_or(BotError::NoMove)
            }
            TestBot::Always(m) => Ok(m.parse().unwrap()),
            TestBot::Panics => panic!("test bot panics"),
        }
    }
}

impl AgentFactory for TestBot {
    fn label(&self) -> String {
        "test".to_string()
    }

    fn create(&self) -> Result<Box<dyn Agent>, BotError> {
        match self {
            TestBot::Broken => Err(BotError::Other("no such program".into())),
            TestBot::Slow(ms) => {
                std::thread::sleep(Duration::from_millis(*ms));
                Ok(Box::new(*self))
            }
            _ => Ok(Box::new(*self)),
        }
    }
}

/// Plays the first legal move and writes down every move it is told.
#[derive(Clone, Default)]
struct Recorder(Arc<Mutex<Vec<Coord>>>);

impl Agent for Recorder {
    fn name(&self) -> String {
        "recorder".to_string()
    }

    fn choose_within(
        &mut self,
        position: &Position,
        _rng: &mut GameRng,
        _interrupt: &Interrupt,
    ) -> Result<Coord, BotError> {
        position.moves().iter().next().ok_or(BotError::NoMove)
    }

    fn observe(&mut self, coord: Coord) {
        self.0.lock().unwrap().push(coord);
    }
}

impl AgentFactory for Recorder {
    fn label(&self) -> String {
        "recorder".to_string()
    }

    fn create(&self) -> Result<Box<dyn Agent>, BotError> {
        Ok(Box::new(self.clone()))
    }
}

const FAST: Pace = Pace {
    animate: false,
    seconds_per_wave: 0.0,
};

fn session(seats: [Option<TestBot>; 2]) -> Session {
    session_of(seats.map(|bot| bot.map(|b| Arc::new(b) as Arc<dyn AgentFactory>)))
}

fn session_of(seats: [Option<Arc<dyn AgentFactory>>; 2]) -> Session {
    let start = Position::new(Size::new(3, 3).unwrap(), 2, Rules::Standard).unwrap();
    let seats = seats
        .into_iter()
        .map(|computer| SeatSpec {
            label: "seat".to_string(),
            computer,
            program: None,
        })
        .collect();
    Session::new(start, seats, 1).unwrap()
}

/// Updates until the status is no longer "starting" or "thinking" (bounded).
fn run(session: &mut Session) -> Status {
    for i in 0..10_000 {
        session.update(f64::from(i), FAST, None);
        match session.status() {
            Status::Thinking(_) | Status::Starting(_) => {
                std::thread::sleep(std::time::Duration::from_millis(1));
            }
            status => return status,
        }
    }
    panic!("the game did not come to rest");
}

/// Updates until `done` holds for the status (bounded).
fn until(session: &mut Session, done: impl Fn(&Status) -> bool) -> Status {
    for i in 0..10_000 {
        session.update(f64::from(i), FAST, None);
        let status = session.status();
        if done(&status) {
            return status;
        }
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    panic!("never reached; the status is {:?}", session.status());
}

#[test]
fn two_computers_play_to_the_end() {
    let mut s = session([Some(TestBot::First), Some(TestBot::First)]);
    assert!(matches!(run(&mut s), Status::Won(_)));
    assert!(s.position().is_over());
}

#[test]
fn an_illegal_computer_move_stops_the_game_with_its_reason() {
    let mut s = session([None, Some(TestBot::Always("0,0"))]);
    s.click("0,0".parse().unwrap(), FAST);
    match run(&mut s) {
        Status::Failed(reason) => assert!(reason.contains("illegal move"), "{reason}"),
        other => panic!("unexpected {other:?}"),
    }
}

#[test]
fn a_panicking_computer_player_is_reported() {
    let mut s = session([Some(TestBot::Panics), None]);
    match run(&mut s) {
        Status::Failed(reason) => assert!(reason.contains("crashed"), "{reason}"),
        other => panic!("unexpected {other:?}"),
    }
}

#[test]
fn clicks_for_a_computer_seat_are_refused() {
    let mut s = session([Some(TestBot::First), None]);
    s.set_paused(true);
    s.click("1,1".parse().unwrap(), FAST);
    assert!(s.game().moves().is_empty());
    assert!(s.hint().unwrap_or_default().contains("computer player"));
}

#[test]
fn a_paused_game_moves_one_step_at_a_time() {
    let mut s = session([Some(TestBot::First), Some(TestBot::First)]);
    s.set_paused(true);
    assert_eq!(run(&mut s), Status::Paused(Player::A));
    s.step_once();
    assert_eq!(run(&mut s), Status::Paused(Player::B));
    assert_eq!(s.game().moves().len(), 1);
}

#[test]
fn players_are_made_off_the_callers_thread() {
    let began = Instant::now();
    let mut s = session([Some(TestBot::Slow(400)), None]);
    s.update(0.0, FAST, None);
    assert_eq!(s.status(), Status::Starting(Player::A));
    assert!(
        began.elapsed() < Duration::from_millis(300),
        "nothing waited"
    );
    assert!(matches!(run(&mut s), Status::HumanToMove(Player::B)));
    assert_eq!(s.game().moves().len(), 1);
}

#[test]
fn every_seat_is_told_every_move() {
    let a = Recorder::default();
    let b = Recorder::default();
    let mut s = session_of([Some(Arc::new(a.clone())), Some(Arc::new(b.clone()))]);
    assert!(matches!(run(&mut s), Status::Won(_)));
    let moves = s.game().moves().to_vec();
    assert!(moves.len() >= 3);
    assert_eq!(*a.0.lock().unwrap(), moves);
    assert_eq!(*b.0.lock().unwrap(), moves);
}

#[test]
fn a_seat_that_cannot_start_is_reported_and_taken_over() {
    let mut s = session([None, Some(TestBot::Broken)]);
    match until(&mut s, |s| matches!(s, Status::Failed(_))) {
        Status::Failed(reason) => {
            assert!(reason.contains("B (seat) could not start"), "{reason}");
            assert!(reason.contains("no such program"), "{reason}");
        }
        other => panic!("unexpected {other:?}"),
    }
    assert_eq!(s.failed_seat(), Some(Player::B));
    s.retry();
    assert_eq!(s.status(), Status::HumanToMove(Player::A));
    until(&mut s, |s| matches!(s, Status::Failed(_)));
    s.take_over();
    assert_eq!(run(&mut s), Status::HumanToMove(Player::A));
    s.click("0,0".parse().unwrap(), FAST);
    assert_eq!(run(&mut s), Status::HumanToMove(Player::B));
    assert_eq!(s.label(Player::B), "Human");
}

#[test]
fn a_forfeit_names_the_seat_and_a_retry_asks_again() {
    let mut s = session([None, Some(TestBot::Always("0,0"))]);
    s.click("0,0".parse().unwrap(), FAST);
    assert!(matches!(run(&mut s), Status::Failed(r) if r.contains("B (seat) forfeits")));
    s.retry();
    assert!(
        matches!(run(&mut s), Status::Failed(_)),
        "the same move again"
    );
}
