//! Edits of what makes a graph readable: frames (titled, coloured boxes
//! around regions of the canvas) and the terms of Weighted sums. Like every
//! edit they change only the model; [`super::edit::Edit`] carries them and
//! the history keeps the state before each, so undo is exact.
//!
//! Invariant of [`remove_term`]: wires are indexed by input number, so
//! removing term `i` removes the wire into input `i` and moves the wires of
//! the later terms down by one; every other wire stays as it was.

use std::collections::{HashMap, HashSet};

use crate::strategy::{Frame, NodeId, NodeKind, Strategy, Wire};

/// One change of the frames.
#[derive(Clone, Debug, PartialEq)]
pub enum FrameEdit {
    /// Add a frame (drawn above the others).
    Add(Frame),
    /// Move frame `index` to `rect`, with the nodes and frames inside it.
    Move {
        /// The frame.
        index: usize,
        /// Its new rectangle.
        rect: [f32; 4],
        /// The new positions of the nodes inside it.
        nodes: Vec<(NodeId, [f32; 2])>,
        /// The new rectangles of the frames inside it.
        frames: Vec<(usize, [f32; 4])>,
    },
    /// Give frame `index` a new rectangle (its nodes stay where they are).
    Resize(usize, [f32; 4]),
    /// Retitle frame `index`.
    Title(usize, String),
    /// Set the notes of frame `index`.
    Notes(usize, String),
    /// Recolour frame `index` (an index below `FRAME_COLOURS`).
    Colour(usize, u8),
    /// Collapse (true) or expand frame `index`.
    Collapse(usize, bool),
    /// Remove frame `index` (the nodes inside stay).
    Delete(usize),
}

impl FrameEdit {
    /// The words for the undo button.
    pub fn label(&self) -> &'static str {
        match self {
            FrameEdit::Add(_) => "add frame",
            FrameEdit::Move { .. } => "move frame",
            FrameEdit::Resize(..) => "resize frame",
            FrameEdit::Title(..) => "rename frame",
            FrameEdit::Notes(..) => "edit frame notes",
            FrameEdit::Colour(..) => "recolour frame",
            FrameEdit::Collapse(_, true) => "collapse frame",
            FrameEdit::Collapse(_, false) => "expand frame",
            FrameEdit::Delete(_) => "delete frame",
        }
    }

    /// The frame whose text this edit types, for merging keystrokes into
    /// one undo step.
    pub fn typed(&self) -> Option<usize> {
        match self {
            FrameEdit::Title(i, _) | FrameEdit::Notes(i, _) => Some(*i),
            _ => None,
        }
    }

    /// Whether the edit belongs to a drag (merged per press of the pointer).
    pub fn is_drag(&self) -> bool {
        matches!(self, FrameEdit::Move { .. } | FrameEdit::Resize(..))
    }

    /// Applies the edit to `s`, or says why it cannot be applied.
    pub fn apply(self, s: &mut Strategy) -> Result<(), String> {
        let missing = |i: usize| format!("there is no frame {i}");
        match self {
            FrameEdit::Add(frame) => {
                s.frames.push(frame);
                return Ok(());
            }
            FrameEdit::Delete(i) => {
                if i >= s.frames.len() {
                    return Err(missing(i));
                }
                s.frames.remove(i);
                return Ok(());
            }
            FrameEdit::Move {
                index,
                rect,
                nodes,
                frames,
            } => {
                for (id, pos) in nodes {
                    if let Some(n) = s.node_mut(id) {
                        n.pos = pos;
                    }
                }
                for (i, r) in frames {
                    if let Some(f) = s.frames.get_mut(i) {
                        f.rect = r;
                    }
                }
                let f = s.frames.get_mut(index).ok_or_else(|| missing(index))?;
                f.rect = rect;
                return Ok(());
            }
            _ => {}
        }
        let index = match &self {
            FrameEdit::Resize(i, _)
            | FrameEdit::Title(i, _)
            | FrameEdit::Notes(i, _)
            | FrameEdit::Colour(i, _)
            | FrameEdit::Collapse(i, _) => *i,
            _ => return Ok(()),
        };
        let f = s.frames.get_mut(index).ok_or_else(|| missing(index))?;
        match self {
            FrameEdit::Resize(_, rect) => f.rect = rect,
            FrameEdit::Title(_, title) => f.title = title,
            FrameEdit::Notes(_, notes) => f.notes = notes,
            FrameEdit::Colour(_, colour) => f.colour = colour,
            FrameEdit::Collapse(_, collapsed) => f.collapsed = collapsed,
            _ => {}
        }
        Ok(())
    }
}

