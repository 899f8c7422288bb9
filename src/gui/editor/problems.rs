//! The list of the validator's errors and warnings under the canvas; a click
//! on one selects and centres the node concerned.

use egui::{RichText, Ui, WidgetInfo, WidgetType};

use crate::gui::theme;
use crate::strategy::{NodeId, Severity};

use super::analysis::Analysis;
use super::style;

/// Draws the list; returns the node of the diagnostic clicked.
pub fn problems_ui(ui: &mut Ui, analysis: &Analysis) -> Option<NodeId> {
    let mut clicked = None;
    let (errors, warnings) = analysis.counts();
    ui.horizontal(|ui| {
        ui.label(RichText::new("Problems").strong());
        let summary = match (errors, warnings) {
            (0, 0) => RichText::new("none: the strategy is ready to play").color(style::VALUE),
            (0, w) => RichText::new(format!("{w} warning{}", plural(w))).color(style::WARNING),
            (e, w) => RichText::new(format!(
                "{e} error{}, {w} warning{}: the preview shows what can be computed",
                plural(e),
                plural(w)
            ))
            .color(style::ERROR),
        };
        ui.label(summary);
    });
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .show(ui, |ui| {
            for (i, d) in analysis.report.diagnostics.iter().enumerate() {
                let (icon, colour) = match d.severity {
                    Severity::Error => ("⛔", style::ERROR),
                    Severity::Warning => ("⚠", style::WARNING),
                };
                let text = RichText::new(format!("{icon} {d}")).color(colour);
                match d.node {
                    Some(id) => {
                        let r = ui.add(egui::Button::new(text).frame(false));
                        r.widget_info(|| {
                            WidgetInfo::labeled(
                                WidgetType::Button,
                                true,
                                format!("problem {i}: {d}"),
                            )
                        });
                        if r.on_hover_text("Select this node on the canvas").clicked() {
                            clicked = Some(id);
                        }
                    }
                    None => {
                        ui.label(text);
                    }
                }
            }
            if analysis.report.diagnostics.is_empty() {
                ui.label(
                    RichText::new("The graph has no errors or warnings.").color(theme::MUTED_TEXT),
                );
            }
        });
    clicked
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}
