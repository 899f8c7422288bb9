//! A node's header on the canvas: its problem badge, its title (the
//! learner's label, prominent, with the kind's title small beside it, or
//! the kind's title alone), and its value for the explained cell.

use egui::{Color32, Rect, RichText, Sense, Ui, WidgetInfo, WidgetType};

use crate::strategy::{Node, NodeId, PinType, Severity, Strategy, info};

use crate::gui::theme;

use super::analysis::{Analysis, NodeMark};
use super::palette::doc_ui;
use super::style;
use super::view::TITLE_MIN_PX;

/// What a click on a node's title asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TitleClick {
    /// Selected it.
    Select,
    /// Double-clicked: rename it.
    Rename,
    /// Right-clicked: open the node's menu (as a right click on its body does).
    Menu,
}

/// The accessible name of a node's title: "node 7: Multiply", or "node 7:
/// safety penalty (Multiply)" when it has a label.
pub fn title_name(id: NodeId, node: &Node) -> String {
    let kind = info(node.kind.kind()).title;
    match &node.label {
        Some(l) => format!("node {id}: {l} ({kind})"),
        None => format!("node {id}: {kind}"),
    }
}

/// Draws the header of `node`: its label, or `plain` (the kind's title, a
/// group's name) when it has none; `ink` hides text at small zoom. Returns
/// what a click on the title asked for, and the title's response.
pub fn header_ui(
    ui: &mut Ui,
    id: NodeId,
    node: &Node,
    mark: Option<&NodeMark>,
    value: Option<String>,
    plain: String,
    ink: &dyn Fn(Color32) -> Color32,
) -> (Option<TitleClick>, egui::Response) {
    let kind_info = info(node.kind.kind());
    if let Some(mark) = mark
        && let Some(severity) = mark.severity
    {
        let (icon, colour) = match severity {
            Severity::Error => ("⛔", style::ERROR),
            Severity::Warning => ("⚠", style::WARNING),
        };
        let badge =
            ui.add(egui::Label::new(RichText::new(icon).color(ink(colour))).sense(Sense::hover()));
        badge.widget_info(|| {
            WidgetInfo::labeled(WidgetType::Label, true, format!("node {id} {severity}"))
        });
        badge.on_hover_ui(|ui| {
            ui.set_max_width(320.0);
            for m in &mark.messages {
                ui.label(m);
            }
        });
    }
    let text = match &node.label {
        Some(l) => RichText::new(l).strong().size(14.5),
        None => RichText::new(plain).strong(),
    };
    let title = ui.add(
        egui::Label::new(text.color(ink(Color32::WHITE)))
            .selectable(false)
            .sense(Sense::click()),
    );
    let name = title_name(id, node);
    title.widget_info(|| WidgetInfo::labeled(WidgetType::Button, true, name.clone()));
    if node.label.is_some() {
        ui.add(
            egui::Label::new(
                RichText::new(kind_info.title)
                    .small()
                    .color(ink(style::KIND_UNDER_LABEL)),
            )
            .selectable(false),
        );
    }
    if let Some(value) = value {
        let chip = ui.label(
            RichText::new(format!("= {value}"))
                .strong()
                .color(ink(style::VALUE)),
        );
        chip.widget_info(|| {
            WidgetInfo::labeled(WidgetType::Label, true, format!("node {id} = {value}"))
        });
    }
    let click = if title.secondary_clicked() {
        Some(TitleClick::Menu)
    } else if title.double_clicked() {
        Some(TitleClick::Rename)
    } else if title.clicked() {
        Some(TitleClick::Select)
    } else {
        None
    };
    (click, title)
}

/// Paints `title` over the header of a node drawn in `rect` (canvas units)
/// at [`TITLE_MIN_PX`] on screen for a canvas at `zoom`, cut to the node's
/// width with "…": what a node shows when zoomed out too far for the rest.
pub fn paint_title_only(painter: &egui::Painter, rect: Rect, title: &str, zoom: f32) {
    let zoom = zoom.max(0.01);
    let margin = 5.0 / zoom;
    let mut job = egui::text::LayoutJob::single_section(
        title.to_string(),
        egui::TextFormat::simple(
            egui::FontId::proportional(TITLE_MIN_PX / zoom),
            Color32::WHITE,
        ),
    );
    job.wrap = egui::text::TextWrapping::truncate_at_width((rect.width() - 2.0 * margin).max(0.0));
    let galley = painter.layout_job(job);
    painter.galley(
        rect.min + egui::vec2(margin, margin),
        galley,
        Color32::WHITE,
    );
}

/// The popup of a node under the pointer: its label, its kind's
/// documentation, how to name it, and the problems found in it.
pub fn popup_ui(ui: &mut Ui, node: &Node, mark: Option<&NodeMark>) {
    if let Some(label) = &node.label {
        ui.label(RichText::new(format!("“{label}”")).heading());
    }
    doc_ui(ui, info(node.kind.kind()));
    ui.label(
        RichText::new("Double-click the title (or press F2) to name this node.")
            .small()
            .color(theme::MUTED_TEXT),
    );
    if let Some(mark) = mark {
        ui.separator();
        for m in &mark.messages {
            let colour = if m.starts_with("error") {
                style::ERROR
            } else {
                style::WARNING
            };
            ui.label(RichText::new(m).color(colour));
        }
    }
}

/// A node's rename field, open on the canvas.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Renaming {
    /// The node.
    pub node: NodeId,
    /// Whether the field still has to take the keyboard.
    pub focus: bool,
    /// Whether it has been shown (a press outside it then closes it).
    pub shown: bool,
}

/// The value of node `id` for the explained cell, as its header shows it
/// ("yes", "no", or the number), if it has one.
pub fn value_text(strategy: &Strategy, analysis: &Analysis, id: NodeId) -> Option<String> {
    let value = (*analysis.values.get(&id)?)?;
    let node = strategy.node(id)?;
    Some(match node.output()? {
        PinType::Bool => if value != 0 { "yes" } else { "no" }.to_string(),
        PinType::Int => value.to_string(),
    })
}

/// `colour`, or transparent when node text is `tiny` (too small to draw:
/// the node then shows its title only).
pub fn ink(tiny: bool, colour: Color32) -> Color32 {
    if tiny { Color32::TRANSPARENT } else { colour }
}
