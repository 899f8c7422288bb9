//! What engines say beside the board: for each computer seat that reports
//! info lines (a program's `info`: depth, evaluation, the move it likes), a
//! small panel titled with the name the engine gave itself, listing its
//! latest lines. The lines are read from the seat's shared feed every frame,
//! so they update while the engine thinks on its worker thread; a seat that
//! reports nothing shows no panel.

use crate::gui::players::player_badge;
use crate::gui::theme;
use crate::rules::Player;

use super::session::{Session, Status};

/// The most lines shown per engine (the latest).
pub const SHOWN_LINES: usize = 8;

/// Draws one panel per computer seat with info lines; returns whether any
/// was drawn.
pub fn info_panels(ui: &mut egui::Ui, session: &Session) -> bool {
    let thinking = match session.status() {
        Status::Thinking(p) => Some(p),
        _ => None,
    };
    let mut shown = false;
    for player in session.position().players() {
        let Some(lines) = session.info(player).map(|f| f.lines()) else {
            continue;
        };
        if lines.is_empty() {
            continue;
        }
        let name = session
            .computer_name(player)
            .unwrap_or_else(|| session.label(player));
        panel(ui, player, name, &lines, thinking == Some(player));
        shown = true;
    }
    shown
}

fn panel(ui: &mut egui::Ui, player: Player, name: &str, lines: &[String], thinking: bool) {
    egui::Frame::group(ui.style())
        .inner_margin(egui::Margin::symmetric(8, 6))
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.horizontal(|ui| {
                player_badge(ui, player);
                ui.add(egui::Label::new(egui::RichText::new(name).strong()).truncate())
                    .on_hover_text("What this engine reports about its moves (its info lines).");
                if thinking {
                    ui.spinner();
                }
            });
            let skip = lines.len().saturating_sub(SHOWN_LINES);
            for line in lines.iter().skip(skip) {
                ui.add(
                    egui::Label::new(
                        egui::RichText::new(line)
                            .monospace()
                            .small()
                            .color(theme::MUTED_TEXT),
                    )
                    .wrap(),
                );
            }
        });
}
