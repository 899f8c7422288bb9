//! Tests of the play session: computer seats play to the end, an illegal or
//! panicking computer player stops the game with its reason, clicks for a
//! computer seat are refused, and a paused game moves one step at a time.

use super::*;
use crate::bots::{BotError, Interrupt};
use crate::rules::{Rules, Size};

/// Plays the first legal move, or a fixed (possibly illegal) one, or panics.
#[derive(Clone, Copy)]
enum TestBot {
    First,
    Always(&'static str),
    Panics,
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
            TestBot::First => position.moves().iter().next().ok_or(BotError::NoMove),
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
        Ok(Box::new(*self))
    }
}

const FAST: Pace = Pace {
    animate: false,
    seconds_per_wave: 0.0,
};

fn session(seats: [Option<TestBot>; 2]) -> Session {
    let start = Position::new(Size::new(3, 3).unwrap(), 2, Rules::Standard).unwrap();
    let seats = seats
        .into_iter()
        .map(|bot| SeatSpec {
            label: "seat".to_string(),
            computer: bot.map(|b| Arc::new(b) as Arc<dyn AgentFactory>),
            program: None,
        })
        .collect();
    Session::new(start, seats, 1).unwrap()
}

/// Updates until the status is no longer "thinking" (bounded).
fn run(session: &mut Session) -> Status {
    for i in 0..10_000 {
        session.update(f64::from(i), FAST, None);
        match session.status() {
            Status::Thinking(_) => std::thread::sleep(std::time::Duration::from_millis(1)),
            status => return status,
        }
    }
    panic!("the game did not come to rest");
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
