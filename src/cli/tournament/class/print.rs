//! What a class tournament prints: the settings lines of the reports, the
//! line on stderr before the games, and the summary on stdout as text or
//! JSON (the Markdown is the report's).

use std::time::SystemTime;

use chainlab::arena::TournamentReport;
use chainlab::arena::report::percent;
use chainlab::bots::external::DEFAULT_MOVE_LIMIT;
use chainlab::class::report::table::{strings, table};
use chainlab::class::report::{ClassReport, mark_text, pass_text, rating_text, summary_line};
use serde_json::json;

use super::setup::Setup;
use crate::cli::shown;

/// When the run started and how long it took.
pub struct Run {
    /// The start.
    pub when: SystemTime,
    /// Wall time in seconds.
    pub seconds: f64,
}

/// The settings as name and value, for the reports.
pub fn settings(setup: &Setup, t: &TournamentReport, run: &Run) -> Vec<(String, String)> {
    let c = &t.config.matches;
    let format = if setup.gauntlet {
        "gauntlet: each submission plays each reference"
    } else {
        "round robin: every player plays every other"
    };
    let time = match (&c.time_control, c.move_limit) {
        (Some(tc), _) => format!(
            "{} ms per move (a move later than {} ms more forfeits)",
            tc.per_move.as_millis(),
            tc.margin.as_millis()
        ),
        (None, Some(limit)) => format!("a move slower than {} ms forfeits", limit.as_millis()),
        (None, None) => format!(
            "no limit (a program forfeits a move slower than {} s)",
            DEFAULT_MOVE_LIMIT.as_secs()
        ),
    };
    let mut lines = vec![
        ("Format", format.to_string()),
        (
            "Games per pairing",
            format!("{}, in pairs with the seats swapped", c.games),
        ),
        ("Board", c.size.to_string()),
        ("Rules", c.rules.to_string()),
        ("Players per game", c.players.to_string()),
        ("Seed", c.seed.to_string()),
        (
            "Openings",
            if c.opening_plies == 0 {
                "none".to_string()
            } else {
                format!(
                    "{} random plies, shared by each pair of games",
                    c.opening_plies
                )
            },
        ),
        ("Draw after", format!("{} placements", c.cap())),
        ("Time", time),
        (
            "Played",
            format!("{} (UTC), {:.0} s", utc_text(run.when), run.seconds),
        ),
    ];
    if let Some(r) = &setup.records {
        lines.push(("Game records", r.display().to_string()));
    }
    lines.into_iter().map(|(k, v)| (k.to_string(), v)).collect()
}

/// `YYYY-MM-DD HH:MM` in UTC.
fn utc_text(when: SystemTime) -> String {
    let secs = when
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (days, rest) = ((secs / 86_400) as i64, secs % 86_400);
    // Howard Hinnant's civil_from_days.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02}",
        rest / 3600,
        rest % 3600 / 60
    )
}

/// The line printed before the games: what was found and what will be played.
pub fn stderr_summary(setup: &Setup, games: u64) -> String {
    let subs = setup.entrants.iter().filter(|e| !e.is_reference()).count();
    let broken = setup
        .entrants
        .iter()
        .filter(|e| !e.is_reference() && e.problem.is_some())
        .count();
    let refs = setup.entrants.len() - subs;
    let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
    format!(
        "chainlab: {} ({broken} cannot play), {}, {} skipped; {} of {} games",
        plural(subs, "submission"),
        plural(refs, "reference"),
        setup.skipped.len(),
        plural(setup.schedule.len(), "pairing"),
        games
    )
}

/// The most entries listed on the terminal; the report lists all.
const MAX_LISTED: usize = 12;

/// The summary for a terminal: grades, problems, ratings, where the reports are.
pub fn to_text(r: &ClassReport, setup: &Setup) -> String {
    let mut out = format!("{}: {}\n", shown(&r.heading()), shown(&summary_line(r)));
    for (k, v) in r.settings.iter().take(9) {
        out.push_str(&format!("  {k}: {}\n", shown(v)));
    }
    if !r.grades.is_empty() {
        out.push_str(&grade_table(r));
    }
    let problems: Vec<String> = r
        .entrants
        .iter()
        .filter_map(|e| {
            Some(format!(
                "  {}: {}\n",
                shown(&e.label),
                shown(&e.problem.as_ref()?.to_string())
            ))
        })
        .collect();
    list(&mut out, "Could not play", &problems);
    let skipped: Vec<String> = r
        .skipped
        .iter()
        .map(|(name, why)| format!("  {}: {}\n", shown(name), shown(why)))
        .collect();
    list(&mut out, "Skipped", &skipped);
    let forfeits: Vec<String> = r
        .forfeits
        .iter()
        .map(|g| {
            format!(
                "  {} ({} games): {}\n",
                shown(&g.player),
                g.games.len(),
                shown(&g.reason)
            )
        })
        .collect();
    list(&mut out, "Forfeits", &forfeits);
    out.push_str("\nRatings (Elo, mean 0, with 95% interval)\n");
    let rows: Vec<Vec<String>> = r
        .ratings
        .iter()
        .enumerate()
        .map(|(k, x)| {
            vec![
                (k + 1).to_string(),
                shown(r.label(x.entrant)).into_owned(),
                x.wdl.games().to_string(),
                percent(x.wdl.score()),
                rating_text(x),
            ]
        })
        .collect();
    let header = strings(&["#", "player", "games", "score", "rating"]);
    out.push_str(&table(
        &header,
        &rows,
        &[true, false, true, true, true],
        false,
    ));
    if let Some(files) = &setup.report {
        let names: Vec<String> = files
            .files
            .iter()
            .map(|f| shown(&f.display().to_string()).into_owned())
            .collect();
        out.push_str(&format!("\nReports: {}\n", names.join(", ")));
    }
    out
}

