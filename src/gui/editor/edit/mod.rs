//! The editor's edits of the graph model: what the canvas, the palette and
//! the menus ask for, and how each changes a [`Strategy`]. Every edit goes
//! through [`super::document::Document::apply`], which keeps the history.
//! The edits of groups are [`GroupEdit`]s (`group.rs`).

mod group;

use std::collections::{BTreeSet, HashMap};

use crate::strategy::{Kind, Node, NodeId, NodeKind, PinType, Strategy, Tunable, Wire, info};

pub use self::group::GroupEdit;
use super::annotate::{FrameEdit, remove_term, set_label};
use super::history::Coalesce;

/// A wire to make when a node is added from a dropped wire.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Link {
    /// From this node's output into the new node's first input that fits.
    FromOutput(NodeId),
    /// From the new node's output into input `input` of `to`.
    ToInput {
        /// The node fed.
        to: NodeId,
        /// Its input pin.
        input: usize,
    },
}

/// One change of the graph.
#[derive(Clone, Debug, PartialEq)]
pub enum Edit {
    /// Add a node of `kind` with default parameters at `pos`, optionally wired.
    Add {
        /// The kind.
        kind: Kind,
        /// Canvas position.
        pos: [f32; 2],
        /// A wire to make at once.
        link: Option<Link>,
    },
    /// Wire `from`'s output into input `input` of `to`.
    Connect {
        /// The source node.
        from: NodeId,
        /// The target node.
        to: NodeId,
        /// The target's input pin.
        input: usize,
    },
    /// Make this wire (from any output, such as a group's second one).
    ConnectWire(Wire),
    /// Remove the wire(s) into input `input` of `to`.
    Disconnect {
        /// The target node.
        to: NodeId,
        /// Its input pin.
        input: usize,
    },
    /// Remove every wire leaving `from`.
    DisconnectOutput(NodeId),
    /// Remove exactly this wire.
    RemoveWire(Wire),
    /// Give a node new parameters (same kind).
    SetKind(NodeId, NodeKind),
    /// Move nodes to new positions.
    Move(Vec<(NodeId, [f32; 2])>),
    /// Delete nodes and their wires.
    Delete(BTreeSet<NodeId>),
    /// Copy nodes (and the wires between them) next to the originals.
    Duplicate(BTreeSet<NodeId>),
    /// Insert copied nodes at an offset from where they were copied.
    Paste(Clip, [f32; 2]),
    /// Rename the strategy.
    Name(String),
    /// Describe the strategy.
    Description(String),
    /// Lay the whole graph out again.
    Arrange,
    /// Set the values of these Constant nodes at once (the Tune panel's
    /// "Apply tuned values": one undo step restores them all).
    SetConstants(Vec<(Tunable, i64)>),
    /// Give a node a label (a blank one removes it).
    Label(NodeId, String),
    /// Remove term `.1` of the Weighted sum `.0`, with its wire.
    RemoveTerm(NodeId, usize),
    /// Change the frames.
    Frame(FrameEdit),
    /// Change groups (see [`GroupEdit`]; applied by [`super::scope::apply_in`]).
    Group(GroupEdit),
}

impl Edit {
    /// The words for the undo button ("Undo add Multiply").
    pub fn label(&self, strategy: &Strategy) -> String {
        // A node's label when it has one ("rename safety penalty").
        let title = |id: &NodeId| {
            strategy.node(*id).map_or_else(
                || "node".to_string(),
                |n| {
                    n.label
                        .clone()
                        .unwrap_or_else(|| info(n.kind.kind()).title.into())
                },
            )
        };
        match self {
            Edit::Add { kind, .. } => format!("add {}", info(*kind).title),
            Edit::Connect { .. } | Edit::ConnectWire(_) => "connect".to_string(),
            Edit::Disconnect { .. } | Edit::DisconnectOutput(_) | Edit::RemoveWire(_) => {
                "disconnect".to_string()
            }
            Edit::SetKind(id, _) => format!("change {}", title(id)),
            Edit::Move(_) => "move".to_string(),
            Edit::Delete(ids) => plural("delete", ids.len()),
            Edit::Duplicate(ids) => plural("duplicate", ids.len()),
            Edit::Paste(clip, _) => plural("paste", clip.nodes.len()),
            Edit::Name(_) => "rename".to_string(),
            Edit::Description(_) => "describe".to_string(),
            Edit::Arrange => "arrange".to_string(),
            Edit::SetConstants(_) => "apply tuned values".to_string(),
            Edit::Label(id, _) => format!("rename {}", title(id)),
            Edit::RemoveTerm(..) => "remove term".to_string(),
            Edit::Frame(f) => f.label().to_string(),
            Edit::Group(g) => g.label(),
        }
    }

