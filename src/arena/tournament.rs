//! Tournaments: a match for every pairing (round robin, or the first entrant
//! against each other one in a gauntlet), a crosstable and a ranking with
//! ratings fitted to all results.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use serde::Serialize;

use super::config::MatchConfig;
use super::error::ArenaError;
use super::observer::MatchObserver;
use super::runner::{MatchPlan, MatchReport, Stop, run_match_plan};
use super::schedule::Plan;
use super::stats::Wdl;
use super::tally::Tally;
use crate::bots::AgentFactory;
use crate::rng::derive_seed;

/// How a tournament is played.
#[derive(Clone, Debug, PartialEq)]
pub struct TournamentConfig {
    /// The settings of every match; `games` is per pairing and pairing `k`
    /// plays with seed `derive_seed(seed, k)`.
    pub matches: MatchConfig,
    /// Only the first entrant against each other one.
    pub gauntlet: bool,
}

/// The result of one pairing: entrant `a` against entrant `b` (indices).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Pairing {
    /// The first entrant (side A).
    pub a: usize,
    /// The second entrant (side B).
    pub b: usize,
    /// The seed of this match.
    pub seed: u64,
    /// The results from A's side.
    pub tally: Tally,
}

/// One line of the ranking.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Standing {
    /// The entrant's index.
    pub entrant: usize,
    /// Its label.
    pub player: String,
    /// Games, wins, draws and losses over all its pairings.
    pub wdl: Wdl,
    /// Points (a win 1, a draw ½).
    pub points: f64,
    /// Score in percent.
    pub score: f64,
    /// Rating fitted to all results (Bradley–Terry), mean 0.
    pub rating: f64,
}

/// The outcome of a tournament.
#[derive(Clone, Debug)]
pub struct TournamentReport {
    /// Entrant labels, in the order given.
    pub players: Vec<String>,
    /// The configuration played.
    pub config: TournamentConfig,
    /// Every pairing played, in order.
    pub pairings: Vec<Pairing>,
    /// The ranking, best first.
    pub standings: Vec<Standing>,
    /// Whether the tournament was cancelled before the end.
    pub cancelled: bool,
}

impl TournamentReport {
    /// Points of entrant `row` against entrant `col` and the games they played,
    /// `None` when they did not meet.
    pub fn cross(&self, row: usize, col: usize) -> Option<(f64, u64)> {
        self.pairings.iter().find_map(|p| {
            if p.a == row && p.b == col {
                Some((p.tally.wdl.points(), p.tally.games()))
            } else if p.a == col && p.b == row {
                let w = p.tally.wdl;
                Some((w.losses as f64 + w.draws as f64 / 2.0, w.games()))
            } else {
                None
            }
        })
    }
}

/// Receives a tournament's progress, on top of each match's.
pub trait TournamentObserver: MatchObserver {
    /// Pairing `index` of `count` is about to be played.
    fn pairing_started(&mut self, _index: usize, _count: usize) {}
    /// A pairing has been played.
    fn pairing_finished(&mut self, _pairing: &Pairing) {}
}

impl TournamentObserver for () {}

/// The pairings of `n` entrants.
pub fn pairings(n: usize, gauntlet: bool) -> Vec<(usize, usize)> {
    if gauntlet {
        (1..n).map(|j| (0, j)).collect()
    } else {
        (0..n)
            .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
            .collect()
    }
}

/// Plays a tournament between `entrants` (at least two).
pub fn run_tournament(
    entrants: &[Arc<dyn AgentFactory>],
    config: &TournamentConfig,
    cancel: &AtomicBool,
    observer: &mut dyn TournamentObserver,
) -> Result<TournamentReport, ArenaError> {
    let schedule = pairings(entrants.len(), config.gauntlet);
    run_schedule(entrants, &schedule, config, cancel, observer)
}

/// Plays the pairings of `schedule` (indices into `entrants`, at least two)
/// in order: pairing `k` is entrant `a` as side A against `b`, with seed
/// `derive_seed(seed, k)`. [`run_tournament`] plays [`pairings`]; a class
/// gauntlet plays every submission against every reference.
pub fn run_schedule(
    entrants: &[Arc<dyn AgentFactory>],
    schedule: &[(usize, usize)],
    config: &TournamentConfig,
    cancel: &AtomicBool,
    observer: &mut dyn TournamentObserver,
) -> Result<TournamentReport, ArenaError> {
    run_schedule_plan(entrants, schedule, config, &Plan::all(), cancel, observer)
}

