//! The one set of layout rules every view follows, on the desktop and in the
//! web page alike: from the room the app has, a [`Layout`] (narrow like a
//! phone, medium like a tablet or a small window, wide like a desktop), and
//! for a view made of a main area and side panels, [`Panes`], which lays
//! them out by that layout.
//!
//! Invariant: the main area (the board, the graph canvas, the results) is
//! never narrower than what the side panels leave of a wide screen. Wide
//! shows every panel beside the main area; medium shows at most one, chosen
//! with a toggle in a strip above, and never wider than
//! [`MEDIUM_PANE_SHARE`] of the width; narrow shows one part at a time, the
//! main area or one panel, chosen with tabs. So a panel can never cover the
//! main area or push it off the screen, and every panel stays one click
//! away.

use egui::{Id, RichText, Ui, Vec2};

/// Below this width (in points) the app is laid out for a phone.
pub const NARROW_BELOW: f32 = 600.0;

/// From this width (in points) on, every side panel is shown.
pub const WIDE_FROM: f32 = 1100.0;

/// The largest share of the width a side panel takes in the medium layout.
pub const MEDIUM_PANE_SHARE: f32 = 0.42;

/// How much room the app has, decided from its size alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// A phone: one part of a view at a time, chosen by tabs.
    Narrow,
    /// A tablet or a small window: the main area and at most one panel.
    Medium,
    /// A desktop window: every panel beside the main area.
    Wide,
}

impl Layout {
    /// The layout for an app of `size` points.
    pub fn of(size: Vec2) -> Layout {
        if size.x < NARROW_BELOW {
            Layout::Narrow
        } else if size.x < WIDE_FROM {
            Layout::Medium
        } else {
            Layout::Wide
        }
    }

    /// The layout for the app that `ui` draws in (its whole content area).
    pub fn of_ui(ui: &Ui) -> Layout {
        Layout::of(ui.ctx().content_rect().size())
    }
}

/// Which side of the main area a panel sits on when it is shown beside it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// Left of the main area.
    Left,
    /// Right of the main area.
    Right,
}

/// A side panel of a view.
#[derive(Clone, Copy, Debug)]
pub struct Pane {
    /// The panel's id (egui remembers its width under it).
    pub id: &'static str,
    /// Its title on the tab or toggle that shows it.
    pub title: &'static str,
    /// Where it sits beside the main area.
    pub side: Side,
    /// Its width at first, in points.
    pub width: f32,
    /// The least width it can be dragged to, in points.
    pub min: f32,
}

/// The part of a view to draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// The main area: the board, the canvas, the results.
    Main,
    /// The side panel of this index in [`Panes::panes`].
    Pane(usize),
}

/// A view's main area and side panels, laid out by [`Layout`].
#[derive(Clone, Copy, Debug)]
pub struct Panes<'a> {
    /// The view's id (the strip and the choice of part are kept under it).
    pub id: &'static str,
    /// The main area's title on its tab (narrow layout).
    pub main: &'static str,
    /// The side panels, in the order of their tabs and toggles.
    pub panes: &'a [Pane],
    /// The panel open at first in the medium layout.
    pub first: Option<usize>,
    /// Whether the main area is drawn edge to edge, without the panel's
    /// frame and margins (a canvas).
    pub bare: bool,
}

/// The part chosen in the narrow layout and the panel open in the medium one.
#[derive(Clone, Copy, Debug)]
struct Choice {
    tab: Part,
    drawer: Option<usize>,
}

