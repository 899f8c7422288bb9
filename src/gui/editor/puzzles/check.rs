//! One check of the graph on a set of puzzles, as a [`Job`] on its own
//! thread: the graph is compiled there and scored with [`score`] (in
//! parallel), and the result comes back with the window asked to repaint,
//! so no frame waits for it. A check that is no longer wanted (the graph
//! changed again, another theme was chosen) is dropped, which cancels it:
//! its thread stops between puzzles and its result is never read.

use std::time::Duration;

use crate::analysis::puzzle::{Puzzle, SuiteScore, score};
use crate::bots::graph::GraphFactory;
use crate::gui::job::{Job, Poll};
use crate::strategy::Strategy;
use crate::time::Instant;

/// The seed of the graph's tie-breaks (fixed, so a check repeats exactly).
pub const SEED: u64 = 1;

/// What a check found: the score and how long it took, or why the graph
/// could not play.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The score, or why there is none.
    pub score: Result<SuiteScore, String>,
    /// The time the check took.
    pub took: Duration,
}

/// A check going on in the background.
pub struct Check {
    job: Job<Outcome>,
}

impl Check {
    /// Starts checking `strategy` on `puzzles`; `ctx` (if any) is asked to
    /// repaint when the result is ready.
    pub fn start(
        strategy: Strategy,
        puzzles: Vec<Puzzle>,
        ctx: Option<egui::Context>,
    ) -> Result<Check, String> {
        let job = Job::spawn("chainlab-puzzles", ctx, move |job| {
            let start = Instant::now();
            let score = match GraphFactory::new(strategy.name.clone(), &strategy) {
                Ok(factory) => score(&factory, &puzzles, SEED, job.cancel_flag())
                    // Cancelled: the check was dropped, nobody reads this.
                    .ok_or_else(|| "the check was cancelled".to_string()),
                Err(e) => Err(e.to_string()),
            };
            Outcome {
                score,
                took: start.elapsed(),
            }
        })?;
        Ok(Check { job })
    }

    /// The outcome, once it has arrived (then the check is over); a thread
    /// that ended without one is reported as an error.
    pub fn poll(&mut self) -> Option<Outcome> {
        match self.job.poll() {
            Poll::Pending => None,
            Poll::Ready(outcome) => Some(outcome),
            Poll::Crashed => Some(Outcome {
                score: Err("the check stopped unexpectedly".to_string()),
                took: Duration::ZERO,
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::puzzle::parse_suite;
    use crate::gui::editor::edit::tests::sample;
    use std::sync::atomic::AtomicBool;

    /// Waits for the outcome of `check` (bounded).
    fn outcome(check: &mut Check) -> Outcome {
        for _ in 0..3000 {
            if let Some(outcome) = check.poll() {
                return outcome;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        panic!("the check never ended");
    }

    #[test]
    fn a_check_scores_as_the_suite_does_and_says_why_a_graph_cannot_play() {
        let text = include_str!("../../../../tests/data/puzzles/5x6-fixture.jsonl");
        let puzzles = parse_suite(text).unwrap();
        let strategy = sample();
        let mut check = Check::start(strategy.clone(), puzzles.clone(), None).unwrap();
        let factory = GraphFactory::new("t", &strategy).unwrap();
        let direct = score(&factory, &puzzles, SEED, &AtomicBool::new(false)).unwrap();
        assert_eq!(outcome(&mut check).score.unwrap(), direct);

        let broken = Strategy::default();
        let mut check = Check::start(broken, puzzles, None).unwrap();
        assert!(
            outcome(&mut check).score.is_err(),
            "no Cell value: no player"
        );
    }
}
