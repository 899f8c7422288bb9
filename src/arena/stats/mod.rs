//! Match statistics as in chess engine testing: score, logistic Elo
//! difference with a 95% interval, likelihood of superiority, and the
//! sequential probability ratio test (SPRT) for early stopping.
//!
//! Formulas (see `docs/players.md`):
//! - score `s = (W + D/2) / N`; Elo `= −400 · log10(1/s − 1)` (75% is +190.8);
//! - the interval maps `s ± 1.96 σ` to Elo, where `σ² = v / N` and `v` is the
//!   per-game variance of the score (`(W(1−s)² + D(½−s)² + L s²) / N`), as
//!   cutechess-cli does;
//! - LOS `= ½ (1 + erf((W − L) / √(2 (W + L))))`;
//! - SPRT: the generalised SPRT on the trinomial (W/D/L) with logistic Elo
//!   bounds, `LLR ≈ N (s₁ − s₀)(2s − s₀ − s₁) / (2v)`, where `sᵢ` is the score
//!   expected at `eloᵢ`; it stops when the LLR leaves `[ln(β/(1−α)), ln((1−β)/α)]`.
//!
//! Paired games (two players, seats swapped from one opening) are counted as
//! pairs too ([`Pentanomial`]); their statistics and SPRT read the pairs
//! ([`Counts`], [`Sprt::llr_counts`]), see `docs/statistics.md`.

mod gsprt;
mod pentanomial;

pub use pentanomial::{Counts, Estimate, Pentanomial};

use serde::{Deserialize, Serialize};

/// The 97.5% quantile of the standard normal distribution.
pub(super) const Z95: f64 = 1.959_963_984_540_054;

/// The logistic Elo difference of a score in `(0, 1)`; `None` at 0 or 1 (infinite).
pub fn elo_from_score(score: f64) -> Option<f64> {
    (score > 0.0 && score < 1.0).then(|| -400.0 * (1.0 / score - 1.0).log10())
}

/// The expected score of a player `elo` points stronger.
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// Wins, draws and losses of one side (A) of a match.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Wdl {
    /// Games won.
    pub wins: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games lost.
    pub losses: u64,
}

impl Wdl {
    /// A result count.
    pub fn new(wins: u64, draws: u64, losses: u64) -> Wdl {
        Wdl {
            wins,
            draws,
            losses,
        }
    }

    /// Number of games.
    pub fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    /// Points: a win is 1, a draw ½.
    pub fn points(&self) -> f64 {
        self.wins as f64 + self.draws as f64 / 2.0
    }

    /// The mean score, `None` before any game.
    pub fn score(&self) -> Option<f64> {
        let n = self.games();
        (n > 0).then(|| self.points() / n as f64)
    }

    /// The per-game variance of the score.
    fn variance(&self) -> Option<f64> {
        let n = self.games() as f64;
        let s = self.score()?;
        Some(
            (self.wins as f64 * (1.0 - s).powi(2)
                + self.draws as f64 * (0.5 - s).powi(2)
                + self.losses as f64 * s.powi(2))
                / n,
        )
    }

    /// The Elo difference; `None` before any game and when the score is 0 or 100%.
    pub fn elo(&self) -> Option<f64> {
        elo_from_score(self.score()?)
    }

    /// The 95% interval of the Elo difference; a bound is `None` where it is
    /// infinite (the score interval reaches 0 or 1).
    pub fn elo_ci95(&self) -> (Option<f64>, Option<f64>) {
        let (Some(s), Some(v)) = (self.score(), self.variance()) else {
            return (None, None);
        };
        let sigma = (v / self.games() as f64).sqrt();
        (
            elo_from_score(s - Z95 * sigma),
            elo_from_score(s + Z95 * sigma),
        )
    }

    /// The 95% interval of the score, `s ± 1.96 σ` clipped to `[0, 1]`;
    /// `None` before any game.
    pub fn score_ci95(&self) -> Option<(f64, f64)> {
        let (s, v) = (self.score()?, self.variance()?);
        let half = Z95 * (v / self.games() as f64).sqrt();
        Some(((s - half).max(0.0), (s + half).min(1.0)))
    }

    /// The likelihood of superiority of A over B, from wins and losses (draws
    /// carry no information); `None` when every game was drawn.
    pub fn los(&self) -> Option<f64> {
        let decisive = (self.wins + self.losses) as f64;
        (decisive > 0.0).then(|| {
            0.5 * (1.0 + erf((self.wins as f64 - self.losses as f64) / (2.0 * decisive).sqrt()))
        })
    }
}

