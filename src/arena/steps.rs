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
use super::runner::{Collected, IndexedGame, MatchReport, Stop, start_position};
use super::tournament::{
    Pairing, TournamentConfig, TournamentObserver, TournamentReport, pairing_config, pairings,
    standings,
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
                Progress::Moved => return None,
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
        if !matches!(progress, Progress::Moved) {
            self.current = None;
        }
        progress
    }
}

/// A tournament played one move per [`step`](TournamentSteps::step), its
/// pairings in the order of [`pairings`].
pub struct TournamentSteps {
    entrants: Vec<Arc<dyn AgentFactory>>,
    schedule: Vec<(usize, usize)>,
    config: TournamentConfig,
    next: usize,
    current: Option<(usize, usize, MatchSteps)>,
    played: Vec<Pairing>,
    over: bool,
}

impl TournamentSteps {
    /// A tournament between `entrants` with `config`, not yet begun.
    pub fn new(
        entrants: Vec<Arc<dyn AgentFactory>>,
        config: TournamentConfig,
    ) -> Result<TournamentSteps, ArenaError> {
        if entrants.len() < 2 {
            return Err(ArenaError::TooFewEntrants(entrants.len()));
        }
        let schedule = pairings(entrants.len(), config.gauntlet);
        Ok(TournamentSteps {
            entrants,
            schedule,
            config,
            next: 0,
            current: None,
            played: Vec::new(),
            over: false,
        })
    }

    /// Plays the next move (starting the next pairing when one ended); the
    /// report once the tournament is over, `None` before and after.
    pub fn step(
        &mut self,
        cancel: &AtomicBool,
        observer: &mut dyn TournamentObserver,
    ) -> Option<Result<TournamentReport, ArenaError>> {
        if self.over {
            return None;
        }
        if self.current.is_none() {
            match self.begin_pairing(cancel, observer) {
                Ok(true) => {}
                Ok(false) => return Some(Ok(self.finish(cancel.load(Ordering::Relaxed)))),
                Err(e) => {
                    self.over = true;
                    return Some(Err(e));
                }
            }
        }
        let (a, b, steps) = self.current.as_mut()?;
        let report = steps.step(cancel, observer)?;
        let pairing = Pairing {
            a: *a,
            b: *b,
            seed: report.config.seed,
            tally: report.tally,
        };
        self.current = None;
        observer.pairing_finished(&pairing);
        self.played.push(pairing);
        if report.stop == Stop::Cancelled {
            return Some(Ok(self.finish(true)));
        }
        None
    }

    /// Starts the next pairing of the schedule; false when none is left or
    /// `cancel` is raised.
    fn begin_pairing(
        &mut self,
        cancel: &AtomicBool,
        observer: &mut dyn TournamentObserver,
    ) -> Result<bool, ArenaError> {
        while let Some(&(a, b)) = self.schedule.get(self.next) {
            if cancel.load(Ordering::Relaxed) {
                return Ok(false);
            }
            let k = self.next;
            self.next += 1;
            let (Some(fa), Some(fb)) = (self.entrants.get(a), self.entrants.get(b)) else {
                continue;
            };
            let matches = pairing_config(&self.config, k);
            observer.pairing_started(k, self.schedule.len());
            let steps = MatchSteps::new(Arc::clone(fa), Arc::clone(fb), matches)?;
            self.current = Some((a, b, steps));
            return Ok(true);
        }
        Ok(false)
    }

    fn finish(&mut self, cancelled: bool) -> TournamentReport {
        self.over = true;
        let labels: Vec<String> = self.entrants.iter().map(|e| e.label()).collect();
        let played = std::mem::take(&mut self.played);
        TournamentReport {
            standings: standings(&labels, &played),
            players: labels,
            config: self.config.clone(),
            pairings: played,
            cancelled,
        }
    }
}

#[cfg(test)]
#[path = "steps_tests.rs"]
mod tests;
