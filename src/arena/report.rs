//! The texts of a match's and a tournament's results, written once for the
//! command line and the app: the score in percent, the Elo difference with its
//! 95% interval (or who won every game), the LOS, the game length, the
//! forfeit and cap counts, the SPRT's verdict, and a standing's score and
//! rating.
//!
//! Invariant: these are pure functions of the arena's numbers and the
//! players' labels: no I/O, no widgets, no escaping (the caller shows labels
//! as it must). Both front ends read the same words and digits; the only
//! difference is how an unbounded Elo difference is written ([`Infinity`]),
//! because a terminal and a results file want `inf` where the app shows `∞`.

use super::{Estimate, Pentanomial, Sprt, SprtDecision, Stop, Tally, Wdl};

/// How an unbounded Elo difference is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Infinity {
    /// `+inf` and `-inf`, as the command line prints them.
    Ascii,
    /// `+∞` and `−∞` (with a true minus sign), as the app shows them.
    Symbol,
}

impl Infinity {
    /// Positive infinity.
    fn plus(self) -> &'static str {
        match self {
            Infinity::Ascii => "+inf",
            Infinity::Symbol => "+∞",
        }
    }

    /// Negative infinity.
    fn minus(self) -> &'static str {
        match self {
            Infinity::Ascii => "-inf",
            Infinity::Symbol => "−∞",
        }
    }
}

/// A fraction as a percentage with one decimal (`0.75` reads `75.0%`), `-`
/// when unknown.
pub fn percent(x: Option<f64>) -> String {
    x.map_or_else(|| "-".to_string(), |x| format!("{:.1}%", 100.0 * x))
}

/// A signed Elo difference with one decimal, or `unbounded` when there is none.
fn signed_elo(elo: Option<f64>, unbounded: &str) -> String {
    elo.map_or_else(|| unbounded.to_string(), |e| format!("{e:+.1}"))
}

/// A signed Elo difference with one decimal (`+24.4`), `-` when there is none.
pub fn elo_text(elo: Option<f64>) -> String {
    signed_elo(elo, "-")
}

/// The Elo difference of A over B with its 95% interval
/// (`+107.5  (95%: +43.2 to +180.1)`); when one side won every game, the
/// infinity and who did; `-` before the first game. Reads games or pairs
/// ([`Estimate`]).
pub fn elo_summary(wdl: &dyn Estimate, a: &str, b: &str, infinity: Infinity) -> String {
    let (low, high) = wdl.elo_ci95();
    match wdl.score() {
        None => "-".to_string(),
        Some(s) if s >= 1.0 => format!("{} ({a} won every game)", infinity.plus()),
        Some(s) if s <= 0.0 => format!("{} ({b} won every game)", infinity.minus()),
        Some(_) => format!(
            "{}  (95%: {} to {})",
            signed_elo(wdl.elo(), "?"),
            signed_elo(low, infinity.minus()),
            signed_elo(high, infinity.plus())
        ),
    }
}

/// The pair counts (`70: LL 3, LD 10, DD+WL 40, WD 12, WW 5`), `None`
/// before the first complete pair.
pub fn pentanomial(p: &Pentanomial) -> Option<String> {
    let [ll, ld, even, wd, ww] = p.0;
    (p.pairs() > 0).then(|| {
        format!(
            "{}: LL {ll}, LD {ld}, DD+WL {even}, WD {wd}, WW {ww}",
            p.pairs()
        )
    })
}

/// One player's line of a match's win/draw/loss table.
#[derive(Clone, Debug, PartialEq)]
pub struct ScoreRow<'a> {
    /// The player's label.
    pub player: &'a str,
    /// Games it won.
    pub wins: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games it lost.
    pub losses: u64,
    /// Its score in percent ([`percent`]).
    pub score: String,
}

