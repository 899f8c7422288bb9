//! Lessons 8 to 10 built to read at a glance: the measures sit in named
//! groups (one per pair of lessons), the points are one Weighted sum whose
//! terms name each idea and its lesson, and the rules that override the points
//! are groups too. The values are exactly those of the flat graphs of Multiply
//! and Sum nodes these lessons had before (tests/eval/curriculum_rework.rs).

use chainlab::strategy::{
    BoardMeasure, Frame, GraphBuilder, GroupDef, GroupPin, Kind, Node, NodeId, NodeKind,
    OwnerFilter, PinType, StateFilter, Strategy, Tuning, WeightedTerm, When, Whose, Wire,
};

use super::{Ahead, Lesson, Weights};

/// A group's body under construction: a graph builder and its interface.
struct Body {
    g: GraphBuilder,
    inputs: Vec<GroupPin>,
    outputs: Vec<(GroupPin, NodeId)>,
}

impl Body {
    fn new(name: &str, description: &str) -> Body {
        Body {
            g: GraphBuilder::new(name, description),
            inputs: Vec::new(),
            outputs: Vec::new(),
        }
    }

    /// Adds the group input `name` and returns its node.
    fn input(&mut self, name: &str, ty: PinType) -> NodeId {
        let pin = GroupPin::new(name, ty);
        let index = self.inputs.len();
        self.inputs.push(pin.clone());
        self.g.node(NodeKind::GroupInput { index, pin }, &[])
    }

    /// Makes the value of `node` the group output `name`.
    fn output(&mut self, name: &str, ty: PinType, node: NodeId) {
        self.outputs.push((GroupPin::new(name, ty), node));
    }

    /// A measuring node that is also an output of the group.
    fn measure(&mut self, name: &str, kind: NodeKind) {
        let ty = Node::new(NodeId(0), kind.clone(), [0.0, 0.0])
            .output()
            .unwrap_or(PinType::Int);
        let node = self.g.node(kind, &[]);
        self.output(name, ty, node);
    }

    /// Stores the definition as group `id` of `s` and adds one instance.
    fn finish(self, s: &mut Strategy, id: &str) -> NodeId {
        let mut g = self.g;
        let outputs: Vec<GroupPin> = self.outputs.iter().map(|(p, _)| p.clone()).collect();
        for (index, (pin, node)) in self.outputs.into_iter().enumerate() {
            g.node(NodeKind::GroupOutput { index, pin }, &[node]);
        }
        let mut body = g.into_strategy();
        body.arrange();
        let inputs = self.inputs;
        s.set_group(
            id,
            GroupDef {
                inputs: inputs.clone(),
                outputs: outputs.clone(),
                body,
            },
        );
        let def = id.to_string();
        s.add_node(
            NodeKind::Group {
                def,
                inputs,
                outputs,
            },
            [0.0, 0.0],
        )
    }
}

/// Wires every output of group instance `group`, in order, into the terms of
/// the Weighted sum `sum` from term `first` on.
fn feed_terms(s: &mut Strategy, group: NodeId, sum: NodeId, first: usize) -> usize {
    let count = s.node(group).map_or(0, |n| n.output_count());
    for output in 0..count {
        let wire = Wire {
            to: sum,
            input: first + output,
            from: group,
            output,
        };
        // The pins exist and have matching types: this cannot be refused.
        let _ = s.connect_wire(wire);
    }
    first + count
}

/// A term of a Weighted sum.
fn term(label: &str, weight: i64, tune: Tuning) -> WeightedTerm {
    WeightedTerm {
        label: label.to_string(),
        weight,
        tune,
    }
}

/// A Constant 1 feeding the term that keeps values above 0 (its weight is the
/// floor), with the term.
fn base(s: &mut Strategy, floor: i64) -> (NodeId, WeightedTerm) {
    let one = s.add_node(
        NodeKind::Constant {
            value: 1,
            tune: Tuning::Off,
        },
        [0.0, 0.0],
    );
    if let Some(n) = s.node_mut(one) {
        n.label = Some("one".to_string());
    }
    (one, term("base (keeps values above 0)", floor, Tuning::Off))
}

