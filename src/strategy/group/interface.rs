//! Editing a group's interface: renaming, reordering, adding and removing
//! its inputs and outputs, and renaming the group. A pin's number is its
//! place in the list, and wires name pins by number, so reordering or
//! removing a pin renumbers, in the same operation, the interface nodes in
//! the body and the wires of every instance (in the top-level graph and in
//! every group body): no instance ends up wired to the wrong pin.

use crate::strategy::error::StrategyError;
use crate::strategy::graph::Strategy;
use crate::strategy::id::NodeId;
use crate::strategy::kind::NodeKind;
use crate::strategy::kind::pins::GroupPin;
use crate::strategy::kind::pins::PinSide;

/// How far left (right) of the body a new group input (output) stands.
const NEW_PIN_GAP: f32 = 260.0;

impl Strategy {
    /// The pins of `side` of group `def`, or why there are none.
    fn pins_of(&self, def: &str, side: PinSide) -> Result<&Vec<GroupPin>, StrategyError> {
        let d = self
            .group(def)
            .ok_or_else(|| StrategyError::Refused(format!("there is no group '{def}'")))?;
        Ok(match side {
            PinSide::Input => &d.inputs,
            PinSide::Output => &d.outputs,
        })
    }

    /// Renames pin `index` of `side` of group `def`. Names must be
    /// non-empty and distinct on one side.
    pub fn rename_group_pin(
        &mut self,
        def: &str,
        side: PinSide,
        index: usize,
        name: &str,
    ) -> Result<(), StrategyError> {
        let name = name.trim();
        let pins = self.pins_of(def, side)?;
        if index >= pins.len() {
            return Err(no_pin(def, side, index));
        }
        if name.is_empty() {
            return Err(StrategyError::Refused(format!(
                "a group {} needs a name",
                side.name()
            )));
        }
        if pins
            .iter()
            .enumerate()
            .any(|(i, p)| i != index && p.name == name)
        {
            return Err(StrategyError::Refused(format!(
                "group '{}' already has an {} named '{name}'",
                self.group_name(def),
                side.name()
            )));
        }
        let mut pins = pins.clone();
        if let Some(p) = pins.get_mut(index) {
            p.name = name.to_string();
        }
        self.set_pins(def, side, pins);
        Ok(())
    }

    /// Moves pin `from` of `side` of group `def` to place `to` (the pins in
    /// between shift by one), renumbering the wires of every instance.
    pub fn move_group_pin(
        &mut self,
        def: &str,
        side: PinSide,
        from: usize,
        to: usize,
    ) -> Result<(), StrategyError> {
        let mut pins = self.pins_of(def, side)?.clone();
        let n = pins.len();
        if from >= n || to >= n {
            return Err(no_pin(def, side, from.max(to)));
        }
        let pin = pins.remove(from);
        pins.insert(to, pin);
        // Where the pin that was number `i` goes.
        let map = |i: usize| {
            Some(if i == from {
                to
            } else if from < to && i > from && i <= to {
                i - 1
            } else if to < from && i >= to && i < from {
                i + 1
            } else {
                i
            })
        };
        self.renumber(def, side, &map);
        self.set_pins(def, side, pins);
        Ok(())
    }

    /// Adds `pin` as the last of `side` of group `def`, with its interface
    /// node in the body (left of the body for an input, right for an
    /// output); returns that node's id.
    pub fn add_group_pin(
        &mut self,
        def: &str,
        side: PinSide,
        pin: GroupPin,
    ) -> Result<NodeId, StrategyError> {
        let mut pins = self.pins_of(def, side)?.clone();
        let mut pin = pin;
        let base = match pin.name.trim() {
            "" => side.name().to_string(),
            n => n.to_string(),
        };
        pin.name = base.clone();
        let mut k = 2;
        while pins.iter().any(|p| p.name == pin.name) {
            pin.name = format!("{base} {k}");
            k += 1;
        }
        let index = pins.len();
        pins.push(pin.clone());
        let body = self.scope_or_refuse(Some(def))?;
        let at = new_pin_place(body, side);
        let kind = match side {
            PinSide::Input => NodeKind::GroupInput { index, pin },
            PinSide::Output => NodeKind::GroupOutput { index, pin },
        };
        let id = body.add_node(kind, at);
        self.set_pins(def, side, pins);
        Ok(id)
    }

