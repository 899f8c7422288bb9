//! One check of the graph on a set of puzzles, on its own thread: the graph
//! is compiled there and scored with [`score`] (in parallel), and the result
//! comes back over a channel with the window asked to repaint, so no frame
//! waits for it. A check that is no longer wanted (the graph changed again,
//! another theme was chosen) is dropped, which cancels it: its thread stops
//! between puzzles and its result is never read.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::time::Duration;

use crate::analysis::puzzle::{Puzzle, SuiteScore, score};
use crate::bots::graph::GraphFactory;
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
    rx: Receiver<Outcome>,
    cancel: Arc<AtomicBool>,
}

impl Check {
    /// Starts checking `strategy` on `puzzles`; `ctx` (if any) is asked to
    /// repaint when the result is ready.
    pub fn start(
        strategy: Strategy,
        puzzles: Vec<Puzzle>,
        ctx: Option<egui::Context>,
    ) -> Result<Check, String> {
        let (tx, rx) = mpsc::channel();
        let cancel = Arc::new(AtomicBool::new(false));
        let stop = Arc::clone(&cancel);
        crate::gui::platform::spawn("chainlab-puzzles", move || {
            let start = Instant::now();
            let score = match GraphFactory::new(strategy.name.clone(), &strategy) {
                Ok(factory) => match score(&factory, &puzzles, SEED, &stop) {
                    Some(score) => Ok(score),
                    // Cancelled: nobody waits for the result.
                    None => return,
                },
                Err(e) => Err(e.to_string()),
            };
            // The receiver is gone when the check was abandoned.
            if tx
                .send(Outcome {
                    score,
                    took: start.elapsed(),
                })
                .is_ok()
                && let Some(ctx) = ctx
            {
                ctx.request_repaint();
            }
        })?;
        Ok(Check { rx, cancel })
    }

    /// The outcome, once it has arrived (then the check is over); a thread
    /// that ended without one is reported as an error.
    pub fn poll(&self) -> Option<Outcome> {
        match self.rx.try_recv() {
            Ok(outcome) => Some(outcome),
            Err(TryRecvError::Empty) => None,
            Err(TryRecvError::Disconnected) => Some(Outcome {
                score: Err("the check stopped unexpectedly".to_string()),
                took: Duration::ZERO,
            }),
        }
    }
}

impl Drop for Check {
    /// The check is no longer wanted: its thread stops.
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::puzzle::parse_suite;
    use crate::gui::editor::edit::tests::sample;

    /// Waits for the outcome of `check` (bounded).
    fn outcome(check: &Check) -> Outcome {
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
        let check = Check::start(strategy.clone(), puzzles.clone(), None).unwrap();
        let factory = GraphFactory::new("t", &strategy).unwrap();
        let direct = score(&factory, &puzzles, SEED, &AtomicBool::new(false)).unwrap();
        assert_eq!(outcome(&check).score.unwrap(), direct);

        let broken = Strategy::default();
        let check = Check::start(broken, puzzles, None).unwrap();
        assert!(outcome(&check).score.is_err(), "no Cell value: no player");
    }
}
