//! Where a new node goes: a free place in view, the free place nearest a
//! point (a node added from the canvas's menu), or beside the graph. A
//! place is free when the node's guessed rectangle, with room for pins and
//! a wire, meets no node's measured (or guessed) rectangle.

use egui::{Pos2, Rect};

use crate::strategy::{Kind, Strategy, info};

use super::canvas::Canvas;
use super::view::NODE_GUESS;

/// The grid of spots tried for a new node, in canvas units.
const SPOT_STEP: f32 = 20.0;

impl Canvas {
    /// A free place for a new node in view: of the spots in the visible
    /// canvas (a grid of [`SPOT_STEP`]) where a node fits whole on no other
    /// node, the one nearest the middle of the view; `None` when the view is
    /// full (the caller places it elsewhere and brings it into view).
    pub fn free_spot(&self, strategy: &Strategy, kind: Kind) -> Option<[f32; 2]> {
        let taken = self.taken(strategy);
        let visible = self.visible().shrink(12.0);
        let centre = visible.center();
        let size = size_guess(kind);
        let room = visible.size() - size;
        if room.x < 0.0 || room.y < 0.0 {
            return None;
        }
        let (nx, ny) = (
            (room.x / SPOT_STEP) as usize + 1,
            (room.y / SPOT_STEP) as usize + 1,
        );
        let mut best: Option<(f32, Pos2)> = None;
        for iy in 0..ny.min(400) {
            for ix in 0..nx.min(400) {
                let at = visible.min + egui::vec2(ix as f32, iy as f32) * SPOT_STEP;
                let spot = Rect::from_min_size(at, size);
                // Room for the pins, which stand out of the nodes' sides,
                // and for a wire between neighbours.
                if taken.iter().any(|r| r.intersects(spot.expand(24.0))) {
                    continue;
                }
                let d = spot.center().distance_sq(centre);
                if best.is_none_or(|(b, _)| d < b) {
                    best = Some((d, at));
                }
            }
        }
        best.map(|(_, at)| [at.x.round(), at.y.round()])
    }

    /// The free place for a new node of `kind` nearest `pos` (canvas
    /// units): where a node fits on no other node (with room for pins), on
    /// a grid of [`SPOT_STEP`] around `pos`; `pos` itself when it is free or
    /// nothing is free nearby.
    pub fn free_spot_near(&self, strategy: &Strategy, kind: Kind, pos: [f32; 2]) -> [f32; 2] {
        let taken = self.taken(strategy);
        let size = size_guess(kind);
        let free = |at: Pos2| {
            let spot = Rect::from_min_size(at, size).expand(24.0);
            !taken.iter().any(|r| r.intersects(spot))
        };
        let start = Pos2::new(pos[0], pos[1]);
        (0..=30)
            .flat_map(|ring: i32| {
                (-ring..=ring).flat_map(move |i| {
                    (-ring..=ring)
                        .filter(move |j| i.abs() == ring || j.abs() == ring)
                        .map(move |j| egui::vec2(i as f32, j as f32) * SPOT_STEP)
                })
            })
            .map(|d| start + d)
            .filter(|at| free(*at))
            .min_by(|a, b| a.distance_sq(start).total_cmp(&b.distance_sq(start)))
            .map_or(pos, |at| [at.x.round(), at.y.round()])
    }

    /// The rectangles of the nodes of `strategy` (measured, or guessed).
    fn taken(&self, strategy: &Strategy) -> Vec<Rect> {
        strategy
            .nodes()
            .iter()
            .map(|n| {
                self.view.rects.get(&n.id).copied().unwrap_or_else(|| {
                    Rect::from_min_size(Pos2::new(n.pos[0], n.pos[1]), NODE_GUESS)
                })
            })
            .collect()
    }

    /// A free place next to the graph when the view has none: right of
    /// every node, level with the middle of the view.
    pub fn spot_beside(&self, strategy: &Strategy) -> [f32; 2] {
        let right = self
            .taken(strategy)
            .iter()
            .map(|r| r.max.x)
            .fold(f32::MIN, f32::max);
        let centre = self.visible().center();
        let x = if right > f32::MIN {
            right + 40.0
        } else {
            centre.x
        };
        [x.round(), (centre.y - NODE_GUESS.y / 2.0).round()]
    }
}

fn size_guess(kind: Kind) -> egui::Vec2 {
    let inputs = info(kind).inputs.len().max(1) as f32;
    egui::vec2(NODE_GUESS.x + 60.0, 44.0 + 24.0 * inputs).max(NODE_GUESS)
}
