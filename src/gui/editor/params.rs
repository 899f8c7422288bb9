//! A node's parameters, edited in place on the canvas: the constant's value,
//! yes or no, "now / after placing here / after the best reply", owner and state filters, board
//! measures, the comparison operator, and a comment's text.
//!
//! What a node has to edit comes from the strategy's parameter table
//! ([`NodeKind::params_mut`]), read through one exhaustive match over the
//! kinds of parameter ([`param_ui`]): a node kind added with parameters of
//! the kinds known here gets its editors without a change here, and a new
//! kind of parameter does not compile until it has an editor (or is said to
//! be edited elsewhere: a Weighted sum's terms in the side panel, a group's
//! definition and pins in the group panel). A few kinds keep a layout of
//! their own, so that they stay as small as the other nodes.

use egui::{ComboBox, DragValue, TextEdit, Ui, WidgetInfo, WidgetType};

use crate::strategy::{
    BoardMeasure, CompareOp, NodeId, NodeKind, OwnerFilter, Param, ParamMut, SizeMeasure,
    StateFilter, Tuning, When, Whose,
};

/// The width of a comment's text.
const COMMENT_WIDTH: f32 = 170.0;

/// Whether nodes of this kind have parameters to show in their body.
pub fn has_params(kind: &NodeKind) -> bool {
    kind.params().iter().any(|(_, p)| is_on_canvas(p))
}

/// Whether a parameter is edited on the node itself (the others have
/// panels of their own).
fn is_on_canvas(param: &Param) -> bool {
    match param {
        Param::When(_)
        | Param::Owner(_)
        | Param::State(_)
        | Param::BoardMeasure(_)
        | Param::Whose(_)
        | Param::SizeMeasure(_)
        | Param::Compare(_)
        | Param::Number(_)
        | Param::Tune(_)
        | Param::Truth(_)
        | Param::Text(_) => true,
        // The terms panel, and the group panel.
        Param::Terms(_) | Param::Def { .. } | Param::Index { .. } => false,
    }
}

/// Whether the node's parameters take two columns (its output pin goes
/// without a type label to keep the node narrow).
pub fn wide_params(kind: &NodeKind) -> bool {
    matches!(
        kind,
        NodeKind::Neighbours { .. } | NodeKind::BoardCount { .. }
    )
}

/// The accessible name of a parameter widget: "node 4 value".
pub fn param_label(id: NodeId, param: &str) -> String {
    format!("node {id} {param}")
}

/// Draws the parameters of node `id`; returns the new parameters when the
/// user changed one.
pub fn params_ui(ui: &mut Ui, id: NodeId, kind: &NodeKind) -> Option<NodeKind> {
    let mut new = kind.clone();
    match &mut new {
        // The value and its tuning on one row.
        NodeKind::Constant { value, tune } => {
            ui.horizontal(|ui| {
                number_ui(ui, id, value);
                tuning_ui(ui, id, *value, tune);
            });
            if let Tuning::Range { min, max } = tune {
                range_ui(ui, id, min, max);
            }
        }
        // Two choices and a short now/after switch on two rows keep these
        // nodes as small as the others (the layout leaves 230 x 90 units
        // per node).
        NodeKind::Neighbours { owner, state, when } => {
            ui.horizontal(|ui| {
                let label = |o: OwnerFilter| o.label().to_string();
                choice(ui, id, "owner", owner, OwnerFilter::ALL, 84.0, label);
                when_switch(ui, id, when);
            });
            let label = |s: StateFilter| s.label().to_string();
            choice(ui, id, "state", state, StateFilter::ALL, 96.0, label);
        }
        NodeKind::BoardCount {
            measure,
            whose,
            when,
        } => {
            ui.horizontal(|ui| {
                let label = |w: Whose| w.label().to_string();
                choice(ui, id, "whose", whose, Whose::ALL, 84.0, label);
                when_switch(ui, id, when);
            });
            let label = |m: BoardMeasure| m.label().to_string();
            choice(ui, id, "measure", measure, BoardMeasure::ALL, 110.0, label);
        }
        // Every other kind: each parameter of the table, one below the other.
        other => {
            let mut number = 0;
            for (_, param) in other.params_mut() {
                param_ui(ui, id, param, &mut number);
            }
        }
    }
    (new != *kind).then_some(new)
}

