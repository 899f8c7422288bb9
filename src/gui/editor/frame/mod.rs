//! Frames on the canvas: where each is laid out, and what the pointer does
//! with it. Frames lie behind the nodes: their handles (the title bar, the
//! collapse arrow, the resize corner) are registered in snarl's layer from
//! [`FrameUi::interact`], which snarl calls before it draws any node, so a
//! node lying over a handle takes the pointer first. They are painted in the
//! canvas's own layer, under snarl's, at screen size (see
//! [`paint`]), so that a title stays readable at any zoom.
//!
//! A frame's nodes are the nodes inside its rectangle when a drag starts;
//! the drag moves them (and the frames inside) with it, as one undo step.
//! `popup.rs` makes frames and edits their titles, notes and colours.

pub(super) mod paint;
mod popup;

use std::collections::HashSet;
use std::sync::Arc;

use egui::emath::TSTransform;
use egui::{Galley, Id, Pos2, Rect, Sense, Ui, WidgetInfo, WidgetType};

use crate::strategy::{FRAME_COLOURS, Frame, NodeId, Strategy};

use super::annotate::{FrameEdit, hidden_frames};
use super::edit::Edit;
use super::events::CanvasEvents;
use super::style;
use super::view::TEXT_MIN_SCALE;

/// The height of a frame's title bar at full zoom, in canvas units.
pub const TITLE_H: f32 = 30.0;
/// The room left around nodes when a frame is made around them.
pub const PAD: f32 = 24.0;
/// The smallest width and height a frame can be resized to.
const MIN_SIZE: egui::Vec2 = egui::vec2(120.0, TITLE_H + 30.0);
/// The size of the resize corner on screen.
const GRIP: f32 = 16.0;

/// Which field of the frame editor takes the keyboard when it opens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Focus {
    /// The title (selected, so typing replaces it).
    Title,
    /// The notes.
    Notes,
}

/// The open editor of one frame (title, notes, colour).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FrameEditor {
    /// The frame.
    pub index: usize,
    /// The field to focus, until it has been focused.
    pub focus: Option<Focus>,
    /// Whether it has been shown (a press outside it then closes it).
    pub shown: bool,
}

/// What a frame holds when its drag starts: its nodes with their
/// positions, and the frames inside it with their rectangles.
type Inside = (Vec<(NodeId, [f32; 2])>, Vec<(usize, [f32; 4])>);

/// A drag of a frame in progress.
#[derive(Clone, Debug)]
struct FrameDrag {
    index: usize,
    start: Pos2,
    rect: [f32; 4],
    /// `None` for a resize; the nodes and frames inside for a move.
    inside: Option<Inside>,
}

/// Where the pointer is and where it was pressed, in canvas units.
#[derive(Clone, Copy, Debug)]
struct Pointer {
    now: Option<Pos2>,
    origin: Option<Pos2>,
}

/// Where one frame is drawn this frame, in canvas units.
#[derive(Clone, Debug)]
pub struct FrameLayout {
    /// The frame's index.
    pub index: usize,
    /// The title bar.
    pub bar: Rect,
    /// The whole box (none when collapsed).
    pub body: Option<Rect>,
    /// The title, laid out at its screen size.
    pub title: Arc<Galley>,
    /// The notes under the title, when shown.
    pub notes: Option<Arc<Galley>>,
    /// The collapse arrow.
    pub arrow: Rect,
    /// The resize corner (none when collapsed).
    pub grip: Option<Rect>,
    /// How many nodes are inside.
    pub members: usize,
}

/// The frames' state between frames of the UI.
#[derive(Default)]
pub struct FrameUi {
    drag: Option<FrameDrag>,
    /// The frame editor, when open.
    pub editor: Option<FrameEditor>,
    /// This frame's layouts (filled by [`FrameUi::interact`]).
    pub layouts: Vec<FrameLayout>,
}

/// The font size of frame titles on screen at zoom `scale`: 15 points at
/// full zoom, never below 13 (readable when the whole graph is in view).
pub fn title_size(scale: f32) -> f32 {
    (15.0 * scale).max(13.0)
}