/// The gate of lesson 2: an endangered cell that is not critical is worth 0.
fn danger_gate(s: &mut Strategy) -> NodeId {
    let mut b = Body::new(
        "danger gate (lesson 2)",
        "An endangered cell that is not critical yet is worth 0: the opponent would take it first.",
    );
    let value = b.input("value", PinType::Int);
    let endangered = b.g.node(NodeKind::IsEndangered { when: When::Now }, &[]);
    let critical = b.g.node(NodeKind::IsCritical { when: When::Now }, &[]);
    let not_critical = b.g.op(Kind::Not, &[critical]);
    let risky = b.g.op(Kind::And, &[endangered, not_critical]);
    let zero = b.g.constant(0);
    let gated = b.g.op(Kind::IfThenElse, &[risky, zero, value]);
    b.output("value", PinType::Int, gated);
    b.finish(s, "danger-gate")
}

/// Lesson 8: the expert heuristic, as groups of measures and one Weighted sum.
pub fn build_expert(lesson: &Lesson, w: &Weights) -> Strategy {
    use NodeKind as N;
    let after = When::After;
    let count = |measure, whose| N::BoardCount {
        measure,
        whose,
        when: after,
    };
    let around = |owner, state| N::Neighbours {
        owner,
        state,
        when: after,
    };
    let mut s = Strategy::new(lesson.name);
    s.description = lesson.description.to_string();
    s.add_node(
        N::Comment {
            text: lesson.comment.to_string(),
        },
        [0.0, 0.0],
    );
    let mut b = Body::new(
        "where the cell is (lessons 1-2)",
        "Corners, edges, and critical enemy cells next to the cell.",
    );
    b.measure("corner", N::IsCorner);
    b.measure("edge", N::IsEdge);
    b.measure("critical enemies next to it", N::Danger { when: When::Now });
    let position = b.finish(&mut s, "where");
    let mut b = Body::new(
        "after placing here (lessons 3-4)",
        "What placing here does at once.",
    );
    b.measure("becomes critical", N::IsCritical { when: after });
    b.measure("cells captured", N::CellsCaptured);
    b.measure("wins the game", N::WinsTheGame);
    let lookahead = b.finish(&mut s, "after-placing");
    let mut b = Body::new(
        "safety after placing here (lessons 5-6)",
        "Whose cells can be taken after placing here.",
    );
    b.measure(
        "my endangered cells",
        count(BoardMeasure::EndangeredCells, Whose::Mine),
    );
    b.measure(
        "their endangered cells",
        count(BoardMeasure::EndangeredCells, Whose::Opponents),
    );
    b.measure(
        "their critical cells",
        count(BoardMeasure::CriticalCells, Whose::Opponents),
    );
    let safety = b.finish(&mut s, "safety");
    let mut b = Body::new(
        "room and strength (lessons 7-8)",
        "Room to grow, atoms, critical cells and contact with the opponent after placing here.",
    );
    b.measure(
        "empty neighbours",
        around(OwnerFilter::Empty, StateFilter::Any),
    );
    b.measure("my atoms", count(BoardMeasure::Atoms, Whose::Mine));
    b.measure(
        "my critical cells",
        count(BoardMeasure::CriticalCells, Whose::Mine),
    );
    b.measure(
        "my critical neighbours",
        around(OwnerFilter::Mine, StateFilter::Critical),
    );
    b.measure(
        "opponent's neighbours",
        around(OwnerFilter::Opponent, StateFilter::Any),
    );
    let expert = b.finish(&mut s, "room-and-strength");
    let (one, base) = base(&mut s, 10_001);
    let a = Tuning::Auto;
    let terms = vec![
        term("corner (lesson 1)", w.corner, a),
        term("edge (lesson 2)", w.edge, a),
        term("critical enemies next to it (lesson 2)", w.strike, a),
        term("becomes critical (lesson 3)", w.critical_after, a),
        term("cells captured (lesson 4)", w.captured, a),
        term("wins the game (lesson 4)", w.win, Tuning::Off),
        term("my endangered cells (lesson 5)", w.exposed, a),
        term("their endangered cells (lesson 6)", w.threats, a),
        term("their critical cells (lesson 6)", w.their_critical, a),
        term("empty neighbours (lesson 7)", w.room, a),
        term("my atoms (lesson 8)", w.orbs, a),
        term("my critical cells (lesson 8)", w.my_critical, a),
        term("my critical neighbours (lesson 8)", w.block, a),
        term("opponent's neighbours (lesson 8)", w.contact, a),
        base,
    ];
    let last = terms.len() - 1;
    let sum = s.add_node(N::WeightedSum { terms }, [0.0, 0.0]);
    if let Some(n) = s.node_mut(sum) {
        n.label = Some("points".to_string());
    }
    let mut next = 0;
    for group in [position, lookahead, safety, expert] {
        next = feed_terms(&mut s, group, sum, next);
    }
    let _ = s.connect(one, sum, last);
    let gate = danger_gate(&mut s);
    let _ = s.connect(sum, gate, 0);
    let output = s.add_node(N::Output, [0.0, 0.0]);
    let _ = s.connect(gate, output, 0);
    s.arrange();
    let groups = [position, lookahead, safety, expert];
    lay_out(&mut s, &groups, one, [sum, gate, output]);
    frame_measures(&mut s, &groups);
    s
}