/// The editor of one parameter; `number` is the last number edited before
/// it on the node (a tuning range is offered around it).
fn param_ui(ui: &mut Ui, id: NodeId, param: ParamMut, number: &mut i64) {
    match param {
        ParamMut::When(when) => when_ui(ui, id, when),
        ParamMut::Owner(owner) => {
            choice(ui, id, "owner", owner, OwnerFilter::ALL, 84.0, |o| {
                o.label().to_string()
            });
        }
        ParamMut::State(state) => {
            choice(ui, id, "state", state, StateFilter::ALL, 96.0, |s| {
                s.label().to_string()
            });
        }
        ParamMut::BoardMeasure(measure) => {
            let label = |m: BoardMeasure| m.label().to_string();
            choice(ui, id, "measure", measure, BoardMeasure::ALL, 110.0, label);
        }
        ParamMut::Whose(whose) => {
            choice(ui, id, "whose", whose, Whose::ALL, 84.0, |w| {
                w.label().to_string()
            });
        }
        ParamMut::SizeMeasure(measure) => {
            let label = |m: SizeMeasure| m.label().to_string();
            choice(ui, id, "measure", measure, SizeMeasure::ALL, 90.0, label);
        }
        ParamMut::Compare(op) => {
            let label = |o: CompareOp| format!("a {} b", o.label());
            choice(ui, id, "operator", op, CompareOp::ALL, 80.0, label);
        }
        ParamMut::Number(value) => {
            number_ui(ui, id, value);
            *number = *value;
        }
        ParamMut::Tune(tune) => {
            tuning_ui(ui, id, *number, tune);
            if let Tuning::Range { min, max } = tune {
                range_ui(ui, id, min, max);
            }
        }
        ParamMut::Truth(value) => {
            let text = if *value { "yes" } else { "no" };
            let r = ui.checkbox(value, text);
            r.widget_info(|| {
                WidgetInfo::labeled(WidgetType::Checkbox, true, param_label(id, "yes"))
            });
        }
        ParamMut::Text(text) => {
            // The body is as wide as the node was last frame: ask for room.
            ui.set_min_width(COMMENT_WIDTH);
            let r = ui.add(
                TextEdit::multiline(text)
                    .id_salt(("comment", id))
                    .desired_width(COMMENT_WIDTH)
                    .desired_rows(2)
                    .hint_text("a note for the reader"),
            );
            r.widget_info(|| {
                WidgetInfo::labeled(WidgetType::TextEdit, true, param_label(id, "text"))
            });
        }
        // Edited in the terms panel and the group panel.
        ParamMut::Terms(_) | ParamMut::Def { .. } | ParamMut::Index { .. } => {}
    }
}

/// A whole number, dragged or typed.
fn number_ui(ui: &mut Ui, id: NodeId, value: &mut i64) {
    let r = ui.add(DragValue::new(value).speed(0.1));
    r.widget_info(|| WidgetInfo::labeled(WidgetType::DragValue, true, param_label(id, "value")));
    r.on_hover_text("Drag to change, or click and type a whole number.");
}

/// How a constant is tuned, shown on the node and chosen from a drop-down:
/// "tune auto", "tune off", or "tune 0..20" (then edited by [`range_ui`]).
fn tuning_ui(ui: &mut Ui, id: NodeId, value: i64, tune: &mut Tuning) {
    let text = |t: Tuning| match t {
        Tuning::Auto => "tune auto".to_string(),
        Tuning::Off => "tune off".to_string(),
        Tuning::Range { min, max } => format!("tune {min}..{max}"),
    };
    // A range starts as the automatic one, so that choosing it changes nothing yet.
    let (low, high) = Tuning::Auto.range(value).unwrap_or((value, value));
    let range = match *tune {
        Tuning::Range { .. } => *tune,
        _ => Tuning::Range {
            min: low,
            max: high,
        },
    };
    let r = ComboBox::from_id_salt((id, "tune"))
        .selected_text(text(*tune))
        .width(70.0)
        .show_ui(ui, |ui| {
            ui.selectable_value(tune, Tuning::Auto, "auto")
                .on_hover_text(format!("Tunable within {low}..{high}, around the value."));
            ui.selectable_value(tune, Tuning::Off, "off")
                .on_hover_text("Never changed by tuning.");
            ui.selectable_value(tune, range, "range")
                .on_hover_text("Tunable within a range you set.");
        });
    let shown = text(*tune);
    r.response.widget_info(|| {
        let mut info = WidgetInfo::labeled(WidgetType::ComboBox, true, param_label(id, "tune"));
        info.current_text_value = Some(shown.clone());
        info
    });
    r.response.on_hover_text(
        "Whether the Tune panel (and chainlab tune) may change this constant, and within which range.",
    );
}