/// The table of a match seen from A (`wdl`): A's line, then B's.
pub fn score_rows<'a>(wdl: &Wdl, a: &'a str, b: &'a str) -> [ScoreRow<'a>; 2] {
    let score_b = wdl.score().map(|s| 1.0 - s);
    [
        ScoreRow {
            player: a,
            wins: wdl.wins,
            draws: wdl.draws,
            losses: wdl.losses,
            score: percent(wdl.score()),
        },
        ScoreRow {
            player: b,
            wins: wdl.losses,
            draws: wdl.draws,
            losses: wdl.wins,
            score: percent(score_b),
        },
    ]
}

/// The average game length (`45.8 placements on average`), `-` before the
/// first game.
pub fn game_length(tally: &Tally) -> String {
    tally
        .average_length()
        .map_or_else(|| "-".into(), |l| format!("{l:.1} placements on average"))
}

/// The forfeits of each side (`2 by x, 0 by y`), `None` when nobody forfeited.
pub fn forfeit_counts(tally: &Tally, a: &str, b: &str) -> Option<String> {
    match (tally.forfeits_a, tally.forfeits_b) {
        (0, 0) => None,
        (fa, fb) => Some(format!("{fa} by {a}, {fb} by {b}")),
    }
}

/// The games drawn at the placement cap `cap`, `None` when there were none.
pub fn capped(tally: &Tally, cap: u32) -> Option<String> {
    (tally.capped > 0).then(|| {
        format!(
            "{} games drawn at the cap of {cap} placements",
            tally.capped
        )
    })
}

/// The name of an SPRT line: `SPRT [ELO0, ELO1]`.
pub fn sprt_heading(sprt: &Sprt) -> String {
    format!("SPRT [{}, {}]", sprt.elo0, sprt.elo1)
}

/// Where an SPRT stands after `games` games: the log-likelihood ratio `llr`
/// (0 before one is known) against its bounds, and the hypothesis `stop`
/// accepted about A, or that none is yet.
pub fn sprt_verdict(
    sprt: &Sprt,
    stop: Option<Stop>,
    llr: Option<f64>,
    games: u64,
    a: &str,
) -> String {
    let (lower, upper) = sprt.bounds();
    let verdict = match stop {
        Some(Stop::Sprt(SprtDecision::H1)) => format!(
            "H1 accepted after {games} games: {a} is at least {:+} Elo stronger",
            sprt.elo1
        ),
        Some(Stop::Sprt(SprtDecision::H0)) => format!(
            "H0 accepted after {games} games: {a} is not {:+} Elo stronger",
            sprt.elo1
        ),
        _ => "no decision yet".to_string(),
    };
    format!(
        "LLR {:.2} (bounds {lower:.2}, {upper:.2}): {verdict}",
        llr.unwrap_or(0.0)
    )
}

/// A standing's score, given in percent (`62.5%`).
pub fn standing_score(score_percent: f64) -> String {
    format!("{score_percent:.1}%")
}

/// A standing's fitted rating, signed and whole (`+34`).
pub fn rating(rating: f64) -> String {
    format!("{rating:+.0}")
}