/// Lessons 9 and 10: the board after the opponent's best reply, as groups of
/// measures, one Weighted sum of tunable weights, and the "no losing moves"
/// rule.
pub fn build_think_ahead(lesson: &Lesson, w: &Ahead) -> Strategy {
    use NodeKind as N;
    let count = |measure, whose, when| N::BoardCount {
        measure,
        whose,
        when,
    };
    let (reply, after) = (When::Reply, When::After);
    let mut s = Strategy::new(lesson.name);
    s.description = lesson.description.to_string();
    s.add_node(
        N::Comment {
            text: lesson.comment.to_string(),
        },
        [0.0, 0.0],
    );
    let mut b = Body::new(
        "after the best reply (lesson 9)",
        "The board after placing here and the opponent's strongest reply.",
    );
    b.measure("my atoms", count(BoardMeasure::Atoms, Whose::Mine, reply));
    b.measure(
        "their atoms",
        count(BoardMeasure::Atoms, Whose::Opponents, reply),
    );
    b.measure("my cells", count(BoardMeasure::Cells, Whose::Mine, reply));
    b.measure(
        "my critical cells",
        count(BoardMeasure::CriticalCells, Whose::Mine, reply),
    );
    b.measure(
        "my endangered cells",
        count(BoardMeasure::EndangeredCells, Whose::Mine, reply),
    );
    b.measure("most cells one reply takes", N::ReplyMostTaken);
    b.measure("threatening replies", N::ThreateningReplies);
    let replies = b.finish(&mut s, "after-reply");
    let mut b = Body::new(
        "safe corner (lessons 1-2)",
        "A corner that is not endangered.",
    );
    let corner = b.g.node(N::IsCorner, &[]);
    let endangered = b.g.node(N::IsEndangered { when: When::Now }, &[]);
    let safe = b.g.op(Kind::Not, &[endangered]);
    let safe_corner = b.g.op(Kind::And, &[corner, safe]);
    b.output("safe corner", PinType::Bool, safe_corner);
    let corner = b.finish(&mut s, "safe-corner");
    let mut b = Body::new(
        "after placing here (lessons 4-6)",
        "The board after placing here, before any reply.",
    );
    b.measure(
        "their critical cells",
        count(BoardMeasure::CriticalCells, Whose::Opponents, after),
    );
    b.measure(
        "their endangered cells",
        count(BoardMeasure::EndangeredCells, Whose::Opponents, after),
    );
    b.measure("wins the game", N::WinsTheGame);
    let placing = b.finish(&mut s, "after-placing");
    let (one, base) = base(&mut s, 10_000);
    let t = Tuning::Range { min: -8, max: 8 };
    let terms = vec![
        term("my atoms (lesson 9)", w.my_atoms, t),
        term("their atoms (lesson 9)", w.their_atoms, t),
        term("my cells (lesson 9)", w.my_cells, t),
        term("my critical cells (lesson 9)", w.my_critical, t),
        term("my endangered cells (lesson 9)", w.my_endangered, t),
        term("most cells one reply takes (lesson 9)", w.most_taken, t),
        term("threatening replies (lesson 9)", w.threats, t),
        term("safe corner (lessons 1-2)", w.safe_corner, t),
        term("their critical cells (lesson 6)", w.their_critical, t),
        term("their endangered cells (lesson 6)", w.their_endangered, t),
        term("wins the game (lesson 4)", 100_000, Tuning::Off),
        base,
    ];
    let last = terms.len() - 1;
    let sum = s.add_node(N::WeightedSum { terms }, [0.0, 0.0]);
    if let Some(n) = s.node_mut(sum) {
        n.label = Some("points".to_string());
    }
    let mut next = 0;
    for group in [replies, corner, placing] {
        next = feed_terms(&mut s, group, sum, next);
    }
    let _ = s.connect(one, sum, last);
    let mut b = Body::new(
        "no losing moves (lesson 9)",
        "A cell where the opponent can win next move is worth 0.",
    );
    let value = b.input("value", PinType::Int);
    let can_win = b.g.node(N::ReplyCanWin, &[]);
    let zero = b.g.node(
        N::Constant {
            value: 0,
            tune: Tuning::Off,
        },
        &[],
    );
    let gated = b.g.op(Kind::IfThenElse, &[can_win, zero, value]);
    b.output("value", PinType::Int, gated);
    let gate = b.finish(&mut s, "no-losing-moves");
    let _ = s.connect(sum, gate, 0);
    let output = s.add_node(N::Output, [0.0, 0.0]);
    let _ = s.connect(gate, output, 0);
    s.arrange();
    let groups = [replies, corner, placing];
    lay_out(&mut s, &groups, one, [sum, gate, output]);
    frame_measures(&mut s, &groups);
    s
}