/// The ends of an explicit tuning range.
fn range_ui(ui: &mut Ui, id: NodeId, min: &mut i64, max: &mut i64) {
    ui.horizontal(|ui| {
        ui.label("from");
        let r = ui.add(DragValue::new(min).speed(0.1));
        r.widget_info(|| {
            WidgetInfo::labeled(WidgetType::DragValue, true, param_label(id, "tune min"))
        });
        ui.label("to");
        let r = ui.add(DragValue::new(max).speed(0.1));
        r.widget_info(|| {
            WidgetInfo::labeled(WidgetType::DragValue, true, param_label(id, "tune max"))
        });
    });
}

/// "now", "after placing here" or "after the best reply", the choice every
/// measuring node has.
fn when_ui(ui: &mut Ui, id: NodeId, when: &mut When) {
    choice(ui, id, "when", when, When::ALL, 124.0, |w| {
        w.label().to_string()
    });
}

/// "now", "after" or "reply": a short switch for nodes with several
/// parameters; a click moves to the next value.
fn when_switch(ui: &mut Ui, id: NodeId, when: &mut When) {
    let text = match *when {
        When::Now => "now",
        When::After => "after",
        When::Reply => "reply",
    };
    let later = *when != When::Now;
    let r = ui.selectable_label(later, text);
    r.widget_info(|| {
        WidgetInfo::selected(WidgetType::Button, true, later, param_label(id, "when"))
    });
    let r = r.on_hover_text(
        "Click to switch. now: the board as it is; after: the board after placing here and \
         resolving the chain; reply: that board after the next player's strongest reply.",
    );
    if r.clicked() {
        let next = When::ALL
            .iter()
            .position(|w| w == when)
            .map_or(0, |i| i + 1);
        *when = When::ALL.get(next).copied().unwrap_or_default();
    }
}

/// A drop-down of the values `all`, `width` wide, named `param` for screen
/// readers and tests.
fn choice<T: Copy + PartialEq>(
    ui: &mut Ui,
    id: NodeId,
    param: &str,
    value: &mut T,
    all: &[T],
    width: f32,
    label: impl Fn(T) -> String,
) {
    let r = ComboBox::from_id_salt((id, param))
        .selected_text(label(*value))
        .width(width)
        .show_ui(ui, |ui| {
            for &v in all {
                ui.selectable_value(value, v, label(v));
            }
        });
    r.response
        .widget_info(|| WidgetInfo::labeled(WidgetType::ComboBox, true, param_label(id, param)));
}

#[cfg(test)]
mod tests {
    use egui_kittest::Harness;
    use egui_kittest::kittest::Queryable;

    use super::*;
    use crate::strategy::Kind;

    /// The name of the widget that edits a parameter shown on the node.
    fn widget(param: &Param) -> Option<&'static str> {
        Some(match param {
            Param::When(_) => "when",
            Param::Owner(_) => "owner",
            Param::State(_) => "state",
            Param::BoardMeasure(_) | Param::SizeMeasure(_) => "measure",
            Param::Whose(_) => "whose",
            Param::Compare(_) => "operator",
            Param::Number(_) => "value",
            Param::Tune(_) => "tune",
            Param::Truth(_) => "yes",
            Param::Text(_) => "text",
            Param::Terms(_) | Param::Def { .. } | Param::Index { .. } => return None,
        })
    }

    /// Every parameter of every kind that is edited on the node has its
    /// widget there, named for tests and screen readers.
    #[test]
    fn every_parameter_shown_on_a_node_has_its_editor() {
        for &kind in Kind::ALL {
            let node = NodeKind::new(kind);
            let names: Vec<&str> = node
                .params()
                .iter()
                .filter_map(|(_, p)| widget(p))
                .collect();
            assert_eq!(has_params(&node), !names.is_empty(), "{kind:?}");
            let shown = node.clone();
            let harness = Harness::new_ui(move |ui| {
                let _ = params_ui(ui, NodeId(7), &shown);
            });
            for name in names {
                let label = param_label(NodeId(7), name);
                assert!(
                    harness.query_by_label(&label).is_some(),
                    "{kind:?}: no widget '{label}'"
                );
            }
        }
    }
}
