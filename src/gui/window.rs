//! The window's size at start: eframe opens the window at the size the
//! user left it (it saves it) or at the app's default, and only keeps it
//! within the monitor's pixels; a monitor also has a title bar and panels.
//! On its first frames the app asks the monitor's size and, when the window
//! is larger than what is left of it, shrinks the window to fit, so that
//! nothing starts off-screen (a 1280x800 laptop screen once hid the bottom
//! 20 pixels). A size the user chose that fits is kept.

use egui::{Vec2, ViewportCommand};

/// The app's window size when nothing else decides it.
pub const DEFAULT_SIZE: Vec2 = egui::vec2(1280.0, 820.0);

/// The smallest window the app can be shrunk to: a phone's width, where the
/// views follow the narrow layout of [`crate::gui::layout`].
pub const MIN_SIZE: Vec2 = egui::vec2(360.0, 480.0);

/// Room left on the monitor for a title bar, a taskbar and window borders.
pub const MONITOR_MARGIN: Vec2 = egui::vec2(16.0, 64.0);

/// The frames after which the app stops waiting for the monitor's size.
const TRIES: u8 = 10;

/// The window size to ask for when a window of `inner` size opens on a
/// monitor of `monitor` size: `None` when it fits, else the largest size
/// that does (never below `min`).
pub fn fitted_size(inner: Vec2, monitor: Vec2, min: Vec2) -> Option<Vec2> {
    let room = (monitor - MONITOR_MARGIN).max(min);
    (inner.x > room.x || inner.y > room.y).then(|| inner.min(room))
}

/// Whether the window has been fitted to its monitor yet.
#[derive(Debug, Default)]
pub struct WindowFit {
    frames: u8,
    done: bool,
}

impl WindowFit {
    /// On the first frames: shrinks a window larger than its monitor allows
    /// (once the monitor's size is known; a maximised or full-screen window
    /// is left as it is).
    pub fn ui(&mut self, ctx: &egui::Context) {
        if self.done {
            return;
        }
        self.frames = self.frames.saturating_add(1);
        let info = ctx.input(|i| i.viewport().clone());
        let full = info.maximized == Some(true) || info.fullscreen == Some(true);
        match (info.monitor_size, info.inner_rect) {
            (Some(monitor), Some(inner)) if !full => {
                if let Some(size) = fitted_size(inner.size(), monitor, MIN_SIZE) {
                    ctx.send_viewport_cmd(ViewportCommand::InnerSize(size));
                }
                self.done = true;
            }
            _ => self.done = full || self.frames >= TRIES,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_window_too_tall_for_a_laptop_screen_shrinks_and_one_that_fits_stays() {
        let min = egui::vec2(760.0, 480.0);
        let laptop = egui::vec2(1280.0, 800.0);
        assert_eq!(
            fitted_size(egui::vec2(1280.0, 820.0), laptop, min),
            Some(egui::vec2(1264.0, 736.0))
        );
        assert_eq!(fitted_size(egui::vec2(1100.0, 700.0), laptop, min), None);
        let tiny = egui::vec2(800.0, 500.0);
        assert_eq!(
            fitted_size(egui::vec2(1280.0, 820.0), tiny, min),
            Some(egui::vec2(784.0, 480.0)),
            "never below the least size"
        );
    }
}