/// Removes term `index` of the Weighted sum `id`: its wire goes, the wires
/// of the later terms move down one input (see the module documentation).
pub fn remove_term(s: &mut Strategy, id: NodeId, index: usize) -> Result<(), String> {
    let node = s
        .node_mut(id)
        .ok_or_else(|| format!("there is no node {id}"))?;
    let NodeKind::WeightedSum { terms } = &mut node.kind else {
        return Err(format!("node {id} is not a Weighted sum"));
    };
    if index >= terms.len() {
        return Err(format!("node {id} has no term {index}"));
    }
    terms.remove(index);
    let later: Vec<Wire> = s
        .wires_into(id)
        .filter(|w| w.input >= index)
        .copied()
        .collect();
    for w in &later {
        s.remove_wire(*w);
    }
    for w in later.into_iter().filter(|w| w.input > index) {
        s.push_wire(Wire {
            input: w.input - 1,
            ..w
        });
    }
    Ok(())
}

/// Sets (or, when `label` is blank, removes) the label of node `id`.
pub fn set_label(s: &mut Strategy, id: NodeId, label: String) -> Result<(), String> {
    let node = s
        .node_mut(id)
        .ok_or_else(|| format!("there is no node {id}"))?;
    node.label = (!label.trim().is_empty()).then_some(label);
    Ok(())
}

/// Whether frame `inner` lies wholly inside frame `outer`.
fn within(inner: &Frame, outer: &Frame) -> bool {
    let ([x, y, w, h], [ox, oy, ow, oh]) = (inner.rect, outer.rect);
    x >= ox && y >= oy && x + w <= ox + ow && y + h <= oy + oh
}

/// The frames not drawn: those inside a collapsed frame.
pub fn hidden_frames(s: &Strategy) -> HashSet<usize> {
    let collapsed: Vec<(usize, &Frame)> = s
        .frames
        .iter()
        .enumerate()
        .filter(|(_, f)| f.collapsed)
        .collect();
    s.frames
        .iter()
        .enumerate()
        .filter(|(i, f)| collapsed.iter().any(|(k, c)| k != i && within(f, c)))
        .map(|(i, _)| i)
        .collect()
}

