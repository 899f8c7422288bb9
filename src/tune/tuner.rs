//! The tuner: SPSA iterations whose scores come from matches against the
//! opponent pool. One [`Tuner::step`] is one iteration, so a caller (the
//! CLI's loop, the GUI's worker) decides when to stop and can show progress
//! between iterations.
//!
//! Reproducible: the perturbations come from the seed, each match's seed
//! from the seed and the iteration, the matches' results do not depend on
//! the number of threads (`arena::run_match`), and the tuner itself runs on
//! the calling thread in a fixed order. Cancelling only ever discards the
//! iteration it cuts short.

use std::collections::VecDeque;
use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use super::error::TuneError;
use super::params::{Tuned, params, with_values};
use super::spsa::{Gains, Spsa};
use crate::arena::stats::elo_from_score;
use crate::arena::{MatchConfig, MatchObserver, Stop, Wdl, run_match};
use crate::bots::AgentFactory;
use crate::bots::graph::GraphFactory;
use crate::rng::derive_seed;
use crate::strategy::{Strategy, Tunable};

/// A salt that separates the tuning matches' seeds from the tuning seed itself.
const MATCH_SALT: u64 = 0x7E57_1A7E_5EED_0001;

/// The iterations the running Elo estimate averages over.
pub const ELO_WINDOW: usize = 10;

/// How a tuning run is played.
#[derive(Clone)]
pub struct TuneConfig {
    /// The opponent pool: each pair of games is played against the next
    /// opponent in turn (players as `chainlab match` builds them).
    pub opponents: Vec<Arc<dyn AgentFactory>>,
    /// Games each probe (θ+ and θ−) plays per iteration, in colour-swapped pairs.
    pub games: u64,
    /// The number of iterations.
    pub iterations: u64,
    /// The seed of the perturbations and of every match.
    pub seed: u64,
    /// Worker threads of each match; 0 for one per core. Results do not depend on it.
    pub threads: usize,
    /// How each game is played: board, rules, players, openings, cap and
    /// time limits. Its `games`, `seed`, `threads` and `sprt` are set by the tuner.
    pub play: MatchConfig,
    /// The SPSA gains and schedule.
    pub gains: Gains,
}

impl TuneConfig {
    /// The defaults (20 games, 100 iterations, seed 1, all cores, the
    /// default board and rules, the default gains) against `opponents`.
    pub fn new(opponents: Vec<Arc<dyn AgentFactory>>) -> TuneConfig {
        TuneConfig {
            opponents,
            games: 20,
            iterations: 100,
            seed: 1,
            threads: 0,
            play: MatchConfig::default(),
            gains: Gains::default(),
        }
    }

    /// The match configuration for `games` games with `seed`.
    pub(super) fn match_config(&self, games: u64, seed: u64) -> MatchConfig {
        MatchConfig {
            games,
            seed,
            threads: self.threads,
            sprt: None,
            ..self.play.clone()
        }
    }
}

impl fmt::Debug for TuneConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let opponents: Vec<String> = self.opponents.iter().map(|o| o.label()).collect();
        f.debug_struct("TuneConfig")
            .field("opponents", &opponents)
            .field("games", &self.games)
            .field("iterations", &self.iterations)
            .field("seed", &self.seed)
            .field("threads", &self.threads)
            .field("play", &self.play)
            .field("gains", &self.gains)
            .finish()
    }
}

/// What one iteration did.
#[derive(Clone, Debug, PartialEq)]
pub struct Iteration {
    /// The iteration, from 1.
    pub number: u64,
    /// The number of iterations of the run.
    pub of: u64,
    /// The parameters' values after the iteration (in [`Tuner::params`] order).
    pub values: Vec<i64>,
    /// θ+'s score against the pool (0 to 1).
    pub plus_score: f64,
    /// θ−'s score against the pool (0 to 1).
    pub minus_score: f64,
    /// The running Elo estimate against the original: the Elo of the pooled
    /// score of θ+ and θ− over the last [`ELO_WINDOW`] iterations, minus
    /// the Elo of the original's score measured before the first iteration,
    /// both against the pool, each score taken as `(points + ½) / (games + 1)`
    /// so that 0% and 100% stay finite. A trend for the plot, not a
    /// measurement: the validation match measures.
    pub elo: f64,
}

/// An SPSA tuning run of one strategy.
#[derive(Debug)]
pub struct Tuner {
    original: Strategy,
    params: Vec<Tuned>,
    config: TuneConfig,
    spsa: Spsa,
    done: u64,
    /// The original's result against the pool, measured in the first step.
    baseline: Option<Wdl>,
    /// The pooled results of θ+ and θ− of the last iterations.
    recent: VecDeque<Wdl>,
}

