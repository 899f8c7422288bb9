//! The Tune panel's settings: the opponents (picked from the players the
//! app offers, as in the arena, or typed as a spec), the budget
//! (iterations and games per iteration), the board and the seed, and the
//! Start button with the reason it is disabled.

use crate::gui::play::setup::board_rows;
use crate::gui::seats::{Catalogue, choices_menu, player_name};
use crate::gui::theme;

use super::{MAX_BUDGET, TunePanel};

impl TunePanel {
    /// The opponents, the ways to add one, and the budget.
    pub(super) fn form_ui(&mut self, ui: &mut egui::Ui, catalogue: &Catalogue) {
        ui.label(egui::RichText::new("Opponents").strong());
        self.opponents_ui(ui, catalogue);
        self.add_opponent_ui(ui, catalogue);
        ui.add_space(6.0);
        egui::Grid::new("tune_grid")
            .num_columns(2)
            .spacing([10.0, 8.0])
            .show(ui, |ui| {
                let label = ui.label("Iterations");
                ui.add(
                    egui::DragValue::new(&mut self.iterations)
                        .range(0..=MAX_BUDGET)
                        .speed(1.0),
                )
                .labelled_by(label.id)
                .on_hover_text("How many SPSA steps: more finds better values, slower.");
                ui.end_row();
                let label = ui.label("Games per iteration");
                ui.add(
                    egui::DragValue::new(&mut self.games)
                        .range(0..=MAX_BUDGET)
                        .speed(1.0),
                )
                .labelled_by(label.id)
                .on_hover_text(
                    "Games each of the two trial graphs plays per iteration, in colour-swapped pairs.",
                );
                ui.end_row();
                board_rows(ui, "tune", &mut self.rows, &mut self.cols);
                let label = ui.label("Seed");
                ui.add(egui::DragValue::new(&mut self.seed))
                    .labelled_by(label.id)
                    .on_hover_text("The same seed tunes to the same values.");
                ui.end_row();
            });
    }

    fn opponents_ui(&mut self, ui: &mut egui::Ui, catalogue: &Catalogue) {
        if self.opponents.is_empty() {
            ui.label(
                egui::RichText::new("No opponents yet: add one or more.").color(theme::MUTED_TEXT),
            );
        }
        let mut remove = None;
        for (i, spec) in self.opponents.iter().enumerate() {
            ui.horizontal(|ui| {
                let name = format!("Remove opponent {}", i + 1);
                let r = ui.add(egui::Button::new("✖").small());
                r.widget_info(|| egui::WidgetInfo::labeled(egui::WidgetType::Button, true, &name));
                if r.on_hover_text(&name).clicked() {
                    remove = Some(i);
                }
                ui.label(player_name(spec, catalogue)).on_hover_text(spec);
            });
        }
        if let Some(i) = remove {
            self.opponents.remove(i);
        }
    }

    /// The menu of players on offer and a spec field (added with Add or Enter).
    fn add_opponent_ui(&mut self, ui: &mut egui::Ui, catalogue: &Catalogue) {
        let mut picked = None;
        egui::ComboBox::from_id_salt("tune_add_opponent")
            .selected_text("Add opponent")
            .width(130.0)
            .height(560.0)
            .show_ui(ui, |ui| {
                choices_menu(ui, catalogue, |ui, choice| {
                    if ui
                        .selectable_label(false, &choice.name)
                        .on_hover_text(&choice.description)
                        .clicked()
                    {
                        picked = Some(choice.spec.clone());
                    }
                });
            })
            .response
            .widget_info(|| {
                egui::WidgetInfo::labeled(egui::WidgetType::ComboBox, true, "Add opponent")
            });
        ui.horizontal(|ui| {
            let label = ui.label("Spec");
            let edit = ui
                .add(
                    egui::TextEdit::singleline(&mut self.spec_text)
                        .hint_text("bot:greedy or a file.json")
                        .desired_width(ui.available_width() - 50.0),
                )
                .labelled_by(label.id)
                .on_hover_text("Any player the command line takes, or a strategy file's path.");
            let entered = edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            if (ui.button("Add").clicked() || entered) && !self.spec_text.trim().is_empty() {
                let spec = self.spec_text.trim().to_string();
                match catalogue.resolve(&spec) {
                    Ok(_) => {
                        picked = Some(spec);
                        self.spec_text.clear();
                    }
                    Err(e) => self.message = Some((format!("Not added: {e}"), true)),
                }
            }
        });
        if let Some(spec) = picked {
            self.message = None;
            if !self.opponents.contains(&spec) {
                self.opponents.push(spec);
            }
        }
    }

    /// Why the run cannot start (if it cannot) and the Start button;
    /// whether it was clicked.
    pub(super) fn start_ui(
        &mut self,
        ui: &mut egui::Ui,
        problem: Option<&str>,
        running: bool,
    ) -> bool {
        if let Some(problem) = problem {
            ui.colored_label(theme::HINT_TEXT, problem);
        }
        let games = self.iterations.saturating_mul(self.games).saturating_mul(2);
        ui.label(
            egui::RichText::new(format!(
                "{games} games in all, and {} to measure the graph as it is first.",
                self.games.saturating_mul(2)
            ))
            .small()
            .color(theme::MUTED_TEXT),
        );
        ui.add_enabled(
            problem.is_none() && !running,
            egui::Button::new(egui::RichText::new("Start tuning").strong())
                .min_size(egui::vec2(ui.available_width(), 30.0)),
        )
        .clicked()
    }
}
