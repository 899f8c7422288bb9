//! Grading against reference players: each submission's score against each
//! reference, compared with that reference's pass mark.
//!
//! A reference is written `SPEC` or `SPEC@PERCENT` (`bot:greedy@60`): the
//! submission passes it with a score (a win 1, a draw ½, over the games
//! played) of at least that percent; without `@` the run's default mark
//! ([`DEFAULT_PASS`], or `--pass`). Forfeited games count as lost: a program
//! that crashes or a strategy that does not load scores nothing.

use std::str::FromStr;

use super::error::PassMarkError;
use crate::arena::{TournamentReport, Wdl};

/// The reference ladder of a gauntlet when none is given: a random player,
/// the one-ply greedy player and the 3-ply expert search.
pub const DEFAULT_LADDER: [&str; 3] = ["bot:random", "bot:greedy", "bot:expert"];

/// The pass mark when none is given, in percent: at least an even score.
pub const DEFAULT_PASS: f64 = 50.0;

/// A reference player and, if given, its own pass mark.
#[derive(Clone, Debug, PartialEq)]
pub struct ReferenceSpec {
    /// The player spec.
    pub spec: String,
    /// The pass mark in percent, when given with `@`.
    pub pass: Option<f64>,
}

/// Parses a pass mark in percent (`60`, `62.5`, `60%`).
pub fn parse_pass(text: &str) -> Result<f64, PassMarkError> {
    let t = text.trim();
    t.strip_suffix('%')
        .unwrap_or(t)
        .trim()
        .parse::<f64>()
        .ok()
        .filter(|p| (0.0..=100.0).contains(p))
        .ok_or_else(|| PassMarkError(text.to_string()))
}

impl FromStr for ReferenceSpec {
    type Err = PassMarkError;

    /// `SPEC` or `SPEC@PERCENT`; the mark is what follows the last `@`, when
    /// that looks like a number.
    fn from_str(text: &str) -> Result<ReferenceSpec, PassMarkError> {
        if let Some((spec, mark)) = text.rsplit_once('@') {
            let looks_numeric = mark
                .trim()
                .trim_end_matches('%')
                .chars()
                .all(|c| c.is_ascii_digit() || c == '.' || c == '-' || c == '+')
                && !mark.trim().is_empty();
            if looks_numeric {
                return Ok(ReferenceSpec {
                    spec: spec.to_string(),
                    pass: Some(parse_pass(mark)?),
                });
            }
        }
        Ok(ReferenceSpec {
            spec: text.to_string(),
            pass: None,
        })
    }
}

/// A submission's result against one reference.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Mark {
    /// The reference's entrant index.
    pub reference: usize,
    /// The submission's wins, draws and losses against it.
    pub wdl: Wdl,
    /// Games the submission forfeited against it.
    pub forfeits: u64,
    /// The pass mark in percent.
    pub pass: f64,
}

impl Mark {
    /// The score in percent, `None` before any game.
    pub fn score(&self) -> Option<f64> {
        self.wdl.score().map(|s| 100.0 * s)
    }

    /// Whether the submission played the reference at all: a mark without
    /// games (a tournament stopped before them) is not graded, neither
    /// passed nor failed.
    pub fn is_graded(&self) -> bool {
        self.wdl.games() > 0
    }

    /// The verdict as reports write it: "pass", "fail" or "not graded".
    pub fn verdict(&self) -> &'static str {
        match (self.is_graded(), self.is_passed()) {
            (false, _) => NOT_GRADED,
            (true, true) => "pass",
            (true, false) => "fail",
        }
    }

    /// Whether the score reaches the pass mark (never without games).
    pub fn is_passed(&self) -> bool {
        // Rounding: 50 of 100 points is 50%, which passes a mark of 50.
        self.score().is_some_and(|s| s + 1e-9 >= self.pass)
    }
}

/// A submission's grade: its mark against every reference.
#[derive(Clone, Debug, PartialEq)]
pub struct Grade {
    /// The submission's entrant index.
    pub entrant: usize,
    /// One mark per reference, in the references' order.
    pub marks: Vec<Mark>,
}