impl Panes<'_> {
    /// Draws the view in `ui` by the layout of its room: `draw` is called
    /// once for each part shown (panels before the main area, so that the
    /// main area gets what is left).
    pub fn show(&self, ui: &mut Ui, draw: impl FnMut(&mut Ui, Part)) {
        self.show_in(ui, Layout::of_ui(ui), draw);
    }

    /// [`Panes::show`] with a given layout.
    pub fn show_in(&self, ui: &mut Ui, layout: Layout, mut draw: impl FnMut(&mut Ui, Part)) {
        let kept = ui
            .data(|d| d.get_temp::<Option<Choice>>(self.key()))
            .flatten();
        let mut choice = kept.unwrap_or(Choice {
            tab: Part::Main,
            drawer: self.first,
        });
        match layout {
            _ if self.panes.is_empty() => {
                self.central().show(ui, |ui| draw(ui, Part::Main));
            }
            Layout::Wide => {
                for (i, pane) in self.panes.iter().enumerate() {
                    panel(pane).show(ui, |ui| draw(ui, Part::Pane(i)));
                }
                self.central().show(ui, |ui| draw(ui, Part::Main));
            }
            Layout::Medium => {
                self.strip(ui, |ui| self.toggles_ui(ui, &mut choice));
                self.keep(ui.ctx(), choice);
                let cap = (ui.ctx().content_rect().width() * MEDIUM_PANE_SHARE).max(160.0);
                if let Some((i, pane)) = choice
                    .drawer
                    .and_then(|i| self.panes.get(i).map(|p| (i, p)))
                {
                    let width = pane.width.min(cap);
                    panel(pane)
                        .default_size(width)
                        .size_range(pane.min.min(width)..=cap)
                        .show(ui, |ui| draw(ui, Part::Pane(i)));
                }
                self.central().show(ui, |ui| draw(ui, Part::Main));
            }
            Layout::Narrow => {
                self.strip(ui, |ui| self.tabs_ui(ui, &mut choice));
                self.keep(ui.ctx(), choice);
                let part = match choice.tab {
                    Part::Pane(i) if i >= self.panes.len() => Part::Main,
                    part => part,
                };
                // A panel shown in the main area's place keeps a panel's
                // margins, even when the main area is drawn edge to edge.
                let central = match part {
                    Part::Main => self.central(),
                    Part::Pane(_) => egui::CentralPanel::default(),
                };
                central.show(ui, |ui| draw(ui, part));
            }
        }
    }

    /// Keeps `choice` for the next frames (before the parts are drawn, so
    /// that [`Panes::reveal_main`] from a part wins).
    fn keep(&self, ctx: &egui::Context, choice: Choice) {
        ctx.data_mut(|d| d.insert_temp(self.key(), Some(choice)));
    }

    /// Shows the main area on the next frame when the layout is narrow (as
    /// after New game, whose board is on another tab); changes nothing in
    /// the other layouts.
    pub fn reveal_main(&self, ctx: &egui::Context) {
        let key = self.key();
        ctx.data_mut(|d| {
            if let Some(choice) = d.get_temp_mut_or_default::<Option<Choice>>(key) {
                choice.tab = Part::Main;
            }
        });
        ctx.request_repaint();
    }

    fn central(&self) -> egui::CentralPanel {
        match self.bare {
            true => egui::CentralPanel::default().frame(egui::Frame::NONE),
            false => egui::CentralPanel::default(),
        }
    }

    fn key(&self) -> Id {
        Id::new(self.id).with("layout_choice")
    }

    fn strip(&self, ui: &mut Ui, add: impl FnOnce(&mut Ui)) {
        egui::Panel::top(Id::new(self.id).with("layout_strip")).show(ui, |ui| {
            ui.horizontal_wrapped(add);
        });
    }

    fn tabs_ui(&self, ui: &mut Ui, choice: &mut Choice) {
        let parts = std::iter::once((Part::Main, self.main)).chain(
            self.panes
                .iter()
                .enumerate()
                .map(|(i, p)| (Part::Pane(i), p.title)),
        );
        for (part, title) in parts {
            let text = RichText::new(title).size(15.0);
            if ui.selectable_label(choice.tab == part, text).clicked() {
                choice.tab = part;
            }
        }
    }

    fn toggles_ui(&self, ui: &mut Ui, choice: &mut Choice) {
        for (i, pane) in self.panes.iter().enumerate() {
            let open = choice.drawer == Some(i);
            let title = pane.title;
            let hover = if open {
                "Hide this panel."
            } else {
                "Show this panel."
            };
            if ui
                .selectable_label(open, RichText::new(title).size(15.0))
                .on_hover_text(hover)
                .clicked()
            {
                choice.drawer = (!open).then_some(i);
            }
        }
    }
}

/// The margin a dialog keeps from the app's edges on a screen narrower than
/// the dialog would like.
pub const DIALOG_MARGIN: f32 = 12.0;

/// The width for a dialog that would like `wanted` points: that, where the
/// app has the room, else the app's width less a margin each side; so that a
/// dialog on a phone stays whole on the screen, its buttons with it.
pub fn dialog_width(ctx: &egui::Context, wanted: f32) -> f32 {
    dialog_size(ctx, egui::vec2(wanted, 0.0)).x
}

/// [`dialog_width`] for both sides: `wanted`, cut to the app's size less the
/// margins (never below 160 by 120 points).
pub fn dialog_size(ctx: &egui::Context, wanted: Vec2) -> Vec2 {
    let room = ctx.content_rect().size() - Vec2::splat(2.0 * DIALOG_MARGIN);
    let least = wanted.min(egui::vec2(160.0, 120.0));
    wanted.min(room).max(least)
}

/// Draws a table (a grid) whose cells are never wrapped: in a room too
/// narrow for it, it grows past the right edge, for a scroll area around it
/// to scroll sideways, instead of breaking its cells one letter a line.
pub fn table<R>(ui: &mut Ui, add: impl FnOnce(&mut Ui) -> R) -> R {
    ui.scope(|ui| {
        ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Extend);
        add(ui)
    })
    .inner
}

fn panel(pane: &Pane) -> egui::Panel {
    let panel = match pane.side {
        Side::Left => egui::Panel::left(pane.id),
        Side::Right => egui::Panel::right(pane.id),
    };
    panel
        .resizable(true)
        .default_size(pane.width)
        .min_size(pane.min)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_phone_a_tablet_and_a_desktop_get_their_layouts() {
        assert_eq!(Layout::of(egui::vec2(390.0, 844.0)), Layout::Narrow);
        assert_eq!(Layout::of(egui::vec2(768.0, 1024.0)), Layout::Medium);
        assert_eq!(Layout::of(egui::vec2(1024.0, 700.0)), Layout::Medium);
        assert_eq!(Layout::of(egui::vec2(1280.0, 800.0)), Layout::Wide);
        assert_eq!(Layout::of(egui::vec2(NARROW_BELOW, 400.0)), Layout::Medium);
        assert_eq!(Layout::of(egui::vec2(WIDE_FROM, 400.0)), Layout::Wide);
    }
}