    /// Which burst of edits this one continues, if any.
    pub fn coalesce(&self, press: u64) -> Option<Coalesce> {
        match self {
            Edit::Move(_) => Some(Coalesce::Move(press)),
            Edit::SetKind(id, _) => Some(Coalesce::Param(*id)),
            Edit::Name(_) => Some(Coalesce::Name),
            Edit::Description(_) => Some(Coalesce::Description),
            Edit::Label(id, _) => Some(Coalesce::Label(*id)),
            Edit::Frame(f) if f.is_drag() => Some(Coalesce::Move(press)),
            Edit::Frame(f) => f.typed().map(Coalesce::Frame),
            Edit::Group(GroupEdit::Rename { .. }) => Some(Coalesce::GroupName),
            _ => None,
        }
    }

    /// Applies the edit to `s`. Returns the nodes the edit created (to
    /// select them), or why it was refused (then `s` may be half-changed:
    /// the caller restores it).
    pub fn apply(self, s: &mut Strategy) -> Result<Vec<NodeId>, String> {
        match self {
            Edit::Add { kind, pos, link } => add(s, kind, pos, link).map(|id| vec![id]),
            Edit::Connect { from, to, input } => {
                s.connect(from, to, input).map_err(|e| e.to_string())?;
                Ok(Vec::new())
            }
            Edit::ConnectWire(wire) => {
                s.connect_wire(wire).map_err(|e| e.to_string())?;
                Ok(Vec::new())
            }
            Edit::Disconnect { to, input } => {
                s.disconnect(to, input);
                Ok(Vec::new())
            }
            Edit::DisconnectOutput(from) => {
                disconnect_output(s, from);
                Ok(Vec::new())
            }
            Edit::RemoveWire(wire) => {
                s.remove_wire(wire);
                Ok(Vec::new())
            }
            Edit::SetKind(id, kind) => set_kind(s, id, kind).map(|()| Vec::new()),
            Edit::Move(moves) => {
                for (id, pos) in moves {
                    if let Some(node) = s.node_mut(id) {
                        node.pos = pos;
                    }
                }
                Ok(Vec::new())
            }
            Edit::Delete(ids) => {
                for id in ids {
                    s.remove(id);
                }
                Ok(Vec::new())
            }
            Edit::Duplicate(ids) => {
                let clip = Clip::of(s, &ids);
                clip.paste(s, [30.0, 30.0])
            }
            Edit::Paste(clip, offset) => clip.paste(s, offset),
            Edit::Name(name) => {
                s.name = name;
                Ok(Vec::new())
            }
            Edit::Description(text) => {
                s.description = text;
                Ok(Vec::new())
            }
            Edit::Arrange => {
                s.arrange();
                Ok(Vec::new())
            }
            Edit::SetConstants(values) => {
                for (at, to) in values {
                    if !s.set_tunable(at, to) {
                        return Err(format!("{at} is no longer a tunable number"));
                    }
                }
                Ok(Vec::new())
            }
            Edit::Label(id, label) => set_label(s, id, label).map(|()| Vec::new()),
            Edit::RemoveTerm(id, index) => remove_term(s, id, index).map(|()| Vec::new()),
            Edit::Frame(edit) => edit.apply(s).map(|()| Vec::new()),
            // Groups span the whole strategy: the document applies them.
            Edit::Group(_) => Err("a group edit needs the whole strategy".to_string()),
        }
    }
}

/// Gives node `id` new parameters of the same kind.
fn set_kind(s: &mut Strategy, id: NodeId, kind: NodeKind) -> Result<(), String> {
    let node = s
        .node_mut(id)
        .ok_or_else(|| format!("there is no node {id}"))?;
    if node.kind.kind() != kind.kind() {
        return Err(format!("node {id} cannot change its kind"));
    }
    node.kind = kind;
    // A Weighted sum with fewer terms keeps no wire into a lost pin.
    s.drop_dangling_wires();
    Ok(())
}

/// Removes every wire leaving `from`.
fn disconnect_output(s: &mut Strategy, from: NodeId) {
    let leaving: Vec<Wire> = s
        .wires()
        .iter()
        .filter(|w| w.from == from)
        .copied()
        .collect();
    for w in leaving {
        s.remove_wire(w);
    }
}

fn plural(verb: &str, n: usize) -> String {
    if n == 1 {
        format!("{verb} node")
    } else {
        format!("{verb} {n} nodes")
    }
}

/// Adds a node of `kind` at `pos` and makes the wire of `link`.
fn add(s: &mut Strategy, kind: Kind, pos: [f32; 2], link: Option<Link>) -> Result<NodeId, String> {
    let id = s.add(kind, pos);
    match link {
        None => {}
        Some(Link::FromOutput(from)) => {
            let out = s
                .node(from)
                .and_then(Node::output)
                .ok_or_else(|| format!("node {from} has no output"))?;
            let input = first_fitting_input(kind, out)
                .ok_or_else(|| format!("{} has no input for a {}", info(kind).title, out.name()))?;
            s.connect(from, id, input).map_err(|e| e.to_string())?;
        }
        Some(Link::ToInput { to, input }) => {
            s.connect(id, to, input).map_err(|e| e.to_string())?;
        }
    }
    Ok(id)
}