    /// Removes pin `index` of `side` of group `def`: its interface nodes in
    /// the body and the instances' wires to it go, later pins move up one.
    pub fn remove_group_pin(
        &mut self,
        def: &str,
        side: PinSide,
        index: usize,
    ) -> Result<(), StrategyError> {
        let mut pins = self.pins_of(def, side)?.clone();
        if index >= pins.len() {
            return Err(no_pin(def, side, index));
        }
        pins.remove(index);
        let map = |i: usize| match i.cmp(&index) {
            std::cmp::Ordering::Less => Some(i),
            std::cmp::Ordering::Equal => None,
            std::cmp::Ordering::Greater => Some(i - 1),
        };
        self.renumber(def, side, &map);
        self.set_pins(def, side, pins);
        Ok(())
    }

    /// Renames group `def` (the name shown on its instances; the id stays).
    pub fn rename_group(&mut self, def: &str, name: &str) -> Result<(), StrategyError> {
        let body = self.scope_or_refuse(Some(def))?;
        body.name = name.to_string();
        Ok(())
    }

    /// Replaces the pins of `side` of `def` and brings every copy up to date.
    fn set_pins(&mut self, def: &str, side: PinSide, pins: Vec<GroupPin>) {
        if let Some(d) = self.groups.get_mut(def) {
            match side {
                PinSide::Input => d.inputs = pins,
                PinSide::Output => d.outputs = pins,
            }
        }
        self.sync_groups();
    }

    /// Renumbers pins of `side` of `def` by `map` (`None`: the pin is gone):
    /// its interface nodes in the body, and the wires of every instance.
    fn renumber(&mut self, def: &str, side: PinSide, map: &dyn Fn(usize) -> Option<usize>) {
        if let Some(body) = self.group_body_mut(def) {
            let mut gone = Vec::new();
            for node in body.nodes_mut() {
                match (&mut node.kind, side) {
                    (NodeKind::GroupInput { index, .. }, PinSide::Input)
                    | (NodeKind::GroupOutput { index, .. }, PinSide::Output) => match map(*index) {
                        Some(i) => *index = i,
                        None => gone.push(node.id),
                    },
                    _ => {}
                }
            }
            for id in gone {
                body.remove(id);
            }
        }
        renumber_wires(self, def, side, map);
        let ids: Vec<String> = self.groups.keys().cloned().collect();
        for id in ids {
            if let Some(body) = self.group_body_mut(&id) {
                renumber_wires(body, def, side, map);
            }
        }
    }
}

/// Renumbers the wires of instances of `def` in `graph` (see `renumber`).
fn renumber_wires(
    graph: &mut Strategy,
    def: &str,
    side: PinSide,
    map: &dyn Fn(usize) -> Option<usize>,
) {
    let instances = graph.instances_in(None, def);
    if instances.is_empty() {
        return;
    }
    let wires = graph
        .wires()
        .iter()
        .filter_map(|w| {
            let mut w = *w;
            match side {
                PinSide::Input if instances.contains(&w.to) => w.input = map(w.input)?,
                PinSide::Output if instances.contains(&w.from) => w.output = map(w.output)?,
                _ => {}
            }
            Some(w)
        })
        .collect();
    graph.set_wires(wires);
}

/// The refusal for a pin that does not exist.
fn no_pin(def: &str, side: PinSide, index: usize) -> StrategyError {
    StrategyError::Refused(format!(
        "group '{def}' has no {} number {index}",
        side.name()
    ))
}

/// Where the interface node of a new pin goes: below the other interface
/// nodes of its side, or left (right) of the body's nodes when it is the first.
fn new_pin_place(body: &Strategy, side: PinSide) -> [f32; 2] {
    let same: Vec<[f32; 2]> = body
        .nodes()
        .iter()
        .filter(|n| match side {
            PinSide::Input => matches!(n.kind, NodeKind::GroupInput { .. }),
            PinSide::Output => matches!(n.kind, NodeKind::GroupOutput { .. }),
        })
        .map(|n| n.pos)
        .collect();
    if let Some(x) = same.first().map(|p| p[0]) {
        let bottom = same.iter().map(|p| p[1]).fold(f32::MIN, f32::max);
        return [x, bottom + 90.0];
    }
    let (mut lo, mut hi) = ([f32::MAX; 2], [f32::MIN; 2]);
    for n in body.nodes() {
        lo = [lo[0].min(n.pos[0]), lo[1].min(n.pos[1])];
        hi = [hi[0].max(n.pos[0]), hi[1].max(n.pos[1])];
    }
    if body.nodes().is_empty() {
        return [0.0, 0.0];
    }
    match side {
        PinSide::Input => [lo[0] - NEW_PIN_GAP, lo[1]],
        PinSide::Output => [hi[0] + NEW_PIN_GAP, lo[1]],
    }
}
