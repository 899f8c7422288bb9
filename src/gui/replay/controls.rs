//! The replay's controls: the records file and game picker above, and the
//! step buttons, Play/Pause, move counter and slider over the board.

use crate::gui::files::FileKind;
use crate::gui::play::session::Pace;
use crate::gui::records::summary;
use crate::gui::seats::Catalogue;
use crate::gui::theme;
use crate::strategy::Strategy;

use super::ReplayView;

/// The room the records field leaves for its Open and Browse… buttons.
const BUTTONS_WIDTH: f32 = 140.0;

/// The records field's least width (on a narrower screen the buttons wrap
/// to the next line).
const MIN_FIELD_WIDTH: f32 = 120.0;

impl ReplayView {
    /// The main area: the records file above, the game (or what to do
    /// for one) below.
    pub(super) fn central_ui(
        &mut self,
        ui: &mut egui::Ui,
        pace: Pace,
        show_letters: bool,
        records_path: &mut String,
        players: (&Catalogue, &Strategy),
    ) {
        self.records_ui(ui, records_path);
        ui.separator();
        if self.loaded.is_some() {
            self.main_ui(ui, pace, show_letters, players);
        } else {
            ui.add_space(40.0);
            ui.vertical_centered(|ui| {
                ui.heading("No game to replay yet");
                ui.label(
                    egui::RichText::new(
                        "Play a game in the Play view and press \"Replay this game\", \
                         open a game of a match in the Arena, or open the records file \
                         of a match (exported by the Arena, or written by the command below).",
                    )
                    .color(theme::MUTED_TEXT),
                );
                // Monospace: the proportional font draws "--" as one long dash.
                ui.label(
                    egui::RichText::new("chainlab match --records FILE …")
                        .monospace()
                        .color(theme::MUTED_TEXT),
                );
            });
        }
    }

    pub(super) fn records_ui(&mut self, ui: &mut egui::Ui, records_path: &mut String) {
        // Wrapped, and the field leaves room for its buttons: on a phone
        // Open and Browse… stay on the screen.
        ui.horizontal_wrapped(|ui| {
            let label = ui.label("Records file");
            let room = ui.available_width() - BUTTONS_WIDTH;
            let edit = ui
                .add(
                    egui::TextEdit::singleline(records_path)
                        .hint_text("games.jsonl (chainlab match --records FILE)")
                        .font(egui::TextStyle::Monospace)
                        .desired_width(room.clamp(MIN_FIELD_WIDTH, 420.0)),
                )
                .labelled_by(label.id);
            let entered = edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            if ui.button("Open").clicked() || entered {
                self.open_records(std::path::Path::new(records_path.trim()));
            }
            if ui
                .button("Browse…")
                .on_hover_text("Choose a records file.")
                .clicked()
            {
                self.files
                    .open((), FileKind::Records, "Open a records file", None);
            }
        });
        if let Some(records) = &self.records {
            let mut chosen = None;
            ui.horizontal(|ui| {
                ui.label(format!("{} games", records.games.len()));
                let selected = self
                    .record
                    .and_then(|i| records.games.get(i))
                    .map_or_else(String::new, summary);
                // Truncated to the room: a game's summary is longer than a
                // tablet's central area, and would push the board under
                // the side panel.
                egui::ComboBox::from_id_salt("replay_record")
                    .selected_text(selected.clone())
                    .width(ui.available_width().min(520.0))
                    .truncate()
                    .show_ui(ui, |ui| {
                        for (i, record) in records.games.iter().enumerate() {
                            if ui
                                .selectable_label(self.record == Some(i), summary(record))
                                .clicked()
                            {
                                chosen = Some(i);
                            }
                        }
                    })
                    .response
                    .on_hover_text(selected);
            });
            if records.bad_lines > 0 {
                let listed = records.problems.join("; ");
                ui.colored_label(
                    theme::HINT_TEXT,
                    match records.bad_lines {
                        1 => format!("1 line could not be read: {listed}"),
                        n => format!("{n} lines could not be read: {listed}"),
                    },
                );
            }
            if let Some(cut) = &records.cut {
                ui.colored_label(theme::HINT_TEXT, cut);
            }
            if let Some(i) = chosen {
                self.select_record(i);
            }
        }
        if let Some(error) = &self.records_error {
            ui.colored_label(theme::ERROR_TEXT, error);
        }
    }
}

/// The step buttons, Play/Pause, the move counter and the slider, at move
/// `ply` of `last`; what the user asked for, if anything.
pub(super) fn controls_ui(
    ui: &mut egui::Ui,
    ply: usize,
    last: usize,
    playing: bool,
) -> Option<Action> {
    let mut action = None;
    // Wrapped: on a phone the buttons take two lines rather than run off.
    ui.horizontal_wrapped(|ui| {
        let at_start = ply == 0;
        let at_end = ply >= last;
        if ui
            .add_enabled(!at_start, egui::Button::new("⏮ Start"))
            .clicked()
        {
            action = Some(Action::Seek(0));
        }
        if ui
            .add_enabled(!at_start, egui::Button::new("⏴ Back"))
            .clicked()
        {
            action = Some(Action::Back);
        }
        if ui
            .add_enabled(!at_end, egui::Button::new("Forward ⏵"))
            .clicked()
        {
            action = Some(Action::Forward);
        }
        if ui
            .add_enabled(!at_end, egui::Button::new("End ⏭"))
            .clicked()
        {
            action = Some(Action::Seek(last));
        }
        let play_label = if playing { "Pause" } else { "Play" };
        if ui
            .add_enabled(!at_end || playing, egui::Button::new(play_label))
            .on_hover_text("Play the moves one after another.")
            .clicked()
        {
            action = Some(Action::TogglePlay);
        }
        ui.add_space(8.0);
        ui.label(format!("Move {ply} of {last}"));
        ui.add_space(8.0);
        // Said here, not as the slider's tooltip, which would cover the
        // board's top row.
        ui.label(
            egui::RichText::new("Drag the slider; the Left and Right keys step, Home and End jump")
                .small()
                .color(theme::MUTED_TEXT),
        );
    });
    let mut scrub = ply;
    let slider = ui.scope(|ui| {
        ui.spacing_mut().slider_width = (ui.available_width() - 12.0).max(120.0);
        ui.add(egui::Slider::new(&mut scrub, 0..=last).show_value(false))
    });
    if slider.inner.changed() {
        action = Some(Action::Seek(scrub));
    }
    action
}

/// What the replay's controls asked for.
pub(super) enum Action {
    Seek(usize),
    Back,
    Forward,
    TogglePlay,
}