/// Whether frame titles are drawn, and take the pointer, above the nodes:
/// when zoomed out so far that nodes show no text, the titles are what is
/// left to read.
pub fn titles_on_top(scale: f32) -> bool {
    scale < TEXT_MIN_SCALE
}

/// A frame's rectangle as an egui rectangle.
pub fn rect_of(f: &Frame) -> Rect {
    let [x, y, w, h] = f.rect;
    Rect::from_min_size(Pos2::new(x, y), egui::vec2(w.max(0.0), h.max(0.0)))
}

impl FrameUi {
    /// Opens the editor of frame `index`, focusing `focus`.
    pub fn edit(&mut self, index: usize, focus: Focus) {
        self.editor = Some(FrameEditor {
            index,
            focus: Some(focus),
            shown: false,
        });
    }

    /// The layout of frame `index` this frame (none when it is hidden).
    pub fn layout(&self, index: usize) -> Option<&FrameLayout> {
        self.layouts.iter().find(|l| l.index == index)
    }

    /// Lays the frames out for zoom `scale` (text is measured with `ui`).
    pub fn lay_out(&mut self, ui: &Ui, strategy: &Strategy, scale: f32) {
        self.layouts = layouts(ui, strategy, scale);
        if self
            .editor
            .is_some_and(|e| e.index >= strategy.frames.len())
        {
            self.editor = None;
        }
    }

    /// Registers the frames' handles in `ui`, whose coordinates are the
    /// canvas's mapped by `to_ui` (snarl's layer: the identity; the overlay
    /// of [`titles_on_top`]: the canvas's `transform`); what the user did
    /// goes into `events`.
    pub fn interact(
        &mut self,
        ui: &mut Ui,
        strategy: &Strategy,
        transform: TSTransform,
        to_ui: TSTransform,
        events: &mut CanvasEvents,
    ) {
        let (now, origin) = ui.ctx().input(|i| {
            let to_canvas = |p: Pos2| transform.inverse() * p;
            (
                i.pointer.latest_pos().map(to_canvas),
                i.pointer.press_origin().map(to_canvas),
            )
        });
        let at = Pointer { now, origin };
        let layouts = self.layouts.clone();
        for mut l in layouts {
            let Some(frame) = strategy.frames.get(l.index) else {
                continue;
            };
            (l.bar, l.arrow) = (to_ui * l.bar, to_ui * l.arrow);
            self.bar_ui(ui, strategy, &l, frame, at, events);
            if let Some(corner) = l.grip {
                self.grip_ui(ui, l.index, frame, to_ui * corner, at, events);
            }
        }
        if self
            .drag
            .as_ref()
            .is_some_and(|d| !ui.ctx().is_being_dragged(drag_id(d)))
        {
            self.drag = None;
        }
    }

    /// The title bar of one frame: drag to move, double-click to rename,
    /// right-click for its menu; and its collapse arrow.
    fn bar_ui(
        &mut self,
        ui: &mut Ui,
        strategy: &Strategy,
        l: &FrameLayout,
        frame: &Frame,
        pointer: Pointer,
        events: &mut CanvasEvents,
    ) {
        let i = l.index;
        let r = ui.interact(l.bar, bar_id(i), Sense::click_and_drag());
        r.widget_info(|| {
            WidgetInfo::labeled(
                WidgetType::Button,
                true,
                format!("frame {i}: {}", frame.title),
            )
        });
        if r.hovered() {
            ui.ctx().set_cursor_icon(egui::CursorIcon::Grab);
        }
        if r.drag_started()
            && let Some(p) = pointer.origin
        {
            let inside = inside(strategy, i);
            self.drag = Some(FrameDrag {
                index: i,
                start: p,
                rect: frame.rect,
                inside: Some(inside),
            });
        }
        if r.dragged()
            && let (Some(d), Some(p)) = (&self.drag, pointer.now)
            && d.index == i
            && let Some((nodes, frames)) = &d.inside
        {
            let delta = p - d.start;
            let [x, y, w, h] = d.rect;
            let shift = |q: [f32; 2]| [q[0] + delta.x, q[1] + delta.y];
            events.edits.push(Edit::Frame(FrameEdit::Move {
                index: i,
                rect: [x + delta.x, y + delta.y, w, h],
                nodes: nodes.iter().map(|(id, q)| (*id, shift(*q))).collect(),
                frames: frames
                    .iter()
                    .map(|(k, [fx, fy, fw, fh])| (*k, [fx + delta.x, fy + delta.y, *fw, *fh]))
                    .collect(),
            }));
        }
        if r.double_clicked() {
            self.edit(i, Focus::Title);
        }
        r.context_menu(|ui| self.menu(ui, i, frame, events));
        let arrow = ui.interact(l.arrow, bar_id(i).with("arrow"), Sense::click());
        let collapsed = frame.collapsed;
        arrow.widget_info(|| {
            let what = if collapsed { "expand" } else { "collapse" };
            WidgetInfo::labeled(WidgetType::Button, true, format!("frame {i} {what}"))
        });
        let arrow = arrow.on_hover_text(if collapsed {
            "Expand: show the nodes inside"
        } else {
            "Collapse: show only the title (the nodes still count)"
        });
        if arrow.clicked() {
            events
                .edits
                .push(Edit::Frame(FrameEdit::Collapse(i, !collapsed)));
        }
    }

