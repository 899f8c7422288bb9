//! The editor's colours and the canvas style: pins coloured (and shaped) by
//! type, node headers tinted by category, borders for selection and
//! diagnostics.

use egui::{Color32, CornerRadius, Frame, Margin, Stroke};
use egui_snarl::ui::{BackgroundPattern, NodeLayout, PinPlacement, SelectionStyle, SnarlStyle};

use crate::gui::theme;
use crate::strategy::{Category, PinType, Severity};

/// Number pins and wires.
pub const NUMBER: Color32 = Color32::from_rgb(0x5C, 0xA8, 0xFF);
/// Yes/no pins and wires.
pub const YES_NO: Color32 = Color32::from_rgb(0xE8, 0xB3, 0x39);
/// The border of selected nodes.
pub const SELECTED: Color32 = Color32::from_rgb(0xF4, 0xF6, 0xFA);
/// Values of the explained cell.
pub const VALUE: Color32 = Color32::from_rgb(0x9E, 0xE4, 0x93);
/// The circle around a puzzle's answer on the preview board (pink, apart
/// from the players' colours and the explained cell's green).
pub const ANSWER: Color32 = Color32::from_rgb(0xFF, 0x5C, 0xD6);
/// Errors.
pub const ERROR: Color32 = theme::ERROR_TEXT;
/// Warnings.
pub const WARNING: Color32 = theme::HINT_TEXT;
/// The kind's title under a node's label ("Multiply" beside "safety penalty").
pub const KIND_UNDER_LABEL: Color32 = Color32::from_rgb(0xB4, 0xBB, 0xC6);
/// The body of a node.
pub const NODE_FILL: Color32 = Color32::from_rgb(0x2A, 0x30, 0x3A);
/// The border of a node.
pub const NODE_BORDER: Color32 = Color32::from_rgb(0x4A, 0x52, 0x60);
/// The lines of the canvas's grid.
pub const GRID: Color32 = Color32::from_rgb(0x22, 0x26, 0x2E);
/// The spacing of the canvas's grid, in canvas units.
pub const GRID_STEP: f32 = 40.0;
/// The canvas behind the nodes.
pub const CANVAS: Color32 = Color32::from_rgb(0x17, 0x1A, 0x20);

/// The colour of a pin (and its wires) of type `ty`.
pub fn pin_colour(ty: PinType) -> Color32 {
    match ty {
        PinType::Int => NUMBER,
        PinType::Bool => YES_NO,
    }
}

/// The colour of a severity.
pub fn severity_colour(severity: Severity) -> Color32 {
    match severity {
        Severity::Error => ERROR,
        Severity::Warning => WARNING,
    }
}

/// The header tint of a category.
pub fn category_colour(category: Category) -> Color32 {
    match category {
        Category::CellPosition => Color32::from_rgb(0x3B, 0x6E, 0x4F),
        Category::CellState => Color32::from_rgb(0x2F, 0x66, 0x70),
        Category::Board => Color32::from_rgb(0x5A, 0x4A, 0x7A),
        Category::Lookahead => Color32::from_rgb(0x7A, 0x55, 0x30),
        Category::Arithmetic => Color32::from_rgb(0x34, 0x50, 0x7A),
        Category::Logic => Color32::from_rgb(0x70, 0x62, 0x2C),
        Category::Structure => Color32::from_rgb(0x4A, 0x50, 0x58),
    }
}

/// The frame of a node, before selection and diagnostics are applied.
pub fn node_frame() -> Frame {
    Frame::new()
        .fill(NODE_FILL)
        .stroke(Stroke::new(1.0, NODE_BORDER))
        .corner_radius(CornerRadius::same(6))
        .inner_margin(Margin::symmetric(8, 5))
}

/// The frame of a node's header in `category`.
pub fn header_frame(category: Category) -> Frame {
    Frame::new()
        .fill(NODE_FILL.lerp_to_gamma(category_colour(category), 0.55))
        .corner_radius(CornerRadius {
            nw: 6,
            ne: 6,
            sw: 0,
            se: 0,
        })
        .inner_margin(Margin::symmetric(8, 4))
}

/// The canvas style: pins on the node edges, wires behind the nodes, no
/// grid of its own, and no selection fill of snarl's own (the editor draws selection
/// as a node border).
pub fn snarl_style() -> SnarlStyle {
    let mut style = SnarlStyle::new();
    style.node_layout = Some(NodeLayout::coil());
    style.pin_placement = Some(PinPlacement::Edge);
    style.pin_size = Some(11.0);
    style.wire_width = Some(2.0);
    style.collapsible = Some(false);
    style.header_drag_space = Some(egui::Vec2::ZERO);
    style.node_frame = Some(node_frame());
    style.bg_frame = Some(Frame::new().fill(CANVAS));
    // The grid is drawn under the frames by the canvas (see
    // `frame::paint::grid`), so that it does not cross their title bars.
    style.bg_pattern = Some(BackgroundPattern::NoPattern);
    style.min_scale = Some(0.1);
    style.max_scale = Some(2.0);
    style.centering = Some(true);
    style.select_style = Some(SelectionStyle {
        margin: Margin::ZERO,
        rounding: CornerRadius::ZERO,
        fill: Color32::TRANSPARENT,
        stroke: Stroke::NONE,
    });
    style.select_fill = Some(Color32::from_rgba_unmultiplied(0x7F, 0xB8, 0xFF, 24));
    style.select_stoke = Some(Stroke::new(1.0, Color32::from_rgb(0x7F, 0xB8, 0xFF)));
    style
}

