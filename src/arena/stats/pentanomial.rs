//! Pentanomial counts: the results of colour-swapped pairs of games, and the
//! Elo estimate that reads them as pairs instead of independent games.
//!
//! A pair is two games from one opening with the seats swapped; side A scores
//! 0, ½, 1, 1½ or 2 points in it. The counts are `[LL, LD, DD+WL, WD, WW]`
//! (index = A's points × 2). With `N` pairs and the pair score normalised to a
//! game score `aₖ = k/4`:
//! - `s = Σ nₖ aₖ / N` (the same score as the games' when every game is paired);
//! - `v = Σ nₖ (aₖ − s)² / N`, the variance of one pair's score; the mean's
//!   standard error is `σ = √(v / N)` (of a pair, not of a game);
//! - the 95% interval maps `s ± 1.96 σ` to Elo; LOS `= Φ((s − ½) / σ)`.
//!
//! Invariant: the five counts sum to the number of complete pairs; a game
//! whose partner is not in yet is not counted ([`super::super::Tally`] holds it
//! until its partner comes). Because the two games of a pair are positively
//! correlated (the opening favours one seat), `2v` (the variance per game
//! the pairs imply: a pair is the mean of two games) is usually below the
//! trinomial's per-game variance, and the interval is narrower.

use serde::{Deserialize, Serialize};

use super::{Wdl, Z95, elo_from_score, erf};

/// The counts of pairs by A's points: `[LL, LD, DD+WL, WD, WW]`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Pentanomial(pub [u64; 5]);

impl Pentanomial {
    /// Counts a pair in which A scored `half_points` (0 to 4) half points;
    /// a larger number counts as 4.
    pub fn add(&mut self, half_points: usize) {
        self.0[half_points.min(4)] += 1;
    }

    /// The pair of two games' results for A (each one win, draw or loss).
    pub fn add_games(&mut self, first: &Wdl, second: &Wdl) {
        let half = |w: &Wdl| (2 * w.wins + w.draws) as usize;
        self.add(half(first) + half(second));
    }

    /// Number of complete pairs.
    pub fn pairs(&self) -> u64 {
        self.0.iter().sum()
    }

    /// The mean score per game, `None` before any pair.
    pub fn score(&self) -> Option<f64> {
        let n = self.pairs();
        (n > 0).then(|| {
            let points: f64 = self
                .0
                .iter()
                .enumerate()
                .map(|(k, &c)| c as f64 * k as f64 / 4.0)
                .sum();
            points / n as f64
        })
    }

    /// The variance of one pair's score (normalised to a game score in
    /// `[0, 1]`), `None` before any pair.
    pub fn variance(&self) -> Option<f64> {
        let s = self.score()?;
        let n = self.pairs() as f64;
        Some(
            self.0
                .iter()
                .enumerate()
                .map(|(k, &c)| c as f64 * (k as f64 / 4.0 - s).powi(2))
                .sum::<f64>()
                / n,
        )
    }

    /// The standard error of the mean score, `√(v / N)`.
    pub fn sigma(&self) -> Option<f64> {
        Some((self.variance()? / self.pairs() as f64).sqrt())
    }

    /// The Elo difference; `None` before any pair and at a score of 0 or 100%.
    pub fn elo(&self) -> Option<f64> {
        elo_from_score(self.score()?)
    }

    /// The 95% interval of the Elo difference; a bound is `None` where it is
    /// infinite.
    pub fn elo_ci95(&self) -> (Option<f64>, Option<f64>) {
        let (Some(s), Some(sigma)) = (self.score(), self.sigma()) else {
            return (None, None);
        };
        (
            elo_from_score(s - Z95 * sigma),
            elo_from_score(s + Z95 * sigma),
        )
    }

    /// The 95% interval of the score, clipped to `[0, 1]`.
    pub fn score_ci95(&self) -> Option<(f64, f64)> {
        let (s, sigma) = (self.score()?, self.sigma()?);
        let half = Z95 * sigma;
        Some(((s - half).max(0.0), (s + half).min(1.0)))
    }

    /// The likelihood of superiority, `Φ((s − ½) / σ)`; `None` when the
    /// pairs say nothing (no pair, or every pair scored exactly even).
    pub fn los(&self) -> Option<f64> {
        let (s, sigma) = (self.score()?, self.sigma()?);
        if sigma > 0.0 {
            Some(0.5 * (1.0 + erf((s - 0.5) / (sigma * std::f64::consts::SQRT_2))))
        } else if s > 0.5 {
            Some(1.0)
        } else if s < 0.5 {
            Some(0.0)
        } else {
            None
        }
    }
}

/// The counts a match's statistics are read from: pairs when the games are
/// paired (two players, at least one complete pair), single games otherwise.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Counts {
    /// Independent games (the trinomial).
    Games(Wdl),
    /// Colour-swapped pairs (the pentanomial).
    Pairs(Pentanomial),
}

/// An estimate of the strength difference between A and B.
pub trait Estimate {
    /// The mean score of A per game.
    fn score(&self) -> Option<f64>;
    /// The Elo difference.
    fn elo(&self) -> Option<f64>;
    /// Its 95% interval (a bound `None` where infinite).
    fn elo_ci95(&self) -> (Option<f64>, Option<f64>);
    /// The 95% interval of the score.
    fn score_ci95(&self) -> Option<(f64, f64)>;
    /// The likelihood of superiority of A.
    fn los(&self) -> Option<f64>;
}

