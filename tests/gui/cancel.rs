//! The desktop app's arena stops a search in progress when the run is
//! cancelled: a run whose player would search for hours ends at once,
//! reporting the cancel. (Abandoning a move in the play view is tested in
//! `src/gui/worker.rs`.) A watchdog only turns a hang into a failure.
#![cfg(feature = "gui")]
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::time::{Duration, Instant};

use chainlab::arena::{MatchConfig, Stop};
use chainlab::bots::parse_player;
use chainlab::gui::arena::run::{Entrant, Live, Outcome, Plan, Run};

/// Far longer than cancelling needs; reaching it means a hang.
const WATCHDOG: Duration = Duration::from_secs(120);

#[test]
fn cancelling_an_arena_run_stops_the_search_in_progress() {
    let entrant = |label: &str, spec: &str| Entrant {
        label: label.to_string(),
        factory: parse_player(spec).unwrap(),
    };
    let entrants = vec![
        entrant("deep", "bot:master:depth=32,nodes=1000000000000"),
        entrant("random", "bot:random"),
    ];
    let plan = Plan::Match(MatchConfig {
        games: 2,
        threads: 1,
        ..MatchConfig::default()
    });
    let mut run = Run::start(entrants, plan, None).unwrap();
    std::thread::sleep(Duration::from_millis(100));
    run.cancel();
    let began = Instant::now();
    let mut live = Live::default();
    while live.outcome.is_none() {
        assert!(began.elapsed() < WATCHDOG, "the run did not stop");
        std::thread::sleep(Duration::from_millis(10));
        run.refresh(&mut live);
    }
    match live.outcome {
        Some(Outcome::Match(report)) => {
            assert_eq!(report.stop, Stop::Cancelled);
            assert_eq!(report.tally.games(), 0);
        }
        other => panic!("{other:?}"),
    }
}
