//! Players held "elsewhere" (an in-process host standing in for the web
//! page's worker) play exactly the games the players themselves play.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use super::link::{InProcess, Link, install, uninstall};
use super::*;
use crate::arena::{GameRecord, MatchConfig, MatchObserver, MatchSteps, Tally};
use crate::bots::parse_player;
use crate::rng::rng_from_seed;
use crate::rules::{Rules, Size};

/// Keeps every finished game.
#[derive(Default)]
struct Games(Vec<GameRecord>);

impl MatchObserver for Games {
    fn game_finished(&mut self, record: &GameRecord, _tally: &Tally) {
        self.0.push(record.clone());
    }
}

fn config(size: Size) -> MatchConfig {
    MatchConfig {
        games: 6,
        size,
        rules: Rules::Standard,
        seed: 41,
        opening_plies: 2,
        ..MatchConfig::default()
    }
}

/// Plays a match step by step; the games, and how many steps waited.
fn play(
    a: Arc<dyn AgentFactory>,
    b: Arc<dyn AgentFactory>,
    config: MatchConfig,
) -> (Vec<GameRecord>, usize) {
    let mut steps = MatchSteps::new(a, b, config).unwrap();
    let mut games = Games::default();
    let cancel = AtomicBool::new(false);
    let mut waited = 0;
    for _ in 0..1_000_000 {
        if steps.step(&cancel, &mut games).is_some() {
            return (games.0, waited);
        }
        waited += usize::from(steps.is_waiting());
    }
    panic!("the match did not end");
}

/// The records without the time each side thought.
fn moves(games: &[GameRecord]) -> Vec<GameRecord> {
    games
        .iter()
        .map(|g| GameRecord {
            think: Default::default(),
            ..g.clone()
        })
        .collect()
}

#[test]
fn a_match_against_players_held_elsewhere_is_the_same_match() {
    let specs = ["bot:expert:depth=2", "bot:mcts:iters=60"];
    let local = || {
        (
            parse_player(specs[0]).unwrap(),
            parse_player(specs[1]).unwrap(),
        )
    };
    let (a, b) = local();
    let (here, waited_here) = play(a, b, config(Size::new(4, 4).unwrap()));
    assert_eq!(waited_here, 0);

    install(Box::new(InProcess::default()));
    let (a, b) = local();
    let (a, b) = (offload(specs[0], a), offload(specs[1], b));
    let (there, waited) = play(a, b, config(Size::new(4, 4).unwrap()));
    uninstall();
    assert_eq!(moves(&there), moves(&here));
    // Every move of both players was waited for once.
    let plies: usize = here.iter().map(|g| g.moves.len() - 2).sum();
    assert_eq!(waited, plies);
}

#[test]
fn a_player_that_cannot_begin_there_forfeits_with_the_reason_it_gives_here() {
    // bot:perfect refuses a board beyond its solver when the game begins.
    let board = Size::new(6, 7).unwrap();
    let (here, _) = play(
        parse_player("bot:perfect").unwrap(),
        parse_player("bot:greedy").unwrap(),
        config(board),
    );
    install(Box::new(InProcess::default()));
    let (there, _) = play(
        offload("bot:perfect", parse_player("bot:perfect").unwrap()),
        parse_player("bot:greedy").unwrap(),
        config(board),
    );
    uninstall();
    let reasons = |games: &[GameRecord]| {
        games
            .iter()
            .map(|g| (g.forfeit, g.reason.clone()))
            .collect::<Vec<_>>()
    };
    assert!(
        reasons(&here).iter().all(|(seat, _)| seat.is_some()),
        "{:?}",
        reasons(&here)
    );
    assert_eq!(reasons(&there), reasons(&here));
}

