//! The tuner as a library: it refuses what cannot run before any game,
//! repeats exactly from its seed on any number of threads, stops on an
//! interrupt without losing the iterations done, and validates against the
//! original on a fresh seed.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use chainlab::bots::{AgentFactory, parse_player};
use chainlab::rules::Size;
use chainlab::strategy::Strategy;
use chainlab::tune::{
    TuneConfig, TuneError, Tuner, params, validate, validate_against_pool, validation_seed,
};

fn strategy(name: &str) -> Strategy {
    Strategy::load(&common::repo().join("strategies").join(name)).unwrap()
}

fn random() -> Arc<dyn AgentFactory> {
    parse_player("bot:random").unwrap()
}

/// A small, quick configuration on 3x3 against the random player.
fn config(threads: usize, seed: u64) -> TuneConfig {
    let mut c = TuneConfig::new(vec![random(), parse_player("bot:greedy").unwrap()]);
    c.games = 4;
    c.iterations = 3;
    c.seed = seed;
    c.threads = threads;
    c.play.size = Size::new(3, 3).unwrap();
    c
}

/// Every iteration of a run and the values at the end.
fn run(s: &Strategy, config: TuneConfig) -> (Vec<chainlab::tune::Iteration>, Vec<i64>) {
    let mut tuner = Tuner::new(s, config).unwrap();
    let mut its = Vec::new();
    while let Some(it) = tuner.step(&AtomicBool::new(false)).unwrap() {
        its.push(it);
    }
    assert!(tuner.is_finished());
    let values = tuner.values().into_iter().map(|(_, v)| v).collect();
    (its, values)
}

#[test]
fn the_same_seed_gives_the_same_run_on_any_number_of_threads() {
    let s = strategy("04-capture.json");
    let one = run(&s, config(1, 5));
    let two = run(&s, config(2, 5));
    let four = run(&s, config(4, 5));
    assert_eq!(one, two);
    assert_eq!(one, four);
    assert_eq!(one.0.len(), 3);
    assert_eq!(one.0[2].number, 3);
    assert_eq!(one.0[2].of, 3);
    let other = run(&s, config(2, 6));
    assert_ne!(one.0, other.0, "another seed plays other games");
}

#[test]
fn the_current_graph_differs_only_in_the_tuned_constants() {
    let s = strategy("04-capture.json");
    let mut tuner = Tuner::new(&s, config(2, 1)).unwrap();
    assert_eq!(tuner.current(), s, "before any step: the original values");
    while tuner.step(&AtomicBool::new(false)).unwrap().is_some() {}
    let tuned = tuner.current();
    assert_eq!(tuned.wires(), s.wires());
    let tunable: Vec<_> = params(&s).unwrap().iter().map(|p| p.node).collect();
    for (a, b) in s.nodes().iter().zip(tuned.nodes()) {
        if !tunable.contains(&a.id) {
            assert_eq!(a, b);
        }
    }
    for (p, (id, v)) in tuner.params().iter().zip(tuner.values()) {
        assert_eq!(p.at(), id);
        assert!((p.min..=p.max).contains(&v));
    }
    assert_eq!(
        tuner.step(&AtomicBool::new(false)).unwrap(),
        None,
        "budget used up"
    );
}

#[test]
fn an_interrupt_stops_without_losing_the_iterations_done() {
    let s = strategy("04-capture.json");
    let mut tuner = Tuner::new(&s, config(2, 3)).unwrap();
    assert!(tuner.step(&AtomicBool::new(false)).unwrap().is_some());
    let values = tuner.values();
    let flag = Arc::new(AtomicBool::new(true));
    assert_eq!(tuner.step(&flag).unwrap(), None);
    assert_eq!((tuner.done(), tuner.values()), (1, values.clone()));
    // Raised in the middle of an iteration: that iteration is discarded.
    let mut c = config(1, 3);
    c.games = 400;
    c.play.size = Size::JABC;
    let mut slow = Tuner::new(&s, c).unwrap();
    flag.store(false, Ordering::Relaxed);
    // The flag goes up when the first game of the iteration ends: never
    // before the iteration began, never after it could finish.
    struct RaiseAfterOneGame(Arc<AtomicBool>);
    impl chainlab::arena::MatchObserver for RaiseAfterOneGame {
        fn game_finished(
            &mut self,
            _record: &chainlab::arena::GameRecord,
            _tally: &chainlab::arena::Tally,
        ) {
            self.0.store(true, Ordering::Relaxed);
        }
    }
    let begun = std::time::Instant::now();
    let mut raiser = RaiseAfterOneGame(Arc::clone(&flag));
    assert_eq!(slow.step_observed(&flag, &mut raiser).unwrap(), None);
    assert_eq!(slow.done(), 0);
    assert_eq!(slow.current(), s);
    assert!(begun.elapsed().as_secs() < 60);
}

