//! The terms of a Weighted sum, edited on the node: beside each input pin a
//! row with the term's label (which names the pin), its weight, a button
//! that removes it, and, while a cell is explained, its contribution
//! (weight × input); under them, in the node's footer, an "Add term" button.

use std::collections::HashMap;

use egui::{DragValue, RichText, TextEdit, Ui, WidgetInfo, WidgetType};

use crate::gui::theme;
use crate::strategy::{NodeId, NodeKind, Strategy, Tuning, WeightedTerm};

use super::params::param_label;
use super::style;

/// The width of a term's label field.
const LABEL_WIDTH: f32 = 96.0;
/// The widest a term's label field grows (canvas units).
const LABEL_MAX_WIDTH: f32 = 300.0;

/// The width of the label fields of `terms`: wide enough for the longest
/// label (so "… (lesson 8)" is not cut off), all rows alike.
fn label_width(terms: &[WeightedTerm]) -> f32 {
    let longest = terms
        .iter()
        .map(|t| t.label.chars().count())
        .max()
        .unwrap_or(0);
    (longest as f32 * 6.4 + 12.0).clamp(LABEL_WIDTH, LABEL_MAX_WIDTH)
}

/// What the user did to a Weighted sum's terms.
#[derive(Clone, Debug, PartialEq)]
pub enum TermChange {
    /// New terms (a label or weight changed, or a term was added).
    Set(NodeKind),
    /// Remove the term with this index (and its wire).
    Remove(usize),
}

/// The width kept at the end of a term's row for its contribution ("= 100000").
const CHIP_WIDTH: f32 = 46.0;

/// The contribution of term `index` of the Weighted sum `id` for the
/// explained cell: its weight times the value wired into it (an unwired
/// term counts 0). `None` when no cell is explained or the input has no value.
pub fn contribution(
    strategy: &Strategy,
    values: &HashMap<NodeId, Option<i64>>,
    id: NodeId,
    index: usize,
) -> Option<i64> {
    if values.is_empty() {
        return None;
    }
    let Some(NodeKind::WeightedSum { terms }) = strategy.node(id).map(|n| &n.kind) else {
        return None;
    };
    let weight = terms.get(index)?.weight;
    let input = match strategy.feeds(id, index).next() {
        None => 0,
        Some(w) if w.output == 0 => (*values.get(&w.from)?)?,
        Some(_) => return None,
    };
    Some(weight.saturating_mul(input))
}

/// The row of term `index` of the Weighted sum `id` with `terms`; returns
/// the change the user made.
pub fn term_row_ui(
    ui: &mut Ui,
    id: NodeId,
    index: usize,
    terms: &[WeightedTerm],
    contribution: Option<i64>,
) -> Option<TermChange> {
    let mut new = terms.to_vec();
    let term = new.get_mut(index)?;
    let r = ui.add(
        TextEdit::singleline(&mut term.label)
            .id_salt(("term label", id, index))
            .desired_width(label_width(terms))
            .hint_text("what it stands for"),
    );
    r.widget_info(|| {
        WidgetInfo::labeled(
            WidgetType::TextEdit,
            true,
            param_label(id, &format!("term {index} label")),
        )
    });
    ui.label(RichText::new("×").color(style::NUMBER));
    let r = ui.add(DragValue::new(&mut term.weight).speed(0.1));
    r.widget_info(|| {
        WidgetInfo::labeled(
            WidgetType::DragValue,
            true,
            param_label(id, &format!("term {index} weight")),
        )
    });
    r.on_hover_text("The weight: drag to change, or click and type a whole number.");
    tuning_label(ui, id, index, term.tune);
    let remove = ui.add_enabled(terms.len() > 1, egui::Button::new("✖").small());
    remove.widget_info(|| {
        WidgetInfo::labeled(
            WidgetType::Button,
            true,
            param_label(id, &format!("remove term {index}")),
        )
    });
    if remove
        .on_hover_text("Remove this term and its wire")
        .clicked()
    {
        return Some(TermChange::Remove(index));
    }
    contribution_chip(ui, id, index, contribution);
    (new != terms)
        .then_some(NodeKind::WeightedSum { terms: new })
        .map(TermChange::Set)
}

