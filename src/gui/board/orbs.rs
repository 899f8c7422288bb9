//! The orbs of a cell: one to four drawn as shaded balls in the owner's
//! colour, more than four with their number.

use egui::{Align2, Color32, FontId, Pos2, Stroke, Vec2, vec2};

use super::theme;
use crate::rules::Player;

/// Draws `atoms` orbs of `owner` around `centre` in a cell of side `side`.
pub(super) fn paint_orbs(
    painter: &egui::Painter,
    centre: Pos2,
    side: f32,
    atoms: u8,
    owner: Player,
) {
    let colour = theme::player_colour(owner);
    let r = if atoms >= 3 {
        side * 0.12
    } else {
        side * 0.135
    };
    let d = r * 1.05;
    let offsets: &[Vec2] = match atoms {
        0 => &[],
        1 => &[Vec2::ZERO],
        2 => &[vec2(-d, 0.0), vec2(d, 0.0)],
        3 => &[vec2(-d, d * 0.7), vec2(d, d * 0.7), vec2(0.0, -d * 0.85)],
        _ => &[vec2(-d, -d), vec2(d, -d), vec2(-d, d), vec2(d, d)],
    };
    let outline = Stroke::new(
        (side * 0.02).clamp(0.8, 1.5),
        Color32::from_black_alpha(140),
    );
    for offset in offsets {
        let c = centre + *offset;
        painter.circle_filled(c + vec2(0.0, r * 0.15), r, Color32::from_black_alpha(70));
        painter.circle(c, r, colour, outline);
        painter.circle_filled(
            c + vec2(-r * 0.35, -r * 0.35),
            r * 0.3,
            Color32::from_white_alpha(110),
        );
    }
    if atoms > 4 {
        painter.text(
            centre,
            Align2::CENTER_CENTER,
            atoms.to_string(),
            FontId::proportional((side * 0.3).clamp(9.0, 22.0)),
            Color32::WHITE,
        );
    }
}