    /// The resize corner of an open frame.
    fn grip_ui(
        &mut self,
        ui: &mut Ui,
        i: usize,
        frame: &Frame,
        corner: Rect,
        pointer: Pointer,
        events: &mut CanvasEvents,
    ) {
        let r = ui.interact(corner, bar_id(i).with("grip"), Sense::drag());
        r.widget_info(|| {
            WidgetInfo::labeled(WidgetType::Button, true, format!("frame {i} resize"))
        });
        if r.hovered() || r.dragged() {
            ui.ctx().set_cursor_icon(egui::CursorIcon::ResizeNwSe);
        }
        if r.drag_started()
            && let Some(p) = pointer.origin
        {
            self.drag = Some(FrameDrag {
                index: i,
                start: p,
                rect: frame.rect,
                inside: None,
            });
        }
        if r.dragged()
            && let (Some(d), Some(p)) = (&self.drag, pointer.now)
            && d.index == i
            && d.inside.is_none()
        {
            let delta = p - d.start;
            let [x, y, w, h] = d.rect;
            let w = (w + delta.x).max(MIN_SIZE.x);
            let h = (h + delta.y).max(MIN_SIZE.y);
            events
                .edits
                .push(Edit::Frame(FrameEdit::Resize(i, [x, y, w, h])));
        }
    }

    /// A frame's context menu: rename, notes, colour, collapse, delete.
    fn menu(&mut self, ui: &mut Ui, i: usize, frame: &Frame, events: &mut CanvasEvents) {
        events.menu_open = true;
        if ui.button("Rename…").clicked() {
            self.edit(i, Focus::Title);
            ui.close();
        }
        if ui.button("Notes…").clicked() {
            self.edit(i, Focus::Notes);
            ui.close();
        }
        ui.horizontal(|ui| {
            ui.label("Colour");
            if let Some(c) = colour_swatches(ui, frame.colour) {
                events.edits.push(Edit::Frame(FrameEdit::Colour(i, c)));
            }
        });
        let text = if frame.collapsed {
            "Expand"
        } else {
            "Collapse"
        };
        if ui.button(text).clicked() {
            events
                .edits
                .push(Edit::Frame(FrameEdit::Collapse(i, !frame.collapsed)));
            ui.close();
        }
        ui.separator();
        if ui
            .button("Delete frame")
            .on_hover_text("Removes the frame; the nodes inside stay.")
            .clicked()
        {
            events.edits.push(Edit::Frame(FrameEdit::Delete(i)));
            ui.close();
        }
    }
}

