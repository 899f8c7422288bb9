//! The editor's notices, drawn over and around the canvas: the banner above
//! it (why a file could not be opened, or the recovered work not restored),
//! a first hint on an empty graph, and short messages under it (a refused
//! connection, "Saved …").
//!
//! Invariants: the banner stays until it is dismissed or another strategy
//! replaces the one shown; a message asked for during a frame shows from the
//! next drawing of the messages on, for [`TOAST_SECONDS`], and only the last
//! one asked for shows.

use egui::{Align2, Color32, Rect, RichText};

use crate::gui::theme;
use crate::strategy::Strategy;

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

/// The banner and the messages.
#[derive(Debug, Default)]
pub struct Notices {
    banner: Option<String>,
    toast: Option<Toast>,
    /// The message asked for since the messages were last drawn: (text, error).
    pending: Option<(String, bool)>,
}

impl Notices {
    /// Shows `text` under the canvas.
    pub fn notify(&mut self, text: String) {
        self.pending = Some((text, false));
    }

    /// Shows `text` under the canvas as a refusal or a failure.
    pub fn notify_error(&mut self, text: String) {
        self.pending = Some((text, true));
    }

    /// The message under the canvas, if one is shown.
    pub fn message(&self) -> Option<&str> {
        self.toast.as_ref().map(|t| t.text.as_str())
    }

    /// The banner's text, if it is shown.
    pub fn banner(&self) -> Option<&str> {
        self.banner.as_deref()
    }

    /// Shows `text` in the banner (until dismissed).
    pub fn set_banner(&mut self, text: String) {
        self.banner = Some(text);
    }

    /// Takes the banner away.
    pub fn clear_banner(&mut self) {
        self.banner = None;
    }

    /// The banner above the canvas, with its Dismiss button.
    pub fn banner_ui(&mut self, ui: &mut egui::Ui) {
        let Some(error) = self.banner.clone() else {
            return;
        };
        egui::Frame::new()
            .fill(Color32::from_rgb(0x3A, 0x20, 0x22))
            .inner_margin(egui::Margin::symmetric(10, 6))
            .show(ui, |ui| {
                ui.horizontal_wrapped(|ui| {
                    ui.label(RichText::new(&error).color(theme::ERROR_TEXT));
                    if ui.small_button("Dismiss").clicked() {
                        self.banner = None;
                    }
                });
            });
    }

    /// The message under the canvas `rect` at time `now`, while it lasts.
    pub fn toast_ui(&mut self, ctx: &egui::Context, now: f64, rect: Rect) {
        if let Some((text, error)) = self.pending.take() {
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

/// A first hint, at the top of the canvas `rect`, on a graph `s` that has
/// nothing but the Cell value.
pub fn hint_ui(ctx: &egui::Context, s: &Strategy, rect: Rect) {
    if s.nodes().len() > 1 || !s.wires().is_empty() {
        return;
    }
    // Above the canvas, under menus and popups (Foreground): on a phone the
    // File menu opens over the hint.
    let painter = ctx.layer_painter(egui::LayerId::new(
        egui::Order::Middle,
        egui::Id::new("editor_hint"),
    ));
    // Wrapped to the canvas, each line centred: on a phone the canvas is
    // narrower than one line of it.
    let mut job = egui::text::LayoutJob::simple(
        "Add nodes from the palette, or right-click the canvas (a long press on a touch \
         screen).\nDrag from an output pin to an input pin to wire them; wire a number into \
         Cell value."
            .to_owned(),
        egui::FontId::proportional(14.0),
        theme::MUTED_TEXT,
        (rect.width() - 24.0).max(80.0),
    );
    job.halign = egui::Align::Center;
    let galley = painter.layout_job(job);
    painter.galley(
        rect.center_top() + egui::vec2(0.0, 18.0),
        galley,
        theme::MUTED_TEXT,
    );
}
