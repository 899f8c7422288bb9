//! Groups in the editor: how an instance looks on the canvas (the group's
//! name with a "▣" mark, a header colour of its own), its menu entries
//! (Open group, Ungroup, and Group for any selection), the keys (Ctrl+G,
//! Ctrl+Shift+G, Escape to go back out), and the state the group views keep
//! between frames. `panel` is the open group's panel, `import` the
//! "Import group…" list; what a group edit does to the model is `edit/group.rs`'s.

pub(super) mod import;
mod panel;

use std::collections::{BTreeMap, BTreeSet};

use egui::emath::TSTransform;
use egui::{Color32, Key, Modifiers, Ui};

use crate::strategy::{GroupDef, Node, NodeId, NodeKind, Strategy, info};

use super::EditorView;
use super::analysis::Analysis;
use super::edit::Edit;
use super::edit::GroupEdit;
use super::events::NodeAction;
use super::style;

/// The mark in the title of a group instance.
pub const GROUP_MARK: &str = "▣";

/// The header colour of group instances (apart from every category's).
pub const GROUP_HEADER: Color32 = Color32::from_rgb(0x8A, 0x3F, 0x6E);

/// What the canvas needs to know about groups: the definitions (for the
/// instances' names) and whether it shows a group's body.
#[derive(Clone, Copy)]
pub struct GroupContext<'a> {
    /// The strategy's group definitions.
    pub defs: &'a BTreeMap<String, GroupDef>,
    /// The group whose body is shown, `None` at the top level.
    pub scope: Option<&'a str>,
}

/// The title shown in a node's header: an instance shows "▣" and its label
/// or its group's name, a group's input node its pin's name, other nodes
/// their kind's title.
pub fn header_title(groups: GroupContext<'_>, node: &Node) -> String {
    match &node.kind {
        NodeKind::Group { def, .. } => {
            let name = node.label.clone().unwrap_or_else(|| {
                groups
                    .defs
                    .get(def)
                    .map(|d| d.name().to_string())
                    .filter(|n| !n.trim().is_empty())
                    .unwrap_or_else(|| def.clone())
            });
            format!("{GROUP_MARK} {name}")
        }
        // A group output's input pin already carries its name.
        NodeKind::GroupInput { .. } => node.kind.title(),
        kind => info(kind.kind()).title.to_string(),
    }
}

/// The header of a group instance.
pub fn group_header_frame() -> egui::Frame {
    style::header_frame(crate::strategy::Category::Structure)
        .fill(style::NODE_FILL.lerp_to_gamma(GROUP_HEADER, 0.8))
}

/// The edit that makes `wire`: a plain connection from a first output,
/// else a wire from a group's further output.
pub fn connect(wire: crate::strategy::Wire) -> Edit {
    match wire.output {
        0 => Edit::Connect {
            from: wire.from,
            to: wire.to,
            input: wire.input,
        },
        _ => Edit::ConnectWire(wire),
    }
}

/// The edits that cut the wires leaving output `output` of node `id`: all
/// its wires for a node of one output, only that output's for a group's.
pub fn drop_output(graph: &Strategy, id: NodeId, output: usize) -> Vec<Edit> {
    if graph.node(id).is_some_and(|n| n.output_count() > 1) {
        let wires = graph.wires().iter();
        let mine = wires.filter(|w| w.from == id && w.output == output);
        mine.map(|w| Edit::RemoveWire(*w)).collect()
    } else {
        vec![Edit::DisconnectOutput(id)]
    }
}

/// The group entries of a node's menu: Group for any node but the Cell
/// value and interface nodes (the selection, when the node is in one), and
/// Open group and Ungroup for an instance.
pub fn node_menu(ui: &mut Ui, node: &Node, many: bool) -> Option<NodeAction> {
    let id = node.id;
    let mut action = None;
    ui.separator();
    if matches!(node.kind, NodeKind::Group { .. }) {
        if ui.button("Open group").clicked() {
            action = Some(NodeAction::Open(id));
        }
        if ui.button("Ungroup").on_hover_text("Ctrl+Shift+G").clicked() {
            action = Some(NodeAction::Ungroup(id));
        }
    }
    let groupable = !matches!(
        node.kind,
        NodeKind::Output | NodeKind::GroupInput { .. } | NodeKind::GroupOutput { .. }
    );
    let text = if many {
        "Group selected nodes"
    } else {
        "Group node"
    };
    if ui
        .add_enabled(groupable, egui::Button::new(text))
        .on_hover_text("Ctrl+G: make one node of them, with their wires as its pins")
        .clicked()
    {
        action = Some(NodeAction::Group(id));
    }
    action
}

