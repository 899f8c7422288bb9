//! The class report as one self-contained HTML page (`report.html`): inline
//! CSS, no scripts, nothing fetched from the network, so it opens from a
//! disk, a mail or a learning platform and prints on paper (where the long
//! list of games is left out and the colours are kept).
//!
//! Anchors: `#e-I` for entrant `I`, `#p-K` for pairing `K`, `#g-K-N` for
//! game `N` of pairing `K`; forfeits link to their games, and each game
//! shows its replay command in a box that selects whole on a click.

use std::fmt::Write;

use super::{ClassReport, pass_text, rating_text, summary_line};
use crate::arena::report::percent;
use crate::input::printable;

/// `text` as HTML text or attribute value: control characters shown
/// escaped, `& < > " '` as entities.
pub fn esc(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    for c in printable(text).chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// The whole page.
pub fn to_html(r: &ClassReport) -> String {
    let mut out = String::with_capacity(64 * 1024 + r.games.len() * 300);
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{title}</title>\n<style>\n{css}</style>\n</head>\n<body>\n\
         <header>\n<h1>{title}</h1>\n<p class=\"summary\">{summary}</p>\n<nav>",
        title = esc(&r.heading()),
        css = include_str!("style.css"),
        summary = esc(&summary_line(r)),
    );
    let mut sections = vec![("settings", "Settings")];
    if !r.grades.is_empty() {
        sections.push(("grades", "Grades"));
    }
    sections.extend([
        ("submissions", "Submissions"),
        ("forfeits", "Forfeits"),
        ("ratings", "Ratings"),
        ("crosstable", "Crosstable"),
        ("games", "Games"),
    ]);
    for (id, name) in &sections {
        let _ = write!(out, "<a href=\"#{id}\">{name}</a>");
    }
    out.push_str("</nav>\n</header>\n");
    settings(r, &mut out);
    if !r.grades.is_empty() {
        grades(r, &mut out);
    }
    submissions(r, &mut out);
    forfeits(r, &mut out);
    ratings(r, &mut out);
    crosstable(r, &mut out);
    games(r, &mut out);
    out.push_str("<footer>Written by chainlab ");
    out.push_str(env!("CARGO_PKG_VERSION"));
    out.push_str(".</footer>\n</body>\n</html>\n");
    out
}

/// The settings as a definition list.
fn settings(r: &ClassReport, out: &mut String) {
    out.push_str("<section id=\"settings\">\n<h2>Settings</h2>\n<dl class=\"settings\">\n");
    for (name, value) in &r.settings {
        let _ = writeln!(out, "<dt>{}</dt><dd>{}</dd>", esc(name), esc(value));
    }
    out.push_str("</dl>\n</section>\n");
}

/// A link to entrant `i`'s line: a submission's in the submissions table,
/// a reference's in the ratings.
fn entrant_link(r: &ClassReport, i: usize) -> String {
    let section = if r.pass_of(i).is_some() { 'r' } else { 'e' };
    format!("<a href=\"#{section}-{i}\">{}</a>", esc(r.label(i)))
}

/// The grade table: a coloured cell per reference, passed and failed in words too.
fn grades(r: &ClassReport, out: &mut String) {
    let refs = r.references();
    out.push_str("<section id=\"grades\">\n<h2>Grades</h2>\n");
    out.push_str(
        "<p class=\"note\">Score against each reference (a win 1, a draw ½; forfeits count as \
         losses) with wins-draws-losses; a submission passes a reference when its score reaches \
         the pass mark.</p>\n<div class=\"wide\"><table class=\"grades\">\n<thead><tr>\
         <th class=\"num\">#</th><th>Submission</th>",
    );
    for &i in &refs {
        let _ = write!(
            out,
            "<th>vs {}<small>pass {}</small></th>",
            esc(r.label(i)),
            pass_text(r.pass_of(i).unwrap_or(0.0))
        );
    }
    out.push_str("<th>Passed</th><th class=\"num\">Forfeits</th></tr></thead>\n<tbody>\n");
    for (k, g) in r.grades.iter().enumerate() {
        let broken = r
            .entrants
            .get(g.entrant)
            .is_some_and(|e| e.problem.is_some());
        let _ = write!(
            out,
            "<tr{}><td class=\"num\">{}</td><td>{}{}</td>",
            if broken { " class=\"broken\"" } else { "" },
            k + 1,
            entrant_link(r, g.entrant),
            if broken {
                "<small class=\"problem\">could not play</small>"
            } else {
                ""
            }
        );
        for m in &g.marks {
            let (class, verdict) = match (m.is_graded(), m.is_passed()) {
                (false, _) => ("ungraded", "not graded"),
                (true, true) => ("pass", "✓ pass"),
                (true, false) => ("fail", "✗ fail"),
            };
            let _ = write!(
                out,
                "<td class=\"{class}\">{} <span class=\"verdict\">{verdict}</span><small>{}-{}-{}</small></td>",
                percent(m.wdl.score()),
                m.wdl.wins,
                m.wdl.draws,
                m.wdl.losses
            );
        }
        let _ = writeln!(
            out,
            "<td class=\"total\">{}</td><td class=\"num\">{}</td></tr>",
            g.passed_text(),
            g.forfeits()
        );
    }
    out.push_str("</tbody>\n</table></div>\n</section>\n");
}

