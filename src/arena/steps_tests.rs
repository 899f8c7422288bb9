//! The stepped runner against the threaded one: the same games, tallies,
//! SPRT stops and standings for the same seed.

use super::*;
use crate::arena::{GameRecord, Sprt, Stop, Tally, run_match, run_tournament};
use crate::bots::parse_player;
use crate::rules::{Rules, Size};

#[derive(Default)]
struct Collect(Vec<GameRecord>);

impl MatchObserver for Collect {
    fn game_finished(&mut self, record: &GameRecord, _tally: &Tally) {
        self.0.push(record.clone());
    }
}

impl TournamentObserver for Collect {}

fn factory(spec: &str) -> Arc<dyn AgentFactory> {
    parse_player(spec).unwrap()
}

fn config(games: u64, threads: usize) -> MatchConfig {
    MatchConfig {
        games,
        size: Size::new(5, 6).unwrap(),
        rules: Rules::Standard,
        seed: 42,
        threads,
        opening_plies: 2,
        ..MatchConfig::default()
    }
}

fn stepped(a: &str, b: &str, config: MatchConfig) -> (MatchReport, Vec<GameRecord>) {
    let mut steps = MatchSteps::new(factory(a), factory(b), config).unwrap();
    let mut seen = Collect::default();
    let cancel = AtomicBool::new(false);
    for _ in 0..10_000 {
        if let Some(report) = steps.step(&cancel, &mut seen) {
            assert!(steps.step(&cancel, &mut seen).is_none(), "one report only");
            return (report, seen.0);
        }
    }
    panic!("the match did not end");
}

#[test]
fn a_stepped_match_plays_the_games_of_the_threaded_runner() {
    let (a, b) = ("bot:greedy:random=30", "bot:expert:depth=1");
    let mut threaded = Collect::default();
    let report = run_match(
        &factory(a),
        &factory(b),
        &config(12, 2),
        &AtomicBool::new(false),
        &mut threaded,
    )
    .unwrap();
    let (steps, games) = stepped(a, b, config(12, 2));
    assert_eq!(games, threaded.0);
    assert_eq!(games.len(), 12);
    assert_eq!(steps.tally, report.tally);
    assert_eq!(steps.stop, Stop::Completed);
    assert_eq!(steps.threads, 1);
}

#[test]
fn a_stepped_match_stops_where_the_threaded_sprt_stops() {
    let sprt = MatchConfig {
        sprt: Some(Sprt::new(0.0, 200.0)),
        ..config(400, 2)
    };
    let (a, b) = ("bot:greedy", "bot:random");
    let mut threaded = Collect::default();
    let report = run_match(
        &factory(a),
        &factory(b),
        &sprt,
        &AtomicBool::new(false),
        &mut threaded,
    )
    .unwrap();
    assert!(matches!(report.stop, Stop::Sprt(_)), "{:?}", report.stop);
    let (steps, games) = stepped(a, b, sprt);
    assert_eq!(games, threaded.0);
    assert_eq!(steps.stop, report.stop);
    assert_eq!(steps.llr, report.llr);
}

#[test]
fn a_cancelled_stepped_match_reports_the_games_before_the_cancel() {
    let mut steps =
        MatchSteps::new(factory("bot:random"), factory("bot:random"), config(10, 1)).unwrap();
    let cancel = AtomicBool::new(false);
    let mut seen = Collect::default();
    while seen.0.len() < 3 {
        assert!(steps.step(&cancel, &mut seen).is_none());
    }
    // Two moves into the fourth game, which the cancel drops.
    for _ in 0..2 {
        assert!(steps.step(&cancel, &mut seen).is_none());
    }
    cancel.store(true, Ordering::Relaxed);
    let report = steps.step(&cancel, &mut seen).unwrap();
    assert_eq!(report.stop, Stop::Cancelled);
    assert_eq!(report.tally.games(), 3);
    assert_eq!(seen.0.len(), 3);
}

#[test]
fn a_stepped_tournament_has_the_standings_of_the_threaded_one() {
    let specs = ["bot:random", "bot:greedy:random=50", "bot:expert:depth=1"];
    let entrants: Vec<_> = specs.iter().map(|s| factory(s)).collect();
    let tournament = |threads| TournamentConfig {
        matches: config(4, threads),
        gauntlet: false,
    };
    let mut threaded = Collect::default();
    let report = run_tournament(
        &entrants,
        &tournament(2),
        &AtomicBool::new(false),
        &mut threaded,
    )
    .unwrap();
    let mut steps = TournamentSteps::new(entrants, tournament(2)).unwrap();
    let mut seen = Collect::default();
    let cancel = AtomicBool::new(false);
    let stepped = (0..10_000)
        .find_map(|_| steps.step(&cancel, &mut seen))
        .unwrap()
        .unwrap();
    assert_eq!(seen.0, threaded.0);
    assert_eq!(stepped.pairings, report.pairings);
    assert_eq!(stepped.standings, report.standings);
    assert!(!stepped.cancelled);
}

/// Counts the steps before each game's report.
#[derive(Default)]
struct StepsPerGame {
    steps: u64,
    games: Vec<(u64, GameRecord)>,
}

impl MatchObserver for StepsPerGame {
    fn game_finished(&mut self, record: &GameRecord, _tally: &Tally) {
        self.games.push((self.steps, record.clone()));
        self.steps = 0;
    }
}

#[test]
fn a_step_plays_one_move() {
    let mut steps = MatchSteps::new(
        factory("bot:expert:depth=1"),
        factory("bot:greedy"),
        config(4, 1),
    )
    .unwrap();
    let mut seen = StepsPerGame::default();
    let cancel = AtomicBool::new(false);
    let mut report = None;
    for _ in 0..10_000 {
        seen.steps += 1;
        if let Some(r) = steps.step(&cancel, &mut seen) {
            report = Some(r);
            break;
        }
    }
    assert_eq!(report.unwrap().tally.games(), 4);
    assert_eq!(seen.games.len(), 4);
    for (count, record) in &seen.games {
        // One step per move after the opening, and one that finds the game over.
        let played = (record.moves.len() - record.opening as usize) as u64;
        assert_eq!(*count, played + 1, "{record:?}");
    }
}