/// The grade table for a terminal.
fn grade_table(r: &ClassReport) -> String {
    let mut out = String::from("\nGrades (score against each reference: % (wins-draws-losses))\n");
    let refs = r.references();
    let mut header = strings(&["#", "submission"]);
    header.extend(refs.iter().map(|&i| {
        format!(
            "{} ({})",
            shown(r.label(i)),
            pass_text(r.pass_of(i).unwrap_or(0.0))
        )
    }));
    header.extend(strings(&["passed", "forfeits"]));
    let rows: Vec<Vec<String>> = r
        .grades
        .iter()
        .enumerate()
        .map(|(k, g)| {
            let mut row = vec![(k + 1).to_string(), shown(r.label(g.entrant)).into_owned()];
            row.extend(
                g.marks
                    .iter()
                    .map(|m| format!("{} {}", mark_text(&m.wdl), m.verdict())),
            );
            row.push(g.passed_text());
            row.push(g.forfeits().to_string());
            row
        })
        .collect();
    let mut right = vec![true, false];
    right.extend(std::iter::repeat_n(false, refs.len()));
    right.extend([false, true]);
    out.push_str(&table(&header, &rows, &right, false));
    out
}

/// Appends a titled list, cut at [`MAX_LISTED`] lines.
fn list(out: &mut String, title: &str, lines: &[String]) {
    if lines.is_empty() {
        return;
    }
    out.push_str(&format!("\n{title} ({})\n", lines.len()));
    for l in lines.iter().take(MAX_LISTED) {
        out.push_str(l);
    }
    if lines.len() > MAX_LISTED {
        out.push_str(&format!(
            "  … and {} more (see the report)\n",
            lines.len() - MAX_LISTED
        ));
    }
}

/// The whole result as one JSON object.
pub fn to_json(r: &ClassReport, setup: &Setup) -> serde_json::Value {
    let entrants: Vec<serde_json::Value> = r
        .entrants
        .iter()
        .enumerate()
        .map(|(i, e)| {
            json!({
                "label": e.label,
                "role": if e.is_reference() { "reference" } else { "submission" },
                "from": e.origin.to_string(),
                "pass": r.pass_of(i),
                "problem": e.problem.as_ref().map(ToString::to_string),
            })
        })
        .collect();
    let grades: Vec<serde_json::Value> = r
        .grades
        .iter()
        .map(|g| {
            let marks: Vec<serde_json::Value> = g
                .marks
                .iter()
                .map(|m| {
                    json!({
                        "reference": r.label(m.reference),
                        "score": m.score(),
                        "wins": m.wdl.wins, "draws": m.wdl.draws, "losses": m.wdl.losses,
                        "forfeits": m.forfeits, "pass": m.pass,
                        "passed": m.is_graded().then(|| m.is_passed()),
                    })
                })
                .collect();
            json!({
                "submission": r.label(g.entrant),
                "passed": g.is_graded().then(|| g.passed()),
                "graded": g.is_graded(),
                "references": g.marks.len(),
                "forfeits": g.forfeits(),
                "marks": marks,
            })
        })
        .collect();
    let ratings: Vec<serde_json::Value> = r
        .ratings
        .iter()
        .map(|x| {
            json!({
                "player": r.label(x.entrant),
                "games": x.wdl.games(), "wins": x.wdl.wins, "draws": x.wdl.draws,
                "losses": x.wdl.losses, "forfeits": x.forfeits,
                "rating": x.rating, "interval95": x.interval,
            })
        })
        .collect();
    let forfeits: Vec<serde_json::Value> = r
        .forfeits
        .iter()
        .map(|g| json!({"player": g.player, "reason": g.reason, "games": g.games}))
        .collect();
    let skipped: Vec<serde_json::Value> = r
        .skipped
        .iter()
        .map(|(entry, reason)| json!({"entry": entry, "reason": reason}))
        .collect();
    json!({
        "format": if setup.gauntlet { "gauntlet" } else { "round robin" },
        "settings": r.settings.iter().map(|(k, v)| json!([k, v])).collect::<Vec<_>>(),
        "entrants": entrants,
        "skipped": skipped,
        "grades": grades,
        "ratings": ratings,
        "forfeits": forfeits,
        "pairings": r.tournament.pairings,
        "records": setup.records.as_ref().map(|p| p.display().to_string()),
        "reports": setup.report.as_ref().map(|f| f.files.iter().map(|p| p.display().to_string()).collect::<Vec<_>>()),
        "cancelled": r.tournament.cancelled,
    })
}