/// The error function (Abramowitz and Stegun 7.1.26, error below 1.5e-7).
pub fn erf(x: f64) -> f64 {
    let sign = if x < 0.0 { -1.0 } else { 1.0 };
    let x = x.abs();
    let t = 1.0 / (1.0 + 0.327_591_1 * x);
    let poly = t
        * (0.254_829_592
            + t * (-0.284_496_736
                + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    sign * (1.0 - poly * (-x * x).exp())
}

/// A number as typed by a person: plain when short, else in exponent form
/// (`1e308`, not 309 digits).
fn number(x: f64) -> String {
    if x.is_finite() && x != 0.0 && !(1e-6..1e9).contains(&x.abs()) {
        format!("{x:e}")
    } else {
        format!("{x}")
    }
}

/// Settings of the sequential probability ratio test.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Sprt {
    /// The Elo difference of the null hypothesis H0.
    pub elo0: f64,
    /// The Elo difference of the alternative H1.
    pub elo1: f64,
    /// The false-positive rate (accepting H1 when H0 holds).
    pub alpha: f64,
    /// The false-negative rate (accepting H0 when H1 holds).
    pub beta: f64,
}

/// What the SPRT has decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SprtDecision {
    /// Accept H0: A is not `elo1` stronger (at most `elo0`).
    H0,
    /// Accept H1: A is at least `elo1` stronger.
    H1,
}

impl Sprt {
    /// A test of `elo0` against `elo1` with α = β = 0.05.
    pub fn new(elo0: f64, elo1: f64) -> Sprt {
        Sprt {
            elo0,
            elo1,
            alpha: 0.05,
            beta: 0.05,
        }
    }

