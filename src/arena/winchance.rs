//! From a search value to a win chance: the logistic model that turns the
//! analyser's value of a position (expert units, for the player to move) into
//! the chance that the player to move wins, and its fit to game results.
//!
//! The model is `p(v) = 1 / (1 + (n − 1) · exp(−v / (s · cells)))` for `n`
//! players: one scale `s` per cell of the board, because expert values grow
//! with the board (atoms and cells are counted), and even chances `1/n` at
//! value 0 (with two players the plain logistic curve). Decided values (`|v| ≥ WIN`, a forced win or loss
//! seen by the search) are exactly 1 or 0. [`fit`] finds the `s` of largest
//! likelihood for samples of (value, cells, won?) taken from real games;
//! [`calibration`] bins the samples by predicted chance so that the fit can
//! be checked against the observed rate (the table in `docs/analysis.md`).

use serde::{Deserialize, Serialize};

use crate::bots::heuristic::WIN;

/// The scale per cell fitted by `chainlab analyze --calibrate` (see
/// `docs/analysis.md` for the games and the fit).
pub const DEFAULT_SCALE_PER_CELL: f64 = 0.91;

/// The logistic model from value to win chance.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct WinModel {
    /// Value units per cell of the board for odds of e : 1.
    pub scale_per_cell: f64,
}

impl Default for WinModel {
    fn default() -> WinModel {
        WinModel {
            scale_per_cell: DEFAULT_SCALE_PER_CELL,
        }
    }
}

impl WinModel {
    /// The chance in `[0, 1]` that the player to move wins, given the value
    /// `value` of the position for that player on a board of `cells` cells
    /// with `players` players in the game.
    pub fn win_chance(&self, value: i32, cells: usize, players: usize) -> f64 {
        if value >= WIN {
            return 1.0;
        }
        if value <= -WIN {
            return 0.0;
        }
        let scale = (self.scale_per_cell * cells.max(1) as f64).max(f64::MIN_POSITIVE);
        let others = players.max(2) as f64 - 1.0;
        1.0 / (1.0 + others * (-f64::from(value) / scale).exp())
    }
}

/// One observation: a position's value for the player to move, the board's
/// cell count, the players in the game, and whether that player went on to
/// win.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    /// The analyser's value for the player to move.
    pub value: i32,
    /// Cells of the board.
    pub cells: usize,
    /// Players in the game.
    pub players: usize,
    /// Whether the player to move won the game.
    pub won: bool,
}

/// The mean log-likelihood of `samples` under `model` (undecided values only).
pub fn log_likelihood(model: &WinModel, samples: &[Sample]) -> f64 {
    let mut sum = 0.0;
    let mut n = 0usize;
    for s in samples.iter().filter(|s| s.value.abs() < WIN) {
        let p = model
            .win_chance(s.value, s.cells, s.players)
            .clamp(1e-12, 1.0 - 1e-12);
        sum += if s.won { p.ln() } else { (1.0 - p).ln() };
        n += 1;
    }
    if n == 0 { 0.0 } else { sum / n as f64 }
}

/// The model of largest likelihood for `samples` (decided values are left
/// out: the model gives them 1 or 0 whatever the scale). The log-likelihood
/// is unimodal in `log s`; a golden-section search over `s` in
/// `[0.001, 1000]` finds its maximum to four digits. With no undecided
/// sample, the default model.
pub fn fit(samples: &[Sample]) -> WinModel {
    if samples.iter().all(|s| s.value.abs() >= WIN) {
        return WinModel::default();
    }
    let at = |log_s: f64| {
        let model = WinModel {
            scale_per_cell: log_s.exp(),
        };
        log_likelihood(&model, samples)
    };
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    let (mut lo, mut hi) = (0.001f64.ln(), 1000f64.ln());
    let mut x1 = hi - ratio * (hi - lo);
    let mut x2 = lo + ratio * (hi - lo);
    let (mut f1, mut f2) = (at(x1), at(x2));
    while hi - lo > 1e-4 {
        if f1 < f2 {
            lo = x1;
            x1 = x2;
            f1 = f2;
            x2 = lo + ratio * (hi - lo);
            f2 = at(x2);
        } else {
            hi = x2;
            x2 = x1;
            f2 = f1;
            x1 = hi - ratio * (hi - lo);
            f1 = at(x1);
        }
    }
    WinModel {
        scale_per_cell: ((lo + hi) / 2.0).exp(),
    }
}