/// What the group views keep between frames.
#[derive(Default)]
pub struct GroupState {
    /// Per group opened: the view and the instance it was opened from.
    pub trail: Vec<(TSTransform, Option<NodeId>)>,
    /// The scope the canvas showed last frame.
    pub shown: Vec<String>,
    /// The analysis shown inside a group: none (the preview, explain
    /// values and problems are the top level's).
    pub blank: Analysis,
    /// A pin name being typed: (input or output, number, text).
    pub pin_name: Option<(crate::strategy::PinSide, usize, String)>,
}

/// A name for a new group: "group 1", "group 2", … (the first free).
fn new_group_name(s: &Strategy) -> String {
    let taken: BTreeSet<&str> = s.groups().values().map(GroupDef::name).collect();
    (1..)
        .map(|n| format!("group {n}"))
        .find(|n| !taken.contains(n.as_str()))
        .unwrap_or_else(|| "group".to_string())
}

impl EditorView {
    /// The groups opened, outermost first (empty at the top level).
    pub fn scope(&self) -> &[String] {
        self.doc.scope()
    }

    /// The graph shown on the canvas: the top level or an opened group's body.
    pub fn graph(&self) -> &Strategy {
        self.doc.graph()
    }

    /// Where a rectangle of the canvas (canvas units, as the canvas's
    /// widgets report their bounds) is on the screen.
    pub fn canvas_to_screen(&self, rect: egui::Rect) -> egui::Rect {
        self.canvas.view.transform * rect
    }

    /// Groups `ids` of the graph shown into a new group (its instance is
    /// then selected); a refusal is shown with its reason.
    pub(super) fn group_nodes(&mut self, ids: BTreeSet<NodeId>, now: f64) {
        let name = new_group_name(self.doc.strategy());
        let count = ids.len();
        let edit = Edit::Group(GroupEdit::Group {
            nodes: ids,
            name: name.clone(),
        });
        let before = self.doc.revision();
        self.apply(edit, now);
        if self.doc.revision() != before {
            self.notify(format!(
                "Grouped {count} node{} into '{name}': double-click its title to open it",
                if count == 1 { "" } else { "s" }
            ));
        }
    }

    /// Replaces the instance `id` by its group's nodes (then selected).
    pub(super) fn ungroup_node(&mut self, id: NodeId, now: f64) {
        self.apply(Edit::Group(GroupEdit::Ungroup(id)), now);
    }

    /// Opens the group of instance `id`: the canvas shows its body.
    pub(super) fn open_group(&mut self, id: NodeId) {
        let Some(NodeKind::Group { def, .. }) = self.doc.graph().node(id).map(|n| &n.kind) else {
            return;
        };
        let def = def.clone();
        let view = self.canvas.view.transform;
        if self.doc.enter(&def) {
            self.groups.trail.push((view, Some(id)));
            self.side_tab = super::side::SideTab::Strategy;
        } else {
            self.notify_error(format!("group '{def}' has no definition to open"));
        }
    }

    /// Goes back out to `depth` groups opened (0: the top level), showing
    /// the graph as it was left and the instance it was opened from selected.
    pub(super) fn leave_group(&mut self, depth: usize) {
        if depth >= self.doc.scope().len() {
            return;
        }
        self.doc.leave(depth);
        if let Some(&(view, from)) = self.groups.trail.get(depth) {
            self.sync_scope();
            self.canvas.show_view(view);
            if let Some(id) = from {
                self.canvas.selection = BTreeSet::from([id]);
            }
        }
        self.groups.trail.truncate(depth);
    }

    /// Ctrl+G groups the selection, Ctrl+Shift+G ungroups the selected
    /// instances, Escape leaves the group shown (called while no text is edited).
    pub(super) fn group_keys(&mut self, ctx: &egui::Context, now: f64) {
        let cmd = Modifiers::COMMAND;
        if ctx.input_mut(|i| i.consume_key(cmd | Modifiers::SHIFT, Key::G)) {
            let instances: Vec<NodeId> = self
                .canvas
                .selection
                .iter()
                .copied()
                .filter(|id| {
                    self.doc
                        .graph()
                        .node(*id)
                        .is_some_and(|n| matches!(n.kind, NodeKind::Group { .. }))
                })
                .collect();
            for id in instances {
                self.ungroup_node(id, now);
            }
        } else if ctx.input_mut(|i| i.consume_key(cmd, Key::G)) {
            self.group_nodes(self.canvas.selection.clone(), now);
        }
        let popup = egui::Popup::is_any_open(ctx);
        if !popup
            && !self.doc.scope().is_empty()
            && ctx.input_mut(|i| i.consume_key(Modifiers::NONE, Key::Escape))
        {
            self.leave_group(self.doc.scope().len() - 1);
        }
    }
}