/// Plays the games of `plan` of a schedule, as [`run_schedule`] plays them
/// all (a shard, or the rest of a resumed run); the report counts the
/// games the plan has as done.
pub fn run_schedule_plan(
    entrants: &[Arc<dyn AgentFactory>],
    schedule: &[(usize, usize)],
    config: &TournamentConfig,
    plan: &Plan,
    cancel: &AtomicBool,
    observer: &mut dyn TournamentObserver,
) -> Result<TournamentReport, ArenaError> {
    let mut run = ScheduleRun::new(entrants, schedule.to_vec())?;
    while let Some(next) = run.next_pairing(config, cancel, observer) {
        let pairing = next.config.pairing.unwrap_or(0) as usize;
        let report = run_match_plan(
            &next.a,
            &next.b,
            &next.config,
            &MatchPlan { plan, pairing },
            cancel,
            observer,
        )?;
        run.record(&next, &report, observer);
    }
    Ok(run.report(config))
}

/// A pairing to play: its entrants' indices and factories, and its match
/// settings.
pub(super) struct NextPairing {
    pub index: (usize, usize),
    pub a: Arc<dyn AgentFactory>,
    pub b: Arc<dyn AgentFactory>,
    pub config: MatchConfig,
}

/// A schedule as it is played, pairing after pairing, whoever plays the
/// matches ([`run_schedule`] at once, [`TournamentSteps`](super::TournamentSteps)
/// a move at a time): the next pairing, the pairings played, and whether
/// it was cancelled.
pub(super) struct ScheduleRun {
    entrants: Vec<Arc<dyn AgentFactory>>,
    schedule: Vec<(usize, usize)>,
    next: usize,
    played: Vec<Pairing>,
    cancelled: bool,
}

impl ScheduleRun {
    /// A run of `schedule` (indices into `entrants`, at least two).
    pub fn new(
        entrants: &[Arc<dyn AgentFactory>],
        schedule: Vec<(usize, usize)>,
    ) -> Result<ScheduleRun, ArenaError> {
        if entrants.len() < 2 {
            return Err(ArenaError::TooFewEntrants(entrants.len()));
        }
        Ok(ScheduleRun {
            entrants: entrants.to_vec(),
            played: Vec::with_capacity(schedule.len()),
            schedule,
            next: 0,
            cancelled: false,
        })
    }

    /// The next pairing, announced to `observer`; `None` when the schedule
    /// is done or cancelled (`cancel` raised before it starts).
    pub fn next_pairing(
        &mut self,
        config: &TournamentConfig,
        cancel: &AtomicBool,
        observer: &mut dyn TournamentObserver,
    ) -> Option<NextPairing> {
        while !self.cancelled {
            let &(a, b) = self.schedule.get(self.next)?;
            if cancel.load(Ordering::Relaxed) {
                self.cancelled = true;
                break;
            }
            let k = self.next;
            self.next += 1;
            let (Some(fa), Some(fb)) = (self.entrants.get(a), self.entrants.get(b)) else {
                continue;
            };
            observer.pairing_started(k, self.schedule.len());
            return Some(NextPairing {
                index: (a, b),
                a: Arc::clone(fa),
                b: Arc::clone(fb),
                config: pairing_config(config, k),
            });
        }
        None
    }

    /// Records the result of `pairing`; a cancelled match ends the run.
    pub fn record(
        &mut self,
        pairing: &NextPairing,
        report: &MatchReport,
        observer: &mut dyn TournamentObserver,
    ) {
        let (a, b) = pairing.index;
        let played = Pairing {
            a,
            b,
            seed: pairing.config.seed,
            tally: report.tally,
        };
        observer.pairing_finished(&played);
        self.played.push(played);
        self.cancelled |= report.stop == Stop::Cancelled;
    }

    /// Whether no pairing is left to play.
    pub fn is_over(&self) -> bool {
        self.cancelled || self.next >= self.schedule.len()
    }

    /// The report of the pairings played.
    pub fn report(self, config: &TournamentConfig) -> TournamentReport {
        let labels: Vec<String> = self.entrants.iter().map(|e| e.label()).collect();
        TournamentReport {
            standings: standings(&labels, &self.played),
            players: labels,
            config: config.clone(),
            pairings: self.played,
            cancelled: self.cancelled,
        }
    }
}

/// The settings of pairing `k`'s match: the tournament's, with the
/// pairing's own seed and number (shared by [`run_schedule`] and
/// [`TournamentSteps`](super::TournamentSteps)).
pub(super) fn pairing_config(config: &TournamentConfig, k: usize) -> MatchConfig {
    MatchConfig {
        seed: derive_seed(config.matches.seed, k as u64),
        pairing: Some(k as u32),
        ..config.matches.clone()
    }
}

