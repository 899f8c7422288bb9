//! The class report as Markdown (`report.md`): readable as plain text and
//! rendered by any Markdown viewer.

use super::table::{strings, table};
use super::{ClassReport, mark_text, pass_text, rating_text, summary_line};
use crate::arena::report::percent;
use crate::input::printable;

/// `text` safe inside Markdown (and a table cell): control characters
/// escaped, table and emphasis characters backslashed, HTML characters as
/// entities (Markdown viewers pass HTML through).
pub fn md(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in printable(text).chars() {
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '\\' | '|' | '*' | '_' | '`' | '[' | ']' | '#' | '~' => {
                out.push('\\');
                out.push(c);
            }
            c => out.push(c),
        }
    }
    out
}

/// `text` as a Markdown code span that also holds inside a table: fenced
/// by more backticks than it contains in a row, `|` backslashed.
pub fn md_code(text: &str) -> String {
    let shown = printable(text).replace('|', "\\|");
    let mut longest = 0;
    let mut run = 0;
    for c in shown.chars() {
        run = if c == '`' { run + 1 } else { 0 };
        longest = longest.max(run);
    }
    let fence = "`".repeat(longest + 1);
    if longest == 0 {
        format!("{fence}{shown}{fence}")
    } else {
        format!("{fence} {shown} {fence}")
    }
}

/// The whole report as Markdown.
pub fn to_markdown(r: &ClassReport) -> String {
    let mut out = format!("# {}\n\n{}\n\n", md(&r.heading()), md(&summary_line(r)));
    out.push_str("## Settings\n\n");
    for (name, value) in &r.settings {
        out.push_str(&format!("- **{}**: {}\n", md(name), md(value)));
    }
    out.push('\n');
    if !r.grades.is_empty() {
        out.push_str("## Grades\n\n");
        out.push_str(&grades(r));
        out.push('\n');
    }
    out.push_str(&submissions(r));
    out.push_str(&forfeits(r));
    out.push_str("## Ratings\n\n");
    out.push_str(&ratings(r));
    out.push_str(
        "\nRatings are Elo, fitted to all games (mean 0), with their 95% interval; \
         submissions that could not play are left out of the fit.\n\n",
    );
    out.push_str(&format!(
        "## Crosstable\n\nPoints of the row player against the column player, out of {} games.\n\n",
        r.tournament.config.matches.games
    ));
    out.push_str(&crosstable(r));
    out.push('\n');
    out.push_str(&games(r));
    out
}

/// The grade table: one row per submission, a cell per reference.
fn grades(r: &ClassReport) -> String {
    let refs = r.references();
    let mut header = strings(&["#", "submission"]);
    header.extend(refs.iter().map(|&i| {
        format!(
            "vs {} (pass {})",
            md(r.label(i)),
            pass_text(r.pass_of(i).unwrap_or(0.0))
        )
    }));
    header.extend(strings(&["passed", "forfeits", "status"]));
    let rows: Vec<Vec<String>> = r
        .grades
        .iter()
        .enumerate()
        .map(|(k, g)| {
            let mut row = vec![(k + 1).to_string(), md(r.label(g.entrant))];
            row.extend(
                g.marks
                    .iter()
                    .map(|m| format!("{} {}", mark_text(&m.wdl), m.verdict())),
            );
            row.push(g.passed_text());
            row.push(g.forfeits().to_string());
            row.push(
                match r.entrants.get(g.entrant).and_then(|e| e.problem.as_ref()) {
                    Some(_) => "could not play (see below)".to_string(),
                    None => "plays".to_string(),
                },
            );
            row
        })
        .collect();
    let mut right = vec![true, false];
    right.extend(std::iter::repeat_n(false, refs.len()));
    right.extend([true, true, false]);
    table(&header, &rows, &right, true)
}

/// The submissions, what they are and whether they play, and the entries skipped.
fn submissions(r: &ClassReport) -> String {
    let mut out = String::from("## Submissions\n\n");
    let rows: Vec<Vec<String>> = r
        .entrants
        .iter()
        .enumerate()
        .filter(|(_, e)| !e.is_reference())
        .map(|(i, e)| vec![md(&e.label), md(&e.origin.to_string()), md(&r.status(i))])
        .collect();
    out.push_str(&table(
        &strings(&["submission", "from", "status"]),
        &rows,
        &[],
        true,
    ));
    if !r.skipped.is_empty() {
        out.push_str("\nSkipped (not submissions):\n\n");
        let rows: Vec<Vec<String>> = r
            .skipped
            .iter()
            .map(|(name, why)| vec![md(name), md(why)])
            .collect();
        out.push_str(&table(&strings(&["entry", "why"]), &rows, &[], true));
    }
    out.push('\n');
    out
}

