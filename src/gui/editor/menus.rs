//! The canvas's context menus: "Add a node" (right click on the canvas),
//! the add-node menu of a wire dropped on empty canvas (only kinds that fit
//! the wire, placed so that the new node stays in view), and a node's menu
//! (rename, frame, delete, duplicate, copy, disconnect), and "Add frame
//! here" on the canvas.
//!
//! Invariant: like the viewer they belong to, the menus read the model and
//! report what the user chose into [`CanvasEvents`]; they never change the
//! model or snarl's wires.

use std::collections::BTreeSet;

use egui::{Pos2, RichText, Ui};
use egui_snarl::ui::AnyPins;
use egui_snarl::{InPin, OutPin, Snarl};

use crate::strategy::{Frame, NodeId, Strategy, info};

use super::annotate::FrameEdit;
use super::edit::{Edit, Link, WireEnd, fits_link};
use super::events::{CanvasEvents, NodeAction};
use super::palette::{kind_menu, offered};
use super::params::has_params;
use super::view::ViewControl;

/// The width of a new node of `kind` before it is drawn, roughly: its title,
/// its output's name, and room for parameters.
fn width_guess(kind: crate::strategy::Kind) -> f32 {
    let title = info(kind).title.chars().count() as f32 * 8.0 + 40.0;
    let params = if has_params(&crate::strategy::NodeKind::new(kind)) {
        150.0
    } else {
        0.0
    };
    title.max(110.0).max(params)
}

/// The model id drawn as snarl's `node`.
fn model_id(snarl: &Snarl<NodeId>, node: egui_snarl::NodeId) -> Option<NodeId> {
    snarl.get_node(node).copied()
}

/// What the menus of one frame read and write: the viewer's model, selection
/// and view, the add-node search text, and the frame's events.
pub struct Menus<'a> {
    /// The model drawn.
    pub strategy: &'a Strategy,
    /// The selected nodes.
    pub selection: &'a BTreeSet<NodeId>,
    /// The add-node menu's search text.
    pub search: &'a mut String,
    /// What happened.
    pub events: &'a mut CanvasEvents,
    /// The view (where a new node must stay visible).
    pub view: &'a ViewControl,
    /// Whether a group's body is shown (its interface nodes are offered).
    pub in_group: bool,
}