/// The submissions with where they came from and whether they play; the
/// entries skipped.
fn submissions(r: &ClassReport, out: &mut String) {
    out.push_str(
        "<section id=\"submissions\">\n<h2>Submissions</h2>\n<table>\n<thead><tr>\
         <th>Submission</th><th>From</th><th>Status</th></tr></thead>\n<tbody>\n",
    );
    for (i, e) in r.entrants.iter().enumerate() {
        if e.is_reference() {
            continue;
        }
        let status = match &e.problem {
            Some(p) => format!(
                "<span class=\"problem reason\">{}</span>",
                esc(&p.to_string())
            ),
            None => "plays".to_string(),
        };
        let note = e
            .note
            .as_ref()
            .map_or_else(String::new, |n| format!("<small>{}</small>", esc(n)));
        let _ = writeln!(
            out,
            "<tr id=\"e-{i}\"{}><td>{}{note}</td><td>{}</td><td>{status}</td></tr>",
            if e.problem.is_some() {
                " class=\"broken\""
            } else {
                ""
            },
            esc(&e.label),
            esc(&e.origin.to_string()),
        );
    }
    out.push_str("</tbody>\n</table>\n");
    if !r.skipped.is_empty() {
        let _ = write!(
            out,
            "<h3>Skipped ({})</h3>\n<p class=\"note\">Entries of the folder that are not \
             submissions.</p>\n<table>\n<thead><tr><th>Entry</th><th>Why</th></tr></thead>\n<tbody>\n",
            r.skipped.len()
        );
        for (name, why) in r.skipped {
            let _ = writeln!(out, "<tr><td>{}</td><td>{}</td></tr>", esc(name), esc(why));
        }
        out.push_str("</tbody>\n</table>\n");
    }
    out.push_str("</section>\n");
}

/// The most games linked from one line of the forfeits (all are in the games list).
const MAX_LINKS: usize = 12;

/// The forfeits by player and reason, each game linked.
fn forfeits(r: &ClassReport, out: &mut String) {
    out.push_str("<section id=\"forfeits\">\n<h2>Forfeits</h2>\n");
    if r.forfeits.is_empty() {
        out.push_str("<p>No game was forfeited.</p>\n</section>\n");
        return;
    }
    out.push_str(
        "<table>\n<thead><tr><th>Player</th><th class=\"num\">Games</th><th>Reason</th>\
         <th>Games (pairing/game)</th></tr></thead>\n<tbody>\n",
    );
    for g in &r.forfeits {
        let mut links: Vec<String> = g
            .games
            .iter()
            .take(MAX_LINKS)
            .map(|(p, n)| format!("<a href=\"#g-{p}-{n}\">{p}/{n}</a>"))
            .collect();
        if g.games.len() > MAX_LINKS {
            links.push(format!("and {} more", g.games.len() - MAX_LINKS));
        }
        let player = r
            .entrants
            .iter()
            .position(|e| e.label == g.player)
            .map_or_else(|| esc(&g.player), |i| entrant_link(r, i));
        let _ = writeln!(
            out,
            "<tr><td>{player}</td><td class=\"num\">{}</td><td class=\"reason\">{}</td><td>{}</td></tr>",
            g.games.len(),
            esc(&g.reason),
            links.join(" ")
        );
    }
    out.push_str("</tbody>\n</table>\n</section>\n");
}

