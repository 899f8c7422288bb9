//! Matches and tournaments played one move per step on the caller's thread,
//! for a caller that cannot wait (the web page plays moves for a few
//! milliseconds per frame, so that even a long game of slow players never
//! holds a frame for more than one move).
//!
//! The results are those of [`run_match`](super::run_match) and
//! [`run_tournament`](super::run_tournament) with the same settings: a game
//! depends only on its index and the match seed (both runners play it as
//! the same `IndexedGame`, this one a move at a time), the threaded runner reports games in index
//! order, and both report through the same `Collected::report` (tally,
//! observer, SPRT), so the records, tallies, SPRT stops and standings agree
//! for players that are deterministic given their seed. The tests below
//! check this against the threaded runner.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use super::config::MatchConfig;
use super::error::ArenaError;
use super::game::{GameRun, Progress};
use super::observer::MatchObserver;
use super::runner::{Collected, IndexedGame, MatchReport, start_position};
use super::tournament::{
    NextPairing, ScheduleRun, TournamentConfig, TournamentObserver, TournamentReport, pairings,
};
use crate::bots::AgentFactory;
use crate::rules::Position;
use crate::time::Instant;

/// A match played one move per [`step`](MatchSteps::step).
pub struct MatchSteps {
    a: Arc<dyn AgentFactory>,
    b: Arc<dyn AgentFactory>,
    /// The players' labels, made once (a step needs them for every move).
    labels: [String; 2],
    config: MatchConfig,
    start: Position,
    next: u64,
    /// The game in progress (game `next`).
    current: Option<(IndexedGame, GameRun)>,
    collected: Option<Collected>,
    began: Option<Instant>,
    /// Never raised: a game in progress is not shared with another thread.
    stop: Arc<AtomicBool>,
    /// Whether the last step found the player to move still thinking
    /// elsewhere ([`Progress::Waiting`]).
    waiting: bool,
}

impl MatchSteps {
    /// A match between `a` and `b` with `config`, not yet begun; an error
    /// for a board that cannot be set up.
    pub fn new(
        a: Arc<dyn AgentFactory>,
        b: Arc<dyn AgentFactory>,
        config: MatchConfig,
    ) -> Result<MatchSteps, ArenaError> {
        let start = start_position(&config)?;
        let collected = Some(Collected::new(&config));
        Ok(MatchSteps {
            labels: [a.label(), b.label()],
            a,
            b,
            config,
            start,
            next: 0,
            current: None,
            collected,
            began: None,
            stop: Arc::new(AtomicBool::new(false)),
            waiting: false,
        })
    }

    /// Plays the next move (the first step also announces the match), and
    /// reports a game when it ends; the report once the match is over:
    /// every game played, the SPRT decided, or `cancel` raised. `None` while
    /// games remain, and after the report was given.
    pub fn step(
        &mut self,
        cancel: &AtomicBool,
        observer: &mut dyn MatchObserver,
    ) -> Option<MatchReport> {
        if self.began.is_none() {
            let [a, b] = &self.labels;
            observer.match_started(a, b, &self.config);
            self.began = Some(Instant::now());
        }
        self.collected.as_ref()?;
        let over = if self.next >= self.config.games {
            true
        } else if cancel.load(Ordering::Relaxed) {
            self.collected.as_mut()?.cancel();
            true
        } else {
            match self.advance() {
                Progress::Moved | Progress::Waiting => return None,
                Progress::Stopped => true,
                Progress::Over(record) => {
                    self.next += 1;
                    self.collected
                        .as_mut()?
                        .report(&record, &self.config, observer)
                        || self.next >= self.config.games
                }
            }
        };
        if !over {
            return None;
        }
        let elapsed = self.began.map(|b| b.elapsed()).unwrap_or_default();
        let collected = self.collected.take()?;
        Some(collected.into_report(&self.a, &self.b, &self.config, 1, elapsed))
    }

    /// Whether the last step made no move because the player to move thinks
    /// elsewhere and has not answered yet: a caller stepping between frames
    /// waits for the answer (a frame) rather than asking again at once.
    pub fn is_waiting(&self) -> bool {
        self.waiting
    }

    /// One move of game `next`, starting it first when none is in progress.
    fn advance(&mut self) -> Progress {
        let [a, b] = &self.labels;
        let labels = [a.as_str(), b.as_str()];
        let factories = [self.a.as_ref(), self.b.as_ref()];
        if self.current.is_none() {
            let game = IndexedGame::new(&self.config, &self.start, self.next);
            match GameRun::start(&game.spec(&self.config, factories, labels, self.start)) {
                Ok(run) => self.current = Some((game, run)),
                Err(record) => return Progress::Over(*record),
            }
        }
        let Some((game, run)) = self.current.as_mut() else {
            return Progress::Stopped;
        };
        let spec = game.spec(&self.config, factories, labels, self.start);
        let progress = run.step(&spec, &self.stop);
        self.waiting = matches!(progress, Progress::Waiting);
        if !matches!(progress, Progress::Moved | Progress::Waiting) {
            self.current = None;
        }
        progress
    }
}

/// A tournament played one move per [`step`](TournamentSteps::step), its
/// pairings in the order of [`pairings`].
pub struct TournamentSteps {
    run: Option<ScheduleRun>,
    config: TournamentConfig,
    current: Option<(NextPairing, MatchSteps)>,
}

impl TournamentSteps {
    /// A tournament between `entrants` with `config`, not yet begun.
    pub fn new(
        entrants: Vec<Arc<dyn AgentFactory>>,
        config: TournamentConfig,
    ) -> Result<TournamentSteps, ArenaError> {
        let schedule = pairings(entrants.len(), config.gauntlet);
        Ok(TournamentSteps {
            run: Some(ScheduleRun::new(&entrants, schedule)?),
            config,
            current: None,
        })
    }

    /// Plays the next move (starting the next pairing when one ended); the
    /// report once the tournament is over, `None` before and after.
    pub fn step(
        &mut self,
        cancel: &AtomicBool,
        observer: &mut dyn TournamentObserver,
    ) -> Option<Result<TournamentReport, ArenaError>> {
        let run = self.run.as_mut()?;
        if self.current.is_none() {
            let Some(next) = run.next_pairing(&self.config, cancel, observer) else {
                return self.finish();
            };
            let steps = MatchSteps::new(
                Arc::clone(&next.a),
                Arc::clone(&next.b),
                next.config.clone(),
            );
            match steps {
                Ok(steps) => self.current = Some((next, steps)),
                Err(e) => {
                    self.run = None;
                    return Some(Err(e));
                }
            }
        }
        let (next, steps) = self.current.as_mut()?;
        let report = steps.step(cancel, observer)?;
        run.record(next, &report, observer);
        self.current = None;
        if run.is_over() { self.finish() } else { None }
    }

    /// Whether the pairing in progress waits for a player that thinks
    /// elsewhere (see [`MatchSteps::is_waiting`]).
    pub fn is_waiting(&self) -> bool {
        self.current
            .as_ref()
            .is_some_and(|(_, steps)| steps.is_waiting())
    }

    /// The report, once.
    fn finish(&mut self) -> Option<Result<TournamentReport, ArenaError>> {
        let run = self.run.take()?;
        Some(Ok(run.report(&self.config)))
    }
}

#[cfg(test)]
#[path = "steps_tests.rs"]
mod tests;
