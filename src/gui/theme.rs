//! Colours and visuals: one calm dark theme and eight player colours that
//! stay apart for colour-blind eyes (the Okabe–Ito palette, lightened where a
//! dark background needs it). Players also carry their letter, so colour is
//! never the only cue.

use egui::Color32;

use crate::analysis::MoveQuality;
use crate::rules::Player;

/// The player colours, `A` to `H`.
const PLAYER_COLOURS: [Color32; 8] = [
    Color32::from_rgb(0xE6, 0x9F, 0x00), // A: orange
    Color32::from_rgb(0x56, 0xB4, 0xE9), // B: sky blue
    Color32::from_rgb(0x00, 0xB3, 0x83), // C: bluish green
    Color32::from_rgb(0xDC, 0x8A, 0xC0), // D: reddish purple
    Color32::from_rgb(0xF0, 0xE4, 0x42), // E: yellow
    Color32::from_rgb(0xE0, 0x5A, 0x10), // F: vermillion
    Color32::from_rgb(0x8E, 0x6C, 0xEF), // G: violet (apart from sky blue)
    Color32::from_rgb(0xC8, 0xC8, 0xC8), // H: light grey
];

/// The colour of `player`'s orbs, labels and markers.
pub fn player_colour(player: Player) -> Color32 {
    PLAYER_COLOURS
        .get(player.index())
        .copied()
        .unwrap_or(Color32::GRAY)
}

/// A darker shade of `player`'s colour, for cell backgrounds.
pub fn player_tint(player: Player) -> Color32 {
    let c = player_colour(player);
    BOARD_CELL.lerp_to_gamma(c, 0.16)
}

/// The board's background behind the cells.
pub const BOARD_BACKGROUND: Color32 = Color32::from_rgb(0x16, 0x1A, 0x20);
/// An empty cell.
pub const BOARD_CELL: Color32 = Color32::from_rgb(0x24, 0x29, 0x31);
/// Grid lines between cells.
pub const BOARD_GRID: Color32 = Color32::from_rgb(0x3A, 0x41, 0x4C);
/// The flash of a reacting cell.
pub const REACTION_FLASH: Color32 = Color32::from_rgb(0xFF, 0xF4, 0xD6);
/// Text that should stand out less.
pub const MUTED_TEXT: Color32 = Color32::from_rgb(0x9A, 0xA3, 0xAE);
/// Hints and warnings.
pub const HINT_TEXT: Color32 = Color32::from_rgb(0xF2, 0xC0, 0x6B);
/// Errors.
pub const ERROR_TEXT: Color32 = Color32::from_rgb(0xF0, 0x7A, 0x6E);

/// A line in a plot that belongs to no single player (A's win chance, B's
/// being the rest).
pub const PLOT_LINE: Color32 = Color32::from_rgb(0xD6, 0xDC, 0xE2);

/// The colour of a move's class mark, as chess analysis colours them:
/// inaccuracies yellow, mistakes orange, blunders red; best and good moves muted.
pub fn quality_colour(class: MoveQuality) -> Color32 {
    match class {
        MoveQuality::Best | MoveQuality::Good => MUTED_TEXT,
        MoveQuality::Inaccuracy => Color32::from_rgb(0xF2, 0xDA, 0x4B),
        MoveQuality::Mistake => Color32::from_rgb(0xF5, 0x94, 0x2E),
        MoveQuality::Blunder => Color32::from_rgb(0xFF, 0x4D, 0x4D),
    }
}

/// Sets the app's visuals and text sizes on `ctx`.
pub fn apply(ctx: &egui::Context) {
    ctx.set_theme(egui::ThemePreference::Dark);
    ctx.style_mut_of(egui::Theme::Dark, style_dark);
}

fn style_dark(style: &mut egui::Style) {
    style.visuals = egui::Visuals::dark();
    style.visuals.panel_fill = Color32::from_rgb(0x1C, 0x20, 0x27);
    style.visuals.window_fill = Color32::from_rgb(0x1F, 0x24, 0x2B);
    style.visuals.extreme_bg_color = Color32::from_rgb(0x14, 0x17, 0x1C);
    style.spacing.item_spacing = egui::vec2(8.0, 6.0);
    style.spacing.button_padding = egui::vec2(8.0, 3.0);
    for (text_style, font) in style.text_styles.iter_mut() {
        font.size = match text_style {
            egui::TextStyle::Heading => 20.0,
            egui::TextStyle::Body | egui::TextStyle::Button => 14.0,
            egui::TextStyle::Monospace => 13.0,
            egui::TextStyle::Small => 11.0,
            egui::TextStyle::Name(_) => font.size,
        };
    }
}
