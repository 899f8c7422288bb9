//! A node's parameters, edited in place on the canvas: the constant's value,
//! yes or no, "now / after placing here / after the best reply", owner and state filters, board
//! measures, the comparison operator, and a comment's text.

use egui::{ComboBox, DragValue, TextEdit, Ui, WidgetInfo, WidgetType};

use crate::strategy::{
    BoardMeasure, CompareOp, NodeId, NodeKind, OwnerFilter, SizeMeasure, StateFilter, Tuning, When,
    Whose,
};

/// The width of a comment's text.
const COMMENT_WIDTH: f32 = 170.0;

/// Whether nodes of this kind have parameters to show in their body.
pub fn has_params(kind: &NodeKind) -> bool {
    kind.when().is_some()
        || matches!(
            kind,
            NodeKind::Constant { .. }
                | NodeKind::Truth { .. }
                | NodeKind::Compare { .. }
                | NodeKind::BoardSize { .. }
                | NodeKind::Comment { .. }
        )
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
        NodeKind::Constant { value, tune } => {
            ui.horizontal(|ui| {
                let r = ui.add(DragValue::new(value).speed(0.1));
                r.widget_info(|| {
                    WidgetInfo::labeled(WidgetType::DragValue, true, param_label(id, "value"))
                });
                r.on_hover_text("Drag to change, or click and type a whole number.");
                tuning_ui(ui, id, *value, tune);
            });
            if let Tuning::Range { min, max } = tune {
                range_ui(ui, id, min, max);
            }
        }
        NodeKind::Truth { value } => {
            let text = if *value { "yes" } else { "no" };
            let r = ui.checkbox(value, text);
            r.widget_info(|| {
                WidgetInfo::labeled(WidgetType::Checkbox, true, param_label(id, "yes"))
            });
        }
        NodeKind::Compare { op } => {
            let label = |o: CompareOp| format!("a {} b", o.label());
            choice(ui, id, "operator", op, CompareOp::ALL, 80.0, label);
        }
        NodeKind::BoardSize { measure } => {
            let label = |m: SizeMeasure| m.label().to_string();
            choice(ui, id, "measure", measure, SizeMeasure::ALL, 90.0, label);
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
        NodeKind::Comment { text } => {
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
        // The other measuring nodes have only the now/after choice.
        other => {
            if let Some(when) = other.when_mut() {
                when_ui(ui, id, when);
            }
        }
    }
    (new != *kind).then_some(new)
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
