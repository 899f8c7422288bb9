//! The generalised SPRT on pentanomial counts, as fishtest computes it
//! (`LLR_logistic` with the statistic "expectation", after Michel Van den
//! Bergh, <https://hardy.uhasselt.be/Fishtest/GSPRT_approximation.pdf>).
//!
//! With `N` pairs, outcome scores `aᵢ = i/4` and frequencies `pᵢ = nᵢ / N`
//! (a count of 0 is replaced by 10⁻³, and `N` is their sum), the likelihood
//! of the counts is maximised twice over the distributions with a given mean:
//! once with mean `s₀ = L(elo0)`, once with `s₁ = L(elo1)`, where
//! `L(e) = 1 / (1 + 10^(−e/400))`. The maximum with mean `s` is
//! `qᵢ = pᵢ / (1 + x (aᵢ − s))`, where `x` solves `Σ pᵢ (aᵢ − s) / (1 + x (aᵢ − s)) = 0`
//! (the left side falls strictly in `x` on the interval where every
//! denominator is positive, so bisection finds the one root). Then
//!
//! `LLR = N · Σ pᵢ (ln q¹ᵢ − ln q⁰ᵢ)`.
//!
//! For small Elo bounds this is close to the normal approximation
//! `N (s₁ − s₀)(2s − s₀ − s₁) / (2v)` with `v` the per-pair variance.

/// The regularisation of an empty count (fishtest's `epsilon`).
const EMPTY: f64 = 1e-3;

/// Bisection steps: the interval shrinks to 2⁻¹⁰⁰ of its width.
const STEPS: usize = 100;

