//! The games of a run: the latest ones listed with a button to replay each,
//! any game by its number, and the export of all records to a file.

use crate::arena::GameRecord;
use crate::gui::theme;

use super::run::Live;
use super::store::RECENT;

/// What the user asked for in the games panel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GamesAction {
    /// Open game number N (from 0) in the replay view.
    Replay(u64),
    /// Choose a file and write the records to it.
    Export,
}

/// How a game ended, in a few words.
pub fn result_text(record: &GameRecord) -> String {
    let name = |seat: crate::rules::Player| {
        record
            .players
            .get(seat.index())
            .map_or_else(|| seat.to_string(), |p| format!("{p} ({seat})"))
    };
    match (record.forfeit, record.winner) {
        (Some(seat), _) => format!("{} forfeited", name(seat)),
        (None, Some(seat)) => format!("{} won", name(seat)),
        (None, None) => "draw".to_string(),
    }
}

/// Draws the games panel; `number` is the "open game" field's value.
pub fn games_ui(ui: &mut egui::Ui, live: &Live, number: &mut u64) -> Option<GamesAction> {
    let mut action = None;
    ui.heading("Games");
    ui.add_space(4.0);
    if live.games == 0 {
        ui.label(
            egui::RichText::new("Finished games appear here; open any of them in the replay view.")
                .color(theme::MUTED_TEXT),
        );
        return None;
    }
    ui.horizontal(|ui| {
        ui.label("Game"); // numbered from 0, as in records (docs/positions.md)
        let last = live.games.saturating_sub(1);
        *number = (*number).min(last);
        ui.add(egui::DragValue::new(number).range(0..=last));
        ui.label(format!("of 0 to {last}"));
        if ui
            .button("Open")
            .on_hover_text("Open this game in the replay view.")
            .clicked()
        {
            action = Some(GamesAction::Replay(*number));
        }
    });
    if ui
        .button("Export records…")
        .on_hover_text(
            "Save every game as one JSON line (the format of chainlab match --records); \
             the Replay view and chainlab replay read it.",
        )
        .clicked()
    {
        action = Some(GamesAction::Export);
    }
    if let Some(e) = &live.records_error {
        ui.colored_label(
            theme::HINT_TEXT,
            format!("Only the latest {RECENT} games are kept: {e}"),
        );
    }
    ui.add_space(6.0);
    ui.separator();
    ui.label(
        egui::RichText::new(format!(
            "Latest {}, newest first",
            live.recent.len().min(RECENT)
        ))
        .color(theme::MUTED_TEXT),
    );
    egui::ScrollArea::vertical()
        .id_salt("arena_games_list")
        .auto_shrink([false, true])
        .show(ui, |ui| {
            for game in live.recent.iter().rev() {
                let record = &game.record;
                ui.horizontal(|ui| {
                    if ui
                        .small_button(format!("⏵ {}", game.number))
                        .on_hover_text(format!("Open game {} in the replay view.", game.number))
                        .clicked()
                    {
                        action = Some(GamesAction::Replay(game.number));
                    }
                    ui.label(format!(
                        "{} · {} moves",
                        result_text(record),
                        record.moves.len()
                    ))
                    .on_hover_text(format!(
                        "{}\nseed {}, {}",
                        record.players.join(" vs "),
                        record.seed,
                        record.reason
                    ));
                });
            }
        });
    action
}