/// The nodes hidden by collapsed frames, each with the shown collapsed frame
/// that stands for it (the outermost).
pub fn hidden_nodes(s: &Strategy) -> HashMap<NodeId, usize> {
    let hidden = hidden_frames(s);
    let shown: Vec<(usize, &Frame)> = s
        .frames
        .iter()
        .enumerate()
        .filter(|(i, f)| f.collapsed && !hidden.contains(i))
        .collect();
    if shown.is_empty() {
        return HashMap::new();
    }
    s.nodes()
        .iter()
        .filter_map(|n| {
            let (i, _) = shown.iter().find(|(_, f)| f.contains(n.pos))?;
            Some((n.id, *i))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::strategy::{Kind, WeightedTerm};

    fn weighted() -> (Strategy, NodeId, [NodeId; 3]) {
        let mut s = Strategy::new("t");
        let terms = vec![
            WeightedTerm::new("corners", 3),
            WeightedTerm::new("edges", 2),
            WeightedTerm::new("danger", -5),
        ];
        let sum = s.add_node(NodeKind::WeightedSum { terms }, [300.0, 0.0]);
        let a = s.add(Kind::IsCorner, [0.0, 0.0]);
        let b = s.add(Kind::IsEdge, [0.0, 80.0]);
        let c = s.add(Kind::Danger, [0.0, 160.0]);
        for (i, from) in [a, b, c].into_iter().enumerate() {
            assert!(s.connect(from, sum, i).is_ok());
        }
        (s, sum, [a, b, c])
    }

    #[test]
    fn removing_a_term_shifts_the_later_wires_down() {
        let (mut s, sum, [a, _, c]) = weighted();
        assert!(remove_term(&mut s, sum, 1).is_ok());
        let into: Vec<(usize, NodeId)> = s.wires_into(sum).map(|w| (w.input, w.from)).collect();
        assert_eq!(into, vec![(0, a), (1, c)]);
        let labels: Vec<String> = s
            .node(sum)
            .map(|n| n.inputs().iter().map(|p| p.name.to_string()).collect())
            .unwrap_or_default();
        assert_eq!(labels, ["corners", "danger"]);
        assert!(remove_term(&mut s, sum, 2).is_err(), "no such term");
        assert!(remove_term(&mut s, a, 0).is_err(), "not a Weighted sum");
    }

    #[test]
    fn removing_the_last_term_keeps_the_others() {
        let (mut s, sum, [a, b, _]) = weighted();
        assert!(remove_term(&mut s, sum, 2).is_ok());
        let into: Vec<(usize, NodeId)> = s.wires_into(sum).map(|w| (w.input, w.from)).collect();
        assert_eq!(into, vec![(0, a), (1, b)]);
    }

    #[test]
    fn frame_edits_change_one_frame_and_refuse_missing_ones() {
        let (mut s, _, [a, b, _]) = weighted();
        let frame = Frame::new("Lesson 1", [-20.0, -40.0, 200.0, 150.0]);
        assert!(FrameEdit::Add(frame).apply(&mut s).is_ok());
        assert_eq!(s.frame_members(0), vec![a, b]);
        let moved = FrameEdit::Move {
            index: 0,
            rect: [80.0, -40.0, 200.0, 150.0],
            nodes: vec![(a, [100.0, 0.0]), (b, [100.0, 80.0])],
            frames: Vec::new(),
        };
        assert!(moved.apply(&mut s).is_ok());
        assert_eq!(s.frame_members(0), vec![a, b], "the nodes moved along");
        assert!(FrameEdit::Title(0, "Corners".into()).apply(&mut s).is_ok());
        assert!(FrameEdit::Colour(0, 3).apply(&mut s).is_ok());
        assert!(FrameEdit::Collapse(0, true).apply(&mut s).is_ok());
        let f = &s.frames[0];
        assert_eq!(
            (f.title.as_str(), f.colour, f.collapsed),
            ("Corners", 3, true)
        );
        assert!(FrameEdit::Title(1, "x".into()).apply(&mut s).is_err());
        assert!(FrameEdit::Delete(1).apply(&mut s).is_err());
        assert!(FrameEdit::Delete(0).apply(&mut s).is_ok());
        assert!(s.frames.is_empty());
        assert_eq!(s.nodes().len(), 4, "deleting a frame keeps its nodes");
    }

    #[test]
    fn a_collapsed_frame_hides_its_nodes_and_inner_frames() {
        let (mut s, _, [a, b, c]) = weighted();
        s.frames
            .push(Frame::new("outer", [-20.0, -40.0, 200.0, 150.0]));
        s.frames
            .push(Frame::new("inner", [-10.0, -30.0, 150.0, 60.0]));
        assert!(hidden_nodes(&s).is_empty(), "nothing is collapsed");
        s.frames[1].collapsed = true;
        assert_eq!(hidden_nodes(&s).get(&a), Some(&1));
        assert_eq!(hidden_nodes(&s).get(&b), None);
        s.frames[0].collapsed = true;
        let hidden = hidden_nodes(&s);
        assert_eq!((hidden.get(&a), hidden.get(&b)), (Some(&0), Some(&0)));
        assert_eq!(hidden.get(&c), None, "outside every frame");
        assert_eq!(hidden_frames(&s), HashSet::from([1]));
    }

    #[test]
    fn a_blank_label_is_no_label() {
        let (mut s, sum, _) = weighted();
        assert!(set_label(&mut s, sum, "safety".into()).is_ok());
        assert_eq!(
            s.node(sum).and_then(|n| n.label.clone()).as_deref(),
            Some("safety")
        );
        assert!(set_label(&mut s, sum, "  ".into()).is_ok());
        assert_eq!(s.node(sum).and_then(|n| n.label.clone()), None);
    }
}
