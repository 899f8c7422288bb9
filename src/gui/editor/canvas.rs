//! The canvas: an egui-snarl graph that mirrors the model. Each frame the
//! mirror is brought in line with the model (nodes, positions, wires), snarl
//! draws it through the [`GraphViewer`], and what the user did comes back as
//! edits of the model: the snarl graph is never the truth.
//!
//! Selection is the editor's own (a click on a node selects it, a click on
//! empty canvas clears it, Shift+drag box-selects through snarl); snarl's
//! selection is adopted when it changes and reset when the editor's differs.

use std::collections::{BTreeSet, HashMap, HashSet};

use egui::{Pos2, Rect, Ui};
use egui_snarl::ui::{SnarlWidget, get_selected_nodes};
use egui_snarl::{InPinId, OutPinId, Snarl};

use crate::strategy::{NodeId, Strategy};

use super::analysis::Analysis;
use super::annotate::hidden_nodes;
use super::crisp;
use super::edit::Edit;
use super::events::CanvasEvents;
use super::frame::paint;
use super::frame::{FrameUi, titles_on_top};
use super::group::GroupContext;
use super::node_title::Renaming;
use super::pins::{PinKey, PinSink};
use super::style;
use super::view::{ViewControl, ViewRequest};
use super::viewer::GraphViewer;

/// The canvas's state between frames.
#[derive(Default)]
pub struct Canvas {
    snarl: Snarl<NodeId>,
    ids: HashMap<NodeId, egui_snarl::NodeId>,
    generation: u64,
    /// The view: transform, screen rectangle, node rectangles.
    pub view: ViewControl,
    pins: HashMap<PinKey, Rect>,
    sink: PinSink,
    /// The selected nodes.
    pub selection: BTreeSet<NodeId>,
    snarl_selected: Vec<NodeId>,
    search: String,
    refits: u8,
    /// The frames' drag, editor and layouts.
    pub frames: FrameUi,
    /// The node being named, if its rename field is open.
    pub renaming: Option<Renaming>,
    /// The nodes drawn last frame with their titles only, with the title.
    pub titles_only: Vec<(NodeId, String)>,
}

impl Canvas {
    fn snarl_id(&self) -> egui::Id {
        egui::Id::new("chainlab-editor-canvas").with(self.generation)
    }

    /// Frames the whole graph (now, and again once node sizes are known).
    pub fn fit(&mut self) {
        self.view.request = Some(ViewRequest::Fit);
        self.refits = 2;
    }

    /// Selects `id` alone and centres it.
    pub fn focus(&mut self, id: NodeId) {
        self.selection = BTreeSet::from([id]);
        self.view.request = Some(ViewRequest::Centre(id));
    }

    /// Forgets measurements of a graph that was replaced (a file was opened).
    pub fn reset(&mut self) {
        self.view.rects.clear();
        self.pins.clear();
        self.selection.clear();
        self.fit();
    }

    /// Shows another graph (a group's body, or back out of it): nodes,
    /// measurements and selection of the one shown are forgotten.
    pub fn switch_graph(&mut self) {
        self.snarl = Snarl::new();
        self.ids.clear();
        self.snarl_selected.clear();
        self.generation += 1;
        self.reset();
    }

    /// Selects `ids` (nodes an edit created), dropping snarl's own selection
    /// so that its stale node slots cannot come back as a selection.
    pub fn select(&mut self, ids: BTreeSet<NodeId>) {
        self.selection = ids;
        if !self.snarl_selected.is_empty() {
            self.generation += 1;
            self.snarl_selected.clear();
            if self.view.request.is_none() {
                self.view.request = Some(ViewRequest::Keep(self.view.transform));
            }
        }
    }

    /// Shows the graph through `view` (as it was left) instead of framing it.
    pub fn show_view(&mut self, view: egui::emath::TSTransform) {
        self.view.request = Some(ViewRequest::Keep(view));
        self.refits = 0;
    }