    /// A test of `elo0` against `elo1` at error rates `alpha` and `beta`,
    /// range-checked: the bounds finite, at most [`Sprt::MAX_ELO`] in size and
    /// `elo0` below `elo1`; the error rates strictly between 0 and 0.5.
    pub fn checked(elo0: f64, elo1: f64, alpha: f64, beta: f64) -> Result<Sprt, String> {
        let sprt = Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        };
        sprt.check().map(|()| sprt)
    }

    /// Whether the test's bounds and error rates are in range (see
    /// [`Sprt::checked`]), with the first problem in words.
    pub fn check(&self) -> Result<(), String> {
        let Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        } = *self;
        let max = Sprt::MAX_ELO;
        for (name, elo) in [("ELO0", elo0), ("ELO1", elo1)] {
            if !elo.is_finite() || elo.abs() > max {
                return Err(format!(
                    "{name} is {}: an Elo bound must be a number from -{max} to {max}",
                    number(elo)
                ));
            }
        }
        if elo0 >= elo1 {
            return Err(format!(
                "ELO0 ({}) must be below ELO1 ({})",
                number(elo0),
                number(elo1)
            ));
        }
        for (name, rate) in [("alpha", alpha), ("beta", beta)] {
            if !(rate > 0.0 && rate < 0.5) {
                return Err(format!(
                    "{name} is {}: an error rate must be above 0 and below 0.5",
                    number(rate)
                ));
            }
        }
        Ok(())
    }

    /// The largest Elo bound [`Sprt::checked`] accepts (a score of 99.3%).
    pub const MAX_ELO: f64 = 2000.0;

    /// The lower and upper LLR bounds: `ln(β/(1−α))` and `ln((1−β)/α)`.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of the results so far (0 while the variance is 0).
    pub fn llr(&self, wdl: &Wdl) -> f64 {
        let (Some(s), Some(v)) = (wdl.score(), wdl.variance()) else {
            return 0.0;
        };
        if v <= 0.0 {
            return 0.0;
        }
        let s0 = score_from_elo(self.elo0);
        let s1 = score_from_elo(self.elo1);
        wdl.games() as f64 * (s1 - s0) * (2.0 * s - s0 - s1) / (2.0 * v)
    }

    /// The log-likelihood ratio of pentanomial counts: the GSPRT of fishtest
    /// (see [`gsprt`]); 0 before any pair.
    pub fn llr_pairs(&self, pairs: &Pentanomial) -> f64 {
        if pairs.pairs() == 0 {
            return 0.0;
        }
        gsprt::llr(
            &pairs.0,
            score_from_elo(self.elo0),
            score_from_elo(self.elo1),
        )
    }

    /// The log-likelihood ratio of the counts a match reads: the pairs'
    /// GSPRT when paired, the trinomial's otherwise.
    pub fn llr_counts(&self, counts: &Counts) -> f64 {
        match counts {
            Counts::Games(wdl) => self.llr(wdl),
            Counts::Pairs(pairs) => self.llr_pairs(pairs),
        }
    }

    /// The decision after these pairs, if the LLR has left its bounds.
    pub fn decide_pairs(&self, pairs: &Pentanomial) -> Option<SprtDecision> {
        self.decision(self.llr_pairs(pairs))
    }

    /// The decision after these counts, if the LLR has left its bounds.
    pub fn decide_counts(&self, counts: &Counts) -> Option<SprtDecision> {
        self.decision(self.llr_counts(counts))
    }

    /// The decision after these results, if the LLR has left its bounds.
    pub fn decide(&self, wdl: &Wdl) -> Option<SprtDecision> {
        self.decision(self.llr(wdl))
    }

    /// The decision at log-likelihood ratio `llr`.
    fn decision(&self, llr: f64) -> Option<SprtDecision> {
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Some(SprtDecision::H1)
        } else if llr <= lower {
            Some(SprtDecision::H0)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, eps: f64) -> bool {
        (a - b).abs() < eps
    }

    #[test]
    fn elo_of_known_scores() {
        assert!(close(
            elo_from_score(0.75).unwrap(),
            190.848_501_887_865,
            1e-9
        ));
        assert!(close(elo_from_score(0.5).unwrap(), 0.0, 1e-12));
        assert!(close(
            elo_from_score(0.25).unwrap(),
            -190.848_501_887_865,
            1e-9
        ));
        assert_eq!(elo_from_score(1.0), None);
        assert_eq!(elo_from_score(0.0), None);
        assert!(close(score_from_elo(190.848_501_887_865), 0.75, 1e-12));
    }

    #[test]
    fn interval_of_a_worked_example() {
        // 60 wins, 10 draws, 30 losses: s = 0.65, v = 0.2025, σ = 0.045,
        // s ± 1.96σ = 0.5618 … 0.7382 → +43.16 … +180.08 Elo around +107.54.
        let wdl = Wdl::new(60, 10, 30);
        assert!(close(wdl.score().unwrap(), 0.65, 1e-12));
        assert!(close(wdl.elo().unwrap(), 107.538_124_917_032, 1e-9));
        let (lo, hi) = wdl.elo_ci95();
        assert!(close(lo.unwrap(), 43.164_888_302_968, 1e-6));
        assert!(close(hi.unwrap(), 180.080_302_653_605, 1e-6));
        assert!(close(wdl.los().unwrap(), 0.999_217_298_870_998, 1e-6));
        let (lo, hi) = wdl.score_ci95().unwrap();
        assert!(close(lo, 0.65 - Z95 * 0.045, 1e-12) && close(hi, 0.65 + Z95 * 0.045, 1e-12));
        assert_eq!(Wdl::new(3, 0, 0).score_ci95(), Some((1.0, 1.0)));
        assert_eq!(Wdl::default().score_ci95(), None);
    }

    #[test]
    fn degenerate_results() {
        let all = Wdl::new(200, 0, 0);
        assert_eq!(all.elo(), None);
        assert_eq!(all.elo_ci95(), (None, None));
        assert!(close(all.los().unwrap(), 1.0, 1e-9));
        let even = Wdl::new(10, 5, 10);
        assert!(close(even.elo().unwrap(), 0.0, 1e-12));
        assert!(close(even.los().unwrap(), 0.5, 1e-9));
        assert_eq!(Wdl::new(0, 4, 0).los(), None);
        assert_eq!(Wdl::default().score(), None);
    }

    #[test]
    fn sprt_worked_examples() {
        let sprt = Sprt::new(0.0, 10.0);
        let (lower, upper) = sprt.bounds();
        assert!(close(lower, -2.944_438_979_166_44, 1e-12));
        assert!(close(upper, 2.944_438_979_166_44, 1e-12));
        // 600-0-400: s = 0.6, v = 0.24; s1 = 0.514387: LLR = 5.5634 → H1.
        let wdl = Wdl::new(600, 0, 400);
        assert!(close(sprt.llr(&wdl), 5.563_428_677_027_87, 1e-6));
        assert_eq!(sprt.decide(&wdl), Some(SprtDecision::H1));
        // 520-100-480 against [0, 5]: LLR = 0.5086, no decision yet.
        let sprt = Sprt::new(0.0, 5.0);
        let wdl = Wdl::new(520, 100, 480);
        assert!(close(sprt.llr(&wdl), 0.508_625_543_432_966, 1e-6));
        assert_eq!(sprt.decide(&wdl), None);
        // A clearly weaker side is rejected.
        assert_eq!(
            Sprt::new(0.0, 10.0).decide(&Wdl::new(400, 0, 600)),
            Some(SprtDecision::H0)
        );
        assert_eq!(sprt.llr(&Wdl::new(5, 0, 0)), 0.0);
    }

    #[test]
    fn sprt_bounds_are_range_checked() {
        assert_eq!(
            Sprt::checked(0.0, 10.0, 0.05, 0.05),
            Ok(Sprt::new(0.0, 10.0))
        );
        assert!(Sprt::checked(-2000.0, 2000.0, 0.01, 0.49).is_ok());
        let refused = [
            (0.0, 1e308, 0.05, 0.05, "ELO1 is 1e308:"),
            (f64::NAN, 5.0, 0.05, 0.05, "ELO0 is NaN"),
            (0.0, f64::INFINITY, 0.05, 0.05, "ELO1 is inf"),
            (-2000.5, 0.0, 0.05, 0.05, "ELO0 is -2000.5"),
            (5.0, 5.0, 0.05, 0.05, "ELO0 (5) must be below ELO1 (5)"),
            (0.0, 5.0, 0.0, 0.05, "alpha is 0"),
            (0.0, 5.0, 0.05, 0.5, "beta is 0.5"),
            (0.0, 5.0, f64::NAN, 0.05, "alpha is NaN"),
        ];
        for (elo0, elo1, alpha, beta, start) in refused {
            let e = Sprt::checked(elo0, elo1, alpha, beta).unwrap_err();
            assert!(e.starts_with(start), "{e}");
        }
    }
}