/// How a term's weight is tuned ("tune -8..8", "tune off"), small, after
/// the weight; nothing for the default (tuned automatically).
fn tuning_label(ui: &mut Ui, id: NodeId, index: usize, tune: Tuning) {
    let tune = match tune {
        // The default goes unsaid (every weight is tuned unless marked).
        Tuning::Auto => return,
        Tuning::Off => "tune off".to_string(),
        Tuning::Range { min, max } => format!("tune {min}..{max}"),
    };
    let r = ui.label(RichText::new(&tune).small().color(theme::MUTED_TEXT));
    r.widget_info(|| {
        WidgetInfo::labeled(
            WidgetType::Label,
            true,
            param_label(id, &format!("term {index} {tune}")),
        )
    });
    r.on_hover_text("How chainlab tune and the Tune panel may change this weight.");
}

/// Term `index`'s contribution for the explained cell ("= 12").
fn contribution_chip(ui: &mut Ui, id: NodeId, index: usize, contribution: Option<i64>) {
    // The contribution's place is kept while no cell is explained, so that
    // the node does not grow over its neighbour when one is.
    let chip_size = egui::vec2(CHIP_WIDTH, ui.spacing().interact_size.y);
    match contribution {
        None => {
            ui.allocate_exact_size(chip_size, egui::Sense::hover());
        }
        Some(c) => {
            let text = RichText::new(format!("= {c}")).small().color(style::VALUE);
            let chip = ui.add_sized(chip_size, egui::Label::new(text).truncate());
            chip.widget_info(|| {
                WidgetInfo::labeled(
                    WidgetType::Label,
                    true,
                    param_label(id, &format!("term {index} = {c}")),
                )
            });
            chip.on_hover_text("This term's contribution for the explained cell: weight × input");
        }
    }
}

/// The "Add term" button under a Weighted sum's terms (`kind`); returns
/// its terms with one more when it was clicked.
pub fn add_term_ui(ui: &mut Ui, id: NodeId, kind: &NodeKind) -> Option<NodeKind> {
    let NodeKind::WeightedSum { terms } = kind else {
        return None;
    };
    let r = ui.add(egui::Button::new("+ Add term").wrap_mode(egui::TextWrapMode::Extend));
    r.widget_info(|| WidgetInfo::labeled(WidgetType::Button, true, param_label(id, "add term")));
    if !r
        .on_hover_text("Add a labelled input with its weight")
        .clicked()
    {
        return None;
    }
    let mut terms = terms.clone();
    terms.push(WeightedTerm::new(format!("term {}", terms.len() + 1), 1));
    Some(NodeKind::WeightedSum { terms })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::strategy::Kind;

    #[test]
    fn a_contribution_is_the_weight_times_the_input() {
        let mut s = Strategy::new("t");
        let terms = vec![WeightedTerm::new("a", 3), WeightedTerm::new("b", -2)];
        let sum = s.add_node(NodeKind::WeightedSum { terms }, [0.0, 0.0]);
        let atoms = s.add(Kind::Atoms, [0.0, 0.0]);
        assert!(s.connect(atoms, sum, 0).is_ok());
        let none = HashMap::new();
        assert_eq!(contribution(&s, &none, sum, 0), None, "nothing explained");
        let values = HashMap::from([(atoms, Some(4)), (sum, None)]);
        assert_eq!(contribution(&s, &values, sum, 0), Some(12));
        assert_eq!(contribution(&s, &values, sum, 1), Some(0), "unwired");
        assert_eq!(contribution(&s, &values, sum, 2), None, "no such term");
        let unknown = HashMap::from([(atoms, None)]);
        assert_eq!(contribution(&s, &unknown, sum, 0), None);
    }
}