/// One bin of a calibration table: samples whose predicted chance fell in
/// `[from, to)`, their mean predicted chance and the rate observed.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Bin {
    /// The lower end of the bin.
    pub from: f64,
    /// The upper end of the bin.
    pub to: f64,
    /// Samples in the bin.
    pub count: usize,
    /// The mean predicted win chance.
    pub predicted: f64,
    /// The share of the samples whose player won.
    pub observed: f64,
}

/// The samples binned by predicted win chance into `bins` equal bins (the
/// last one includes 1); empty bins are left out.
pub fn calibration(model: &WinModel, samples: &[Sample], bins: usize) -> Vec<Bin> {
    let bins = bins.max(1);
    let mut sums = vec![(0usize, 0.0f64, 0usize); bins];
    for s in samples {
        let p = model.win_chance(s.value, s.cells, s.players);
        let k = ((p * bins as f64) as usize).min(bins - 1);
        if let Some(slot) = sums.get_mut(k) {
            slot.0 += 1;
            slot.1 += p;
            slot.2 += usize::from(s.won);
        }
    }
    sums.iter()
        .enumerate()
        .filter(|(_, s)| s.0 > 0)
        .map(|(k, &(count, p, won))| Bin {
            from: k as f64 / bins as f64,
            to: (k + 1) as f64 / bins as f64,
            count,
            predicted: p / count as f64,
            observed: won as f64 / count as f64,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decided_values_are_certain_and_zero_is_even() {
        let m = WinModel::default();
        assert_eq!(m.win_chance(WIN, 30, 2), 1.0);
        assert_eq!(m.win_chance(-WIN - 5, 30, 2), 0.0);
        assert!((m.win_chance(0, 30, 2) - 0.5).abs() < 1e-12);
        assert!(m.win_chance(40, 30, 2) > m.win_chance(10, 30, 2));
        assert!((m.win_chance(25, 30, 2) + m.win_chance(-25, 30, 2) - 1.0).abs() < 1e-12);
    }

    #[test]
    fn even_chances_are_one_in_n() {
        let m = WinModel::default();
        for players in 2..=8 {
            let p = m.win_chance(0, 400, players);
            assert!((p - 1.0 / players as f64).abs() < 1e-12, "{players}: {p}");
            assert!(m.win_chance(100, 400, players) > p);
        }
    }

    #[test]
    fn fit_recovers_the_scale_that_made_the_samples() {
        // Samples drawn exactly in proportion from a known model.
        let truth = WinModel {
            scale_per_cell: 2.5,
        };
        let mut samples = Vec::new();
        for value in (-400..=400).step_by(10) {
            let p = truth.win_chance(value, 30, 2);
            let wins = (p * 1000.0).round() as usize;
            for k in 0..1000 {
                samples.push(Sample {
                    value,
                    cells: 30,
                    players: 2,
                    won: k < wins,
                });
            }
        }
        let fitted = fit(&samples);
        assert!((fitted.scale_per_cell - 2.5).abs() < 0.02, "{fitted:?}");
        let table = calibration(&fitted, &samples, 10);
        assert_eq!(table.iter().map(|b| b.count).sum::<usize>(), samples.len());
        for bin in table {
            assert!((bin.predicted - bin.observed).abs() < 0.02, "{bin:?}");
        }
    }

    #[test]
    fn fit_without_undecided_samples_is_the_default() {
        let samples = [Sample {
            value: WIN,
            cells: 30,
            players: 2,
            won: true,
        }];
        assert_eq!(fit(&samples), WinModel::default());
    }
}