    /// The canvas point under screen point `pos`.
    pub fn to_canvas(&self, pos: Pos2) -> Pos2 {
        self.view.transform.inverse() * pos
    }

    /// Where a pin was drawn last frame, on screen.
    pub fn pin_screen_rect(&self, pin: PinKey) -> Option<Rect> {
        self.pins.get(&pin).map(|r| self.view.transform * *r)
    }

    /// Where a node was drawn last frame, on screen.
    pub fn node_screen_rect(&self, id: NodeId) -> Option<Rect> {
        self.view.rects.get(&id).map(|r| self.view.transform * *r)
    }

    /// The part of the canvas in view, in canvas coordinates.
    pub fn visible(&self) -> Rect {
        self.view.transform.inverse() * self.view.screen
    }

    /// Brings the snarl mirror in line with `strategy` (without the nodes
    /// that collapsed frames hide).
    fn sync(&mut self, strategy: &Strategy) {
        let hidden = hidden_nodes(strategy);
        let present: HashSet<NodeId> = strategy
            .nodes()
            .iter()
            .map(|n| n.id)
            .filter(|id| !hidden.contains_key(id))
            .collect();
        let gone: Vec<(NodeId, egui_snarl::NodeId)> = self
            .ids
            .iter()
            .filter(|(id, _)| !present.contains(id))
            .map(|(id, sid)| (*id, *sid))
            .collect();
        for (id, sid) in gone {
            if self.snarl.get_node(sid).is_some() {
                self.snarl.remove_node(sid);
            }
            self.ids.remove(&id);
        }
        for n in strategy.nodes().iter().filter(|n| present.contains(&n.id)) {
            let pos = Pos2::new(n.pos[0], n.pos[1]);
            match self
                .ids
                .get(&n.id)
                .and_then(|sid| self.snarl.get_node_info_mut(*sid))
            {
                Some(info) => {
                    if info.pos != pos {
                        info.pos = pos;
                    }
                }
                None => {
                    let sid = self.snarl.insert_node(pos, n.id);
                    self.ids.insert(n.id, sid);
                }
            }
        }
        let want: HashSet<(OutPinId, InPinId)> = strategy
            .wires()
            .iter()
            .filter_map(|w| {
                let from = *self.ids.get(&w.from)?;
                let to = *self.ids.get(&w.to)?;
                Some((
                    OutPinId {
                        node: from,
                        output: w.output,
                    },
                    InPinId {
                        node: to,
                        input: w.input,
                    },
                ))
            })
            .collect();
        let have: HashSet<(OutPinId, InPinId)> = self.snarl.wires().collect();
        for &(out, inp) in have.difference(&want) {
            self.snarl.disconnect(out, inp);
        }
        for &(out, inp) in want.difference(&have) {
            self.snarl.connect(out, inp);
        }
    }

    /// Draws the canvas in the available space; returns what the user did.
    pub fn ui(
        &mut self,
        ui: &mut Ui,
        strategy: &Strategy,
        analysis: &Analysis,
        groups: GroupContext<'_>,
    ) -> CanvasEvents {
        self.sync(strategy);
        self.view.place(ui.available_rect_before_wrap());
        if self.view.request.is_none() && self.refits > 0 {
            self.refits -= 1;
            self.view.request = Some(ViewRequest::Fit);
        }
        if let Ok(mut pins) = self.sink.try_borrow_mut() {
            pins.clear();
        }
        let mut events = CanvasEvents::default();
        let snarl_id = self.snarl_id();
        let response = {
            let mut viewer = GraphViewer {
                strategy,
                analysis,
                groups,
                selection: &self.selection,
                search: &mut self.search,
                events: &mut events,
                pins: self.sink.clone(),
                pins_seen: 0,
                view: &mut self.view,
                frames: &mut self.frames,
            };
            ui.scope(|ui| {
                style::node_text_style(ui.style_mut());
                SnarlWidget::new()
                    .id(snarl_id)
                    .style(style::snarl_style())
                    .show(&mut self.snarl, &mut viewer, ui)
            })
            .inner
        };
        let layer = egui::LayerId::new(ui.layer_id().order, snarl_id);
        crisp::sharpen_text(ui.ctx(), layer, self.view.transform.scaling);
        if !events.menu_open {
            self.search.clear();
        }
        if self.view.transform.scaling < super::view::TEXT_MIN_SCALE {
            small_text_hint(ui, self.view.screen);
        }
        if let Ok(pins) = self.sink.try_borrow() {
            self.pins = pins.iter().copied().collect();
        }
        self.frames_ui(ui, strategy, &mut events);
        self.view.rects = events.rects.iter().copied().collect();
        // A node added from the canvas's menu lands beside others, not on them.
        for edit in &mut events.edits {
            if let Edit::Add {
                kind,
                pos,
                link: None,
            } = edit
            {
                *pos = self.free_spot_near(strategy, *kind, *pos);
            }
        }
        self.titles_only = std::mem::take(&mut events.titles_only);
        self.collect_moves(strategy, &mut events);
        self.update_selection(ui, &response, &events);
        events
    }

