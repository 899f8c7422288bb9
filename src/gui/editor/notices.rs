//! What the editor draws over and around the canvas: a broken file's error,
//! a first hint on an empty graph, short messages (a refused connection,
//! "Saved …"), and nodes dropped from the palette.

use egui::{Align2, Color32, RichText};

use crate::gui::theme;

use super::EditorView;
use super::edit::Edit;
use super::palette::PaletteDrag;
use super::view::NODE_GUESS;

/// Seconds a message stays under the canvas.
const TOAST_SECONDS: f64 = 6.0;

/// A short message under the canvas.
#[derive(Clone, Debug)]
pub struct Toast {
    /// The message.
    pub text: String,
    /// Whether it reports a refusal or a failure.
    pub error: bool,
    /// When it disappears (seconds of the app's clock).
    pub until: f64,
}

impl EditorView {
    /// The error of a file that could not be opened, above the canvas.
    pub(super) fn banner_ui(&mut self, ui: &mut egui::Ui) {
        let Some(error) = self.load_error.clone() else {
            return;
        };
        egui::Frame::new()
            .fill(Color32::from_rgb(0x3A, 0x20, 0x22))
            .inner_margin(egui::Margin::symmetric(10, 6))
            .show(ui, |ui| {
                ui.horizontal_wrapped(|ui| {
                    ui.label(RichText::new(&error).color(theme::ERROR_TEXT));
                    if ui.small_button("Dismiss").clicked() {
                        self.load_error = None;
                    }
                });
            });
    }

    /// A first hint on a graph that has nothing but the Cell value.
    pub(super) fn hint_ui(&self, ctx: &egui::Context) {
        let s = self.doc.strategy();
        if s.nodes().len() > 1 || !s.wires().is_empty() {
            return;
        }
        let painter = ctx.layer_painter(egui::LayerId::new(
            egui::Order::Foreground,
            egui::Id::new("editor_hint"),
        ));
        let rect = self.canvas.view.screen;
        painter.text(
            rect.center_top() + egui::vec2(0.0, 18.0),
            Align2::CENTER_TOP,
            "Add nodes from the palette or by right-clicking the canvas.\nDrag from an output pin to an input pin to wire them; wire a number into Cell value.",
            egui::FontId::proportional(14.0),
            theme::MUTED_TEXT,
        );
    }

    /// A kind dragged from the palette and released over the canvas is added there.
    pub(super) fn drop_ui(&mut self, ctx: &egui::Context, now: f64) {
        let (released, pointer) = ctx.input(|i| (i.pointer.any_released(), i.pointer.latest_pos()));
        let Some(p) = pointer.filter(|p| released && self.canvas.view.screen.contains(*p)) else {
            return;
        };
        if let Some(drag) = egui::DragAndDrop::take_payload::<PaletteDrag>(ctx) {
            let at = self.canvas.to_canvas(p) - NODE_GUESS / 2.0;
            let PaletteDrag(kind) = *drag;
            self.apply(
                Edit::Add {
                    kind,
                    pos: [at.x.round(), at.y.round()],
                    link: None,
                },
                now,
            );
        }
    }

    pub(super) fn toast_ui(&mut self, ctx: &egui::Context, now: f64) {
        if let Some((text, error)) = self.pending_toast.take() {
            self.toast = Some(Toast {
                text,
                error,
                until: now + TOAST_SECONDS,
            });
        }
        let Some(toast) = &self.toast else {
            return;
        };
        if now > toast.until {
            self.toast = None;
            return;
        }
        ctx.request_repaint_after_secs((toast.until - now) as f32);
        let rect = self.canvas.view.screen;
        let colour = if toast.error {
            theme::ERROR_TEXT
        } else {
            theme::MUTED_TEXT
        };
        let text = toast.text.clone();
        egui::Area::new(egui::Id::new("editor_toast"))
            .order(egui::Order::Foreground)
            .pivot(Align2::CENTER_BOTTOM)
            .fixed_pos(rect.center_bottom() - egui::vec2(0.0, 14.0))
            .interactable(false)
            .show(ctx, |ui| {
                egui::Frame::popup(ui.style()).show(ui, |ui| {
                    ui.set_max_width(rect.width() * 0.8);
                    ui.label(RichText::new(text).color(colour));
                });
            });
    }
}
