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
/// The body of a node.
pub const NODE_FILL: Color32 = Color32::from_rgb(0x2A, 0x30, 0x3A);
/// The border of a node.
pub const NODE_BORDER: Color32 = Color32::from_rgb(0x4A, 0x52, 0x60);
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

/// The canvas style: pins on the node edges, wires behind the nodes, a dot
/// grid, and no selection fill of snarl's own (the editor draws selection
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
    style.bg_pattern = Some(BackgroundPattern::grid(egui::vec2(40.0, 40.0), 0.0));
    style.bg_pattern_stroke = Some(Stroke::new(1.0, Color32::from_rgb(0x22, 0x26, 0x2E)));
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
