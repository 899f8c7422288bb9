//! Painting the frames, under snarl's layer and at screen size: the
//! translucent box, the title bar with its collapse arrow, the notes, the
//! resize corner, and, for a collapsed frame, the wires of its hidden nodes
//! drawn to its title bar.

use std::collections::{HashMap, HashSet};

use egui::emath::TSTransform;
use egui::epaint::CubicBezierShape;
use egui::{Align2, Color32, Painter, Pos2, Rect, Stroke, StrokeKind};

use crate::strategy::{NodeId, Strategy};

use super::super::pins::PinKey;
use super::super::style;
use super::{FrameLayout, title_size};

/// Where frames are painted (screen units): their boxes under the nodes,
/// their title bars over them or under them (see
/// [`super::titles_on_top`]).
#[derive(Clone, Copy)]
pub struct Painters<'a> {
    /// Under snarl's layer.
    pub under: &'a Painter,
    /// For the title bars.
    pub over: &'a Painter,
}

/// Paints the frames laid out in `layouts` with `painters`,
/// and the wires between the nodes a collapsed frame hides and the nodes
/// shown, to that frame's title bar; `pins` are where pins were drawn last
/// frame (canvas units).
pub fn paint(
    painters: Painters<'_>,
    strategy: &Strategy,
    layouts: &[FrameLayout],
    transform: TSTransform,
    hidden: &HashMap<NodeId, usize>,
    pins: &HashMap<PinKey, Rect>,
) {
    for l in layouts {
        if let Some(f) = strategy.frames.get(l.index) {
            paint_one(painters, l, f.colour, f.collapsed, transform);
        }
    }
    if !hidden.is_empty() {
        stub_wires(painters.under, strategy, layouts, transform, hidden, pins);
    }
}

fn paint_one(painters: Painters<'_>, l: &FrameLayout, colour: u8, collapsed: bool, t: TSTransform) {
    let Painters { under, over } = painters;
    let colours = style::frame_colours(colour);
    let round = (8.0 * t.scaling).clamp(2.0, 8.0);
    let bar = t * l.bar;
    if let Some(body) = l.body {
        let body = t * body;
        under.rect(
            body,
            round,
            colours.body,
            Stroke::new(1.5, colours.border),
            StrokeKind::Inside,
        );
        let bar_round = egui::CornerRadius {
            nw: round as u8,
            ne: round as u8,
            sw: 0,
            se: 0,
        };
        over.rect_filled(bar.intersect(body), bar_round, colours.bar);
        if bar.right() > body.right() {
            // The title is wider than the frame at this zoom: the bar goes on.
            let rest = Rect::from_min_max(Pos2::new(body.right(), bar.top()), bar.max);
            over.rect_filled(rest, 0.0, colours.bar);
        }
        grip(under, body, colours.border);
    } else {
        over.rect(
            bar,
            round,
            colours.bar,
            Stroke::new(1.5, colours.border),
            StrokeKind::Inside,
        );
    }
    let text = style::frame_text();
    let arrow = t * l.arrow;
    let size = title_size(t.scaling);
    over.text(
        arrow.center(),
        Align2::CENTER_CENTER,
        if collapsed { "⏵" } else { "⏷" },
        egui::FontId::proportional(size * 0.9),
        text,
    );
    let at = Pos2::new(arrow.right(), bar.center().y - l.title.size().y / 2.0);
    over.galley(at, l.title.clone(), text);
    if collapsed {
        let count = format!(
            "{} node{}",
            l.members,
            if l.members == 1 { "" } else { "s" }
        );
        over.text(
            Pos2::new(bar.right() - 8.0, bar.center().y),
            Align2::RIGHT_CENTER,
            count,
            egui::FontId::proportional((size * 0.8).max(11.0)),
            text.gamma_multiply(0.75),
        );
    }
    if let Some(notes) = &l.notes {
        let at = Pos2::new(bar.left() + 8.0 * t.scaling, bar.bottom() + 3.0 * t.scaling);
        under.galley(at, notes.clone(), text);
    }
}

/// The canvas's grid in `screen`, at the canvas's `transform` (left out
/// when zoomed out so far that its lines would crowd).
pub fn grid(painter: &Painter, screen: Rect, t: TSTransform) {
    let step = style::GRID_STEP * t.scaling;
    if step < 8.0 {
        return;
    }
    let stroke = Stroke::new(1.0, style::GRID);
    let first = |origin: f32, min: f32| origin + ((min - origin) / step).ceil() * step;
    let mut x = first(t.translation.x, screen.left());
    while x <= screen.right() {
        painter.vline(x, screen.y_range(), stroke);
        x += step;
    }
    let mut y = first(t.translation.y, screen.top());
    while y <= screen.bottom() {
        painter.hline(screen.x_range(), y, stroke);
        y += step;
    }
}

/// Three short diagonal lines in the bottom-right corner: the resize grip.
fn grip(painter: &Painter, body: Rect, colour: Color32) {
    let c = body.max - egui::vec2(3.0, 3.0);
    for k in 1..=3 {
        let d = 4.0 * k as f32;
        painter.line_segment(
            [c - egui::vec2(d, 0.0), c - egui::vec2(0.0, d)],
            Stroke::new(1.5, colour),
        );
    }
}

/// The wires into and out of the nodes hidden by collapsed frames, drawn
/// to the frame's title bar (once per pin shown and frame).
fn stub_wires(
    painter: &Painter,
    strategy: &Strategy,
    layouts: &[FrameLayout],
    t: TSTransform,
    hidden: &HashMap<NodeId, usize>,
    pins: &HashMap<PinKey, Rect>,
) {
    let bars: HashMap<usize, Rect> = layouts.iter().map(|l| (l.index, t * l.bar)).collect();
    let mut drawn: HashSet<(PinKey, usize)> = HashSet::new();
    let width = (2.0 * t.scaling).clamp(1.0, 3.0);
    for w in strategy.wires() {
        let (from_hidden, to_hidden) = (hidden.get(&w.from), hidden.get(&w.to));
        let ty = strategy.node(w.from).and_then(|n| n.output_type(w.output));
        let colour = ty.map_or(Color32::GRAY, style::pin_colour);
        let (start, end, key, frame) = match (from_hidden, to_hidden) {
            (Some(f), None) => {
                let key = PinKey::Input(w.to, w.input);
                let (Some(bar), Some(pin)) = (bars.get(f), pins.get(&key)) else {
                    continue;
                };
                (bar.right_center(), t * pin.center(), key, *f)
            }
            (None, Some(f)) => {
                let key = PinKey::Output(w.from);
                let (Some(bar), Some(pin)) = (bars.get(f), pins.get(&key)) else {
                    continue;
                };
                (t * pin.center(), bar.left_center(), key, *f)
            }
            _ => continue,
        };
        if !drawn.insert((key, frame)) {
            continue;
        }
        let reach = ((end.x - start.x).abs() * 0.5).max(30.0);
        let points = [
            start,
            start + egui::vec2(reach, 0.0),
            end - egui::vec2(reach, 0.0),
            end,
        ];
        painter.add(CubicBezierShape::from_points_stroke(
            points,
            false,
            Color32::TRANSPARENT,
            Stroke::new(width, colour.gamma_multiply(0.8)),
        ));
    }
}