    /// Paints the frames under snarl's layer; zoomed out, their title bars
    /// go (and take the pointer) above it, in an overlay of their own.
    fn frames_ui(&mut self, ui: &Ui, strategy: &Strategy, events: &mut CanvasEvents) {
        let transform = self.view.transform;
        let under = ui.painter().with_clip_rect(self.view.screen);
        let over = titles_on_top(transform.scaling).then(|| {
            let layer = egui::LayerId::new(egui::Order::Middle, egui::Id::new("frame titles"));
            let builder = egui::UiBuilder::new()
                .layer_id(layer)
                .max_rect(self.view.screen);
            let mut top = Ui::new(ui.ctx().clone(), egui::Id::new("frame titles"), builder);
            top.set_clip_rect(self.view.screen);
            self.frames
                .interact(&mut top, strategy, transform, transform, events);
            top.painter().clone()
        });
        let painters = paint::Painters {
            under: &under,
            over: over.as_ref().unwrap_or(&under),
        };
        paint::grid(&under, self.view.screen, transform);
        let hidden = hidden_nodes(strategy);
        let layouts = &self.frames.layouts;
        paint::paint(painters, strategy, layouts, transform, &hidden, &self.pins);
    }

    /// Nodes snarl moved become a Move edit of the model.
    fn collect_moves(&self, strategy: &Strategy, events: &mut CanvasEvents) {
        let moves: Vec<(NodeId, [f32; 2])> = strategy
            .nodes()
            .iter()
            .filter_map(|n| {
                let info = self.snarl.get_node_info(*self.ids.get(&n.id)?)?;
                (info.pos != Pos2::new(n.pos[0], n.pos[1]))
                    .then_some((n.id, [info.pos.x, info.pos.y]))
            })
            .collect();
        if !moves.is_empty() {
            events.edits.insert(0, Edit::Move(moves));
        }
    }

