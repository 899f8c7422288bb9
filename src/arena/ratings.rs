//! 95% intervals of the ratings a tournament fits ([`super::fit_ratings`]),
//! as BayesElo and Ordo give them: from the curvature of the likelihood.
//!
//! The Bradley–Terry model gives entrant `i` a strength `θᵢ` (natural log
//! units; the Elo rating is `400 θ / ln 10`) and each game between `i` and `j`
//! the expected score `pᵢⱼ = 1 / (1 + e^(θⱼ − θᵢ))`. The Fisher information of
//! the strengths is the weighted graph Laplacian `L` with weights
//! `nᵢⱼ pᵢⱼ (1 − pᵢⱼ)` (games `nᵢⱼ`, the fit's virtual draw included). Ratings
//! are fixed up to a constant, so the covariance is the pseudo-inverse
//! `L⁺ = (L + 𝟙𝟙ᵀ/m)⁻¹ − 𝟙𝟙ᵀ/m`: it measures each rating against the mean of
//! the pool. The interval is the rating ± 1.96 standard errors.
//!
//! Invariant: an interval is given only where it means something: entrants
//! who played no game have none, and when the games do not connect all the
//! others (ratings of separate groups cannot be compared) nobody has one.
//! Draws count as half points, so the error is a little overstated when
//! there are many draws (the model's variance `p(1 − p)` is that of a game
//! without draws).

use super::stats::Z95;
use super::tournament::Pairing;

/// Elo points per natural-log unit of strength.
const ELO_PER_UNIT: f64 = 400.0 / std::f64::consts::LN_10;

/// The half-width of the 95% interval of each of `ratings` (Elo, fitted to
/// `pairings` among `ratings.len()` entrants), `None` where it is not known
/// (see the module docs).
pub fn rating_intervals(ratings: &[f64], pairings: &[Pairing]) -> Vec<Option<f64>> {
    let n = ratings.len();
    // The entrants that played, numbered 0..m in the matrix.
    let mut slot: Vec<Option<usize>> = vec![None; n];
    let mut m = 0;
    for p in pairings.iter().filter(|p| p.tally.games() > 0) {
        for i in [p.a, p.b] {
            if let Some(s @ None) = slot.get_mut(i) {
                *s = Some(m);
                m += 1;
            }
        }
    }
    let mut none = vec![None; n];
    if m < 2 {
        return none;
    }
    let mut laplacian = vec![vec![0.0f64; m]; m];
    let mut components: Vec<usize> = (0..m).collect();
    for p in pairings.iter().filter(|p| p.tally.games() > 0) {
        let (Some(&Some(a)), Some(&Some(b))) = (slot.get(p.a), slot.get(p.b)) else {
            continue;
        };
        let (Some(&ra), Some(&rb)) = (ratings.get(p.a), ratings.get(p.b)) else {
            continue;
        };
        let expected = 1.0 / (1.0 + ((rb - ra) / ELO_PER_UNIT).exp());
        let w = (p.tally.games() as f64 + 1.0) * expected * (1.0 - expected);
        laplacian[a][a] += w;
        laplacian[b][b] += w;
        laplacian[a][b] -= w;
        laplacian[b][a] -= w;
        join(&mut components, a, b);
    }
    let root = find(&mut components, 0);
    if (0..m).any(|i| find(&mut components, i) != root) {
        return none;
    }
    let shift = 1.0 / m as f64;
    for row in &mut laplacian {
        for x in row.iter_mut() {
            *x += shift;
        }
    }
    let Some(inverse) = invert(laplacian) else {
        return none;
    };
    for (i, out) in none.iter_mut().enumerate() {
        if let Some(Some(s)) = slot.get(i) {
            let variance = inverse[*s][*s] - shift;
            if variance.is_finite() && variance >= 0.0 {
                *out = Some(Z95 * ELO_PER_UNIT * variance.sqrt());
            }
        }
    }
    none
}

/// The representative of `i`'s group (union–find with path halving).
fn find(parent: &mut [usize], mut i: usize) -> usize {
    while parent[i] != i {
        parent[i] = parent[parent[i]];
        i = parent[i];
    }
    i
}

/// Puts `a` and `b` in one group.
fn join(parent: &mut [usize], a: usize, b: usize) {
    let (ra, rb) = (find(parent, a), find(parent, b));
    parent[ra] = rb;
}

/// The inverse of a square matrix by Gauss–Jordan elimination with partial
/// pivoting, `None` when it is (numerically) singular.
fn invert(mut a: Vec<Vec<f64>>) -> Option<Vec<Vec<f64>>> {
    let m = a.len();
    let mut inv: Vec<Vec<f64>> = (0..m)
        .map(|i| (0..m).map(|j| if i == j { 1.0 } else { 0.0 }).collect())
        .collect();
    for col in 0..m {
        let pivot = (col..m).max_by(|&x, &y| a[x][col].abs().total_cmp(&a[y][col].abs()))?;
        if a[pivot][col].abs() < 1e-12 {
            return None;
        }
        a.swap(col, pivot);
        inv.swap(col, pivot);
        let d = a[col][col];
        for j in 0..m {
            a[col][j] /= d;
            inv[col][j] /= d;
        }
        for row in 0..m {
            let f = a[row][col];
            if row != col && f != 0.0 {
                for j in 0..m {
                    a[row][j] -= f * a[col][j];
                    inv[row][j] -= f * inv[col][j];
                }
            }
        }
    }
    Some(inv)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arena::tournament::fit_ratings;
    use crate::arena::{Tally, Wdl};

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
    fn two_players_get_half_the_error_of_their_difference() {
        // 60 of 100 games plus the virtual draw: p = 60.5 / 101.
        let p = [pairing(0, 1, 60, 0, 40)];
        let r = fit_ratings(2, &p);
        let e = rating_intervals(&r, &p);
        let q: f64 = 60.5 / 101.0;
        let difference = Z95 * ELO_PER_UNIT / (101.0 * q * (1.0 - q)).sqrt();
        let half = e[0].unwrap();
        assert!(
            (half - difference / 2.0).abs() < 1e-6,
            "{half} {difference}"
        );
        assert!((e[0].unwrap() - e[1].unwrap()).abs() < 1e-9);
    }

    #[test]
    fn more_games_give_narrower_intervals_and_idle_players_none() {
        // 0 plays 1 and 2 a lot; 3 plays 0 a little; 4 never plays.
        let p = [
            pairing(0, 1, 100, 20, 80),
            pairing(0, 2, 90, 20, 90),
            pairing(1, 2, 100, 0, 100),
            pairing(3, 0, 5, 0, 5),
        ];
        let r = fit_ratings(5, &p);
        let e = rating_intervals(&r, &p);
        assert!(e[0].unwrap() < e[3].unwrap(), "{e:?}");
        assert!(e[1].unwrap() < e[3].unwrap(), "{e:?}");
        assert_eq!(e[4], None);
    }

    #[test]
    fn separate_groups_get_no_intervals() {
        let p = [pairing(0, 1, 5, 0, 5), pairing(2, 3, 5, 0, 5)];
        let r = fit_ratings(4, &p);
        assert!(rating_intervals(&r, &p).iter().all(Option::is_none));
        assert!(rating_intervals(&[], &[]).is_empty());
    }
}
