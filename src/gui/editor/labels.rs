//! Naming nodes: the rename field on the canvas (F2, a double-click on a
//! node's title, or "Rename…" in its menu), the Name field of the selected
//! node in the side panel, and the keys of frames and names. A label is
//! typed as one undo step; an empty one removes it.

use egui::{Key, Modifiers, RichText, TextEdit, WidgetInfo, WidgetType};

use crate::gui::theme;
use crate::strategy::{NodeId, NodeKind, info};

use super::EditorView;
use super::edit::{Edit, GroupEdit};
use super::node_title::Renaming;

/// Selects the whole text of the text field `id` (so typing replaces it).
pub fn select_all(ctx: &egui::Context, id: egui::Id, text: &str) {
    let mut state = TextEdit::load_state(ctx, id).unwrap_or_default();
    let all = egui::text::CCursorRange::two(
        egui::text::CCursor::new(0),
        egui::text::CCursor::new(text.chars().count()),
    );
    state.cursor.set_char_range(Some(all));
    TextEdit::store_state(ctx, id, state);
}

/// Whether a popup shown in `rect` should close because the pointer was
/// pressed outside it (`shown`: it was on screen before this frame).
pub fn pressed_outside(ctx: &egui::Context, rect: egui::Rect, shown: bool) -> bool {
    let (pressed, at) = ctx.input(|i| (i.pointer.any_pressed(), i.pointer.interact_pos()));
    shown && pressed && at.is_some_and(|p| !rect.contains(p))
}

impl EditorView {
    /// Opens the rename field of node `id` (and selects it).
    pub(super) fn rename(&mut self, id: NodeId) {
        if self.doc.graph().node(id).is_some() {
            self.canvas.selection = std::iter::once(id).collect();
            self.canvas.renaming = Some(Renaming {
                node: id,
                focus: true,
                shown: false,
            });
        }
    }

    /// The keys of names and frames: F2 names the selected node, Ctrl+Shift+F
    /// frames the selection.
    pub(super) fn annotation_keys(&mut self, ctx: &egui::Context, now: f64) {
        if ctx.input_mut(|i| i.consume_key(Modifiers::NONE, Key::F2))
            && let [id] = self.canvas.selection.iter().copied().collect::<Vec<_>>()[..]
        {
            self.rename(id);
        }
        if ctx.input_mut(|i| i.consume_key(Modifiers::COMMAND | Modifiers::SHIFT, Key::F)) {
            let ids = self.canvas.selection.clone();
            if ids.is_empty() {
                self.notify("Select the nodes to frame first (Shift+drag draws a box)".into());
            } else {
                self.frame_nodes(&ids, now);
            }
        }
    }

    /// The rename field and the frame editor, over the canvas.
    pub(super) fn popups_ui(&mut self, ctx: &egui::Context, now: f64) {
        self.rename_ui(ctx, now);
        self.frame_editor_ui(ctx, now);
    }

    /// The rename field of the node being named, above its title.
    fn rename_ui(&mut self, ctx: &egui::Context, now: f64) {
        let Some(mut open) = self.canvas.renaming else {
            return;
        };
        let id = open.node;
        let Some(node) = self.doc.graph().node(id) else {
            self.canvas.renaming = None;
            return;
        };
        // A group instance has one name, its group's: the field edits it
        // (the one the breadcrumb shows), and drops a label of the instance.
        let group = match &node.kind {
            NodeKind::Group { def, .. } => self.doc.strategy().group(def).map(|g| {
                let labelled = node.label.is_some();
                (def.clone(), g.name().to_string(), labelled)
            }),
            _ => None,
        };
        let before = match &group {
            Some((_, name, _)) => name.clone(),
            None => node.label.clone().unwrap_or_default(),
        };
        let mut text = before.clone();
        let kind = info(node.kind.kind()).title;
        let anchor = self.canvas.node_screen_rect(id).map_or_else(
            || self.canvas.view.screen.center(),
            |r| r.left_top() - egui::vec2(0.0, 4.0),
        );
        let field = egui::Id::new(("rename node", id));
        let shown = egui::Area::new(egui::Id::new("rename node popup"))
            .order(egui::Order::Foreground)
            .pivot(egui::Align2::LEFT_BOTTOM)
            .fixed_pos(anchor)
            .constrain(true)
            .show(ctx, |ui| {
                egui::Frame::popup(ui.style())
                    .show(ui, |ui| name_field_ui(ui, field, id, kind, &mut text))
                    .inner
            });
        let (r, done) = shown.inner;
        if open.focus {
            r.request_focus();
            select_all(ctx, field, &text);
            open.focus = false;
        }
        if text != before {
            match group {
                Some((def, _, labelled)) => {
                    if labelled {
                        self.apply(Edit::Label(id, String::new()), now);
                    }
                    self.apply(Edit::Group(GroupEdit::Rename { def, name: text }), now);
                }
                None => self.apply(Edit::Label(id, text), now),
            }
        }
        let escape = ctx.input(|i| i.key_pressed(Key::Escape));
        if done || r.lost_focus() || escape || pressed_outside(ctx, shown.response.rect, open.shown)
        {
            self.canvas.renaming = None;
            self.doc.seal();
        } else {
            open.shown = true;
            self.canvas.renaming = Some(open);
        }
    }

    /// The selected node's Name in the side panel (when one node is selected).
    pub(super) fn node_inspector_ui(&mut self, ui: &mut egui::Ui, now: f64) {
        let [id] = self.canvas.selection.iter().copied().collect::<Vec<_>>()[..] else {
            return;
        };
        let Some(node) = self.doc.graph().node(id) else {
            return;
        };
        let before = node.label.clone().unwrap_or_default();
        let mut text = before.clone();
        ui.horizontal(|ui| {
            ui.label(RichText::new("Selected node").strong());
            ui.label(
                RichText::new(format!("node {id} · {}", info(node.kind.kind()).title))
                    .color(theme::MUTED_TEXT),
            );
        });
        ui.horizontal(|ui| {
            ui.label("Name");
            let r = ui.add(
                TextEdit::singleline(&mut text)
                    .id_salt("selected node name")
                    .hint_text("e.g. safety penalty")
                    .desired_width(f32::INFINITY),
            );
            r.widget_info(|| WidgetInfo::labeled(WidgetType::TextEdit, true, "selected node name"));
            r.on_hover_text(
                "Shown in the node's title, in the problems list and in messages. Empty: no name.",
            );
        });
        if text != before {
            self.apply(Edit::Label(id, text), now);
        }
        ui.separator();
    }
}

/// The rename popup's content: a title, the Name field and Done; returns
/// the field's response and whether Done was clicked.
fn name_field_ui(
    ui: &mut egui::Ui,
    field: egui::Id,
    id: NodeId,
    kind: &str,
    text: &mut String,
) -> (egui::Response, bool) {
    ui.label(RichText::new(format!("Name node {id} ({kind})")).strong());
    let r = ui.add(
        TextEdit::singleline(text)
            .id(field)
            .hint_text("e.g. safety penalty")
            .desired_width(220.0),
    );
    r.widget_info(|| WidgetInfo::labeled(WidgetType::TextEdit, true, format!("node {id} name")));
    ui.horizontal(|ui| {
        ui.label(
            RichText::new("Enter to finish; empty for no name")
                .small()
                .color(theme::MUTED_TEXT),
        );
        let done = ui.button("Done").clicked();
        (r, done)
    })
    .inner
}