impl Tuner {
    /// Prepares a run: checks everything a run needs before any game (the
    /// strategy, its ranges, the budget, the opponents, the board).
    pub fn new(strategy: &Strategy, config: TuneConfig) -> Result<Tuner, TuneError> {
        if config.opponents.is_empty() {
            return Err(TuneError::NoOpponents);
        }
        if config.games == 0 {
            return Err(TuneError::NoGames);
        }
        if config.iterations == 0 {
            return Err(TuneError::NoIterations);
        }
        let params = params(strategy)?;
        GraphFactory::new(strategy.name.clone(), strategy)?;
        let play = &config.play;
        play.check()
            .map_err(|e| TuneError::Arena(crate::arena::ArenaError::Config(e)))?;
        let spsa = Spsa::new(
            &params,
            config.gains,
            config.iterations,
            config.games,
            config.seed,
        );
        Ok(Tuner {
            original: strategy.clone(),
            params,
            config,
            spsa,
            done: 0,
            baseline: None,
            recent: VecDeque::with_capacity(ELO_WINDOW),
        })
    }

    /// The tunable constants, in the order of [`Iteration::values`].
    pub fn params(&self) -> &[Tuned] {
        &self.params
    }

    /// The configuration.
    pub fn config(&self) -> &TuneConfig {
        &self.config
    }

    /// The strategy being tuned, as given.
    pub fn original(&self) -> &Strategy {
        &self.original
    }

    /// The iterations finished.
    pub fn done(&self) -> u64 {
        self.done
    }

    /// Whether every iteration has been run.
    pub fn is_finished(&self) -> bool {
        self.done >= self.config.iterations
    }

    /// The games one step plays: `2 × games`, plus the original's
    /// `2 × games` in the first step.
    pub fn games_of_step(&self) -> u64 {
        let games = 2 * self.config.games;
        if self.baseline.is_none() {
            2 * games
        } else {
            games
        }
    }

    /// The graph with the current values.
    pub fn current(&self) -> Strategy {
        with_values(&self.original, &self.params, &self.spsa.values())
    }

    /// The current value of every tunable number.
    pub fn values(&self) -> Vec<(Tunable, i64)> {
        self.params
            .iter()
            .map(|p| p.at())
            .zip(self.spsa.values())
            .collect()
    }

    /// Runs one iteration; `None` when the budget is used up or `cancel` is
    /// raised (from any thread: the matches stop after their current game,
    /// the iteration cut short is discarded and θ stays as it was).
    pub fn step(&mut self, cancel: &AtomicBool) -> Result<Option<Iteration>, TuneError> {
        self.step_observed(cancel, &mut ())
    }

    /// [`Tuner::step`], reporting every match and game to `observer`.
    pub fn step_observed(
        &mut self,
        cancel: &AtomicBool,
        observer: &mut dyn MatchObserver,
    ) -> Result<Option<Iteration>, TuneError> {
        if self.is_finished() || cancel.load(Ordering::Relaxed) {
            return Ok(None);
        }
        self.iterate(cancel, observer)
    }

    /// The iteration itself, stopping when `cancel` is raised.
    fn iterate(
        &mut self,
        cancel: &AtomicBool,
        observer: &mut dyn MatchObserver,
    ) -> Result<Option<Iteration>, TuneError> {
        let games = self.config.games;
        if self.baseline.is_none() {
            let Some(wdl) = self.play(&self.original, 0, 2 * games, cancel, observer)? else {
                return Ok(None);
            };
            self.baseline = Some(wdl);
        }
        let k = self.done + 1;
        let probe = self.spsa.probe(k);
        let plus = with_values(&self.original, &self.params, &probe.plus);
        let minus = with_values(&self.original, &self.params, &probe.minus);
        let Some(p) = self.play(&plus, k, games, cancel, observer)? else {
            return Ok(None);
        };
        let Some(m) = self.play(&minus, k, games, cancel, observer)? else {
            return Ok(None);
        };
        let (plus_score, minus_score) = (p.score().unwrap_or(0.5), m.score().unwrap_or(0.5));
        self.spsa.update(&probe, plus_score, minus_score);
        self.done = k;
        if self.recent.len() == ELO_WINDOW {
            self.recent.pop_front();
        }
        self.recent.push_back(Wdl::new(
            p.wins + m.wins,
            p.draws + m.draws,
            p.losses + m.losses,
        ));
        Ok(Some(Iteration {
            number: k,
            of: self.config.iterations,
            values: self.spsa.values(),
            plus_score,
            minus_score,
            elo: self.elo(),
        }))
    }

