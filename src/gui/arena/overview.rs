//! The arena's central panel: what is played, the progress bar with the
//! time left and the Cancel button, how the run ended, the results (match
//! statistics, or a tournament's ranking and crosstable), and the score plot.

use crate::arena::report::{self, Infinity};
use crate::arena::{Standing, Stop, standings};
use crate::gui::theme;

use super::plot;
use super::results::{self, MatchFacts, crosstable_ui, match_ui, ranking_ui};
use super::run::{Live, Outcome, PairingLive, Plan, Run};

/// The overview panel's state: the ranking last computed.
#[derive(Default)]
pub struct Overview {
    /// The ranking, with the version of the run's state it was made from.
    ranking: Option<(u64, Vec<Standing>)>,
}

impl Overview {
    /// Forgets what was computed for the last run.
    pub fn clear(&mut self) {
        self.ranking = None;
    }

    /// Draws the overview of `run` (or the welcome text before the first
    /// run), with `live`, its state as of this frame.
    pub fn ui(&mut self, ui: &mut egui::Ui, run: Option<&Run>, live: &Live) {
        let Some(run) = run else {
            welcome(ui);
            return;
        };
        heading_ui(ui, run);
        ui.add_space(6.0);
        progress_ui(ui, run, live);
        ui.label(status_text(live, run, run.pairing_count()));
        ui.add_space(10.0);
        match run.plan() {
            Plan::Match(_) => match_results_ui(ui, run, live),
            Plan::Tournament(_) => self.tournament_results_ui(ui, run, live),
        }
        if let Some(current) = &live.current {
            ui.add_space(12.0);
            current_pairing_ui(ui, run, live, current);
        }
    }

    /// A tournament's ranking (cached per version of the live state) and
    /// crosstable, both including the pairing being played, and the
    /// forfeit reasons.
    fn tournament_results_ui(&mut self, ui: &mut egui::Ui, run: &Run, live: &Live) {
        let labels = run.labels();
        let running = live.outcome.is_none();
        let ranking = match &self.ranking {
            Some((version, table)) if *version == live.version => table.clone(),
            _ => {
                let table = live_standings(labels, live);
                self.ranking = Some((live.version, table.clone()));
                table
            }
        };
        ui.label(egui::RichText::new("Ranking").strong());
        if running {
            ui.label(
                egui::RichText::new("So far, with the pairing being played")
                    .color(theme::MUTED_TEXT),
            );
        }
        ranking_ui(ui, &ranking);
        ui.add_space(10.0);
        ui.label(egui::RichText::new("Crosstable").strong());
        ui.label(
            egui::RichText::new(format!(
                "Points of the row player against the column player, out of {}",
                run.plan().matches().games
            ))
            .color(theme::MUTED_TEXT),
        );
        let current = live.current.as_ref().filter(|_| running);
        crosstable_ui(ui, labels, &ranking, &live.finished, current);
        results::forfeit_reasons(ui, &live.forfeits);
    }
}

/// Entrant `i`'s label, `?` when there is none.
fn name(labels: &[String], i: usize) -> &str {
    labels.get(i).map_or("?", String::as_str)
}

/// What is played: the players (or the tournament's format and size) and
/// how each game is set up.
fn heading_ui(ui: &mut egui::Ui, run: &Run) {
    let labels = run.labels();
    let config = run.plan().matches();
    let title = match run.plan() {
        Plan::Match(_) => format!("{} vs {}", name(labels, 0), name(labels, 1)),
        Plan::Tournament(t) => format!(
            "{}: {} players, {} of {}",
            if t.gauntlet {
                "Gauntlet"
            } else {
                "Round robin"
            },
            labels.len(),
            counted(run.pairing_count() as u64, "pairing"),
            counted(config.games, "game")
        ),
    };
    ui.heading(title);
    ui.label(
        egui::RichText::new(format!(
            "{} board, {} rules, {} seats per game, seed {}{}",
            config.size,
            config.rules,
            config.players,
            config.seed,
            match &config.book {
                Some(book) => format!(", book {} ({} openings)", book.name, book.len()),
                None if config.opening_plies > 0 => {
                    format!(", openings of {} plies", config.opening_plies)
                }
                None => String::new(),
            }
        ))
        .color(theme::MUTED_TEXT),
    );
}

/// The progress bar (games played, rate and time left while running) and,
/// while running, the Cancel button.
fn progress_ui(ui: &mut egui::Ui, run: &Run, live: &Live) {
    let planned = run.planned_games();
    let rate = live.games as f64 / run.elapsed().as_secs_f64().max(1e-3);
    let running = live.outcome.is_none();
    ui.horizontal(|ui| {
        let fraction = live.games as f32 / planned.max(1) as f32;
        let mut text = format!("{} / {planned} games", live.games);
        if running && live.games > 0 {
            let left = planned.saturating_sub(live.games) as f64 / rate.max(1e-9);
            text.push_str(&format!(
                "  ·  {rate:.1} games/s  ·  {}",
                report::time_left(left)
            ));
        }
        let width = (ui.available_width() - 90.0).max(120.0);
        ui.add(
            egui::ProgressBar::new(fraction)
                .desired_width(width)
                .text(text),
        );
        if running {
            let cancelling = run.is_cancelling();
            if ui
                .add_enabled(!cancelling, egui::Button::new("Cancel"))
                .on_hover_text("Stop after the games in progress; the results so far stay.")
                .clicked()
            {
                run.cancel();
            }
        }
    });
}