/// How every report writes a grade or mark that has no games.
pub const NOT_GRADED: &str = "not graded";

impl Grade {
    /// Whether the submission played any game against the references; a
    /// submission that played none (a tournament stopped before its games)
    /// is "not graded" in every report, never "passed: no".
    pub fn is_graded(&self) -> bool {
        self.total().games() > 0
    }

    /// References passed, as reports write it: "2 of 3", or "not graded".
    pub fn passed_text(&self) -> String {
        if self.is_graded() {
            format!("{} of {}", self.passed(), self.marks.len())
        } else {
            NOT_GRADED.to_string()
        }
    }

    /// References passed.
    pub fn passed(&self) -> usize {
        self.marks.iter().filter(|m| m.is_passed()).count()
    }

    /// Games forfeited against the references.
    pub fn forfeits(&self) -> u64 {
        self.marks.iter().map(|m| m.forfeits).sum()
    }

    /// Wins, draws and losses against all references.
    pub fn total(&self) -> Wdl {
        self.marks.iter().fold(Wdl::default(), |t, m| {
            Wdl::new(
                t.wins + m.wdl.wins,
                t.draws + m.wdl.draws,
                t.losses + m.wdl.losses,
            )
        })
    }
}

/// The grades of `submissions` (entrant indices) against `references`
/// (entrant index and pass mark) from the pairings of `report`.
pub fn grades(
    report: &TournamentReport,
    submissions: &[usize],
    references: &[(usize, f64)],
) -> Vec<Grade> {
    submissions
        .iter()
        .map(|&s| Grade {
            entrant: s,
            marks: references
                .iter()
                .map(|&(r, pass)| mark(report, s, r, pass))
                .collect(),
        })
        .collect()
}

/// Submission `s`'s mark against reference `r`, over every pairing of the two.
fn mark(report: &TournamentReport, s: usize, r: usize, pass: f64) -> Mark {
    let mut wdl = Wdl::default();
    let mut forfeits = 0;
    for p in &report.pairings {
        let w = p.tally.wdl;
        let (seen, forfeited) = if (p.a, p.b) == (s, r) {
            (w, p.tally.forfeits_a)
        } else if (p.a, p.b) == (r, s) {
            (Wdl::new(w.losses, w.draws, w.wins), p.tally.forfeits_b)
        } else {
            continue;
        };
        wdl = Wdl::new(
            wdl.wins + seen.wins,
            wdl.draws + seen.draws,
            wdl.losses + seen.losses,
        );
        forfeits += forfeited;
    }
    Mark {
        reference: r,
        wdl,
        forfeits,
        pass,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn references_take_an_optional_mark() {
        let r: ReferenceSpec = "bot:greedy@60".parse().unwrap();
        assert_eq!((r.spec.as_str(), r.pass), ("bot:greedy", Some(60.0)));
        let r: ReferenceSpec = "bot:expert:depth=2@ 62.5%".parse().unwrap();
        assert_eq!(
            (r.spec.as_str(), r.pass),
            ("bot:expert:depth=2", Some(62.5))
        );
        let r: ReferenceSpec = "refs/me@home.json".parse().unwrap();
        assert_eq!((r.spec.as_str(), r.pass), ("refs/me@home.json", None));
        assert!("bot:greedy@120".parse::<ReferenceSpec>().is_err());
        assert!("bot:greedy@-5".parse::<ReferenceSpec>().is_err());
        assert_eq!(parse_pass("50"), Ok(50.0));
        assert!(parse_pass("half").is_err());
    }

    #[test]
    fn an_even_score_passes_a_mark_of_fifty() {
        let mark = |w, d, l| Mark {
            reference: 0,
            wdl: Wdl::new(w, d, l),
            forfeits: 0,
            pass: 50.0,
        };
        assert!(mark(1, 2, 1).is_passed());
        assert!(!mark(1, 1, 2).is_passed());
        assert!(!mark(0, 0, 0).is_passed());
    }
}
