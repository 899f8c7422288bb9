//! The players table shared by the play and replay views: each player's
//! colour, letter, seat, cells and atoms, and whether they are to move, out,
//! or the winner; the move list; and the player badge (colour disc and
//! letter) that every view draws a seat with. It depends on no other view.

use crate::analysis::MoveQuality;
use crate::gui::theme;
use crate::rules::{Coord, Player, Position};

/// Draws one row per player of `position`; `label` names each seat.
pub fn players_table(ui: &mut egui::Ui, position: &Position, label: &dyn Fn(Player) -> String) {
    egui::Grid::new("players_table")
        .num_columns(5)
        .spacing([10.0, 6.0])
        .striped(false)
        .show(ui, |ui| {
            ui.label("");
            ui.label("");
            ui.label(egui::RichText::new("cells").color(theme::MUTED_TEXT));
            ui.label(egui::RichText::new("atoms").color(theme::MUTED_TEXT));
            ui.label("");
            ui.end_row();
            for player in position.players() {
                player_badge(ui, player);
                let name = label(player);
                let out = position.is_eliminated(player);
                let mut text = egui::RichText::new(name);
                if out {
                    text = text.strikethrough().color(theme::MUTED_TEXT);
                }
                ui.label(text);
                ui.label(position.cells_of(player).to_string());
                ui.label(position.atoms_of(player).to_string());
                let state = if position.winner() == Some(player) {
                    egui::RichText::new("winner").color(theme::player_colour(player))
                } else if out {
                    egui::RichText::new("out").color(theme::MUTED_TEXT)
                } else if position.to_move() == Some(player) {
                    egui::RichText::new("to move").color(theme::player_colour(player))
                } else {
                    egui::RichText::new("")
                };
                ui.label(state);
                ui.end_row();
            }
        });
}

/// The list of moves, numbered, with the mover's letter and, where `marks`
/// has one (the quality of move `k` at index `k`), the analysis mark such as
/// `??` in its quality colour; `current` (if any) is highlighted and, when
/// `follow` is set, scrolled into view. Returns the ply clicked (the
/// position after that move).
pub fn move_list(
    ui: &mut egui::Ui,
    moves: &[(Player, Coord)],
    current: Option<usize>,
    follow: bool,
    marks: &[MoveQuality],
) -> Option<usize> {
    let mut clicked = None;
    let mut area = egui::ScrollArea::vertical()
        .id_salt("move_list")
        .auto_shrink([false, true])
        .max_height(ui.available_height().max(80.0))
        .stick_to_bottom(current.is_none());
    if follow && current == Some(0) {
        // The start of the game: the list from its top (not where the last
        // game shown left it).
        area = area.vertical_scroll_offset(0.0);
    }
    area.show(ui, |ui| {
        if moves.is_empty() {
            ui.label(egui::RichText::new("No moves yet.").color(theme::MUTED_TEXT));
        }
        for (i, (player, coord)) in moves.iter().enumerate() {
            let ply = i + 1;
            let text = move_text(ui, ply, *player, *coord, marks.get(i).copied());
            let selected = current == Some(ply);
            let response = ui.selectable_label(selected, text);
            if selected && follow {
                response.scroll_to_me(Some(egui::Align::Center));
            }
            if response.clicked() {
                clicked = Some(ply);
            }
        }
    });
    clicked
}

/// "12.  B  2,3 ??": the move in its player's colour, the mark in its quality's.
fn move_text(
    ui: &egui::Ui,
    ply: usize,
    player: Player,
    coord: Coord,
    quality: Option<MoveQuality>,
) -> egui::text::LayoutJob {
    let mut job = egui::text::LayoutJob::default();
    let style = ui.style();
    egui::RichText::new(format!("{ply:>3}.  {player}  {coord}"))
        .monospace()
        .color(theme::player_colour(player))
        .append_to(
            &mut job,
            style,
            egui::FontSelection::Default,
            egui::Align::Center,
        );
    if let Some(quality) = quality.filter(|c| c.is_marked()) {
        egui::RichText::new(format!(" {}", quality.mark()))
            .monospace()
            .strong()
            .color(theme::quality_colour(quality))
            .append_to(
                &mut job,
                style,
                egui::FontSelection::Default,
                egui::Align::Center,
            );
    }
    job
}

/// A player's colour disc with the letter on it.
pub fn player_badge(ui: &mut egui::Ui, player: Player) -> egui::Response {
    let (rect, response) = ui.allocate_exact_size(egui::vec2(20.0, 20.0), egui::Sense::hover());
    let painter = ui.painter();
    painter.circle_filled(rect.center(), 9.0, theme::player_colour(player));
    painter.text(
        rect.center(),
        egui::Align2::CENTER_CENTER,
        player.letter(),
        egui::FontId::proportional(12.0),
        egui::Color32::from_gray(0x10),
    );
    response
}
