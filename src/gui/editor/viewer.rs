//! How egui-snarl draws the graph: the [`SnarlViewer`] of the editor. It
//! reads the project's model (the snarl nodes only carry model ids), draws
//! titles, typed pins, defaults, parameters, diagnostics and explain values,
//! and turns what the user does into [`Edit`]s; it never changes the model
//! or snarl's wires itself. Its context menus are drawn by
//! [`super::menus`], what it reports is [`CanvasEvents`].

use std::collections::BTreeSet;

use egui::emath::TSTransform;
use egui::{Color32, Frame, Pos2, Rect, RichText, Sense, Stroke, Ui, WidgetInfo, WidgetType};
use egui_snarl::ui::{AnyPins, BackgroundPattern, SnarlPin, SnarlStyle, SnarlViewer};
use egui_snarl::{InPin, OutPin, Snarl};

use crate::gui::theme;
use crate::strategy::{Node, NodeId, NodeKind, Strategy, Wire, info};

use super::analysis::Analysis;
use super::edit::Edit;
use super::events::{CanvasEvents, NodeAction};
use super::frame::{FrameUi, titles_on_top};
use super::group::{GroupContext, connect, drop_output, group_header_frame, header_title};
use super::menus::Menus;
use super::node_title::{TitleClick, header_ui, ink, paint_title_only, popup_ui, value_text};
use super::palette::default_text;
use super::params::{has_params, params_ui, wide_params};
use super::pins::{PinKey, PinSink, TypedPin, input_doc, output_doc, pin_docs, source_name};
use super::style;
use super::terms::{TermChange, add_term_ui, contribution, term_row_ui};
use super::view::{TEXT_MIN_SCALE, ViewControl};

/// The editor's viewer of one frame.
pub struct GraphViewer<'a> {
    /// The model drawn.
    pub strategy: &'a Strategy,
    /// Its diagnostics and values.
    pub analysis: &'a Analysis,
    /// The group definitions, and whether a group's body is shown.
    pub groups: GroupContext<'a>,
    /// The selected nodes.
    pub selection: &'a BTreeSet<NodeId>,
    /// The add-node menu's search text.
    pub search: &'a mut String,
    /// What happened.
    pub events: &'a mut CanvasEvents,
    /// Where pins were drawn.
    pub pins: PinSink,
    /// How many of `pins` belong to nodes already finished.
    pub pins_seen: usize,
    /// The view.
    pub view: &'a mut ViewControl,
    /// The frames' handles and layouts.
    pub frames: &'a mut FrameUi,
}

impl<'a> GraphViewer<'a> {
    /// The context menus, drawn with this frame's model and events.
    fn menus(&mut self) -> Menus<'_> {
        Menus {
            strategy: self.strategy,
            selection: self.selection,
            search: &mut *self.search,
            events: &mut *self.events,
            view: &*self.view,
            in_group: self.groups.scope.is_some(),
        }
    }

    fn model_id(snarl: &Snarl<NodeId>, node: egui_snarl::NodeId) -> Option<NodeId> {
        snarl.get_node(node).copied()
    }

    /// The model's node drawn as snarl's `node`, with its id.
    fn model_node(
        &self,
        snarl: &Snarl<NodeId>,
        node: egui_snarl::NodeId,
    ) -> Option<(NodeId, &'a Node)> {
        let id = Self::model_id(snarl, node)?;
        Some((id, self.strategy.node(id)?))
    }

    /// Whether text inside nodes is too small to read at the current zoom:
    /// nodes then show their titles only, painted at a readable size over
    /// their headers ([`paint_title_only`]).
    fn tiny(&self) -> bool {
        self.view.transform.scaling < TEXT_MIN_SCALE
    }
}

