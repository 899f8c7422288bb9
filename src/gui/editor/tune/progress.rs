//! The Tune panel while a run goes on and after it: iteration k of K, the
//! live plot of the estimated Elo per iteration, the tuned constants with
//! their values at the start and now, Cancel, and "Apply tuned values".

use egui_plot::{HLine, Line, Plot, PlotPoints};

use crate::gui::theme;
use crate::rules::Player;
use crate::strategy::{Strategy, Tunable};

use super::TunePanel;
use super::record::{RunRecord, RunState, describe};
use super::validate::{VALIDATION_GAMES, Validation};

/// The plot's height.
const PLOT_HEIGHT: f32 = 170.0;

impl TunePanel {
    /// The run's progress and results; the values to apply when asked.
    pub(super) fn progress_ui(
        &mut self,
        ui: &mut egui::Ui,
        strategy: &Strategy,
    ) -> Option<Vec<(Tunable, i64)>> {
        let record = self.record.as_ref()?;
        ui.add_space(8.0);
        ui.separator();
        let done = record.iterations.len() as u64;
        ui.label(egui::RichText::new(format!("Iteration {done} of {}", record.of)).strong());
        let fraction = done as f32 / record.of.max(1) as f32;
        ui.add(egui::ProgressBar::new(fraction).show_percentage());
        ui.label(status(record));
        elo_plot(ui, record);
        values_ui(ui, record);
        ui.add_space(6.0);
        let mut apply = None;
        if let Some(run) = &self.run {
            let text = if run.is_cancelling() {
                "Cancelling…"
            } else {
                "Cancel"
            };
            if ui
                .add_enabled(!run.is_cancelling(), egui::Button::new(text))
                .on_hover_text("Stop after the games in progress; the values found so far stay.")
                .clicked()
            {
                run.cancel();
            }
        } else {
            let changes = record.changes();
            let r = ui
                .add_enabled(
                    !changes.is_empty(),
                    egui::Button::new(egui::RichText::new("Apply tuned values").strong()),
                )
                .on_hover_text("Set the constants to the tuned values, as one step Ctrl+Z undoes.");
            if r.clicked() {
                match record.to_apply(strategy) {
                    Ok(values) => {
                        self.pending = describe(&changes);
                        apply = Some(values);
                    }
                    Err(e) => self.message = Some((e, true)),
                }
            }
            if !changes.is_empty() {
                self.validation_ui(ui, strategy);
            }
            if changes.is_empty() {
                ui.label(
                    egui::RichText::new(
                        "No constant changed: the tuned values round to the graph's own, \
                         so there is nothing to apply.",
                    )
                    .color(theme::HINT_TEXT),
                );
            }
        }
        apply
    }
}

impl TunePanel {
    /// The Validate button and the validation's result: does the graph
    /// with the tuned values beat the original?
    fn validation_ui(&mut self, ui: &mut egui::Ui, strategy: &Strategy) {
        let running = self.validation.as_ref().is_some_and(Validation::is_running);
        let text = format!("Validate ({VALIDATION_GAMES} games against the original)");
        if ui
            .add_enabled(!running, egui::Button::new(text))
            .on_hover_text(
                "Play the tuned graph against the original on fresh seeds, as chainlab tune \
                 does: shows whether the tuned values really play better.",
            )
            .clicked()
        {
            self.start_validation(strategy, ui.ctx());
        }
        match &self.validation {
            Some(Validation::Running(_)) => {
                ui.horizontal(|ui| {
                    ui.spinner();
                    ui.label("Validating: the tuned graph plays the original…");
                });
            }
            Some(Validation::Done(text)) => {
                ui.label(text);
            }
            Some(Validation::Failed(e)) => {
                ui.colored_label(theme::HINT_TEXT, format!("Cannot validate: {e}"));
            }
            None => {}
        }
    }
}

/// One line on how the run stands.
fn status(record: &RunRecord) -> egui::RichText {
    let done = record.iterations.len();
    let elo = record.iterations.last().map_or_else(String::new, |i| {
        format!(
            " Estimated Elo gain over the original, against the opponents: {:+.0}.",
            i.elo
        )
    });
    match &record.state {
        RunState::Running => egui::RichText::new(format!("Tuning…{elo}")),
        RunState::Done => egui::RichText::new(format!("Done: {done} iterations.{elo}")),
        RunState::Cancelled => egui::RichText::new(format!(
            "Cancelled after {done} of {} iterations: the values found so far are kept.{elo}",
            record.of
        )),
        RunState::Failed(e) => {
            egui::RichText::new(format!("Tuning stopped: {e}")).color(theme::HINT_TEXT)
        }
    }
}

/// The estimated Elo gain over the original, against the opponents, after
/// each iteration.
fn elo_plot(ui: &mut egui::Ui, record: &RunRecord) {
    let colour = theme::player_colour(Player::A);
    let points: PlotPoints<'_> = std::iter::once([0.0, 0.0])
        .chain(record.iterations.iter().map(|i| [i.number as f64, i.elo]))
        .collect();
    Plot::new("tune_elo_plot")
        .height(PLOT_HEIGHT)
        .include_x(0.0)
        .include_x(record.of.max(1) as f64)
        .include_y(-50.0)
        .include_y(50.0)
        .allow_scroll(false)
        .allow_zoom(false)
        .allow_drag(false)
        .allow_boxed_zoom(false)
        .x_axis_label("iteration")
        .y_axis_label("Elo (estimate)")
        .show(ui, |plot| {
            plot.add(
                HLine::new("the original", 0.0)
                    .color(theme::MUTED_TEXT)
                    .style(egui_plot::LineStyle::dashed_loose()),
            );
            plot.line(Line::new("estimated Elo", points).color(colour).width(2.0));
        });
}

/// Each tuned constant: its value at the start and now.
fn values_ui(ui: &mut egui::Ui, record: &RunRecord) {
    // The names wrap in the panel's width: a long term name must not widen
    // the panel (and squeeze the canvas) once results arrive.
    let names = (ui.available_width() - 110.0).max(80.0);
    egui::Grid::new("tune_values")
        .num_columns(3)
        .spacing([10.0, 4.0])
        .max_col_width(names)
        .show(ui, |ui| {
            ui.label(egui::RichText::new("constant").color(theme::MUTED_TEXT));
            ui.label(egui::RichText::new("was").color(theme::MUTED_TEXT));
            ui.label(egui::RichText::new("now").color(theme::MUTED_TEXT));
            ui.end_row();
            for (param, value) in record.params.iter().zip(record.values()) {
                ui.add(egui::Label::new(&param.label).wrap());
                ui.label(param.value.to_string());
                let text = egui::RichText::new(value.to_string());
                ui.label(if value == param.value {
                    text
                } else {
                    text.strong().color(theme::player_colour(Player::A))
                });
                ui.end_row();
            }
        });
}
