//! The arithmetic of SPSA on integer parameters, apart from any game: the
//! gain schedules, the seeded ±1 perturbation, the pair of rounded probes
//! and the update. The tuner feeds it match scores; the tests feed it a
//! synthetic objective.
//!
//! Invariants: `theta` stays inside every parameter's range; the two probes
//! of an iteration differ in every parameter (so they are never the same
//! graph), each by at least 1 in the direction of the perturbation; and the
//! same seed, parameters and scores give the same numbers on every machine.

use super::params::Tuned;
use crate::rng::derive_seed;

/// A salt that separates perturbation seeds from the match seeds.
const PERTURB_SALT: u64 = 0x5B5A_7E27_0B01_0D1E;

/// The SPSA gains and schedule (see the module documentation of
/// [`crate::tune`] and `docs/tuning.md`). The defaults are those of the
/// engine testers' Fishtest, with the scale chosen for integer ranges.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Gains {
    /// α, the decay of the step: `a_k = a / (A + k)^α` (0.602).
    pub alpha: f64,
    /// γ, the decay of the perturbation: `c_k = c / k^γ` (0.101).
    pub gamma: f64,
    /// A as a fraction of the iterations (0.1: A = 10% of them).
    pub stability: f64,
    /// c as a fraction of each range's width, at least 1 (0.05: width / 20).
    pub perturbation: f64,
    /// The first step, in units of c, when the two probes' scores differ by
    /// one noise unit `√(0.5 / games)` (0.1: with 1.0, noise alone walks θ
    /// several `c` away within a run of a few hundred iterations).
    pub step: f64,
}

impl Default for Gains {
    fn default() -> Self {
        Gains {
            alpha: 0.602,
            gamma: 0.101,
            stability: 0.1,
            perturbation: 0.05,
            step: 0.1,
        }
    }
}

/// The score difference the first step is scaled to: the standard deviation
/// of the difference of two scores of `games` games each (at most
/// `√(2 · ¼ / games)`).
pub fn noise_unit(games: u64) -> f64 {
    (0.5 / games.max(1) as f64).sqrt()
}

/// The two probes of one iteration: every parameter's value in the graph
/// played as θ+ and as θ−.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Probe {
    /// The iteration, from 1.
    pub k: u64,
    /// The values of θ+.
    pub plus: Vec<i64>,
    /// The values of θ−.
    pub minus: Vec<i64>,
}

/// SPSA's state: θ as real numbers inside the ranges, and the schedule.
#[derive(Clone, Debug)]
pub struct Spsa {
    ranges: Vec<(i64, i64)>,
    theta: Vec<f64>,
    /// `c` of every parameter.
    c: Vec<f64>,
    /// `a` of every parameter.
    a: Vec<f64>,
    /// `A`.
    big_a: f64,
    gains: Gains,
    seed: u64,
}

impl Spsa {
    /// Starts at the parameters' values (clamped into their ranges), for a
    /// run of `iterations` iterations of `games` games per probe.
    pub fn new(params: &[Tuned], gains: Gains, iterations: u64, games: u64, seed: u64) -> Spsa {
        let big_a = gains.stability * iterations as f64;
        let noise = noise_unit(games);
        let c: Vec<f64> = params
            .iter()
            .map(|p| (p.width() * gains.perturbation).max(1.0))
            .collect();
        let a = c
            .iter()
            .map(|c| gains.step * 2.0 * c * c / noise * (big_a + 1.0).powf(gains.alpha))
            .collect();
        Spsa {
            ranges: params.iter().map(|p| (p.min, p.max)).collect(),
            theta: params
                .iter()
                .map(|p| p.value.clamp(p.min, p.max) as f64)
                .collect(),
            c,
            a,
            big_a,
            gains,
            seed,
        }
    }

    /// θ rounded to the values played.
    pub fn values(&self) -> Vec<i64> {
        self.theta
            .iter()
            .zip(&self.ranges)
            .map(|(&t, &(min, max))| round_into(t, min, max))
            .collect()
    }

