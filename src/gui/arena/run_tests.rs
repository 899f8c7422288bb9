//! A run played in slices (as in the web page) against the same run on a
//! thread: the same games and results for the same seed.

use super::*;
use crate::bots::parse_player;
use crate::rules::{Rules, Size};

fn entrants(specs: &[&str]) -> Vec<Entrant> {
    specs
        .iter()
        .map(|spec| Entrant {
            label: spec.to_string(),
            factory: parse_player(spec).unwrap(),
        })
        .collect()
}

fn matches(games: u64) -> MatchConfig {
    MatchConfig {
        games,
        size: Size::new(5, 6).unwrap(),
        rules: Rules::Standard,
        seed: 7,
        threads: 2,
        opening_plies: 2,
        ..MatchConfig::default()
    }
}

/// Refreshes `run` until it is over; what the window saw then.
fn finish(mut run: Run) -> Live {
    play_out(&mut run)
}

/// [`finish`], keeping the run.
fn play_out(run: &mut Run) -> Live {
    let mut live = Live::default();
    for _ in 0..100_000 {
        run.refresh(&mut live);
        if live.outcome.is_some() {
            return live;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    panic!("the run did not end");
}

fn games(live: &Live) -> Vec<GameRecord> {
    live.recent.iter().map(|g| g.record.clone()).collect()
}

#[test]
fn a_sliced_match_has_the_results_of_a_threaded_one() {
    let specs = ["bot:greedy:random=30", "bot:expert:depth=1"];
    let plan = Plan::Match(matches(10));
    let threaded = finish(Run::start_on(entrants(&specs), plan.clone(), None, true).unwrap());
    let sliced = finish(Run::start_on(entrants(&specs), plan, None, false).unwrap());
    assert_eq!(games(&sliced), games(&threaded));
    assert_eq!(sliced.games, 10);
    let (Some(Outcome::Match(a)), Some(Outcome::Match(b))) = (&sliced.outcome, &threaded.outcome)
    else {
        panic!("both runs are matches: {:?}", sliced.outcome);
    };
    assert_eq!(a.tally, b.tally);
    assert_eq!(a.stop, b.stop);
}

#[test]
fn a_sliced_tournament_has_the_standings_of_a_threaded_one() {
    let specs = ["bot:random", "bot:greedy", "bot:prefer-own"];
    let plan = Plan::Tournament(TournamentConfig {
        matches: matches(4),
        gauntlet: false,
    });
    let threaded = finish(Run::start_on(entrants(&specs), plan.clone(), None, true).unwrap());
    let sliced = finish(Run::start_on(entrants(&specs), plan, None, false).unwrap());
    assert_eq!(games(&sliced), games(&threaded));
    let (Some(Outcome::Tournament(a)), Some(Outcome::Tournament(b))) =
        (&sliced.outcome, &threaded.outcome)
    else {
        panic!("both runs are tournaments: {:?}", sliced.outcome);
    };
    assert_eq!(a.pairings, b.pairings);
    assert_eq!(a.standings, b.standings);
}

#[test]
fn a_run_in_slices_counts_one_thread_and_a_threaded_one_its_plan() {
    let specs = ["bot:random", "bot:greedy"];
    let plan = Plan::Match(matches(2));
    let threaded = Run::start_on(entrants(&specs), plan.clone(), None, true).unwrap();
    let sliced = Run::start_on(entrants(&specs), plan, None, false).unwrap();
    assert_eq!(threaded.threads(), 2);
    assert_eq!(sliced.threads(), 1);
    finish(threaded);
    let mut sliced = sliced;
    play_out(&mut sliced);
    assert_eq!(sliced.threads(), 1, "still one once played to the end");
}