/// A row of the frame colours; returns the one clicked.
pub fn colour_swatches(ui: &mut Ui, current: u8) -> Option<u8> {
    let mut chosen = None;
    for c in 0..FRAME_COLOURS {
        let (rect, r) = ui.allocate_exact_size(egui::vec2(18.0, 18.0), Sense::click());
        let colours = style::frame_colours(c);
        ui.painter().rect_filled(rect, 3.0, colours.bar);
        if c == current {
            ui.painter().rect_stroke(
                rect.expand(1.0),
                3.0,
                egui::Stroke::new(2.0, style::SELECTED),
                egui::StrokeKind::Outside,
            );
        }
        r.widget_info(|| {
            WidgetInfo::selected(
                WidgetType::Button,
                true,
                c == current,
                format!("frame colour {c}"),
            )
        });
        if r.on_hover_text(style::FRAME_COLOUR_NAMES[usize::from(c) % 8])
            .clicked()
        {
            chosen = Some(c);
        }
    }
    chosen
}

fn bar_id(index: usize) -> Id {
    Id::new("chainlab-frame").with(index)
}

fn drag_id(d: &FrameDrag) -> Id {
    match d.inside {
        Some(_) => bar_id(d.index),
        None => bar_id(d.index).with("grip"),
    }
}

/// The nodes and the other frames inside frame `index`, with where they are.
fn inside(strategy: &Strategy, index: usize) -> Inside {
    let nodes = strategy
        .frame_members(index)
        .into_iter()
        .filter_map(|id| strategy.node(id).map(|n| (id, n.pos)))
        .collect();
    let outer = strategy.frames.get(index).map(rect_of);
    let frames = strategy
        .frames
        .iter()
        .enumerate()
        .filter(|(k, f)| *k != index && outer.is_some_and(|o| o.contains_rect(rect_of(f))))
        .map(|(k, f)| (k, f.rect))
        .collect();
    (nodes, frames)
}

/// The layouts of the frames shown at zoom `scale`, in drawing order.
fn layouts(ui: &Ui, strategy: &Strategy, scale: f32) -> Vec<FrameLayout> {
    let hidden: HashSet<usize> = hidden_frames(strategy);
    let scale = scale.max(0.01);
    let text = style::frame_text();
    let size = title_size(scale);
    strategy
        .frames
        .iter()
        .enumerate()
        .filter(|(i, _)| !hidden.contains(i))
        .map(|(index, f)| {
            let rect = rect_of(f);
            let title = ui.painter().layout_no_wrap(
                display_title(f),
                egui::FontId::proportional(size),
                text,
            );
            // The bar is at least TITLE_H high; a taller one (the title's
            // smallest size, zoomed out) grows upwards, off the nodes.
            let bar_h = ((size + 12.0) / scale).max(TITLE_H);
            let notes = (!f.notes.trim().is_empty() && !f.collapsed && scale >= TEXT_MIN_SCALE)
                .then(|| {
                    ui.painter().layout(
                        f.notes.clone(),
                        egui::FontId::proportional(13.0 * scale),
                        text.gamma_multiply(0.85),
                        ((rect.width() - 16.0) * scale).max(40.0),
                    )
                });
            let notes_h = notes.as_ref().map_or(0.0, |g| g.size().y / scale + 6.0);
            let top = rect.top() - (bar_h - TITLE_H) - notes_h;
            let title_w = title.size().x / scale + bar_h + 16.0;
            let (bar, body) = if f.collapsed {
                let w = title_w + 70.0 / scale.max(0.5);
                let bar = Rect::from_min_size(Pos2::new(rect.left(), top), egui::vec2(w, bar_h));
                (bar, None)
            } else {
                let w = rect.width().max(title_w);
                let bar = Rect::from_min_size(Pos2::new(rect.left(), top), egui::vec2(w, bar_h));
                let body = Rect::from_min_max(Pos2::new(rect.left(), top), rect.max);
                (bar, Some(body))
            };
            let arrow = Rect::from_min_size(bar.min, egui::vec2(bar_h, bar_h));
            let grip =
                body.map(|b| Rect::from_min_max(b.max - egui::vec2(GRIP, GRIP) / scale, b.max));
            FrameLayout {
                index,
                bar,
                body,
                title,
                notes,
                arrow,
                grip,
                members: strategy.frame_members(index).len(),
            }
        })
        .collect()
}

/// The title as shown: "(untitled)" for a blank one.
fn display_title(f: &Frame) -> String {
    if f.title.trim().is_empty() {
        "(untitled)".to_string()
    } else {
        f.title.clone()
    }
}