    /// θ as real numbers.
    #[cfg(test)]
    pub fn theta(&self) -> &[f64] {
        &self.theta
    }

    /// `c_k` of parameter `i`.
    fn c_k(&self, i: usize, k: u64) -> f64 {
        self.c.get(i).copied().unwrap_or(1.0) / (k.max(1) as f64).powf(self.gains.gamma)
    }

    /// `a_k` of parameter `i`.
    fn a_k(&self, i: usize, k: u64) -> f64 {
        self.a.get(i).copied().unwrap_or(0.0)
            / (self.big_a + k.max(1) as f64).powf(self.gains.alpha)
    }

    /// The perturbation sign of parameter `i` in iteration `k`: ±1 from the seed.
    fn delta(&self, i: usize, k: u64) -> f64 {
        if derive_seed(derive_seed(self.seed ^ PERTURB_SALT, k), i as u64) & 1 == 0 {
            1.0
        } else {
            -1.0
        }
    }

    /// The probes of iteration `k` (from 1): `θ ± δ c_k`, rounded and
    /// clamped; where both round to the same integer, one moves by 1 in the
    /// direction of δ (θ+ up when possible, else θ− down), so the two
    /// always differ.
    pub fn probe(&self, k: u64) -> Probe {
        let mut plus = Vec::with_capacity(self.theta.len());
        let mut minus = Vec::with_capacity(self.theta.len());
        for (i, (&t, &(min, max))) in self.theta.iter().zip(&self.ranges).enumerate() {
            let step = self.delta(i, k) * self.c_k(i, k);
            let (mut p, mut m) = (
                round_into(t + step, min, max),
                round_into(t - step, min, max),
            );
            if p == m {
                let sign = if step < 0.0 { -1 } else { 1 };
                let moved = p.saturating_add(sign);
                if (min..=max).contains(&moved) && moved != p {
                    p = moved;
                } else {
                    m = m.saturating_sub(sign);
                }
            }
            plus.push(p);
            minus.push(m);
        }
        Probe { k, plus, minus }
    }

    /// Moves θ after `probe` scored `plus_score` and `minus_score` (each in
    /// 0..=1): `θ_i += a_k (s+ − s−) / (plus_i − minus_i)`, then clamps θ
    /// into the ranges. The divisor is the perturbation actually played
    /// (about `2 δ_i c_k`), never 0.
    pub fn update(&mut self, probe: &Probe, plus_score: f64, minus_score: f64) {
        let diff = plus_score - minus_score;
        for i in 0..self.theta.len() {
            let (Some(&p), Some(&m)) = (probe.plus.get(i), probe.minus.get(i)) else {
                continue;
            };
            let spread = p as f64 - m as f64;
            if spread == 0.0 {
                continue;
            }
            let a_k = self.a_k(i, probe.k);
            if let (Some(t), Some(&(min, max))) = (self.theta.get_mut(i), self.ranges.get(i)) {
                let moved = *t + a_k * diff / spread;
                if moved.is_finite() {
                    *t = moved.clamp(min as f64, max as f64);
                }
            }
        }
    }
}

