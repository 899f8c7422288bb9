//! The canvas's view: where the canvas is on screen, how the graph maps onto
//! it, the nodes' measured rectangles, and requests to frame the graph or
//! centre a node (applied when snarl asks for the transform).

use std::collections::HashMap;

use egui::emath::TSTransform;
use egui::{Pos2, Rect};

use crate::strategy::{NodeId, Strategy};

use super::annotate::{hidden_frames, hidden_nodes};

/// The smallest zoom at which nodes show all their text; below it they show
/// their titles only (at [`TITLE_MIN_PX`]), and the canvas says how to
/// bring the rest back. Canvas text is laid out at its zoomed size
/// (`crisp.rs`), so its glyphs stay whole where a scaled-down atlas lost
/// strokes below 70 %; at 40 % the body text is 5 pixels high, about the
/// smallest a letter is drawn whole in.
pub const TEXT_MIN_SCALE: f32 = 0.4;

/// The height, in screen pixels, of a node's title when nodes show their
/// titles only (below [`TEXT_MIN_SCALE`]).
pub const TITLE_MIN_PX: f32 = 11.0;

/// A request to move the view.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ViewRequest {
    /// Frame every node.
    Fit,
    /// Centre this node, keeping the zoom.
    Centre(NodeId),
    /// Keep this view (snarl's own state was reset).
    Keep(TSTransform),
}

/// The view of the canvas: where it is on screen and how the graph maps onto it.
#[derive(Clone, Debug)]
pub struct ViewControl {
    /// Canvas to screen.
    pub transform: TSTransform,
    /// The canvas on screen.
    pub screen: Rect,
    /// A move of the view to make this frame.
    pub request: Option<ViewRequest>,
    /// Nodes' rectangles last frame.
    pub rects: HashMap<NodeId, Rect>,
    /// The transform the last [`ViewRequest::Fit`] set, to tell a graph
    /// still framed from one the user has panned or zoomed since.
    fitted: Option<TSTransform>,
}

impl Default for ViewControl {
    fn default() -> Self {
        ViewControl {
            transform: TSTransform::IDENTITY,
            screen: Rect::from_min_size(Pos2::ZERO, egui::vec2(800.0, 600.0)),
            request: Some(ViewRequest::Fit),
            rects: HashMap::new(),
            fitted: None,
        }
    }
}

/// A node's size before it has been drawn once.
pub const NODE_GUESS: egui::Vec2 = egui::vec2(170.0, 70.0);

impl ViewControl {
    /// The rectangle of every node of `strategy` shown (measured, or
    /// guessed) and of its frames.
    pub fn bounds(&self, strategy: &Strategy) -> Option<Rect> {
        let mut bb = Rect::NOTHING;
        let hidden = hidden_nodes(strategy);
        let inside_collapsed = hidden_frames(strategy);
        for (_, f) in
            (strategy.frames.iter().enumerate()).filter(|(i, _)| !inside_collapsed.contains(i))
        {
            let [x, y, w, h] = f.rect;
            // A title bar above the box (taller when zoomed out).
            let h = if f.collapsed { 0.0 } else { h };
            bb = bb.union(Rect::from_min_size(
                Pos2::new(x, y - 40.0),
                egui::vec2(w.max(0.0), h.max(0.0) + 40.0),
            ));
        }
        for n in strategy
            .nodes()
            .iter()
            .filter(|n| !hidden.contains_key(&n.id))
        {
            let r =
                self.rects.get(&n.id).copied().unwrap_or_else(|| {
                    Rect::from_min_size(Pos2::new(n.pos[0], n.pos[1]), NODE_GUESS)
                });
            bb = bb.union(r);
        }
        bb.is_positive().then_some(bb)
    }

    /// Places the canvas at `screen` (on screen) for this frame. When the
    /// canvas has moved or changed size since the last frame (a side panel
    /// opened or closed, the window was resized, a phone turned), a graph
    /// still framed as the last fit left it is framed again, and any other
    /// view keeps the graph's point at the canvas's centre there; so the
    /// graph never slides under a panel or off the screen.
    pub fn place(&mut self, screen: Rect) {
        let was = std::mem::replace(&mut self.screen, screen);
        if was == screen || self.request.is_some() {
            return;
        }
        self.request = Some(if self.fitted == Some(self.transform) {
            ViewRequest::Fit
        } else {
            let shift = screen.center() - was.center();
            ViewRequest::Keep(TSTransform::new(
                self.transform.translation + shift,
                self.transform.scaling,
            ))
        });
    }

    /// Applies this frame's request to snarl's transform `to_global`, and
    /// remembers the view it leaves.
    pub fn apply(&mut self, strategy: &Strategy, to_global: &mut TSTransform) {
        match self.request.take() {
            Some(ViewRequest::Fit) => {
                if let Some(bb) = self.bounds(strategy) {
                    let bb = bb.expand(30.0);
                    let fit = self.screen.size() / bb.size();
                    let scale = fit.min_elem().clamp(0.1, 1.0);
                    *to_global = TSTransform::new(
                        self.screen.center().to_vec2() - bb.center().to_vec2() * scale,
                        scale,
                    );
                    self.fitted = Some(*to_global);
                }
            }
            Some(ViewRequest::Centre(id)) => {
                let centre = self.rects.get(&id).map(|r| r.center()).or_else(|| {
                    strategy
                        .node(id)
                        .map(|n| Pos2::new(n.pos[0], n.pos[1]) + NODE_GUESS / 2.0)
                });
                if let Some(c) = centre {
                    let scale = to_global.scaling.max(TEXT_MIN_SCALE);
                    *to_global = TSTransform::new(
                        self.screen.center().to_vec2() - c.to_vec2() * scale,
                        scale,
                    );
                }
            }
            Some(ViewRequest::Keep(view)) => *to_global = view,
            None => {}
        }
        self.transform = *to_global;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rect(x: f32, w: f32) -> Rect {
        Rect::from_min_size(Pos2::new(x, 40.0), egui::vec2(w, 600.0))
    }

    #[test]
    fn a_moved_canvas_frames_a_fitted_graph_again_and_keeps_the_centre_of_any_other_view() {
        let mut view = ViewControl {
            request: None,
            screen: rect(0.0, 800.0),
            ..ViewControl::default()
        };
        // Framed by a fit: moving the canvas asks for a fit again.
        view.transform = TSTransform::new(egui::vec2(10.0, 20.0), 0.5);
        view.fitted = Some(view.transform);
        view.place(rect(300.0, 500.0));
        assert_eq!(view.request, Some(ViewRequest::Fit));

        // Panned since: the graph point at the canvas's centre stays there.
        view.request = None;
        view.transform = TSTransform::new(egui::vec2(50.0, 20.0), 0.5);
        let centre = view.transform.inverse() * view.screen.center();
        view.place(rect(0.0, 800.0));
        let Some(ViewRequest::Keep(kept)) = view.request else {
            panic!("{:?}", view.request);
        };
        let now = kept * centre;
        assert!((now - view.screen.center()).length() < 1e-3, "{now:?}");
        assert_eq!(kept.scaling, 0.5);

        // Unmoved, or with a request pending: nothing changes.
        view.request = None;
        view.place(rect(0.0, 800.0));
        assert_eq!(view.request, None);
        view.request = Some(ViewRequest::Centre(NodeId(3)));
        view.place(rect(100.0, 700.0));
        assert_eq!(view.request, Some(ViewRequest::Centre(NodeId(3))));
    }
}
