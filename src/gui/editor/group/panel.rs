//! The group panel, at the top of the side panel while a group is open: the
//! group's name, and its inputs and outputs, each renamed in place (applied
//! when the field is left), moved up or down, or removed, and new ones
//! added. Every change is a [`GroupEdit`], undone like any edit.

use egui::{RichText, TextEdit, Ui, WidgetInfo, WidgetType};

use crate::gui::theme;
use crate::strategy::{GroupPin, PinSide, PinType};

use super::super::EditorView;
use super::super::edit::Edit;
use super::super::edit::GroupEdit;
use super::super::style;
use super::GROUP_MARK;

/// A button with an accessible name of its own.
fn small(ui: &mut Ui, enabled: bool, text: &str, name: String, hover: &str) -> bool {
    let r = ui.add_enabled(enabled, egui::Button::new(text).small());
    r.widget_info(|| WidgetInfo::labeled(WidgetType::Button, enabled, &name));
    r.on_hover_text(hover).clicked()
}

/// Which pin a row of the panel shows.
#[derive(Clone, Copy)]
struct PinAt<'a> {
    /// The group.
    def: &'a str,
    /// Input or output.
    side: PinSide,
    /// Its number.
    index: usize,
    /// Whether it is the last of its side.
    last: bool,
}

impl EditorView {
    /// The group panel, when a group is open; whether it was shown.
    pub(in crate::gui::editor) fn group_panel_ui(&mut self, ui: &mut Ui, now: f64) -> bool {
        let Some(def) = self.doc.scope().last().cloned() else {
            return false;
        };
        let Some(group) = self.doc.strategy().group(&def).cloned() else {
            return false;
        };
        ui.add_space(4.0);
        ui.label(
            RichText::new(format!("{GROUP_MARK} Group"))
                .strong()
                .size(15.0),
        );
        let mut name = group.name().to_string();
        let r = ui.add(TextEdit::singleline(&mut name).desired_width(f32::INFINITY));
        r.widget_info(|| WidgetInfo::labeled(WidgetType::TextEdit, true, "group name"));
        let mut edits = Vec::new();
        if r.changed() {
            edits.push(GroupEdit::Rename {
                def: def.clone(),
                name,
            });
        }
        ui.label(
            RichText::new(
                "Its inputs and outputs are the pins of every use of the group. \
                 Inside, Group input and Group output nodes (in the palette) stand for them.",
            )
            .small()
            .color(theme::MUTED_TEXT),
        );
        for (side, pins) in [
            (PinSide::Input, &group.inputs),
            (PinSide::Output, &group.outputs),
        ] {
            ui.add_space(4.0);
            let title = match side {
                PinSide::Input => "Inputs",
                PinSide::Output => "Outputs",
            };
            ui.label(RichText::new(title).strong());
            self.pins_ui(ui, &def, side, pins, &mut edits);
        }
        for edit in edits {
            self.apply(Edit::Group(edit), now);
        }
        true
    }

    /// The rows of one side's pins and its add buttons; changes go to `edits`.
    fn pins_ui(
        &mut self,
        ui: &mut Ui,
        def: &str,
        side: PinSide,
        pins: &[GroupPin],
        edits: &mut Vec<GroupEdit>,
    ) {
        let word = side.name();
        let def = def.to_string();
        if pins.is_empty() {
            ui.label(RichText::new(format!("no {word}s")).color(theme::MUTED_TEXT));
        }
        for (index, pin) in pins.iter().enumerate() {
            let last = index + 1 == pins.len();
            let at = PinAt {
                def: &def,
                side,
                index,
                last,
            };
            ui.horizontal(|ui| self.pin_row_ui(ui, at, pin, edits));
        }
        ui.horizontal(|ui| {
            for ty in [PinType::Int, PinType::Bool] {
                let text = format!("+ {} {word}", ty.name());
                let name = format!("add {} {word}", ty.name());
                if small(ui, true, &text, name, "Add a pin and its node inside") {
                    edits.push(GroupEdit::AddPin {
                        def: def.clone(),
                        side,
                        pin: GroupPin::new(word, ty),
                    });
                }
            }
        });
    }

    /// One pin's row: its name (renamed when the field is left), its type,
    /// and buttons to move it up or down and to remove it.
    fn pin_row_ui(
        &mut self,
        ui: &mut Ui,
        at: PinAt<'_>,
        pin: &GroupPin,
        edits: &mut Vec<GroupEdit>,
    ) {
        let PinAt {
            def,
            side,
            index,
            last,
        } = at;
        let word = side.name();
        let def = def.to_string();
        let mut text = match &self.groups.pin_name {
            Some((s, i, t)) if *s == side && *i == index => t.clone(),
            _ => pin.name.clone(),
        };
        let r = ui.add(
            TextEdit::singleline(&mut text)
                .id_salt(("group pin name", word, index))
                .desired_width(130.0),
        );
        r.widget_info(|| {
            WidgetInfo::labeled(WidgetType::TextEdit, true, format!("{word} {index} name"))
        });
        if r.changed() {
            self.groups.pin_name = Some((side, index, text.clone()));
        }
        if r.lost_focus() {
            self.groups.pin_name = None;
            if text != pin.name {
                edits.push(GroupEdit::RenamePin {
                    def: def.clone(),
                    side,
                    index,
                    name: text,
                });
            }
        }
        ui.label(
            RichText::new(pin.ty.name())
                .small()
                .color(style::pin_colour(pin.ty)),
        );
        let up = small(
            ui,
            index > 0,
            "⏶",
            format!("move {word} {index} up"),
            "Move up",
        );
        let down = small(
            ui,
            !last,
            "⏷",
            format!("move {word} {index} down"),
            "Move down",
        );
        if up || down {
            let to = if up { index - 1 } else { index + 1 };
            edits.push(GroupEdit::MovePin {
                def: def.clone(),
                side,
                from: index,
                to,
            });
        }
        let hover = "Remove it (its wires, inside and on every use, go too)";
        if small(ui, true, "🗑", format!("remove {word} {index}"), hover) {
            edits.push(GroupEdit::RemovePin {
                def: def.clone(),
                side,
                index,
            });
        }
    }
}
