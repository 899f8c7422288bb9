//! The class report as CSV (`report.csv`, RFC 4180: comma separated, CRLF
//! line ends, fields quoted where needed): one row per submission with its
//! grade against every reference, ready for a spreadsheet or a gradebook;
//! without references, one row per player of the ranking.
//!
//! Numbers are plain (`62.5`, not `62.5%`), so a spreadsheet reads them as
//! numbers; text fields that start like a formula get a leading `'`.

use super::ClassReport;
use crate::class::NOT_GRADED;
use crate::input::printable;

/// A text field: quoted when it holds a comma, quote or line break, and
/// never read as a formula.
fn text(s: &str) -> String {
    let shown = printable(s);
    let guarded = if shown.starts_with(['=', '+', '-', '@']) {
        format!("'{shown}")
    } else {
        shown.into_owned()
    };
    if guarded.contains([',', '"', '\n', '\r']) || guarded.starts_with(' ') {
        format!("\"{}\"", guarded.replace('"', "\"\""))
    } else {
        guarded
    }
}

/// A number with `decimals` decimals, empty when unknown.
fn number(x: Option<f64>, decimals: usize) -> String {
    x.map_or_else(String::new, |x| format!("{x:.decimals$}"))
}

/// Joins fields into one CSV line.
fn line(fields: Vec<String>) -> String {
    let mut l = fields.join(",");
    l.push_str("\r\n");
    l
}

/// The report as CSV: the grade table, or the ranking when nobody is graded.
pub fn to_csv(r: &ClassReport) -> String {
    if r.grades.is_empty() {
        ranking(r)
    } else {
        grades(r)
    }
}

/// One row per submission: totals, then per reference score, results and verdict.
fn grades(r: &ClassReport) -> String {
    let refs = r.references();
    let mut header: Vec<String> = [
        "submission",
        "from",
        "status",
        "games",
        "wins",
        "draws",
        "losses",
        "score %",
        "forfeits",
        "references passed",
        "references",
        "rating",
        "rating 95% +/-",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    for &i in &refs {
        let name = printable(r.label(i)).into_owned();
        for column in [
            "score %",
            "wins",
            "draws",
            "losses",
            "pass mark %",
            "passed",
        ] {
            header.push(text(&format!("{name} {column}")));
        }
    }
    let mut out = line(header);
    for g in &r.grades {
        let total = g.total();
        let rated = r.ratings.iter().find(|x| x.entrant == g.entrant);
        let entrant = r.entrants.get(g.entrant);
        let mut row = vec![
            text(r.label(g.entrant)),
            text(&entrant.map_or_else(String::new, |e| e.origin.to_string())),
            text(&r.status(g.entrant)),
            total.games().to_string(),
            total.wins.to_string(),
            total.draws.to_string(),
            total.losses.to_string(),
            number(total.score().map(|s| 100.0 * s), 1),
            g.forfeits().to_string(),
            if g.is_graded() {
                g.passed().to_string()
            } else {
                NOT_GRADED.to_string()
            },
            g.marks.len().to_string(),
            number(rated.and_then(|x| x.rating), 0),
            number(rated.and_then(|x| x.interval), 0),
        ];
        for m in &g.marks {
            row.extend([
                number(m.score(), 1),
                m.wdl.wins.to_string(),
                m.wdl.draws.to_string(),
                m.wdl.losses.to_string(),
                number(Some(m.pass), 1),
                match (m.is_graded(), m.is_passed()) {
                    (false, _) => NOT_GRADED,
                    (true, true) => "yes",
                    (true, false) => "no",
                }
                .to_string(),
            ]);
        }
        out.push_str(&line(row));
    }
    out
}

/// One row per player in rating order.
fn ranking(r: &ClassReport) -> String {
    let header = [
        "rank",
        "player",
        "from",
        "status",
        "games",
        "wins",
        "draws",
        "losses",
        "score %",
        "forfeits",
        "rating",
        "rating 95% +/-",
    ];
    let mut out = line(header.iter().map(|s| s.to_string()).collect());
    for (k, x) in r.ratings.iter().enumerate() {
        let entrant = r.entrants.get(x.entrant);
        out.push_str(&line(vec![
            (k + 1).to_string(),
            text(r.label(x.entrant)),
            text(&entrant.map_or_else(String::new, |e| e.origin.to_string())),
            text(&r.status(x.entrant)),
            x.wdl.games().to_string(),
            x.wdl.wins.to_string(),
            x.wdl.draws.to_string(),
            x.wdl.losses.to_string(),
            number(x.wdl.score().map(|s| 100.0 * s), 1),
            x.forfeits.to_string(),
            number(x.rating, 0),
            number(x.interval, 0),
        ]));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_are_quoted_and_never_formulas() {
        assert_eq!(text("alice"), "alice");
        assert_eq!(text("a,b"), "\"a,b\"");
        assert_eq!(text("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(text("=1+1"), "'=1+1");
        assert_eq!(text("-x,y"), "\"'-x,y\"");
        assert_eq!(text("two\nlines"), "two\\nlines");
        assert_eq!(number(Some(-12.34), 0), "-12");
        assert_eq!(number(None, 1), "");
    }
}
