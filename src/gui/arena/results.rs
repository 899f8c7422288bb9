//! The results of a run as the command line prints them: for a match the
//! W/D/L table, score, Elo difference with its 95% interval, LOS, game
//! length, forfeits with their reasons; for a tournament the ranking (with
//! fitted ratings) and the crosstable.

use std::time::Duration;

use crate::arena::report::{self, Infinity};
use crate::arena::{Estimate, MatchConfig, Pairing, Standing, Stop, Tally, Wdl};
use crate::gui::{layout, theme};

use super::run::{ForfeitNote, PairingLive};

/// A time in seconds, with two decimals below one second.
pub fn seconds(secs: f64) -> String {
    if secs < 1.0 {
        format!("{secs:.2} s")
    } else {
        format!("{secs:.1} s")
    }
}

/// What a match panel shows besides the tally.
pub struct MatchFacts<'a> {
    /// Side A's name.
    pub a: &'a str,
    /// Side B's name.
    pub b: &'a str,
    /// How the match is played.
    pub config: &'a MatchConfig,
    /// Why it stopped, once it has.
    pub stop: Option<Stop>,
    /// The SPRT's log-likelihood ratio, when one runs.
    pub llr: Option<f64>,
    /// Time so far.
    pub elapsed: Duration,
    /// Forfeits with their reasons.
    pub forfeits: &'a [ForfeitNote],
}

/// The W/D/L table of a match and its statistics.
pub fn match_ui(ui: &mut egui::Ui, tally: &Tally, facts: &MatchFacts<'_>) {
    score_table_ui(ui, &tally.wdl, facts);
    ui.add_space(8.0);
    layout::table(ui, |ui| {
        egui::Grid::new("arena_match_stats")
            .num_columns(2)
            .spacing([18.0, 4.0])
            .show(ui, |ui| statistics_ui(ui, tally, facts))
    });
    forfeit_reasons(ui, facts.forfeits);
}

/// Wins, draws, losses and score of both players, A first.
fn score_table_ui(ui: &mut egui::Ui, wdl: &Wdl, facts: &MatchFacts<'_>) {
    layout::table(ui, |ui| {
        egui::Grid::new("arena_match_table")
            .num_columns(5)
            .spacing([18.0, 4.0])
            .striped(true)
            .show(ui, |ui| {
                for head in ["player", "wins", "draws", "losses", "score"] {
                    ui.label(egui::RichText::new(head).color(theme::MUTED_TEXT));
                }
                ui.end_row();
                for row in report::score_rows(wdl, facts.a, facts.b) {
                    ui.label(egui::RichText::new(row.player).strong());
                    ui.label(row.wins.to_string());
                    ui.label(row.draws.to_string());
                    ui.label(row.losses.to_string());
                    ui.label(egui::RichText::new(row.score).strong());
                    ui.end_row();
                }
            })
    });
}

/// The rows of the statistics grid: Elo difference and LOS (explained on
/// hover), game length, forfeits, caps, the SPRT, and the time taken.
fn statistics_ui(ui: &mut egui::Ui, tally: &Tally, facts: &MatchFacts<'_>) {
    let w = tally.wdl;
    let counts = tally.counts();
    let row = |ui: &mut egui::Ui, key: &str, value: String| {
        ui.label(egui::RichText::new(key).color(theme::MUTED_TEXT));
        ui.label(value);
        ui.end_row();
    };
    if let Some(pairs) = report::pentanomial(&tally.pentanomial) {
        row(ui, "Pairs", pairs);
    }
    ui.label(egui::RichText::new("Elo difference").color(theme::MUTED_TEXT));
    let elo = report::elo_summary(&counts, facts.a, facts.b, Infinity::Symbol);
    ui.label(egui::RichText::new(elo).strong()).on_hover_text(
        "How much stronger the first player is on the Elo scale (+191 is a 75% score), \
         and the range that holds the true difference with 95% confidence.",
    );
    ui.end_row();
    ui.label(egui::RichText::new("LOS").color(theme::MUTED_TEXT));
    ui.label(report::percent(counts.los()))
        .on_hover_text(format!(
            "Likelihood of superiority: how sure it is that {} is the stronger.",
            facts.a
        ));
    ui.end_row();
    row(ui, "Game length", report::game_length(tally));
    let forfeits = report::forfeit_counts(tally, facts.a, facts.b);
    row(
        ui,
        "Forfeits",
        forfeits.unwrap_or_else(|| "none".to_string()),
    );
    if let Some(capped) = report::capped(tally, facts.config.cap()) {
        row(ui, "Capped", capped);
    }
    if let Some(sprt) = facts.config.sprt {
        let verdict = report::sprt_verdict(&sprt, facts.stop, facts.llr, w.games(), facts.a);
        row(ui, &report::sprt_heading(&sprt), verdict);
    }
    let secs = facts.elapsed.as_secs_f64();
    row(
        ui,
        "Time",
        format!(
            "{} ({:.1} games/s)",
            seconds(secs),
            w.games() as f64 / secs.max(1e-9)
        ),
    );
}