/// The ranking of `labels` (entrants by index) after `pairings`: by score,
/// then rating, then the order given (also for a tournament in progress).
pub fn standings(labels: &[String], pairings: &[Pairing]) -> Vec<Standing> {
    let n = labels.len();
    let mut wdl = vec![Wdl::default(); n];
    for p in pairings {
        let w = p.tally.wdl;
        if let Some(a) = wdl.get_mut(p.a) {
            *a = Wdl::new(a.wins + w.wins, a.draws + w.draws, a.losses + w.losses);
        }
        if let Some(b) = wdl.get_mut(p.b) {
            *b = Wdl::new(b.wins + w.losses, b.draws + w.draws, b.losses + w.wins);
        }
    }
    let ratings = fit_ratings(n, pairings);
    let mut table: Vec<Standing> = (0..n)
        .map(|i| {
            let w = wdl.get(i).copied().unwrap_or_default();
            Standing {
                entrant: i,
                player: labels.get(i).cloned().unwrap_or_default(),
                wdl: w,
                points: w.points(),
                score: w.score().map_or(0.0, |s| 100.0 * s),
                rating: ratings.get(i).copied().unwrap_or(0.0),
            }
        })
        .collect();
    table.sort_by(|x, y| {
        y.score
            .total_cmp(&x.score)
            .then(y.rating.total_cmp(&x.rating))
            .then(x.entrant.cmp(&y.entrant))
    });
    table
}

/// Bradley–Terry ratings (logistic Elo scale, mean 0) fitted by minorisation–
/// maximisation to all pairings, with one virtual draw added to every pairing
/// so that perfect scores still give finite ratings.
pub fn fit_ratings(n: usize, pairings: &[Pairing]) -> Vec<f64> {
    // Points won (with the virtual draw) and games per ordered pair.
    let mut gamma = vec![1.0f64; n];
    let mut points = vec![0.0f64; n];
    for p in pairings {
        let w = p.tally.wdl;
        if let Some(x) = points.get_mut(p.a) {
            *x += w.points() + 0.5;
        }
        if let Some(x) = points.get_mut(p.b) {
            *x += w.losses as f64 + w.draws as f64 / 2.0 + 0.5;
        }
    }
    for _ in 0..2000 {
        let mut next = gamma.clone();
        for (i, g) in next.iter_mut().enumerate() {
            let mut denominator = 0.0;
            for p in pairings.iter().filter(|p| p.a == i || p.b == i) {
                let other = if p.a == i { p.b } else { p.a };
                let games = p.tally.games() as f64 + 1.0;
                denominator += games / (gamma[i] + gamma.get(other).copied().unwrap_or(1.0));
            }
            if denominator > 0.0 {
                *g = points[i] / denominator;
            }
        }
        // Normalise to a geometric mean of 1 (mean rating 0).
        let log_mean = next.iter().map(|g| g.ln()).sum::<f64>() / n.max(1) as f64;
        let scale = (-log_mean).exp();
        let mut change = 0.0f64;
        for (g, old) in next.iter_mut().zip(&gamma) {
            *g *= scale;
            change = change.max((*g / old).ln().abs());
        }
        gamma = next;
        if change < 1e-10 {
            break;
        }
    }
    gamma.iter().map(|g| 400.0 * g.log10()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairing(a: usize, b: usize, w: u64, d: u64, l: u64) -> Pairing {
        Pairing {
            a,
            b,
            seed: 0,
            tally: Tally {
                wdl: Wdl::new(w, d, l),
                ..Tally::default()
            },
        }
    }

    #[test]
    fn schedules() {
        assert_eq!(pairings(3, false), vec![(0, 1), (0, 2), (1, 2)]);
        assert_eq!(pairings(3, true), vec![(0, 1), (0, 2)]);
    }

    #[test]
    fn ratings_of_two_players_match_the_elo_of_the_score() {
        // 74.5 of 99 points plus the virtual draw: 75 of 100, +190.8 apart.
        let r = fit_ratings(2, &[pairing(0, 1, 74, 1, 24)]);
        assert!((r[0] - r[1] - 190.848_501_887_865).abs() < 1e-6, "{r:?}");
        assert!((r[0] + r[1]).abs() < 1e-9);
    }

    #[test]
    fn ratings_are_ordered_and_finite_with_perfect_scores() {
        let p = [
            pairing(0, 1, 10, 0, 0),
            pairing(0, 2, 10, 0, 0),
            pairing(1, 2, 8, 0, 2),
        ];
        let r = fit_ratings(3, &p);
        assert!(r.iter().all(|x| x.is_finite()));
        assert!(r[0] > r[1] && r[1] > r[2], "{r:?}");
        let labels: Vec<String> = ["x", "y", "z"].iter().map(|s| s.to_string()).collect();
        let s = standings(&labels, &p);
        assert_eq!(s[0].player, "x");
        assert_eq!(s[0].wdl, Wdl::new(20, 0, 0));
        assert_eq!(s[2].wdl, Wdl::new(2, 0, 18));
    }
}