    /// The editor's selection after this frame's clicks: a click on a node
    /// selects it alone, Shift or Ctrl (Cmd) + click adds it to the
    /// selection or takes it out, a right click on a node outside the
    /// selection selects it alone (its menu then acts on it), a plain click
    /// on empty canvas clears it; a box selection in snarl is adopted.
    fn update_selection(&mut self, ui: &Ui, response: &egui::Response, events: &CanvasEvents) {
        let ctx = ui.ctx();
        let snarl_id = self.snarl_id();
        let theirs: Vec<NodeId> = get_selected_nodes(snarl_id, ctx)
            .into_iter()
            .filter_map(|sid| self.snarl.get_node(sid).copied())
            .collect();
        let (modifiers, clicked, right, pointer) = ctx.input(|i| {
            (
                i.modifiers,
                i.pointer.primary_clicked(),
                i.pointer.secondary_clicked(),
                i.pointer.interact_pos(),
            )
        });
        let hit = self.node_under(ctx, pointer, events);
        if theirs != self.snarl_selected {
            // A box selection in snarl (its own Shift/Ctrl clicks on a
            // node are the editor's to judge, below).
            if !(clicked && hit.is_some()) {
                self.selection = theirs.iter().copied().collect();
            }
            self.snarl_selected = theirs.clone();
        }
        let toggle = modifiers.shift || modifiers.command;
        let right_on = events.menu_node.or(hit.filter(|_| right));
        if let Some(id) = right_on {
            if !self.selection.contains(&id) {
                self.selection = BTreeSet::from([id]);
            }
        } else if let Some(id) = events.clicked_node.or(hit.filter(|_| clicked)) {
            if !toggle {
                self.selection = BTreeSet::from([id]);
            } else if !self.selection.remove(&id) {
                self.selection.insert(id);
            }
        } else if clicked && !toggle && !events.menu_open && response.clicked() {
            self.selection.clear();
        }
        let theirs: BTreeSet<NodeId> = self.snarl_selected.iter().copied().collect();
        if !theirs.is_empty() && theirs != self.selection {
            // Snarl moves its selection together; keep it from moving nodes
            // the editor no longer shows as selected.
            self.generation += 1;
            self.snarl_selected.clear();
            if self.view.request.is_none() {
                self.view.request = Some(ViewRequest::Keep(self.view.transform));
            }
            ctx.request_repaint();
        }
    }

    /// The node under the pointer on the canvas (not under a menu or a
    /// window above it), if any.
    fn node_under(
        &self,
        ctx: &egui::Context,
        pointer: Option<Pos2>,
        events: &CanvasEvents,
    ) -> Option<NodeId> {
        let p = pointer?;
        let layer = egui::LayerId::new(egui::Order::Background, self.snarl_id());
        let on_canvas =
            self.view.screen.contains(p) && ctx.layer_id_at(p).is_some_and(|l| l.id == layer.id);
        if events.menu_open || !on_canvas {
            return None;
        }
        let at = self.to_canvas(p);
        events
            .rects
            .iter()
            .rev()
            .find(|(_, r)| r.contains(at))
            .map(|(id, _)| *id)
    }

    /// Drops selected nodes that no longer exist or that a collapsed frame hides.
    pub fn prune(&mut self, strategy: &Strategy) {
        let hidden = hidden_nodes(strategy);
        self.selection
            .retain(|id| strategy.node(*id).is_some() && !hidden.contains_key(id));
        if self
            .renaming
            .is_some_and(|r| strategy.node(r.node).is_none() || hidden.contains_key(&r.node))
        {
            self.renaming = None;
        }
    }
}

/// The line shown at the canvas's bottom while nodes show their titles only.
pub const SMALL_TEXT_HINT: &str =
    "Zoomed out: nodes show their titles only (Ctrl+scroll or pinch to zoom in)";

/// A line at the canvas's bottom when nodes show their titles only: how to
/// zoom in far enough to read the rest. It is an area above the canvas's layer,
/// so that no node covers it, and it takes no clicks.
fn small_text_hint(ui: &Ui, screen: Rect) {
    egui::Area::new(ui.id().with("small text hint"))
        .order(egui::Order::Middle)
        .pivot(egui::Align2::CENTER_BOTTOM)
        .fixed_pos(egui::pos2(screen.center().x, screen.bottom() - 8.0))
        .interactable(false)
        .show(ui.ctx(), |ui| {
            egui::Frame::new()
                .fill(ui.visuals().extreme_bg_color)
                .stroke(ui.visuals().widgets.noninteractive.bg_stroke)
                .corner_radius(4.0)
                .inner_margin(egui::Margin::symmetric(8, 4))
                .show(ui, |ui| {
                    // Wrapped within the canvas: a phone is narrower than the line.
                    ui.set_max_width((screen.width() - 40.0).max(120.0));
                    ui.add(egui::Label::new(SMALL_TEXT_HINT).selectable(false).wrap());
                });
        });
}