/// The reasons players forfeited, one line each.
pub fn forfeit_reasons(ui: &mut egui::Ui, forfeits: &[ForfeitNote]) {
    if forfeits.is_empty() {
        return;
    }
    ui.add_space(6.0);
    ui.label(egui::RichText::new("Forfeit reasons").strong());
    for note in forfeits {
        ui.colored_label(
            theme::HINT_TEXT,
            format!("{} × {}: {}", note.count, note.player, note.reason),
        );
    }
}

/// The ranking of a tournament so far.
pub fn ranking_ui(ui: &mut egui::Ui, standings: &[Standing]) {
    layout::table(ui, |ui| {
        egui::Grid::new("arena_ranking")
            .num_columns(8)
            .spacing([14.0, 4.0])
            .striped(true)
            .show(ui, |ui| {
                for head in [
                    "#", "player", "games", "wins", "draws", "losses", "score", "rating",
                ] {
                    ui.label(egui::RichText::new(head).color(theme::MUTED_TEXT));
                }
                ui.end_row();
                for (rank, s) in standings.iter().enumerate() {
                    ui.label((rank + 1).to_string());
                    ui.label(egui::RichText::new(&s.player).strong());
                    ui.label(s.wdl.games().to_string());
                    ui.label(s.wdl.wins.to_string());
                    ui.label(s.wdl.draws.to_string());
                    ui.label(s.wdl.losses.to_string());
                    let score = if s.wdl.games() > 0 {
                        report::standing_score(s.score)
                    } else {
                        "-".to_string()
                    };
                    ui.label(egui::RichText::new(score).strong());
                    ui.label(report::rating(s.rating)).on_hover_text(
                        "Elo-scale rating fitted to all results (mean 0): the difference between \
                         two ratings predicts their score against each other.",
                    );
                    ui.end_row();
                }
            })
    });
}

/// Points of entrant `row` against entrant `col` and the games they played.
pub fn cross(pairings: &[Pairing], row: usize, col: usize) -> Option<(f64, u64)> {
    pairings.iter().find_map(|p| {
        let w = p.tally.wdl;
        if p.a == row && p.b == col {
            Some((w.points(), w.games()))
        } else if p.a == col && p.b == row {
            Some((w.losses as f64 + w.draws as f64 / 2.0, w.games()))
        } else {
            None
        }
    })
}

/// The crosstable in ranking order: the row player's points against the
/// column player; the pairing in progress (if any) in a muted colour.
pub fn crosstable_ui(
    ui: &mut egui::Ui,
    labels: &[String],
    standings: &[Standing],
    pairings: &[Pairing],
    current: Option<&PairingLive>,
) {
    let order: Vec<usize> = standings.iter().map(|s| s.entrant).collect();
    layout::table(ui, |ui| {
        egui::Grid::new("arena_crosstable")
            .num_columns(order.len() + 2)
            .spacing([14.0, 4.0])
            .striped(true)
            .show(ui, |ui| {
                ui.label(egui::RichText::new("#").color(theme::MUTED_TEXT));
                ui.label(egui::RichText::new("player").color(theme::MUTED_TEXT));
                for k in 1..=order.len() {
                    ui.label(egui::RichText::new(k.to_string()).color(theme::MUTED_TEXT));
                }
                ui.end_row();
                for (rank, &i) in order.iter().enumerate() {
                    let name = labels.get(i).map_or("", String::as_str);
                    ui.label((rank + 1).to_string());
                    ui.label(egui::RichText::new(name).strong());
                    for &j in &order {
                        let other = labels.get(j).map_or("", String::as_str);
                        if i == j {
                            ui.label(egui::RichText::new("–").color(theme::MUTED_TEXT));
                        } else if let Some((points, games)) = cross(pairings, i, j) {
                            ui.label(format!("{points:.1}")).on_hover_text(format!(
                                "{name} scored {points} of {games} against {other}"
                            ));
                        } else if let Some((points, games)) =
                            current.and_then(|c| live_cross(c, i, j))
                        {
                            ui.label(
                                egui::RichText::new(format!("{points:.1}…"))
                                    .color(theme::MUTED_TEXT),
                            )
                            .on_hover_text(format!(
                                "{name} against {other}: {points} of {games} so far (playing)"
                            ));
                        } else {
                            ui.label("");
                        }
                    }
                    ui.end_row();
                }
            })
    });
}

fn live_cross(current: &PairingLive, row: usize, col: usize) -> Option<(f64, u64)> {
    let pairing = Pairing {
        a: current.a,
        b: current.b,
        seed: 0,
        tally: current.tally,
    };
    cross(std::slice::from_ref(&pairing), row, col)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_crosstable_reads_both_ways() {
        let p = Pairing {
            a: 0,
            b: 2,
            seed: 0,
            tally: Tally {
                wdl: Wdl::new(6, 2, 2),
                ..Tally::default()
            },
        };
        let pairings = [p];
        assert_eq!(cross(&pairings, 0, 2), Some((7.0, 10)));
        assert_eq!(cross(&pairings, 2, 0), Some((3.0, 10)));
        assert_eq!(cross(&pairings, 0, 1), None);
    }
}