/// The ratings with a bar per interval on a shared scale.
fn ratings(r: &ClassReport, out: &mut String) {
    out.push_str(
        "<section id=\"ratings\">\n<h2>Ratings</h2>\n<p class=\"note\">Elo fitted to all games \
         (mean 0) with its 95% interval, drawn on one scale (the thin line is 0). Submissions \
         that could not play are left out of the fit.</p>\n<table>\n<thead><tr>\
         <th class=\"num\">#</th><th>Player</th><th class=\"num\">Games</th>\
         <th class=\"num\">W-D-L</th><th class=\"num\">Score</th><th class=\"num\">Rating</th>\
         <th>95% interval</th><th class=\"num\">Forfeits</th></tr></thead>\n<tbody>\n",
    );
    let (low, high) = r
        .ratings
        .iter()
        .filter_map(|x| Some((x.rating?, x.interval.unwrap_or(0.0))))
        .fold((0.0f64, 0.0f64), |(lo, hi), (x, e)| {
            (lo.min(x - e), hi.max(x + e))
        });
    let span = (high - low).max(1.0);
    let at = |x: f64| 100.0 * (x - low) / span;
    for (k, x) in r.ratings.iter().enumerate() {
        let bar = match x.rating {
            Some(rating) => {
                let e = x.interval.unwrap_or(0.0);
                format!(
                    "<div class=\"ci\"><span class=\"zero\" style=\"left:{:.1}%\"></span>\
                     <span class=\"range\" style=\"left:{:.1}%;width:{:.1}%\"></span>\
                     <span class=\"dot\" style=\"left:{:.1}%\"></span></div>",
                    at(0.0),
                    at(rating - e),
                    at(rating + e) - at(rating - e),
                    at(rating)
                )
            }
            None => String::new(),
        };
        let _ = writeln!(
            out,
            "<tr id=\"r-{}\"><td class=\"num\">{}</td><td>{}</td><td class=\"num\">{}</td>\
             <td class=\"num\">{}-{}-{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td>\
             <td>{bar}</td><td class=\"num\">{}</td></tr>",
            x.entrant,
            k + 1,
            esc(r.label(x.entrant)),
            x.wdl.games(),
            x.wdl.wins,
            x.wdl.draws,
            x.wdl.losses,
            percent(x.wdl.score()),
            esc(&rating_text(x)),
            x.forfeits
        );
    }
    out.push_str("</tbody>\n</table>\n</section>\n");
}

/// The crosstable, each cell shaded by the row player's score.
fn crosstable(r: &ClassReport, out: &mut String) {
    let (rows, cols) = r.crosstable_axes();
    let _ = write!(
        out,
        "<section id=\"crosstable\">\n<h2>Crosstable</h2>\n<p class=\"note\">Points of the row \
         player against the column player, out of {} games.</p>\n<div class=\"wide\"><table>\n\
         <thead><tr><th>Player</th>",
        r.tournament.config.matches.games
    );
    for &j in &cols {
        let _ = write!(out, "<th class=\"num\">{}</th>", esc(r.label(j)));
    }
    out.push_str("</tr></thead>\n<tbody>\n");
    for &i in &rows {
        let _ = write!(out, "<tr><td>{}</td>", esc(r.label(i)));
        for &j in &cols {
            let cell = r.cross_cell(i, j);
            let shade = match r.tournament.cross(i, j) {
                Some((points, games)) if i != j && games > 0 => {
                    let s = points / games as f64;
                    // Red (0) through white (½) to green (1).
                    let hue = if s < 0.5 { 0 } else { 130 };
                    let strength = ((s - 0.5).abs() * 2.0 * 24.0).round();
                    format!(
                        " style=\"background:hsl({hue} 65% {:.0}%)\"",
                        98.0 - strength
                    )
                }
                _ => String::new(),
            };
            let class = if i == j { "cross self" } else { "cross" };
            let _ = write!(out, "<td class=\"{class}\"{shade}>{}</td>", esc(&cell));
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</tbody>\n</table></div>\n</section>\n");
}

/// Every game by pairing, with its replay command.
fn games(r: &ClassReport, out: &mut String) {
    out.push_str("<section id=\"games\">\n<h2>Games</h2>\n");
    match &r.replay {
        Some(replay) => {
            let _ = writeln!(
                out,
                "<p class=\"note\">Replay a game with its command, run {} (click a command to \
                 select it).</p>",
                esc(&replay.from)
            );
        }
        None => out.push_str("<p class=\"note\">The games were not recorded.</p>\n"),
    }
    out.push_str(
        "<p class=\"games-print note\">The list of games is left out of the printed page.</p>\n",
    );
    for (k, p) in r.tournament.pairings.iter().enumerate() {
        let _ = write!(
            out,
            "<div class=\"pairing\" id=\"p-{k}\">\n<h3>Pairing {k}: {} vs {}</h3>\n<table>\n\
             <thead><tr><th class=\"num\">Game</th><th>Seats (A first)</th><th>Result</th>\
             <th class=\"num\">Moves</th><th>Replay</th></tr></thead>\n<tbody>\n",
            esc(r.label(p.a)),
            esc(r.label(p.b))
        );
        for g in r.games_of(k as u32) {
            let replay = r.replay.as_ref().map_or_else(String::new, |x| {
                format!(
                    "<code class=\"cmd\">{}</code>",
                    esc(&x.command(g.pairing, g.game))
                )
            });
            let result = match g.forfeit_reason() {
                Some(why) => format!(
                    "{}<small class=\"reason\">{}</small>",
                    esc(&g.result()),
                    esc(why)
                ),
                None => esc(&g.result()),
            };
            let _ = writeln!(
                out,
                "<tr id=\"g-{}-{}\"><td class=\"num\">{}</td><td>{}</td><td>{result}</td>\
                 <td class=\"num\">{}</td><td>{replay}</td></tr>",
                g.pairing,
                g.game,
                g.game,
                esc(&g.players.join(" vs ")),
                g.moves
            );
        }
        out.push_str("</tbody>\n</table>\n</div>\n");
    }
    out.push_str("</section>\n");
}