impl Menus<'_> {
    /// "Add a node" at canvas position `pos`.
    pub fn add_node(&mut self, ui: &mut Ui, pos: Pos2) {
        self.events.menu_open = true;
        if ui
            .button("Add frame here")
            .on_hover_text("A titled box to group and explain the nodes in it")
            .clicked()
        {
            let frame = Frame::new("Frame", [pos.x, pos.y, 360.0, 220.0]);
            self.events.edits.push(Edit::Frame(FrameEdit::Add(frame)));
            ui.close();
        }
        if let Some(&first) = self.selection.iter().next() {
            let n = self.selection.len();
            let nodes = if n == 1 { "node" } else { "nodes" };
            if ui
                .button("Frame selection")
                .on_hover_text(format!(
                    "Put a titled frame around the {n} selected {nodes} (Ctrl+Shift+F)"
                ))
                .clicked()
            {
                self.events.action = Some(NodeAction::Frame(first));
                ui.close();
            }
        }
        ui.separator();
        ui.label(RichText::new("Add a node").strong());
        let in_group = self.in_group;
        if let Some(kind) = kind_menu(ui, self.search, &|k| offered(k, in_group)) {
            self.events.edits.push(Edit::Add {
                kind,
                pos: [pos.x, pos.y],
                link: None,
            });
        }
    }

    /// The add-node menu of a wire from `src_pins` dropped at `pos`: only
    /// kinds that can take (or give) the wire's type, wired in once added.
    pub fn dropped_wire(
        &mut self,
        ui: &mut Ui,
        pos: Pos2,
        src_pins: AnyPins<'_>,
        snarl: &Snarl<NodeId>,
    ) {
        self.events.menu_open = true;
        let found = match src_pins {
            // A group's further outputs have no dropped-wire menu (it wires output 0).
            AnyPins::Out(pins) => pins.first().filter(|p| p.output == 0).and_then(|p| {
                let id = model_id(snarl, p.node)?;
                let ty = self.strategy.node(id)?.output()?;
                Some((WireEnd::Output(ty), Link::FromOutput(id), ty, pos))
            }),
            AnyPins::In(pins) => pins.first().and_then(|p| {
                let id = model_id(snarl, p.node)?;
                let ty = self.strategy.node(id)?.input(p.input)?.ty;
                let link = Link::ToInput {
                    to: id,
                    input: p.input,
                };
                Some((WireEnd::Input(ty), link, ty, pos))
            }),
        };
        let Some((end, link, ty, at)) = found else {
            ui.close();
            return;
        };
        let what = match end {
            WireEnd::Output(_) => format!("Add a node that takes this {}", ty.name()),
            WireEnd::Input(_) => format!("Add a node that gives a {}", ty.name()),
        };
        ui.label(RichText::new(what).strong());
        if let Some(kind) = kind_menu(ui, self.search, &|k| fits_link(k, end)) {
            let at = match end {
                // A node that gives the input its value: left of the drop
                // point (its output there), but never left of the view.
                WireEnd::Input(_) => {
                    let visible = self.view.transform.inverse() * self.view.screen;
                    let x = (at.x - width_guess(kind)).max(visible.min.x + 12.0);
                    Pos2::new(x, at.y)
                }
                WireEnd::Output(_) => at,
            };
            self.events.edits.push(Edit::Add {
                kind,
                pos: [at.x, at.y],
                link: Some(link),
            });
        }
    }

    /// The menu of snarl's `node` (of the selection, when it belongs to one
    /// of several nodes): delete, duplicate, copy, disconnect.
    pub fn node(
        &mut self,
        ui: &mut Ui,
        node: egui_snarl::NodeId,
        inputs: &[InPin],
        outputs: &[OutPin],
        snarl: &Snarl<NodeId>,
    ) {
        let Some(id) = model_id(snarl, node) else {
            return;
        };
        let many = self.selection.contains(&id) && self.selection.len() > 1;
        let suffix = if many {
            format!(" {} selected nodes", self.selection.len())
        } else {
            " node".to_string()
        };
        let mut action = None;
        if ui.button("Rename…").on_hover_text("F2").clicked() {
            action = Some(NodeAction::Rename(id));
        }
        let frame = if many {
            format!("Frame{suffix}")
        } else {
            "Put in a frame".to_string()
        };
        if ui
            .button(frame)
            .on_hover_text("Put a titled frame around it (Ctrl+Shift+F)")
            .clicked()
        {
            action = Some(NodeAction::Frame(id));
        }
        if ui.button(format!("Delete{suffix}")).clicked() {
            action = Some(NodeAction::Delete(id));
        }
        if ui.button(format!("Duplicate{suffix}")).clicked() {
            action = Some(NodeAction::Duplicate(id));
        }
        if ui.button(format!("Copy{suffix}")).clicked() {
            action = Some(NodeAction::Copy(id));
        }
        if let Some(node) = self.strategy.node(id)
            && let Some(chosen) = super::group::node_menu(ui, node, many)
        {
            action = Some(chosen);
        }
        let wired_in = inputs.iter().any(|p| !p.remotes.is_empty());
        if ui
            .add_enabled(wired_in, egui::Button::new("Disconnect inputs"))
            .clicked()
        {
            for p in inputs {
                self.events.edits.push(Edit::Disconnect {
                    to: id,
                    input: p.id.input,
                });
            }
            ui.close();
        }
        let wired_out = outputs.iter().any(|p| !p.remotes.is_empty());
        if ui
            .add_enabled(wired_out, egui::Button::new("Disconnect output"))
            .clicked()
        {
            self.events.edits.push(Edit::DisconnectOutput(id));
            ui.close();
        }
        if action.is_some() {
            self.events.action = action;
            ui.close();
        }
    }
}