/// Implements [`Estimate`] by the type's own methods of the same names.
macro_rules! estimate_by_inherent {
    ($t:ty) => {
        impl Estimate for $t {
            fn score(&self) -> Option<f64> {
                <$t>::score(self)
            }
            fn elo(&self) -> Option<f64> {
                <$t>::elo(self)
            }
            fn elo_ci95(&self) -> (Option<f64>, Option<f64>) {
                <$t>::elo_ci95(self)
            }
            fn score_ci95(&self) -> Option<(f64, f64)> {
                <$t>::score_ci95(self)
            }
            fn los(&self) -> Option<f64> {
                <$t>::los(self)
            }
        }
    };
}

estimate_by_inherent!(Wdl);
estimate_by_inherent!(Pentanomial);

impl Counts {
    /// The estimate these counts give.
    fn estimate(&self) -> &dyn Estimate {
        match self {
            Counts::Games(w) => w,
            Counts::Pairs(p) => p,
        }
    }

    /// Whether the statistics are read from pairs.
    pub fn is_paired(&self) -> bool {
        matches!(self, Counts::Pairs(_))
    }
}

impl Estimate for Counts {
    fn score(&self) -> Option<f64> {
        self.estimate().score()
    }
    fn elo(&self) -> Option<f64> {
        self.estimate().elo()
    }
    fn elo_ci95(&self) -> (Option<f64>, Option<f64>) {
        self.estimate().elo_ci95()
    }
    fn score_ci95(&self) -> Option<(f64, f64)> {
        self.estimate().score_ci95()
    }
    fn los(&self) -> Option<f64> {
        self.estimate().los()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, eps: f64) -> bool {
        (a - b).abs() < eps
    }

    #[test]
    fn variance_of_hand_worked_counts() {
        // [1, 2, 4, 2, 1]: s = (0.5 + 2 + 1.5 + 1) / 10 = 0.5;
        // v = (0.25 + 2·0.0625 + 0 + 2·0.0625 + 0.25) / 10 = 0.075.
        let p = Pentanomial([1, 2, 4, 2, 1]);
        assert_eq!(p.pairs(), 10);
        assert!(close(p.score().unwrap(), 0.5, 1e-15));
        assert!(close(p.variance().unwrap(), 0.075, 1e-15));
        assert!(close(p.sigma().unwrap(), 0.0075f64.sqrt(), 1e-15));
        assert!(close(p.los().unwrap(), 0.5, 1e-8));
        // [2, 3, 10, 25, 10]: s = 34.5 / 50 = 0.69;
        // v = (2·0.4761 + 3·0.1936 + 10·0.0361 + 25·0.0036 + 10·0.0961) / 50
        //   = 2.945 / 50 = 0.0589; σ = √(0.0589 / 50) = 0.034322;
        // s ± 1.96σ = 0.622730 … 0.757270 → +87.06 … +197.65 Elo around +138.99.
        let p = Pentanomial([2, 3, 10, 25, 10]);
        assert!(close(p.score().unwrap(), 0.69, 1e-15));
        assert!(close(p.variance().unwrap(), 0.0589, 1e-15));
        assert!(close(p.elo().unwrap(), 138.994_958_761_193, 1e-6));
        let (lo, hi) = p.elo_ci95();
        assert!(close(lo.unwrap(), 87.059_086, 1e-5), "{lo:?}");
        assert!(close(hi.unwrap(), 197.650_817, 1e-5), "{hi:?}");
        // LOS = Φ(0.19 / 0.034322) = Φ(5.536) ≈ 1 − 1.5e-8.
        assert!(close(p.los().unwrap(), 1.0, 1e-6));
    }

    #[test]
    fn correlated_pairs_narrow_the_interval() {
        // 100 pairs all split by seat (WL) and 0 otherwise: 100 wins and 100
        // losses. The trinomial sees a coin (v = 0.25 a game); the pairs see
        // no variance at all.
        let split = Pentanomial([0, 0, 100, 0, 0]);
        assert_eq!(split.variance(), Some(0.0));
        assert_eq!(split.los(), None);
        assert_eq!(split.elo_ci95(), (Some(0.0), Some(0.0)));
        // 80 of 100 pairs split, the rest LL or WW (100 wins, 100 losses):
        // v = 20 · 0.25 / 100 = 0.05, a per-game equivalent 2v = 0.1 < 0.25.
        // Uncorrelated games (half split) give 2v = 0.25, the trinomial's.
        let p = Pentanomial([10, 0, 80, 0, 10]);
        assert!(close(2.0 * p.variance().unwrap(), 0.1, 1e-15));
        let p = Pentanomial([25, 0, 50, 0, 25]);
        assert!(close(2.0 * p.variance().unwrap(), 0.25, 1e-15));
    }

    #[test]
    fn pairs_are_counted_from_two_games() {
        let (w, d, l) = (Wdl::new(1, 0, 0), Wdl::new(0, 1, 0), Wdl::new(0, 0, 1));
        let mut p = Pentanomial::default();
        for (x, y) in [(&l, &l), (&l, &d), (&d, &d), (&w, &l), (&w, &d), (&w, &w)] {
            p.add_games(x, y);
        }
        assert_eq!(p, Pentanomial([1, 1, 2, 1, 1]));
        assert_eq!(serde_json::to_string(&p).unwrap(), "[1,1,2,1,1]");
        assert_eq!(Pentanomial::default().score(), None);
        assert_eq!(Pentanomial::default().elo_ci95(), (None, None));
    }

    #[test]
    fn counts_read_through_one_interface() {
        let w = Wdl::new(60, 10, 30);
        assert_eq!(Estimate::elo(&Counts::Games(w)), w.elo());
        let p = Pentanomial([1, 2, 4, 2, 1]);
        assert!(close(Counts::Pairs(p).los().unwrap(), 0.5, 1e-8));
        assert!(Counts::Pairs(p).is_paired() && !Counts::Games(w).is_paired());
    }
}