/// The distribution with mean `s` closest to `pdf` (outcome, probability)
/// in likelihood; `None` when `s` is not strictly between the outcomes.
fn mle_with_mean(pdf: &[(f64, f64)], s: f64) -> Option<Vec<f64>> {
    let (min, max) = pdf.iter().fold((f64::MAX, f64::MIN), |(lo, hi), &(a, _)| {
        (lo.min(a - s), hi.max(a - s))
    });
    if !(min < 0.0 && max > 0.0) {
        return None;
    }
    let slope = |x: f64| -> f64 {
        pdf.iter()
            .map(|&(a, p)| p * (a - s) / (1.0 + x * (a - s)))
            .sum()
    };
    let (mut lo, mut hi) = (-1.0 / max, -1.0 / min);
    for _ in 0..STEPS {
        let mid = 0.5 * (lo + hi);
        if slope(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let x = 0.5 * (lo + hi);
    Some(pdf.iter().map(|&(a, p)| p / (1.0 + x * (a - s))).collect())
}

/// The generalised log-likelihood ratio of mean `s1` against mean `s0` for
/// `counts` of outcomes spread evenly over `[0, 1]` (three for games, five
/// for pairs); 0 when it cannot be computed (fewer than two outcomes, a
/// mean outside them).
pub(super) fn llr(counts: &[u64], s0: f64, s1: f64) -> f64 {
    let last = counts.len().saturating_sub(1);
    if last == 0 {
        return 0.0;
    }
    let regular: Vec<f64> = counts
        .iter()
        .map(|&c| if c == 0 { EMPTY } else { c as f64 })
        .collect();
    let n: f64 = regular.iter().sum();
    let pdf: Vec<(f64, f64)> = regular
        .iter()
        .enumerate()
        .map(|(i, &c)| (i as f64 / last as f64, c / n))
        .collect();
    let (Some(q0), Some(q1)) = (mle_with_mean(&pdf, s0), mle_with_mean(&pdf, s1)) else {
        return 0.0;
    };
    n * pdf
        .iter()
        .zip(q0.iter().zip(&q1))
        .map(|(&(_, p), (&a, &b))| p * (b.ln() - a.ln()))
        .sum::<f64>()
}

#[cfg(test)]
mod tests {
    use super::super::{Pentanomial, Sprt, SprtDecision, score_from_elo};
    use super::*;

    fn close(a: f64, b: f64, eps: f64) -> bool {
        (a - b).abs() < eps
    }

    #[test]
    fn the_constrained_maximum_has_the_asked_mean() {
        let pdf = [(0.0, 0.1), (0.25, 0.2), (0.5, 0.4), (0.75, 0.2), (1.0, 0.1)];
        for s in [0.3, 0.5, 0.514, 0.8] {
            let q = mle_with_mean(&pdf, s).unwrap();
            let mean: f64 = pdf.iter().zip(&q).map(|(&(a, _), &p)| a * p).sum();
            let total: f64 = q.iter().sum();
            assert!(close(mean, s, 1e-12) && close(total, 1.0, 1e-12), "{s}");
        }
        // At the sample mean the maximum is the sample itself.
        let q = mle_with_mean(&pdf, 0.5).unwrap();
        assert!(q.iter().zip(&pdf).all(|(&a, &(_, b))| close(a, b, 1e-12)));
        assert_eq!(mle_with_mean(&pdf, 1.0), None);
    }

    #[test]
    fn gsprt_of_a_worked_example() {
        // [10, 30, 100, 40, 20] pairs against logistic bounds [0, 10]:
        // s = 0.5375, v = 0.057969, s₁ = L(10) = 0.514387. Computed by hand
        // (a Python transcription of fishtest's LLR_logistic, see
        // docs/statistics.md): LLR = 1.483563; the normal approximation
        // N (s₁ − s₀)(2s − s₀ − s₁) / 2v gives 1.504341.
        let sprt = Sprt::new(0.0, 10.0);
        let p = Pentanomial([10, 30, 100, 40, 20]);
        let llr = sprt.llr_pairs(&p);
        assert!(close(llr, 1.483_562_691, 1e-6), "{llr}");
        let (s0, s1) = (score_from_elo(0.0), score_from_elo(10.0));
        let (s, v) = (p.score().unwrap(), p.variance().unwrap());
        let normal = 200.0 * (s1 - s0) * (2.0 * s - s0 - s1) / (2.0 * v);
        assert!(close(normal, 1.504_341_122, 1e-6), "{normal}");
        assert_eq!(sprt.decide_pairs(&p), None);
        // Twice the pairs at the same frequencies: LLR 2.967, past the bound 2.944.
        let p2 = Pentanomial([20, 60, 200, 80, 40]);
        assert_eq!(sprt.decide_pairs(&p2), Some(SprtDecision::H1));
        // The mirror image: LLR −4.297, H0.
        let mirror = Pentanomial([40, 80, 200, 60, 20]);
        assert_eq!(sprt.decide_pairs(&mirror), Some(SprtDecision::H0));
        assert_eq!(sprt.llr_pairs(&Pentanomial::default()), 0.0);
    }

    #[test]
    fn gsprt_agrees_with_a_published_fishtest_statistics_page() {
        // A fishtest instance's "Raw Statistics" page (montytest.muzhen.org,
        // test 69d3c8dc7c5b3724e29d2712): pentanomial [13, 37, 50, 25, 3],
        // SPRT of normalized Elo [0, 4], shown in logistic Elo as
        // [0, 2.716]; "Logistic (exact)" LLR -0.53772. Its H1 in logistic
        // Elo is fishtest's conversion of normalized 4 through the
        // pentanomial's deviation per game: s₁ = ½ + 4 / (800 / ln 10) · √(2v).
        let p = Pentanomial([13, 37, 50, 25, 3]);
        let v = p.variance().unwrap();
        assert!(close(v, 0.057_617, 1e-6), "{v}");
        let s1 = 0.5 + 4.0 / (800.0 / std::f64::consts::LN_10) * (2.0 * v).sqrt();
        let llr = llr(&p.0, 0.5, s1);
        assert!(close(llr, -0.537_72, 5e-6), "{llr}");
    }
}