/// The forfeits by player and reason, with the games and how to replay one.
fn forfeits(r: &ClassReport) -> String {
    let mut out = String::from("## Forfeits\n\n");
    if r.forfeits.is_empty() {
        out.push_str("No game was forfeited.\n\n");
        return out;
    }
    let rows: Vec<Vec<String>> = r
        .forfeits
        .iter()
        .map(|g| {
            let games: Vec<String> = g
                .games
                .iter()
                .take(12)
                .map(|(p, n)| format!("{p}/{n}"))
                .collect();
            let more = g.games.len().saturating_sub(12);
            let mut listed = games.join(", ");
            if more > 0 {
                listed.push_str(&format!(" and {more} more"));
            }
            let replay = match (&r.replay, g.games.first()) {
                (Some(replay), Some(&(p, n))) => md_code(&replay.command(p, n)),
                _ => String::new(),
            };
            vec![
                md(&g.player),
                g.games.len().to_string(),
                md(&g.reason),
                listed,
                replay,
            ]
        })
        .collect();
    let header = strings(&[
        "player",
        "games",
        "reason",
        "pairing/game",
        "replay the first",
    ]);
    out.push_str(&table(&header, &rows, &[false, true], true));
    out.push('\n');
    out
}

/// The ratings table.
fn ratings(r: &ClassReport) -> String {
    let header = strings(&[
        "#", "player", "games", "wins", "draws", "losses", "score", "rating", "forfeits",
    ]);
    let rows: Vec<Vec<String>> = r
        .ratings
        .iter()
        .enumerate()
        .map(|(k, x)| {
            vec![
                (k + 1).to_string(),
                md(r.label(x.entrant)),
                x.wdl.games().to_string(),
                x.wdl.wins.to_string(),
                x.wdl.draws.to_string(),
                x.wdl.losses.to_string(),
                percent(x.wdl.score()),
                rating_text(x),
                x.forfeits.to_string(),
            ]
        })
        .collect();
    let right = [true, false, true, true, true, true, true, true, true];
    table(&header, &rows, &right, true)
}

/// The crosstable, columns numbered as in the header row's legend.
fn crosstable(r: &ClassReport) -> String {
    let (rows, cols) = r.crosstable_axes();
    let mut header = strings(&["player"]);
    header.extend(cols.iter().map(|&j| md(r.label(j))));
    let body: Vec<Vec<String>> = rows
        .iter()
        .map(|&i| {
            let mut row = vec![md(r.label(i))];
            row.extend(cols.iter().map(|&j| r.cross_cell(i, j)));
            row
        })
        .collect();
    let mut right = vec![false];
    right.extend(std::iter::repeat_n(true, cols.len()));
    table(&header, &body, &right, true)
}

/// Every game by pairing, with its replay command.
fn games(r: &ClassReport) -> String {
    let mut out = String::from("## Games\n\n");
    match &r.replay {
        Some(replay) => out.push_str(&format!(
            "Replay a game with the command beside it, run {}.\n\n",
            md(&replay.from)
        )),
        None => out.push_str("The games were not recorded, so they cannot be replayed.\n\n"),
    }
    for (k, p) in r.tournament.pairings.iter().enumerate() {
        out.push_str(&format!(
            "### Pairing {k}: {} vs {}\n\n",
            md(r.label(p.a)),
            md(r.label(p.b))
        ));
        let rows: Vec<Vec<String>> = r
            .games_of(k as u32)
            .map(|g| {
                vec![
                    g.game.to_string(),
                    md(&g.players.join(" vs ")),
                    md(&g.result()),
                    g.moves.to_string(),
                    r.replay
                        .as_ref()
                        .map_or_else(String::new, |x| md_code(&x.command(g.pairing, g.game))),
                ]
            })
            .collect();
        let header = strings(&["game", "seats (A first)", "result", "moves", "replay"]);
        out.push_str(&table(&header, &rows, &[true, false, false, true], true));
        out.push('\n');
    }
    out
}