/// `x` rounded to the nearest integer inside `min..=max` (saturating).
fn round_into(x: f64, min: i64, max: i64) -> i64 {
    // `as` saturates at the ends of i64; the clamp keeps the range.
    (x.round() as i64).clamp(min, max)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::strategy::NodeId;

    fn param(value: i64, min: i64, max: i64) -> Tuned {
        Tuned {
            node: NodeId(1),
            term: None,
            label: "c".into(),
            value,
            min,
            max,
        }
    }

    /// A noiseless stand-in for a match score: highest at `target`.
    fn score(values: &[i64], target: &[i64]) -> f64 {
        let d: f64 = values
            .iter()
            .zip(target)
            .map(|(v, t)| ((v - t) as f64 / 20.0).powi(2))
            .sum();
        1.0 / (1.0 + d)
    }

    #[test]
    fn improves_a_synthetic_objective() {
        let params = [
            param(0, -100, 100),
            param(50, -100, 100),
            param(-80, -100, 100),
        ];
        let target = [40, -20, 10];
        // Without noise, full steps (the default's are 10× smaller, for
        // the noise of real matches).
        let gains = Gains {
            step: 1.0,
            ..Gains::default()
        };
        let mut spsa = Spsa::new(&params, gains, 200, 20, 7);
        let before = score(&spsa.values(), &target);
        for k in 1..=200 {
            let probe = spsa.probe(k);
            spsa.update(
                &probe,
                score(&probe.plus, &target),
                score(&probe.minus, &target),
            );
        }
        let after = score(&spsa.values(), &target);
        assert!(
            after > 0.7 && after > before + 0.5,
            "{before} -> {after}: {:?}",
            spsa.values()
        );
        // Every parameter ends nearer its best value than it started.
        for ((p, v), t) in params.iter().zip(spsa.values()).zip(target) {
            assert!(
                (v - t).abs() < (p.value - t).abs() / 2,
                "{:?}",
                spsa.values()
            );
        }
    }

    #[test]
    fn probes_always_differ_and_stay_in_range() {
        for (value, min, max) in [
            (0, 0, 1),
            (1, 0, 1),
            (3, -5, 5),
            (0, -1000, 1000),
            (7, 7, 9),
        ] {
            let params = [param(value, min, max), param(value, min, max)];
            let mut spsa = Spsa::new(&params, Gains::default(), 1000, 2, 3);
            for k in 1..=1000 {
                let probe = spsa.probe(k);
                for (p, m) in probe.plus.iter().zip(&probe.minus) {
                    assert_ne!(p, m, "k {k} range {min}..{max}");
                    assert!((min..=max).contains(p) && (min..=max).contains(m));
                }
                // Scores that push θ hard against one end.
                spsa.update(&probe, 1.0, 0.0);
                for (t, v) in spsa.theta().iter().zip(spsa.values()) {
                    assert!((min as f64..=max as f64).contains(t) && (min..=max).contains(&v));
                }
            }
        }
    }

    #[test]
    fn starts_clamped_and_rounds_saturating() {
        let spsa = Spsa::new(&[param(50, 0, 10)], Gains::default(), 10, 10, 1);
        assert_eq!(spsa.values(), vec![10]);
        assert_eq!(round_into(1e300, i64::MIN, i64::MAX), i64::MAX);
        assert_eq!(round_into(-2.5, -10, 10), -3);
        let wide = Spsa::new(&[param(0, i64::MIN, i64::MAX)], Gains::default(), 10, 10, 1);
        let probe = wide.probe(1);
        assert_ne!(probe.plus, probe.minus);
    }

    #[test]
    fn the_first_step_moves_about_c_for_one_noise_unit() {
        let params = [param(0, -100, 100)];
        let games = 20;
        let gains = Gains {
            step: 1.0,
            ..Gains::default()
        };
        let mut spsa = Spsa::new(&params, gains, 100, games, 5);
        let probe = spsa.probe(1);
        let sign = (probe.plus[0] - probe.minus[0]).signum() as f64;
        spsa.update(&probe, 0.5 + noise_unit(games), 0.5);
        // c = 200 / 20 = 10; the step is c · (2 c_1 / played spread) = 10.
        assert!(
            (spsa.theta()[0] - sign * 10.0).abs() < 0.5,
            "{}",
            spsa.theta()[0]
        );
    }

    #[test]
    fn the_same_seed_gives_the_same_perturbations() {
        let params: Vec<Tuned> = (0..8).map(|_| param(0, -9, 9)).collect();
        let a = Spsa::new(&params, Gains::default(), 10, 4, 11);
        let b = Spsa::new(&params, Gains::default(), 10, 4, 11);
        let c = Spsa::new(&params, Gains::default(), 10, 4, 12);
        assert_eq!(a.probe(3), b.probe(3));
        assert_ne!(
            (1..=10).map(|k| a.probe(k)).collect::<Vec<_>>(),
            (1..=10).map(|k| c.probe(k)).collect::<Vec<_>>()
        );
    }
}