/// The time left of a run, in words: "about 42 s left", "about 10 min left".
pub fn time_left(secs: f64) -> String {
    if secs < 1.5 {
        "almost done".to_string()
    } else if secs < 90.0 {
        format!("about {secs:.0} s left")
    } else if secs < 5400.0 {
        format!("about {:.0} min left", secs / 60.0)
    } else {
        format!("about {:.1} h left", secs / 3600.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_elo_difference_reads_with_its_interval() {
        let wdl = Wdl::new(60, 10, 30);
        let text = "+107.5  (95%: +43.2 to +180.1)";
        assert_eq!(elo_summary(&wdl, "x", "y", Infinity::Ascii), text);
        assert_eq!(elo_summary(&wdl, "x", "y", Infinity::Symbol), text);
        assert_eq!(elo_summary(&Wdl::default(), "x", "y", Infinity::Ascii), "-");
    }

    #[test]
    fn unbounded_differences_are_written_in_each_notation() {
        // A clean sweep names the winner; one loss in six leaves the
        // interval's lower end unbounded.
        let cases = [
            (
                Wdl::new(5, 0, 0),
                Infinity::Ascii,
                "+inf (x won every game)",
            ),
            (Wdl::new(5, 0, 0), Infinity::Symbol, "+∞ (x won every game)"),
            (
                Wdl::new(0, 0, 5),
                Infinity::Ascii,
                "-inf (y won every game)",
            ),
            (Wdl::new(0, 0, 5), Infinity::Symbol, "−∞ (y won every game)"),
            (
                Wdl::new(1, 0, 5),
                Infinity::Ascii,
                "-279.6  (95%: -inf to -24.5)",
            ),
            (
                Wdl::new(1, 0, 5),
                Infinity::Symbol,
                "-279.6  (95%: −∞ to -24.5)",
            ),
        ];
        for (wdl, infinity, text) in cases {
            assert_eq!(elo_summary(&wdl, "x", "y", infinity), text, "{wdl:?}");
        }
    }

    #[test]
    fn pairs_are_listed_by_outcome() {
        assert_eq!(pentanomial(&Pentanomial::default()), None);
        assert_eq!(
            pentanomial(&Pentanomial([3, 10, 40, 12, 5])).as_deref(),
            Some("70: LL 3, LD 10, DD+WL 40, WD 12, WW 5")
        );
    }

    #[test]
    fn the_table_is_seen_from_each_side() {
        let [a, b] = score_rows(&Wdl::new(3, 1, 0), "x", "y");
        assert_eq!((a.player, a.wins, a.draws, a.losses), ("x", 3, 1, 0));
        assert_eq!(a.score, "87.5%");
        assert_eq!((b.player, b.wins, b.draws, b.losses), ("y", 0, 1, 3));
        assert_eq!(b.score, "12.5%");
        assert_eq!(score_rows(&Wdl::default(), "x", "y")[1].score, "-");
    }

    #[test]
    fn counts_are_left_out_when_zero() {
        let mut tally = Tally::default();
        assert_eq!(forfeit_counts(&tally, "x", "y"), None);
        assert_eq!(capped(&tally, 90), None);
        assert_eq!(game_length(&tally), "-");
        tally.forfeits_b = 2;
        tally.capped = 1;
        assert_eq!(
            forfeit_counts(&tally, "x", "y").as_deref(),
            Some("0 by x, 2 by y")
        );
        assert_eq!(
            capped(&tally, 90).as_deref(),
            Some("1 games drawn at the cap of 90 placements")
        );
    }

    #[test]
    fn the_sprt_says_which_hypothesis_it_accepted() {
        let sprt = Sprt::new(0.0, 50.0);
        assert_eq!(sprt_heading(&sprt), "SPRT [0, 50]");
        assert_eq!(
            sprt_verdict(
                &sprt,
                Some(Stop::Sprt(SprtDecision::H1)),
                Some(8.9),
                17,
                "x"
            ),
            "LLR 8.90 (bounds -2.94, 2.94): H1 accepted after 17 games: x is at least +50 Elo stronger"
        );
        assert_eq!(
            sprt_verdict(
                &sprt,
                Some(Stop::Sprt(SprtDecision::H0)),
                Some(-3.0),
                9,
                "x"
            ),
            "LLR -3.00 (bounds -2.94, 2.94): H0 accepted after 9 games: x is not +50 Elo stronger"
        );
        assert_eq!(
            sprt_verdict(&sprt, None, None, 0, "x"),
            "LLR 0.00 (bounds -2.94, 2.94): no decision yet"
        );
    }

    #[test]
    fn standings_read_in_percent_and_whole_ratings() {
        assert_eq!(standing_score(62.5), "62.5%");
        assert_eq!(rating(34.4), "+34");
        assert_eq!(rating(-7.6), "-8");
    }

    #[test]
    fn time_left_reads_naturally() {
        assert_eq!(time_left(0.3), "almost done");
        assert_eq!(time_left(42.0), "about 42 s left");
        assert_eq!(time_left(600.0), "about 10 min left");
        assert_eq!(time_left(7200.0), "about 2.0 h left");
    }
}