impl SnarlViewer<NodeId> for GraphViewer<'_> {
    fn title(&mut self, node: &NodeId) -> String {
        self.strategy
            .node(*node)
            .map_or_else(String::new, |n| info(n.kind.kind()).title.to_string())
    }

    fn show_header(
        &mut self,
        node: egui_snarl::NodeId,
        inputs: &[InPin],
        outputs: &[OutPin],
        ui: &mut Ui,
        snarl: &mut Snarl<NodeId>,
    ) {
        let Some((id, n)) = self.model_node(snarl, node) else {
            return;
        };
        let value = value_text(self.strategy, self.analysis, id);
        let ink = |c: Color32| ink(self.tiny(), c);
        let plain = header_title(self.groups, n);
        let mark = self.analysis.marks.get(&id);
        let (click, title) = header_ui(ui, id, n, mark, value, plain, &ink);
        let group = matches!(n.kind, NodeKind::Group { .. });
        match click {
            Some(TitleClick::Select) => self.events.clicked_node = Some(id),
            // A group opens on a double click (rename it from its menu or F2).
            Some(TitleClick::Rename) if group => {
                self.events.clicked_node = Some(id);
                self.events.action = Some(NodeAction::Open(id));
            }
            Some(TitleClick::Rename) => {
                self.events.clicked_node = Some(id);
                self.events.action = Some(NodeAction::Rename(id));
            }
            Some(TitleClick::Menu) => self.events.menu_node = Some(id),
            None => {}
        }
        // The title takes the clicks from the body under it: it opens the
        // node's menu as the body does.
        title.context_menu(|ui| self.menus().node(ui, node, inputs, outputs, snarl));
    }

    fn inputs(&mut self, node: &NodeId) -> usize {
        self.strategy.node(*node).map_or(0, |n| n.inputs().len())
    }

    fn outputs(&mut self, node: &NodeId) -> usize {
        self.strategy.node(*node).map_or(0, Node::output_count)
    }

    fn show_input(
        &mut self,
        pin: &InPin,
        ui: &mut Ui,
        snarl: &mut Snarl<NodeId>,
    ) -> impl SnarlPin + 'static {
        let Some(id) = Self::model_id(snarl, pin.id.node) else {
            return TypedPin::none();
        };
        let index = pin.id.input;
        let Some(p) = self.strategy.node(id).and_then(|n| n.input(index)) else {
            return TypedPin::none();
        };
        let source = self
            .strategy
            .feeds(id, index)
            .next()
            .and_then(|w| self.strategy.node(w.from)?.output_type(w.output));
        let wire = style::pin_colour(source.unwrap_or(p.ty));
        if let Some(NodeKind::WeightedSum { terms }) = self.strategy.node(id).map(|n| &n.kind)
            && !self.tiny()
        {
            let c = contribution(self.strategy, &self.analysis.values, id, index);
            match term_row_ui(ui, id, index, terms, c) {
                Some(TermChange::Set(kind)) => self.events.edits.push(Edit::SetKind(id, kind)),
                Some(TermChange::Remove(i)) => self.events.edits.push(Edit::RemoveTerm(id, i)),
                None => {}
            }
            return TypedPin::new(p.ty, wire, PinKey::Input(id, index), self.pins.clone());
        }
        let label =
            ui.label(RichText::new(p.name).color(ink(self.tiny(), style::pin_colour(p.ty))));
        label.widget_info(|| {
            WidgetInfo::labeled(
                WidgetType::Label,
                true,
                format!("node {id} input {}", p.name),
            )
        });
        let from = source_name(self.strategy, id, index);
        label.on_hover_ui(|ui| input_doc(ui, &p, from.as_deref()));
        if source.is_none() {
            ui.label(
                RichText::new(default_text(p.ty, p.default))
                    .small()
                    .color(ink(self.tiny(), theme::MUTED_TEXT.gamma_multiply(0.8))),
            );
        }
        TypedPin::new(p.ty, wire, PinKey::Input(id, index), self.pins.clone())
    }

    fn show_output(
        &mut self,
        pin: &OutPin,
        ui: &mut Ui,
        snarl: &mut Snarl<NodeId>,
    ) -> impl SnarlPin + 'static {
        let Some((id, node)) = self.model_node(snarl, pin.id.node) else {
            return TypedPin::none();
        };
        let index = pin.id.output;
        let Some(ty) = node.output_type(index) else {
            return TypedPin::none();
        };
        let name = node.output_name(index);
        if wide_params(&node.kind) && name.is_none() {
            // The parameters need the width: the pin alone shows the type.
            ui.allocate_exact_size(egui::vec2(0.0, 16.0), Sense::hover());
        } else {
            // A group's outputs show their names; other outputs their type.
            let (text, label) = match name {
                Some(n) => (RichText::new(n), format!("node {id} output {n}")),
                None => (
                    RichText::new(ty.name()).small(),
                    format!("node {id} output"),
                ),
            };
            let r = ui.label(text.color(ink(self.tiny(), style::pin_colour(ty))));
            r.widget_info(|| WidgetInfo::labeled(WidgetType::Label, true, &label));
            r.on_hover_text(output_doc(ty));
        }
        let key = PinKey::output(id, index);
        TypedPin::new(ty, style::pin_colour(ty), key, self.pins.clone())
    }

    fn has_body(&mut self, node: &NodeId) -> bool {
        self.strategy
            .node(*node)
            .is_some_and(|n| has_params(&n.kind))
    }

    fn show_body(
        &mut self,
        node: egui_snarl::NodeId,
        _inputs: &[InPin],
        _outputs: &[OutPin],
        ui: &mut Ui,
        snarl: &mut Snarl<NodeId>,
    ) {
        let Some((id, n)) = self.model_node(snarl, node) else {
            return;
        };
        if self.tiny() {
            // The parameters keep their place, without their text.
            ui.set_invisible();
        }
        ui.vertical(|ui| {
            if let Some(kind) = params_ui(ui, id, &n.kind) {
                self.events.edits.push(Edit::SetKind(id, kind));
            }
        });
    }

    fn has_footer(&mut self, node: &NodeId) -> bool {
        self.strategy
            .node(*node)
            .is_some_and(|n| matches!(n.kind, NodeKind::WeightedSum { .. }))
    }

    /// A Weighted sum's "Add term", under its terms.
    fn show_footer(
        &mut self,
        node: egui_snarl::NodeId,
        _inputs: &[InPin],
        _outputs: &[OutPin],
        ui: &mut Ui,
        snarl: &mut Snarl<NodeId>,
    ) {
        if let Some((id, n)) = self.model_node(snarl, node)
            && !self.tiny()
            && let Some(kind) = add_term_ui(ui, id, &n.kind)
        {
            self.events.edits.push(Edit::SetKind(id, kind));
        }
    }

    fn node_frame(
        &mut self,
        default: Frame,
        node: egui_snarl::NodeId,
        _inputs: &[InPin],
        _outputs: &[OutPin],
        snarl: &Snarl<NodeId>,
    ) -> Frame {
        let Some(id) = Self::model_id(snarl, node) else {
            return default;
        };
        let severity = self.analysis.marks.get(&id).and_then(|m| m.severity);
        if self.selection.contains(&id) {
            default.stroke(Stroke::new(2.5, style::SELECTED))
        } else if let Some(s) = severity {
            default.stroke(Stroke::new(2.0, style::severity_colour(s)))
        } else {
            default
        }
    }

    fn header_frame(
        &mut self,
        default: Frame,
        node: egui_snarl::NodeId,
        _inputs: &[InPin],
        _outputs: &[OutPin],
        snarl: &Snarl<NodeId>,
    ) -> Frame {
        Self::model_id(snarl, node)
            .and_then(|id| self.strategy.node(id))
            .map_or(default, |n| match n.kind {
                NodeKind::Group { .. } => group_header_frame(),
                _ => style::header_frame(info(n.kind.kind()).category),
            })
    }

    fn final_node_rect(
        &mut self,
        node: egui_snarl::NodeId,
        rect: Rect,
        ui: &mut Ui,
        snarl: &mut Snarl<NodeId>,
    ) {
        let Some(id) = Self::model_id(snarl, node) else {
            return;
        };
        self.events.rects.push((id, rect));
        if self.tiny()
            && let Some(n) = self.strategy.node(id)
        {
            let title = n
                .label
                .clone()
                .unwrap_or_else(|| header_title(self.groups, n));
            paint_title_only(ui.painter(), rect, &title, self.view.transform.scaling);
            self.events.titles_only.push((id, title));
        }
        // The pins this node drew (since the previous node): hover areas on
        // top of snarl's pin widgets show their documentation.
        let drawn: Vec<(PinKey, Rect)> = match self.pins.try_borrow() {
            Ok(pins) => pins.get(self.pins_seen..).unwrap_or_default().to_vec(),
            Err(_) => Vec::new(),
        };
        self.pins_seen += drawn.len();
        // Only under the pointer: hundreds of idle hover areas cost frame time.
        let pointer = ui
            .ctx()
            .pointer_hover_pos()
            .map(|p| self.view.transform.inverse() * p);
        if !pointer.is_some_and(|p| rect.expand(12.0).contains(p)) {
            return;
        }
        pin_docs(ui, self.strategy, drawn);
    }

    fn has_on_hover_popup(&mut self, _node: &NodeId) -> bool {
        true
    }

    fn show_on_hover_popup(
        &mut self,
        node: egui_snarl::NodeId,
        _inputs: &[InPin],
        _outputs: &[OutPin],
        ui: &mut Ui,
        snarl: &mut Snarl<NodeId>,
    ) {
        let Some((id, n)) = self.model_node(snarl, node) else {
            return;
        };
        popup_ui(ui, n, self.analysis.marks.get(&id));
    }

    fn has_graph_menu(&mut self, _pos: Pos2, _snarl: &mut Snarl<NodeId>) -> bool {
        true
    }

    fn show_graph_menu(&mut self, pos: Pos2, ui: &mut Ui, _snarl: &mut Snarl<NodeId>) {
        self.menus().add_node(ui, pos);
    }

    fn has_dropped_wire_menu(
        &mut self,
        _src_pins: AnyPins<'_>,
        _snarl: &mut Snarl<NodeId>,
    ) -> bool {
        true
    }

    fn show_dropped_wire_menu(
        &mut self,
        pos: Pos2,
        ui: &mut Ui,
        src_pins: AnyPins<'_>,
        snarl: &mut Snarl<NodeId>,
    ) {
        self.menus().dropped_wire(ui, pos, src_pins, snarl);
    }

    fn has_node_menu(&mut self, _node: &NodeId) -> bool {
        true
    }

    fn show_node_menu(
        &mut self,
        node: egui_snarl::NodeId,
        inputs: &[InPin],
        outputs: &[OutPin],
        ui: &mut Ui,
        snarl: &mut Snarl<NodeId>,
    ) {
        self.menus().node(ui, node, inputs, outputs, snarl);
    }

    fn connect(&mut self, from: &OutPin, to: &InPin, snarl: &mut Snarl<NodeId>) {
        let (Some(f), Some(t)) = (
            Self::model_id(snarl, from.id.node),
            Self::model_id(snarl, to.id.node),
        ) else {
            return;
        };
        let wire = Wire {
            output: from.id.output,
            ..Wire::new(f, t, to.id.input)
        };
        match self.strategy.check_wire(wire) {
            Ok(()) => self.events.edits.push(connect(wire)),
            Err(e) => self.events.refused = Some(e.to_string()),
        }
    }

    fn disconnect(&mut self, from: &OutPin, to: &InPin, snarl: &mut Snarl<NodeId>) {
        if let (Some(f), Some(t)) = (
            Self::model_id(snarl, from.id.node),
            Self::model_id(snarl, to.id.node),
        ) {
            self.events.edits.push(Edit::RemoveWire(Wire {
                to: t,
                input: to.id.input,
                from: f,
                output: from.id.output,
            }));
        }
    }

    fn drop_outputs(&mut self, pin: &OutPin, snarl: &mut Snarl<NodeId>) {
        if let Some(id) = Self::model_id(snarl, pin.id.node) {
            let edits = drop_output(self.strategy, id, pin.id.output);
            self.events.edits.extend(edits);
        }
    }

    fn drop_inputs(&mut self, pin: &InPin, snarl: &mut Snarl<NodeId>) {
        if let Some(id) = Self::model_id(snarl, pin.id.node) {
            self.events.edits.push(Edit::Disconnect {
                to: id,
                input: pin.id.input,
            });
        }
    }

    fn current_transform(&mut self, to_global: &mut TSTransform, _snarl: &mut Snarl<NodeId>) {
        self.view.apply(self.strategy, to_global);
    }

    /// The grid, then the frames' handles: in snarl's layer before any node,
    /// so that nodes over a frame's title take the pointer first.
    fn draw_background(
        &mut self,
        background: Option<&BackgroundPattern>,
        viewport: &Rect,
        snarl_style: &SnarlStyle,
        style: &egui::Style,
        painter: &egui::Painter,
        _snarl: &Snarl<NodeId>,
    ) {
        if let Some(background) = background {
            background.draw(viewport, snarl_style, style, painter);
        }
        let builder = egui::UiBuilder::new()
            .layer_id(painter.layer_id())
            .max_rect(*viewport);
        let mut ui = Ui::new(
            painter.ctx().clone(),
            egui::Id::new("chainlab-frame-handles"),
            builder,
        );
        ui.set_clip_rect(painter.clip_rect());
        let transform = self.view.transform;
        self.frames.lay_out(&ui, self.strategy, transform.scaling);
        if !titles_on_top(transform.scaling) {
            let identity = TSTransform::IDENTITY;
            self.frames
                .interact(&mut ui, self.strategy, transform, identity, self.events);
        }
    }
}
