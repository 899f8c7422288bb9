//! The breadcrumb bar above the canvas while a group is open: "⬅ Back",
//! then the strategy's name and each opened group's name ("08 Expert ›
//! threats"), the outer ones clickable to go back to them. Keeping the
//! canvas on the graph of the document's scope also lives here: when the
//! scope changed (a group opened or left, or undo went to an edit made
//! elsewhere), the canvas forgets the other graph's nodes.

use egui::{RichText, WidgetInfo, WidgetType};

use crate::gui::theme;

use super::EditorView;
use super::group::{GROUP_HEADER, GROUP_MARK};

impl EditorView {
    /// Shows the graph of the document's scope on the canvas (once per change of scope).
    pub(super) fn sync_scope(&mut self) {
        if self.doc.scope() == self.groups.shown.as_slice() {
            return;
        }
        self.groups.shown = self.doc.scope().to_vec();
        let depth = self.groups.shown.len();
        self.groups.trail.truncate(depth);
        while self.groups.trail.len() < depth {
            // Opened by undo or redo, not from an instance: back shows the
            // graph framed.
            self.groups.trail.push((self.canvas.view.transform, None));
        }
        self.canvas.switch_graph();
    }

    /// The breadcrumb bar, only while a group is open.
    pub(super) fn breadcrumb_ui(&mut self, ui: &mut egui::Ui) {
        let depth = self.doc.scope().len();
        if depth == 0 {
            return;
        }
        let mut go = None;
        let top = self.doc.strategy();
        let names: Vec<String> = self
            .doc
            .scope()
            .iter()
            .map(|id| top.group_name(id))
            .collect();
        let uses = self
            .doc
            .scope()
            .last()
            .map_or(0, |id| top.instance_count(id));
        let top_name = match top.name.trim() {
            "" => "strategy".to_string(),
            n => n.to_string(),
        };
        egui::Frame::new()
            .fill(style_fill())
            .inner_margin(egui::Margin::symmetric(10, 5))
            .show(ui, |ui| {
                ui.set_width(ui.available_width());
                ui.horizontal(|ui| {
                    let back = ui
                        .button("⬅ Back")
                        .on_hover_text("Back to the enclosing graph (Escape)");
                    if back.clicked() {
                        go = Some(depth - 1);
                    }
                    let crumb = |ui: &mut egui::Ui, text: &str| {
                        let r = ui.link(RichText::new(text).strong());
                        r.widget_info(|| {
                            WidgetInfo::labeled(WidgetType::Link, true, format!("go to {text}"))
                        });
                        r.on_hover_text("Go back to this graph").clicked()
                    };
                    if crumb(ui, &top_name) {
                        go = Some(0);
                    }
                    for (i, name) in names.iter().enumerate() {
                        ui.label(RichText::new("›").color(theme::MUTED_TEXT));
                        if i + 1 == depth {
                            let r = ui.label(
                                RichText::new(format!("{GROUP_MARK} {name}"))
                                    .strong()
                                    .color(egui::Color32::WHITE),
                            );
                            r.widget_info(|| {
                                WidgetInfo::labeled(
                                    WidgetType::Label,
                                    true,
                                    format!("editing group {name}"),
                                )
                            });
                        } else if crumb(ui, name) {
                            go = Some(i + 1);
                        }
                    }
                    let scope = match uses {
                        0 => "the group is not used yet".to_string(),
                        1 => "changes apply to the group's one use".to_string(),
                        n => format!("changes apply to all {n} uses of the group"),
                    };
                    ui.label(RichText::new(scope).small().color(theme::MUTED_TEXT));
                });
            });
        if let Some(depth) = go {
            self.leave_group(depth);
        }
    }
}

/// The bar's background: the group colour, dimmed.
fn style_fill() -> egui::Color32 {
    super::style::CANVAS.lerp_to_gamma(GROUP_HEADER, 0.35)
}