#[test]
fn a_move_asked_of_a_player_there_comes_on_a_later_look_with_the_generator_moved_on() {
    let position = Position::new(Size::new(5, 6).unwrap(), 2, Rules::Standard).unwrap();
    // random=50 draws from the generator on some moves, the search on none.
    let spec = "bot:expert:depth=1,random=50";
    let mut local = parse_player(spec).unwrap().create().unwrap();
    let mut rng_here = rng_from_seed(5);
    let here = local.choose(&position, &mut rng_here).unwrap();

    install(Box::new(InProcess::default()));
    let factory = offload(spec, parse_player(spec).unwrap());
    let mut remote = factory.create().unwrap();
    let mut rng = rng_from_seed(5);
    let interrupt = Interrupt::never();
    assert!(matches!(
        remote.think(&position, &mut rng, &interrupt),
        Thought::Pending
    ));
    let Thought::Chosen(Ok(there)) = remote.think(&position, &mut rng, &interrupt) else {
        panic!("the move did not come");
    };
    uninstall();
    assert_eq!(there, here);
    assert_eq!(rng, rng_here);
}

#[test]
fn an_answer_for_a_player_dropped_meanwhile_is_not_kept() {
    install(Box::new(InProcess::default()));
    let position = Position::new(Size::new(3, 3).unwrap(), 2, Rules::Standard).unwrap();
    let spec = "bot:expert:depth=1";
    let factory = offload(spec, parse_player(spec).unwrap());
    let mut dropped = factory.create().unwrap();
    let mut rng = rng_from_seed(1);
    assert!(matches!(
        dropped.think(&position, &mut rng, &Interrupt::never()),
        Thought::Pending
    ));
    drop(dropped);
    let mut kept = factory.create().unwrap();
    assert!(matches!(
        kept.think(&position, &mut rng, &Interrupt::never()),
        Thought::Pending
    ));
    assert!(matches!(
        kept.think(&position, &mut rng, &Interrupt::never()),
        Thought::Chosen(Ok(_))
    ));
    uninstall();
}

#[test]
fn only_built_ins_that_look_ahead_and_name_no_file_think_there() {
    for spec in [
        "bot:master",
        " bot:master:ms=200 ",
        "bot:expert:depth=1,random=30",
        "bot:mcts:iters=50",
        "bot:perfect",
    ] {
        assert!(can_think_there(spec), "{spec}");
    }
    for spec in [
        // Players that answer at once: a trip to the worker costs a frame.
        "bot:random",
        "bot:prefer-own",
        "bot:greedy:random=50",
        "bot:expert:graph=strategies/10-tuned.json,width=5",
        "bot:expert:depth=99",
        "strategies/10-tuned.json",
        "cmd:python3 bot.py",
    ] {
        assert!(!can_think_there(spec), "{spec}");
    }
    // A quick player stays here even with a line open.
    install(Box::new(InProcess::default()));
    let factory = parse_player("bot:greedy").unwrap();
    assert!(Arc::ptr_eq(
        &offload("bot:greedy", Arc::clone(&factory)),
        &factory
    ));
    // Without a line every factory is the player's own.
    uninstall();
    let factory = parse_player("bot:master").unwrap();
    assert!(Arc::ptr_eq(
        &offload("bot:master", Arc::clone(&factory)),
        &factory
    ));
    let _: &dyn Link = &InProcess::default();
}

#[test]
fn a_search_there_reports_what_it_reports_here() {
    let position = Position::new(Size::new(5, 6).unwrap(), 2, Rules::Standard).unwrap();
    let spec = "bot:expert:depth=2";
    let mut local = parse_player(spec).unwrap().create().unwrap();
    local.choose(&position, &mut rng_from_seed(3)).unwrap();
    let here = local.info().unwrap().lines();
    assert_eq!(here.len(), 1, "{here:?}");

    install(Box::new(InProcess::default()));
    let mut remote = offload(spec, parse_player(spec).unwrap()).create().unwrap();
    let mut rng = rng_from_seed(3);
    while matches!(
        remote.think(&position, &mut rng, &Interrupt::never()),
        Thought::Pending
    ) {}
    uninstall();
    assert_eq!(remote.info().unwrap().lines(), here);
}