/// The colours of one frame: its translucent body, its title bar and its border.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FrameColours {
    /// The box behind the nodes (translucent, so the grid shows through).
    pub body: Color32,
    /// The title bar (nearly opaque, so the title reads on it).
    pub bar: Color32,
    /// The outline.
    pub border: Color32,
}

/// The names of the frame colours, in order (shown on hover).
pub const FRAME_COLOUR_NAMES: [&str; 8] = [
    "blue", "teal", "green", "yellow", "orange", "red", "purple", "grey",
];

/// The hues of the frame colours (the Okabe–Ito-like family of the app).
const FRAME_HUES: [Color32; 8] = [
    Color32::from_rgb(0x4F, 0x7F, 0xD0),
    Color32::from_rgb(0x2F, 0xA8, 0x9C),
    Color32::from_rgb(0x5B, 0xAE, 0x4A),
    Color32::from_rgb(0xD6, 0xB0, 0x2E),
    Color32::from_rgb(0xE0, 0x7B, 0x2C),
    Color32::from_rgb(0xD5, 0x4E, 0x5A),
    Color32::from_rgb(0x9B, 0x68, 0xD4),
    Color32::from_rgb(0x8C, 0x93, 0x9E),
];

/// Whether the canvas is dark (it is drawn in [`CANVAS`] whatever the
/// app's theme): frame colours and their text follow the canvas.
pub fn canvas_is_dark() -> bool {
    let [r, g, b, _] = CANVAS.to_array();
    u32::from(r) + u32::from(g) + u32::from(b) < 3 * 128
}

/// The colours of frame colour `index` (any index; wraps around) on the canvas.
pub fn frame_colours(index: u8) -> FrameColours {
    let hue = FRAME_HUES[usize::from(index) % FRAME_HUES.len()];
    let [r, g, b, _] = hue.to_array();
    if canvas_is_dark() {
        // A dark bar keeps the light title readable (contrast above 4.5:1
        // for every hue); the body is a faint tint over the dark canvas.
        FrameColours {
            body: Color32::from_rgba_unmultiplied(r, g, b, 34),
            bar: hue.lerp_to_gamma(Color32::BLACK, 0.45),
            border: Color32::from_rgba_unmultiplied(r, g, b, 150),
        }
    } else {
        FrameColours {
            body: Color32::from_rgba_unmultiplied(r, g, b, 40),
            bar: hue.lerp_to_gamma(Color32::WHITE, 0.55),
            border: Color32::from_rgba_unmultiplied(r, g, b, 170),
        }
    }
}

/// The colour of frame titles and notes on their bar.
pub fn frame_text() -> Color32 {
    if canvas_is_dark() {
        Color32::from_rgb(0xF4, 0xF6, 0xFA)
    } else {
        Color32::from_rgb(0x14, 0x16, 0x1A)
    }
}

/// Compact text and controls inside nodes.
pub fn node_text_style(style: &mut egui::Style) {
    style.spacing.item_spacing = egui::vec2(6.0, 3.0);
    style.spacing.interact_size.y = 18.0;
    style.spacing.button_padding = egui::vec2(5.0, 1.0);
    style.spacing.combo_width = 110.0;
    if let Some(body) = style.text_styles.get_mut(&egui::TextStyle::Body) {
        body.size = 13.0;
    }
    if let Some(button) = style.text_styles.get_mut(&egui::TextStyle::Button) {
        button.size = 13.0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The WCAG contrast ratio of two opaque colours.
    fn contrast(a: Color32, b: Color32) -> f32 {
        let lum = |c: Color32| {
            let [r, g, b, _] = egui::Rgba::from(c).to_array();
            0.2126 * r + 0.7152 * g + 0.0722 * b
        };
        let (x, y) = (lum(a), lum(b));
        (x.max(y) + 0.05) / (x.min(y) + 0.05)
    }

    #[test]
    fn frame_titles_read_on_every_frame_colour() {
        for c in 0..crate::strategy::FRAME_COLOURS {
            let bar = frame_colours(c).bar;
            let ratio = contrast(frame_text(), bar);
            assert!(ratio >= 4.5, "colour {c}: contrast {ratio}");
        }
    }
}
