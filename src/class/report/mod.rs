//! The reports of a class tournament: one model ([`ClassReport`]) written
//! as Markdown ([`to_markdown`]), CSV ([`to_csv`], the grade table for a
//! spreadsheet) and one self-contained HTML page ([`to_html`]).
//!
//! Invariant: every text that comes from a submission or the file system
//! (labels, file names, reasons quoting what a program printed) is escaped
//! for the format it goes into, here and nowhere else: control characters
//! are shown escaped everywhere, Markdown's table and emphasis characters
//! and HTML's `<`, `>` and `&` in Markdown, HTML entities in the page, and
//! CSV fields are quoted, with a `'` before a leading `=`, `+`, `-` or `@` so
//! that a spreadsheet never runs a name as a formula.

mod csv;
mod html;
mod markdown;
pub mod table;

pub use csv::to_csv;
pub use html::to_html;
pub use markdown::to_markdown;

use super::entrant::{Entrant, Role};
use super::grade::Grade;
use super::summary::{ForfeitGroup, GameSummary, Rated};
use crate::arena::{TournamentReport, Wdl, report};

/// Everything a class report shows.
pub struct ClassReport<'a> {
    /// The heading.
    pub title: String,
    /// How the games were played and when, as name and value.
    pub settings: Vec<(String, String)>,
    /// The entrants, in the tournament's order.
    pub entrants: &'a [Entrant],
    /// Entries of the submission folders that are not submissions: name and why.
    pub skipped: &'a [(String, String)],
    /// The results.
    pub tournament: &'a TournamentReport,
    /// The submissions' grades, when there are references.
    pub grades: Vec<Grade>,
    /// The ratings, best first.
    pub ratings: Vec<Rated>,
    /// The forfeits by player and reason.
    pub forfeits: Vec<ForfeitGroup>,
    /// Every game, in pairing and game order.
    pub games: &'a [GameSummary],
    /// How to replay a game, when the games were recorded.
    pub replay: Option<Replay>,
}

/// The command that replays a game of the records file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replay {
    /// The records file as the command names it.
    pub records: String,
    /// Where to run the command, in words ("in the report's folder").
    pub from: String,
}

impl Replay {
    /// `chainlab replay RECORDS --pairing P --game N`.
    pub fn command(&self, pairing: u32, game: u64) -> String {
        format!(
            "chainlab replay {} --pairing {pairing} --game {game}",
            shell_word(&self.records)
        )
    }
}

/// `word` as one word of a POSIX shell: as it is when it is plain, else in
/// single quotes.
pub fn shell_word(word: &str) -> String {
    let plain = !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "._/-+:,=@%".contains(c));
    if plain {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

impl ClassReport<'_> {
    /// The label of entrant `i`.
    pub fn label(&self, i: usize) -> &str {
        self.entrants.get(i).map_or("?", |e| e.label.as_str())
    }

    /// The references, in order.
    pub fn references(&self) -> Vec<usize> {
        (0..self.entrants.len())
            .filter(|&i| self.entrants.get(i).is_some_and(Entrant::is_reference))
            .collect()
    }

    /// A reference's pass mark in percent.
    pub fn pass_of(&self, i: usize) -> Option<f64> {
        match self.entrants.get(i)?.role {
            Role::Reference { pass } => Some(pass),
            Role::Submission => None,
        }
    }

    /// The rows and columns of the crosstable: in a gauntlet the
    /// submissions (by rating) against the references; in a round robin
    /// everyone (by rating) against everyone.
    pub fn crosstable_axes(&self) -> (Vec<usize>, Vec<usize>) {
        let ranked: Vec<usize> = self.ratings.iter().map(|r| r.entrant).collect();
        if self.tournament.config.gauntlet {
            let rows = ranked
                .iter()
                .copied()
                .filter(|&i| self.entrants.get(i).is_some_and(|e| !e.is_reference()))
                .collect();
            (rows, self.references())
        } else {
            (ranked.clone(), ranked)
        }
    }

    /// The crosstable's cell: the row player's points against the column
    /// player (`-` on the diagonal, empty when they did not meet).
    pub fn cross_cell(&self, row: usize, col: usize) -> String {
        if row == col {
            return "-".to_string();
        }
        self.tournament
            .cross(row, col)
            .map_or_else(String::new, |(points, _)| format!("{points:.1}"))
    }

    /// The games of a pairing.
    pub fn games_of(&self, pairing: u32) -> impl Iterator<Item = &GameSummary> {
        self.games.iter().filter(move |g| g.pairing == pairing)
    }

    /// The report's heading: the title, marked incomplete when the
    /// tournament was stopped before the end.
    pub fn heading(&self) -> String {
        if self.tournament.cancelled {
            format!("{} (incomplete: stopped before the end)", self.title)
        } else {
            self.title.clone()
        }
    }

    /// What became of entrant `i`: "plays", or why it could not.
    pub fn status(&self, i: usize) -> String {
        match self.entrants.get(i).and_then(|e| e.problem.as_ref()) {
            Some(problem) => problem.to_string(),
            None => "plays".to_string(),
        }
    }
}

/// A mark as one cell: `62.5% (5-0-3)`, `-` without games.
pub fn mark_text(wdl: &Wdl) -> String {
    match wdl.score() {
        None => "-".to_string(),
        Some(_) => format!(
            "{} ({}-{}-{})",
            report::percent(wdl.score()),
            wdl.wins,
            wdl.draws,
            wdl.losses
        ),
    }
}

/// A rating with its interval: `+123 ± 45`, `+123` without an interval,
/// `-` for an entrant left out of the fit.
pub fn rating_text(r: &Rated) -> String {
    match (r.rating, r.interval) {
        (Some(x), Some(e)) => format!("{} ± {e:.0}", report::rating(x)),
        (Some(x), None) => report::rating(x),
        (None, _) => "-".to_string(),
    }
}

/// A pass mark: `50%`, `62.5%`.
pub fn pass_text(pass: f64) -> String {
    if pass.fract() == 0.0 {
        format!("{pass:.0}%")
    } else {
        format!("{pass}%")
    }
}

/// The one-line summary under the title.
pub fn summary_line(r: &ClassReport) -> String {
    let subs = r.entrants.iter().filter(|e| !e.is_reference()).count();
    let broken = r
        .entrants
        .iter()
        .filter(|e| !e.is_reference() && e.problem.is_some())
        .count();
    let refs = r.entrants.len() - subs;
    let games: u64 = r.tournament.pairings.iter().map(|p| p.tally.games()).sum();
    let forfeits: usize = r.forfeits.iter().map(|g| g.games.len()).sum();
    let mut line = format!(
        "{subs} submission{}{}, {refs} reference{}, {games} games, {forfeits} forfeit{}",
        if subs == 1 { "" } else { "s" },
        if broken > 0 {
            format!(" ({broken} could not play)")
        } else {
            String::new()
        },
        if refs == 1 { "" } else { "s" },
        if forfeits == 1 { "" } else { "s" },
    );
    if r.tournament.cancelled {
        line.push_str("; stopped before the end: only the games played are counted");
    }
    line
}