/// Places the nodes so that the graph reads left to right and fits a
/// 1280x800 window at a zoom where text is drawn: the groups of measures in
/// one column with the Constant 1 under them, then the Weighted sum with the
/// lesson's comment under it, and the gate with the Cell value under it.
fn lay_out(s: &mut Strategy, groups: &[NodeId], one: NodeId, [sum, gate, output]: [NodeId; 3]) {
    let mut y = 0.0;
    let place = |s: &mut Strategy, id: NodeId, pos: [f32; 2]| {
        if let Some(n) = s.node_mut(id) {
            n.pos = pos;
        }
    };
    for &g in groups {
        let rows = s.node(g).map_or(1, |n| n.output_count()) as f32;
        place(s, g, [0.0, y]);
        y += 50.0 + 25.0 * rows + 30.0;
    }
    place(s, one, [0.0, y]);
    let terms = s.node(sum).map_or(1, |n| n.inputs().len()) as f32;
    place(s, sum, [290.0, 0.0]);
    // Right of the Weighted sum with its tuning and contribution columns.
    place(s, gate, [850.0, 0.0]);
    place(s, output, [880.0, 100.0]);
    let comment = s
        .nodes()
        .iter()
        .find(|n| matches!(n.kind, NodeKind::Comment { .. }))
        .map(|n| n.id);
    if let Some(c) = comment {
        place(s, c, [290.0, 50.0 + 25.0 * terms + 50.0]);
    }
}

/// A frame around the groups of measures, telling the reader how to look inside.
fn frame_measures(s: &mut Strategy, groups: &[NodeId]) {
    let (mut x0, mut y0, mut x1, mut y1) = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
    for n in groups.iter().filter_map(|&id| s.node(id)) {
        let height = 50.0 + 25.0 * n.output_count() as f32;
        x0 = x0.min(n.pos[0]);
        y0 = y0.min(n.pos[1]);
        x1 = x1.max(n.pos[0] + 230.0);
        y1 = y1.max(n.pos[1] + height);
    }
    if x0 > x1 {
        return;
    }
    let pad = 30.0;
    let mut frame = Frame::new(
        "What the cell does: the measures",
        [
            x0 - pad,
            y0 - 2.0 * pad,
            x1 - x0 + 2.0 * pad,
            y1 - y0 + 3.0 * pad,
        ],
    );
    frame.notes =
        "Each group measures the ideas of some lessons; open a group to see its nodes.".to_string();
    s.frames.push(frame);
}