    /// The running Elo estimate (see [`Iteration::elo`]).
    fn elo(&self) -> f64 {
        let pooled = self.recent.iter().fold(Wdl::default(), |a, w| {
            Wdl::new(a.wins + w.wins, a.draws + w.draws, a.losses + w.losses)
        });
        let base = self.baseline.unwrap_or_default();
        smoothed_elo(&pooled) - smoothed_elo(&base)
    }

    /// Plays `strategy` for `games` games against the pool with the seeds of
    /// iteration `k` (0 for the original's baseline); `None` when cancelled.
    fn play(
        &self,
        strategy: &Strategy,
        k: u64,
        games: u64,
        cancel: &AtomicBool,
        observer: &mut dyn MatchObserver,
    ) -> Result<Option<Wdl>, TuneError> {
        let pool = Pool {
            config: &self.config,
            name: &self.original.name,
            seed: derive_seed(self.config.seed ^ MATCH_SALT, k),
            turn: k,
        };
        pool.play(strategy, games, cancel, observer)
    }
}

/// Games against the opponent pool from one seed.
pub(super) struct Pool<'c> {
    /// The opponents, board and threads.
    pub config: &'c TuneConfig,
    /// The name the tuned graph plays under.
    pub name: &'c str,
    /// The seed the matches' seeds derive from.
    pub seed: u64,
    /// Where the opponents' turns start: pair `p` meets opponent
    /// `(turn · pairs + p) mod n`, so with `turn = k` the opponents take
    /// turns across iterations, and θ+ and θ− of one iteration meet the
    /// same opponents with the same seeds.
    pub turn: u64,
}

impl Pool<'_> {
    /// Plays `strategy` for `games` games against the pool; `None` when cancelled.
    pub fn play(
        &self,
        strategy: &Strategy,
        games: u64,
        cancel: &AtomicBool,
        observer: &mut dyn MatchObserver,
    ) -> Result<Option<Wdl>, TuneError> {
        let factory: Arc<dyn AgentFactory> =
            Arc::new(GraphFactory::new(self.name.to_string(), strategy)?);
        let opponents = &self.config.opponents;
        let mut total = Wdl::default();
        for (j, (opponent, &n)) in opponents
            .iter()
            .zip(&shares(self.turn, games, opponents.len()))
            .enumerate()
        {
            if n == 0 {
                continue;
            }
            let config = self
                .config
                .match_config(n, derive_seed(self.seed, j as u64));
            let report = run_match(&factory, opponent, &config, cancel, observer)?;
            if report.stop == Stop::Cancelled {
                return Ok(None);
            }
            let w = report.wdl();
            total = Wdl::new(
                total.wins + w.wins,
                total.draws + w.draws,
                total.losses + w.losses,
            );
        }
        Ok(Some(total))
    }
}

/// The Elo of `(points + ½) / (games + 1)`: finite at 0% and 100%.
fn smoothed_elo(w: &Wdl) -> f64 {
    elo_from_score((w.points() + 0.5) / (w.games() as f64 + 1.0)).unwrap_or(0.0)
}

/// How many of `games` games each of `n` opponents plays in iteration `k`:
/// colour-swapped pairs (and a last single game when `games` is odd) go to
/// the opponents in turn, continuing where iteration `k − 1` stopped.
fn shares(k: u64, games: u64, n: usize) -> Vec<u64> {
    let mut out = vec![0; n];
    let (pairs, single) = (games / 2, games % 2);
    let slots = pairs + single;
    if n == 0 {
        return out;
    }
    for p in 0..slots {
        let j = (k.wrapping_mul(slots).wrapping_add(p) % n as u64) as usize;
        if let Some(count) = out.get_mut(j) {
            *count += if p < pairs { 2 } else { 1 };
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_give_every_game_and_rotate() {
        assert_eq!(shares(0, 6, 1), vec![6]);
        assert_eq!(shares(0, 7, 2), vec![4, 3]);
        assert_eq!(shares(1, 7, 2), vec![4, 3]);
        assert_eq!(shares(1, 4, 3), vec![2, 0, 2]);
        for k in 0..20 {
            for games in 1..30 {
                for n in 1..5 {
                    assert_eq!(shares(k, games, n).iter().sum::<u64>(), games);
                }
            }
        }
    }
}