#[test]
fn what_cannot_run_is_refused_before_any_game() {
    let s = strategy("04-capture.json");
    let err = |c: TuneConfig| Tuner::new(&s, c).unwrap_err();
    assert!(matches!(
        err(TuneConfig::new(Vec::new())),
        TuneError::NoOpponents
    ));
    let mut c = config(1, 1);
    c.games = 0;
    assert!(matches!(err(c), TuneError::NoGames));
    let mut c = config(1, 1);
    c.iterations = 0;
    assert!(matches!(err(c), TuneError::NoIterations));
    let mut c = config(1, 1);
    c.play.size = Size::new(2, 2).unwrap();
    c.play.players = 5;
    assert!(matches!(err(c), TuneError::Arena(_)));
    let broken = Strategy::new("empty");
    let e = Tuner::new(&broken, config(1, 1)).unwrap_err();
    assert!(
        e.to_string().starts_with("the strategy has errors: "),
        "{e}"
    );
}

#[test]
fn validation_plays_tuned_against_original_on_a_fresh_seed() {
    let s = strategy("04-capture.json");
    let mut tuner = Tuner::new(&s, config(2, 9)).unwrap();
    while tuner.step(&AtomicBool::new(false)).unwrap().is_some() {}
    let tuned = tuner.current();
    let report = validate(
        &s,
        &tuned,
        tuner.config(),
        10,
        &AtomicBool::new(false),
        &mut (),
    )
    .unwrap();
    assert_eq!(
        (report.a.as_str(), report.b.as_str()),
        ("tuned", "original")
    );
    assert_eq!(report.wdl().games(), 10);
    assert_eq!(report.config.seed, validation_seed(9));
    assert_ne!(validation_seed(9), 9);
    assert_eq!(report.config.size, Size::new(3, 3).unwrap());
    let again = validate(
        &s,
        &tuned,
        tuner.config(),
        10,
        &AtomicBool::new(false),
        &mut (),
    )
    .unwrap();
    assert_eq!(again.wdl(), report.wdl());
    assert!(matches!(
        validate(
            &s,
            &tuned,
            tuner.config(),
            0,
            &AtomicBool::new(false),
            &mut ()
        ),
        Err(TuneError::NoGames)
    ));
}

/// The gain against the pool: the original and the tuned graph play the
/// same games' seeds, so the same graph on both sides gains exactly 0, and
/// a graph that plays worse shows a loss; the result repeats, and an
/// interrupt before the first game gives no result.
#[test]
fn validation_against_the_pool_compares_both_on_the_same_seeds() {
    let s = strategy("04-capture.json");
    let c = config(2, 9);
    let never = AtomicBool::new(false);
    let same = validate_against_pool(&s, &s, &c, 20, &never, &mut ())
        .unwrap()
        .unwrap();
    assert_eq!(same.original, same.tuned);
    assert_eq!(same.original.games(), 20);
    let weak = strategy("01-prefer-corners.json");
    let worse = validate_against_pool(&s, &weak, &c, 20, &never, &mut ())
        .unwrap()
        .unwrap();
    assert_eq!(worse.original, same.original, "the original's games repeat");
    assert!(worse.tuned.points() < worse.original.points(), "{worse:?}");
    if let (Some(gain), Some((lo, hi))) = (worse.gain(), worse.gain_ci95()) {
        assert!(gain < 0.0 && lo < gain && gain < hi, "{gain} {lo} {hi}");
    }
    let fired = AtomicBool::new(true);
    let stopped = validate_against_pool(&s, &s, &c, 20, &fired, &mut ());
    assert_eq!(stopped.unwrap(), None);
    assert!(matches!(
        validate_against_pool(&s, &s, &c, 0, &never, &mut ()),
        Err(TuneError::NoGames)
    ));
}