/// The first input of a new node of `kind` that an output of type `out`
/// may feed (a Weighted sum's inputs are its default terms).
pub fn first_fitting_input(kind: Kind, out: PinType) -> Option<usize> {
    let node = Node::new(NodeId(0), NodeKind::new(kind), [0.0, 0.0]);
    node.inputs().iter().position(|p| out.fits(p.ty))
}

/// Whether a node of `kind` can be wired to the end of a dropped wire:
/// it has an input the output fits, or an output that fits the input.
pub fn fits_link(kind: Kind, wire: WireEnd) -> bool {
    match wire {
        WireEnd::Output(out) => first_fitting_input(kind, out).is_some(),
        WireEnd::Input(input) => info(kind).output.is_some_and(|o| o.fits(input)),
    }
}

/// The loose end of a wire dragged onto empty canvas: the type of the pin it
/// started from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WireEnd {
    /// Dragged from an output of this type.
    Output(PinType),
    /// Dragged from an input of this type.
    Input(PinType),
}

/// Copied nodes and the wires between them, ready to paste.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Clip {
    /// The nodes as they were (old ids, old positions).
    pub nodes: Vec<Node>,
    /// The wires whose both ends were copied (old ids).
    pub wires: Vec<Wire>,
}

impl Clip {
    /// The nodes `ids` of `s` and the wires among them.
    pub fn of(s: &Strategy, ids: &BTreeSet<NodeId>) -> Clip {
        Clip {
            nodes: s
                .nodes()
                .iter()
                .filter(|n| ids.contains(&n.id))
                .cloned()
                .collect(),
            wires: s
                .wires()
                .iter()
                .filter(|w| ids.contains(&w.from) && ids.contains(&w.to))
                .copied()
                .collect(),
        }
    }

    /// Whether nothing was copied.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// Inserts the nodes under fresh ids, moved by `offset`, with their
    /// wires; returns the new ids.
    pub fn paste(&self, s: &mut Strategy, offset: [f32; 2]) -> Result<Vec<NodeId>, String> {
        let mut ids = HashMap::with_capacity(self.nodes.len());
        let mut created = Vec::with_capacity(self.nodes.len());
        for node in &self.nodes {
            let pos = [node.pos[0] + offset[0], node.pos[1] + offset[1]];
            let id = s.add_node(node.kind.clone(), pos);
            ids.insert(node.id, id);
            created.push(id);
        }
        for w in &self.wires {
            if let (Some(&from), Some(&to)) = (ids.get(&w.from), ids.get(&w.to)) {
                s.push_wire(Wire { to, from, ..*w });
            }
        }
        Ok(created)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::strategy::GraphBuilder;

    /// A small graph: Is corner × 5 into the Cell value.
    pub(crate) fn sample() -> Strategy {
        let mut b = GraphBuilder::new("t", "");
        let corner = b.op(Kind::IsCorner, &[]);
        let weighted = b.weighted(corner, 5);
        b.finish(weighted)
    }

    #[test]
    fn paste_remaps_ids_and_keeps_inner_wires() {
        let mut s = sample();
        let all: BTreeSet<NodeId> = s.nodes().iter().map(|n| n.id).collect();
        let before = s.nodes().len();
        let wires = s.wires().len();
        let created = Edit::Duplicate(all).apply(&mut s).unwrap_or_default();
        assert_eq!(created.len(), before);
        assert_eq!(s.nodes().len(), 2 * before);
        assert_eq!(s.wires().len(), 2 * wires);
        assert!(created.iter().all(|id| s.node(*id).is_some()));
    }

    #[test]
    fn a_dropped_wire_connects_the_new_node() {
        let mut s = Strategy::new("t");
        let corner = s.add(Kind::IsCorner, [0.0, 0.0]);
        let link = Some(Link::FromOutput(corner));
        let created = Edit::Add {
            kind: Kind::IfThenElse,
            pos: [100.0, 0.0],
            link,
        }
        .apply(&mut s);
        let id = created.ok().and_then(|v| v.first().copied());
        assert!(id.is_some());
        assert_eq!(s.wires().len(), 1);
        assert!(fits_link(Kind::Not, WireEnd::Output(PinType::Bool)));
        assert!(!fits_link(Kind::Not, WireEnd::Output(PinType::Int)));
        assert!(fits_link(Kind::IsCorner, WireEnd::Input(PinType::Int)));
        assert!(!fits_link(Kind::Constant, WireEnd::Input(PinType::Bool)));
        // A new Weighted sum's inputs are its default terms.
        assert_eq!(
            first_fitting_input(Kind::WeightedSum, PinType::Bool),
            Some(0)
        );
    }
}