/// A match's table and statistics as they stand.
fn match_results_ui(ui: &mut egui::Ui, run: &Run, live: &Live) {
    let labels = run.labels();
    let (stop, llr) = match &live.outcome {
        Some(Outcome::Match(report)) => (Some(report.stop), report.llr),
        _ => (None, None),
    };
    let tally = live.current.as_ref().map(|c| c.tally).unwrap_or_default();
    let facts = MatchFacts {
        a: name(labels, 0),
        b: name(labels, 1),
        config: run.plan().matches(),
        stop,
        llr,
        elapsed: run.elapsed(),
        forfeits: &live.forfeits,
    };
    match_ui(ui, &tally, &facts);
}

/// The pairing being (or last) played: in a tournament its line of results,
/// then the plot of A's score as games come in.
fn current_pairing_ui(ui: &mut egui::Ui, run: &Run, live: &Live, current: &PairingLive) {
    let labels = run.labels();
    let (a, b) = (name(labels, current.a), name(labels, current.b));
    if matches!(run.plan(), Plan::Tournament(_)) {
        let w = current.tally.wdl;
        let state = if live.outcome.is_none() {
            "playing"
        } else {
            "played last"
        };
        ui.label(
            egui::RichText::new(format!(
                "Pairing {} of {} ({state}): {a} vs {b}",
                current.index + 1,
                run.pairing_count()
            ))
            .strong(),
        );
        ui.label(format!(
            "{} wins, {} draws, {} losses for {a}  ·  score {}  ·  Elo {}",
            w.wins,
            w.draws,
            w.losses,
            report::percent(w.score()),
            report::elo_summary(&current.tally.counts(), a, b, Infinity::Symbol)
        ));
    }
    ui.label(
        egui::RichText::new(format!(
            "Score of {a} as games come in (line) and its 95% interval (band)"
        ))
        .strong(),
    );
    plot::score_plot(
        ui,
        &current.series.points(),
        run.plan().matches().games,
        a,
        ui.available_height().clamp(180.0, 320.0),
    );
}

/// The ranking after the finished pairings and the one being played.
fn live_standings(labels: &[String], live: &Live) -> Vec<Standing> {
    let mut pairings = live.finished.clone();
    if live.outcome.is_none()
        && let Some(current) = &live.current
        && current.tally.games() > 0
    {
        pairings.push(crate::arena::Pairing {
            a: current.a,
            b: current.b,
            seed: 0,
            tally: current.tally,
        });
    }
    standings(labels, &pairings)
}

/// The line under the progress bar: how the run stands or ended.
fn status_text(live: &Live, run: &Run, pairings: usize) -> egui::RichText {
    let secs = results::seconds(run.elapsed().as_secs_f64());
    match &live.outcome {
        None if run.is_cancelling() => {
            egui::RichText::new("Cancelling: finishing the games in progress…")
                .color(theme::HINT_TEXT)
        }
        None => {
            let pairing = match (&live.current, pairings) {
                (Some(c), n) if n > 1 => format!("Pairing {} of {n}. ", c.index + 1),
                _ => String::new(),
            };
            egui::RichText::new(format!(
                "{pairing}Running on {}…",
                counted(run.threads() as u64, "thread")
            ))
            .color(theme::MUTED_TEXT)
        }
        Some(Outcome::Failed(e)) => {
            egui::RichText::new(format!("Failed: {e}")).color(theme::ERROR_TEXT)
        }
        Some(Outcome::Match(report)) => match report.stop {
            Stop::Completed => {
                egui::RichText::new(format!("Finished: {} games in {secs}.", live.games))
            }
            Stop::Sprt(_) => egui::RichText::new(format!(
                "Stopped by the SPRT after {} games in {secs}.",
                live.games
            )),
            Stop::Cancelled => egui::RichText::new(format!(
                "Cancelled after {} games: the results below cover them.",
                live.games
            ))
            .color(theme::HINT_TEXT),
        },
        Some(Outcome::Tournament(report)) if report.cancelled => egui::RichText::new(format!(
            "Cancelled after {} games: the tables cover the pairings finished.",
            live.games
        ))
        .color(theme::HINT_TEXT),
        Some(Outcome::Tournament(_)) => {
            egui::RichText::new(format!("Finished: {} games in {secs}.", live.games))
        }
    }
}

fn welcome(ui: &mut egui::Ui) {
    ui.add_space(40.0);
    ui.vertical_centered(|ui| {
        ui.heading("Test players against each other");
        ui.add_space(6.0);
        for line in [
            "Choose two players for a match, or more for a round robin or a gauntlet, then press Start.",
            "Games are played in pairs from the same opening with the seats swapped, in the background.",
            "You get wins, draws and losses, the score, the Elo difference with its 95% interval, \
             and a plot of the score as games come in.",
            "Open any finished game in the replay view, or export all records to a file.",
        ] {
            ui.label(egui::RichText::new(line).color(theme::MUTED_TEXT));
        }
    });
}

/// `n` and `noun`, plural unless `n` is 1 ("1 pairing", "3 games").
fn counted(n: u64, noun: &str) -> String {
    if n == 1 {
        format!("{n} {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

#[cfg(test)]
mod tests {
    use super::counted;

    #[test]
    fn one_is_singular() {
        assert_eq!(counted(1, "pairing"), "1 pairing");
        assert_eq!(counted(1, "thread"), "1 thread");
        assert_eq!(counted(0, "game"), "0 games");
        assert_eq!(counted(6, "game"), "6 games");
    }
}
