//! The preview's setup rows: the board's size, players and rules (with
//! "Empty board" and "Load position…"), and in Edit mode the brush and the
//! player to move.

use egui::{RichText, Ui, WidgetInfo, WidgetType};

use crate::gui::theme;
use crate::rules::{MAX_PLAYERS, MAX_SIDE, MIN_PLAYERS, MIN_SIDE, Player, Rules, Size};

use super::{Brush, Preview};

impl Preview {
    /// Size, players and rules; returns true when "Load position…" was clicked.
    pub(super) fn setup_ui(&mut self, ui: &mut Ui) -> bool {
        let mut load = false;
        let (mut rows, mut cols, mut players, mut rules) =
            (self.size.rows(), self.size.cols(), self.players, self.rules);
        ui.horizontal_wrapped(|ui| {
            let side = usize::from(MIN_SIDE)..=usize::from(MAX_SIDE);
            ui.add(egui::DragValue::new(&mut rows).range(side.clone()))
                .widget_info(|| WidgetInfo::labeled(WidgetType::DragValue, true, "preview rows"));
            ui.label("x");
            ui.add(egui::DragValue::new(&mut cols).range(side))
                .widget_info(|| {
                    WidgetInfo::labeled(WidgetType::DragValue, true, "preview columns")
                });
            ui.add(
                egui::DragValue::new(&mut players)
                    .range(usize::from(MIN_PLAYERS)..=usize::from(MAX_PLAYERS))
                    .suffix(" players"),
            )
            .widget_info(|| WidgetInfo::labeled(WidgetType::DragValue, true, "preview players"));
            egui::ComboBox::from_id_salt("preview_rules")
                .selected_text(rules.name())
                .width(90.0)
                .show_ui(ui, |ui| {
                    for r in Rules::ALL {
                        ui.selectable_value(&mut rules, r, r.name());
                    }
                });
            if ui.button("Empty board").clicked() {
                self.clear();
            }
            load = ui
                .button("Load position…")
                .on_hover_text(
                    "A position file in the text notation or its JSON form (docs/positions.md).",
                )
                .clicked();
        });
        if (rows, cols) != (self.size.rows(), self.size.cols())
            || players != self.players
            || rules != self.rules
        {
            match Size::new(rows, cols) {
                Ok(size) if size.cells() >= players => {
                    let resized = size != self.size || rules != self.rules;
                    self.size = size;
                    self.players = players;
                    self.rules = rules;
                    if resized
                        || self
                            .cells
                            .iter()
                            .flatten()
                            .any(|(p, _)| p.index() >= players)
                    {
                        self.clear();
                    } else {
                        self.rebuild();
                    }
                }
                Ok(size) => {
                    self.message = Some(format!(
                        "a {size} board has too few cells for {players} players"
                    ));
                }
                Err(e) => self.message = Some(e.to_string()),
            }
        }
        load
    }

    /// The brush (a player's atom or Erase) and the player to move.
    pub(super) fn brush_ui(&mut self, ui: &mut Ui) {
        ui.horizontal_wrapped(|ui| {
            ui.label("Place:");
            for p in Player::all(self.players) {
                let selected = self.brush == Brush::Atom(p);
                let r = ui.selectable_label(
                    selected,
                    RichText::new(p.letter().to_string())
                        .strong()
                        .color(theme::player_colour(p)),
                );
                r.widget_info(|| {
                    WidgetInfo::selected(WidgetType::Button, true, selected, format!("place {p}"))
                });
                if r.clicked() {
                    self.brush = Brush::Atom(p);
                }
            }
            if ui
                .selectable_label(self.brush == Brush::Erase, "Erase")
                .clicked()
            {
                self.brush = Brush::Erase;
            }
            ui.separator();
            ui.label("To move:");
            let mut to_move = self.to_move;
            egui::ComboBox::from_id_salt("preview_to_move")
                .selected_text(to_move.letter().to_string())
                .width(40.0)
                .show_ui(ui, |ui| {
                    for p in Player::all(self.players) {
                        ui.selectable_value(&mut to_move, p, p.letter().to_string());
                    }
                });
            if to_move != self.to_move {
                let before = self.to_move;
                self.to_move = to_move;
                if !self.rebuild() || self.position.and_then(|p| p.to_move()) != Some(to_move) {
                    self.to_move = before;
                    self.rebuild();
                    self.message = Some(format!("{to_move} cannot be to move in this position"));
                }
            }
        });
    }
}
