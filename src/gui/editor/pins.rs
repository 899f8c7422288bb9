//! Pins on the canvas: typed (numbers are blue circles, yes/no values gold
//! squares, so colour is not the only cue), their documentation, and where
//! each was drawn (for hover help and for UI tests that drag wires).

use std::cell::RefCell;
use std::rc::Rc;

use egui::{Color32, Rect, RichText, Stroke, Ui};
use egui_snarl::ui::{PinInfo, PinShape, PinWireInfo, SnarlPin, SnarlStyle};

use crate::gui::theme;
use crate::strategy::{NodeId, PinType, Strategy};

use super::palette::default_text;
use super::style;

/// A pin on the canvas, by the model's node id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PinKey {
    /// Input pin number `.1` of node `.0`.
    Input(NodeId, usize),
    /// The (first) output of a node.
    Output(NodeId),
    /// Output number `.1` (from 1) of node `.0`: a group's further outputs.
    OutputAt(NodeId, usize),
}

impl PinKey {
    /// The key of output `index` of node `id`.
    pub fn output(id: NodeId, index: usize) -> PinKey {
        match index {
            0 => PinKey::Output(id),
            i => PinKey::OutputAt(id, i),
        }
    }

    /// Which output an output pin is (0 for inputs too).
    pub fn output_index(self) -> usize {
        match self {
            PinKey::OutputAt(_, i) => i,
            _ => 0,
        }
    }
}

/// Where pins were drawn this frame (canvas coordinates).
pub type PinSink = Rc<RefCell<Vec<(PinKey, Rect)>>>;

/// The documentation of an input pin; `source` names the node wired into
/// it, if one is (a connected pin does not take its default).
pub fn input_doc(ui: &mut Ui, p: &crate::strategy::PinInfo, source: Option<&str>) {
    ui.set_max_width(300.0);
    ui.label(RichText::new(format!("{} ({})", p.name, p.ty.name())).strong());
    ui.label(p.doc);
    let state = match source {
        Some(from) => format!(
            "Connected to {from}. Right-click the pin to disconnect; unconnected, it would be {}.",
            default_text(p.ty, p.default)
        ),
        None => format!(
            "Unconnected, it is {}. Drag from an output onto this pin to connect.",
            default_text(p.ty, p.default)
        ),
    };
    ui.label(RichText::new(state).color(theme::MUTED_TEXT));
}

/// The documentation of an output pin.
pub fn output_doc(ty: PinType) -> String {
    format!(
        "Gives a {}. Drag from here onto an input, or onto empty canvas to add a node that takes it.",
        ty.name()
    )
}

/// The node wired into input `index` of `id`, as the pin's tooltip names it.
pub fn source_name(strategy: &Strategy, id: NodeId, index: usize) -> Option<String> {
    let from = strategy.feeds(id, index).next()?.from;
    let node = strategy.node(from)?;
    Some(format!("{} (node {from})", node.title()))
}

/// Hover areas over the pins `drawn` (canvas units, in `ui`'s layer) that
/// show each pin's documentation.
pub fn pin_docs(ui: &mut Ui, strategy: &Strategy, drawn: Vec<(PinKey, Rect)>) {
    for (key, pin_rect) in drawn {
        let r = ui.interact(
            pin_rect,
            ui.id().with(("pin doc", key)),
            egui::Sense::hover(),
        );
        match key {
            PinKey::Input(of, i) => {
                if let Some(p) = strategy.node(of).and_then(|n| n.input(i)) {
                    let from = source_name(strategy, of, i);
                    r.on_hover_ui(|ui| input_doc(ui, &p, from.as_deref()));
                }
            }
            PinKey::Output(of) | PinKey::OutputAt(of, _) => {
                let index = match key {
                    PinKey::OutputAt(_, i) => i,
                    _ => 0,
                };
                if let Some(ty) = strategy.node(of).and_then(|n| n.output_type(index)) {
                    r.on_hover_text(output_doc(ty));
                }
            }
        }
    }
}

/// A pin shaped and coloured by its type that reports where it was drawn.
pub struct TypedPin {
    info: PinInfo,
    key: Option<PinKey>,
    sink: Option<PinSink>,
}

impl TypedPin {
    pub fn new(ty: PinType, wire: Color32, key: PinKey, sink: PinSink) -> TypedPin {
        let shape = match ty {
            PinType::Int => PinShape::Circle,
            PinType::Bool => PinShape::Square,
        };
        TypedPin {
            info: PinInfo::default()
                .with_shape(shape)
                .with_fill(style::pin_colour(ty))
                .with_stroke(Stroke::new(1.0, Color32::from_black_alpha(160)))
                .with_wire_color(wire),
            key: Some(key),
            sink: Some(sink),
        }
    }

    pub fn none() -> TypedPin {
        TypedPin {
            info: PinInfo::default(),
            key: None,
            sink: None,
        }
    }
}

impl SnarlPin for TypedPin {
    fn draw(
        self,
        snarl_style: &SnarlStyle,
        style: &egui::Style,
        rect: Rect,
        painter: &egui::Painter,
    ) -> PinWireInfo {
        if let (Some(key), Some(sink)) = (self.key, &self.sink)
            && let Ok(mut pins) = sink.try_borrow_mut()
        {
            pins.push((key, rect));
        }
        self.info.draw(snarl_style, style, rect, painter)
    }
}
