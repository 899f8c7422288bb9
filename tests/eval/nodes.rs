//! Every node kind's value checked against a hand computation: measurements
//! on small fixture positions (`tests/data/positions/3x3-hand.txt`,
//! `2x3-overflow-hand.txt`), arithmetic and logic on an empty 3x3 board, with
//! the unconnected-input defaults and saturation. Each table also checks the
//! reference evaluator of `tests/common`, which the property tests trust.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

use std::collections::BTreeSet;
use std::sync::Arc;

use chainlab::eval::{Evaluator, Program};
use chainlab::rules::{Position, Rules, Size};
use chainlab::strategy::Strategy as Graph;
use chainlab::strategy::{
    BoardMeasure as M, CompareOp, GroupDef, GroupPin, Kind, NodeId, NodeKind, OwnerFilter as O,
    PinType, SizeMeasure, StateFilter as S, Tuning, WeightedTerm, When, Whose as W, Wire,
};

/// Marks an inactive cell in the expected tables.
const X: i64 = i64::MIN + 12345;

/// A graph under construction: nodes wired by pin, some pins left open.
struct B(Graph);

impl B {
    fn new() -> B {
        B(Graph::new("hand"))
    }

    fn n(&mut self, kind: NodeKind, inputs: &[Option<NodeId>]) -> NodeId {
        let id = self.0.add_node(kind, [0.0, 0.0]);
        for (k, from) in inputs.iter().enumerate() {
            if let Some(f) = from {
                self.0.connect(*f, id, k).unwrap();
            }
        }
        id
    }

    fn k(&mut self, value: i64) -> NodeId {
        self.n(
            NodeKind::Constant {
                value,
                tune: Tuning::Auto,
            },
            &[],
        )
    }

    fn op(&mut self, kind: Kind, inputs: &[NodeId]) -> NodeId {
        let inputs: Vec<Option<NodeId>> = inputs.iter().copied().map(Some).collect();
        self.n(NodeKind::new(kind), &inputs)
    }

    fn out(mut self, value: NodeId) -> Graph {
        self.n(NodeKind::Output, &[Some(value)]);
        self.0
    }
}

/// The raw heat map of `g` on `p`, the same from the strict and the lenient
/// program and from the reference evaluator.
fn heat(g: &Graph, p: &Position) -> Vec<i64> {
    assert!(!g.validate().has_errors(), "{:?}", g.validate());
    let strict = Evaluator::new(Arc::new(Program::compile(g).unwrap()))
        .heat_map(p, 1)
        .unwrap();
    let lenient = Evaluator::new(Arc::new(Program::compile_lenient(g)))
        .heat_map(p, 1)
        .unwrap();
    assert_eq!(strict, lenient, "strict and lenient programs differ");
    let raw: Vec<i64> = strict.raw.iter().map(|v| v.unwrap_or(X)).collect();
    let size = p.size();
    let reference: Vec<i64> = (0..size.cells())
        .map(|i| {
            let c = size.coord_of(i);
            if p.is_legal(c) {
                common::reference_output(g, p, c).unwrap()
            } else {
                X
            }
        })
        .collect();
    assert_eq!(raw, reference, "the reference evaluator disagrees");
    raw
}

/// The heat map of the graph `node → Cell value`.
fn single(kind: &NodeKind, p: &Position) -> Vec<i64> {
    let mut b = B::new();
    let n = b.n(kind.clone(), &[]);
    heat(&b.out(n), p)
}

/// Expands values for the active cells (in row-major order) into a full map.
fn spread(p: &Position, active: &[i64]) -> Vec<i64> {
    let size = p.size();
    let mut it = active.iter();
    let full: Vec<i64> = (0..size.cells())
        .map(|i| {
            if p.is_legal(size.coord_of(i)) {
                *it.next().expect("too few values")
            } else {
                X
            }
        })
        .collect();
    assert!(it.next().is_none(), "too many values");
    full
}

fn check_table<const N: usize>(p: &Position, table: &[(NodeKind, [i64; N])]) {
    let mut wrong = Vec::new();
    for (kind, expected) in table {
        let got = single(kind, p);
        if got != spread(p, expected) {
            wrong.push(format!(
                "{}: expected {:?}, got {:?}",
                kind.title(),
                expected,
                got
            ));
        }
    }
    assert!(wrong.is_empty(), "\n{}", wrong.join("\n"));
}

fn hand_3x3() -> Position {
    let p = common::position_file("3x3-hand.txt");
    let active: Vec<usize> = p.moves().indices().iter().map(|&i| i.into()).collect();
    assert_eq!(active, [0, 2, 4, 5, 6, 8]);
    p
}

/// Measurements on the 3x3 fixture, A to move. Active cells in order: 0,0 0,2 1,1 1,2 2,0 2,2.
/// After placing: on 0,0 the corner reacts and captures 0,1 and 1,0; on 1,1 the
/// centre reacts, captures B's last three cells and wins after the first wave
/// (2,1 keeps 3 atoms); the other placements are quiet.
fn table_3x3() -> Vec<(NodeKind, [i64; 6])> {
    use NodeKind as N;
    let now = When::Now;
    let after = When::After;
    vec![
        (N::IsCorner, [1, 1, 0, 0, 1, 1]),
        (N::IsEdge, [0, 0, 0, 1, 0, 0]),
        (N::IsCentre, [0, 0, 1, 0, 0, 0]),
        (N::Capacity, [2, 2, 4, 3, 2, 2]),
        (N::Row, [0, 0, 1, 1, 2, 2]),
        (N::Column, [0, 2, 1, 2, 0, 2]),
        (N::Atoms { when: now }, [1, 0, 3, 0, 0, 0]),
        (N::Atoms { when: after }, [0, 1, 0, 1, 1, 1]),
        (N::IsEmpty { when: now }, [0, 1, 0, 1, 1, 1]),
        (N::IsEmpty { when: after }, [1, 0, 1, 0, 0, 0]),
        (N::IsMine { when: now }, [1, 0, 1, 0, 0, 0]),
        (N::IsMine { when: after }, [0, 1, 0, 1, 1, 1]),
        (N::IsCritical { when: now }, [1, 0, 1, 0, 0, 0]),
        (N::IsCritical { when: after }, [0, 1, 0, 0, 1, 1]),
        (N::IsEndangered { when: now }, [0, 0, 1, 0, 1, 1]),
        (N::IsEndangered { when: after }, [0, 0, 0, 0, 1, 1]),
        (N::Danger { when: now }, [0, 0, 1, 0, 1, 1]),
        (N::Danger { when: after }, [0, 0, 0, 0, 1, 1]),
        (nb(O::Opponent, S::Critical, after), [0, 0, 0, 0, 1, 1]),
        (nb(O::Opponent, S::Any, now), [2, 1, 3, 0, 2, 1]),
        (nb(O::Opponent, S::NotCritical, after), [0, 1, 0, 0, 1, 0]),
        (nb(O::Mine, S::Any, after), [2, 0, 4, 1, 0, 0]),
        (nb(O::Mine, S::Critical, now), [0, 0, 0, 1, 0, 0]),
        (nb(O::Empty, S::Any, now), [0, 1, 1, 2, 0, 1]),
        (nb(O::Any, S::NotCritical, now), [2, 2, 3, 2, 1, 1]),
        (nb(O::Any, S::Critical, after), [2, 0, 2, 1, 1, 1]),
        (count(M::Cells, W::Mine, now), [2; 6]),
        (count(M::Atoms, W::Mine, now), [4; 6]),
        (count(M::CriticalCells, W::Mine, now), [2; 6]),
        (count(M::EndangeredCells, W::Mine, now), [1; 6]),
        (count(M::Cells, W::Opponents, now), [3; 6]),
        (count(M::Atoms, W::Opponents, now), [4; 6]),
        (count(M::CriticalCells, W::Opponents, now), [1; 6]),
        (count(M::EndangeredCells, W::Opponents, now), [3; 6]),
        (count(M::Cells, W::Mine, after), [3, 3, 5, 3, 3, 3]),
        (count(M::Atoms, W::Mine, after), [7, 5, 9, 5, 5, 5]),
        (count(M::CriticalCells, W::Mine, after), [3, 3, 3, 2, 3, 3]),
        (
            count(M::EndangeredCells, W::Mine, after),
            [1, 1, 0, 1, 2, 2],
        ),
        (count(M::Cells, W::Opponents, after), [1, 3, 0, 3, 3, 3]),
        (count(M::Atoms, W::Opponents, after), [2, 4, 0, 4, 4, 4]),
        (
            count(M::CriticalCells, W::Opponents, after),
            [1, 1, 0, 1, 1, 1],
        ),
        (
            count(M::EndangeredCells, W::Opponents, after),
            [1, 3, 0, 3, 3, 3],
        ),
        (N::PlayersLeft { when: now }, [2; 6]),
        (N::PlayersLeft { when: after }, [2, 2, 1, 2, 2, 2]),
        (N::TurnNumber, [8; 6]),
        (
            N::BoardSize {
                measure: SizeMeasure::Cells,
            },
            [9; 6],
        ),
        (
            N::BoardSize {
                measure: SizeMeasure::Rows,
            },
            [3; 6],
        ),
        (
            N::BoardSize {
                measure: SizeMeasure::Columns,
            },
            [3; 6],
        ),
        (N::AtomsGained, [3, 1, 5, 1, 1, 1]),
        (N::CellsCaptured, [2, 0, 3, 0, 0, 0]),
        (N::ReactionsCaused, [1, 0, 1, 0, 0, 0]),
        (N::WinsTheGame, [0, 0, 1, 0, 0, 0]),
        (
            N::Constant {
                value: -5,
                tune: Tuning::Auto,
            },
            [-5; 6],
        ),
        (N::Truth { value: true }, [1; 6]),
        (N::Truth { value: false }, [0; 6]),
    ]
}

#[test]
fn measurements_on_the_3x3_fixture() {
    check_table(&hand_3x3(), &table_3x3());
}

fn nb(owner: O, state: S, when: When) -> NodeKind {
    NodeKind::Neighbours { owner, state, when }
}

fn count(measure: M, whose: W, when: When) -> NodeKind {
    NodeKind::BoardCount {
        measure,
        whose,
        when,
    }
}

/// Overflow rules and three players on 2x3, C to move; active cells 0,2 1,0 1,2.
/// Critical under overflow means atoms = capacity; a cell reacts above its
/// capacity, sends one atom to each neighbour and keeps the rest.
fn table_overflow() -> Vec<(NodeKind, [i64; 3])> {
    use NodeKind as N;
    let now = When::Now;
    let after = When::After;
    vec![
        (N::IsCritical { when: now }, [1, 0, 0]),
        (N::IsCritical { when: after }, [0, 0, 0]),
        (N::Atoms { when: after }, [1, 1, 1]),
        (N::Danger { when: now }, [0, 2, 1]),
        (nb(O::Opponent, S::Any, now), [1, 2, 1]),
        (nb(O::Mine, S::Any, after), [2, 0, 1]),
        (count(M::Cells, W::Opponents, now), [3, 3, 3]),
        (count(M::Atoms, W::Opponents, now), [6, 6, 6]),
        (count(M::CriticalCells, W::Opponents, now), [2, 2, 2]),
        (count(M::CriticalCells, W::Mine, now), [1, 1, 1]),
        (count(M::EndangeredCells, W::Mine, now), [0, 0, 0]),
        (count(M::EndangeredCells, W::Opponents, now), [1, 1, 1]),
        (count(M::Cells, W::Opponents, after), [2, 3, 3]),
        (count(M::CriticalCells, W::Opponents, after), [2, 2, 2]),
        (count(M::Atoms, W::Mine, after), [4, 3, 3]),
        (N::PlayersLeft { when: after }, [3, 3, 3]),
        (N::AtomsGained, [2, 1, 1]),
        (N::CellsCaptured, [1, 0, 0]),
        (N::ReactionsCaused, [1, 0, 0]),
        (N::WinsTheGame, [0, 0, 0]),
    ]
}

#[test]
fn measurements_under_overflow_with_three_players() {
    let p = common::position_file("2x3-overflow-hand.txt");
    assert_eq!(p.rules(), Rules::Overflow);
    assert_eq!(p.player_count(), 3);
    check_table(&p, &table_overflow());
}

fn empty_3x3() -> Position {
    Position::new(Size::new(3, 3).unwrap(), 2, Rules::Standard).unwrap()
}

/// Arithmetic and logic on the empty 3x3 board (every cell active), fed by
/// Row (r) and Column (c), so that nothing folds away; also the unconnected
/// defaults, saturation and rounding.
type Build = fn(&mut B, NodeId, NodeId) -> NodeId;

fn arithmetic_cases() -> Vec<(&'static str, Build, [i64; 9])> {
    const MAX: i64 = i64::MAX;
    const MIN: i64 = i64::MIN;
    vec![
        (
            "r + c",
            |b, r, c| b.op(Kind::Add, &[r, c]),
            [0, 1, 2, 1, 2, 3, 2, 3, 4],
        ),
        (
            "sum(r, c, r, 10) with unused inputs",
            |b, r, c| {
                let ten = b.k(10);
                b.op(Kind::Sum, &[r, c, r, ten])
            },
            [10, 11, 12, 12, 13, 14, 14, 15, 16],
        ),
        (
            "sum(MAX, r, -r): saturates left to right",
            |b, r, _| {
                let max = b.k(MAX);
                let minus = b.op(Kind::Negate, &[r]);
                b.op(Kind::Sum, &[max, r, minus])
            },
            [
                MAX,
                MAX,
                MAX,
                MAX - 1,
                MAX - 1,
                MAX - 1,
                MAX - 2,
                MAX - 2,
                MAX - 2,
            ],
        ),
        (
            "r - c",
            |b, r, c| b.op(Kind::Subtract, &[r, c]),
            [0, -1, -2, 1, 0, -1, 2, 1, 0],
        ),
        (
            "r * c",
            |b, r, c| b.op(Kind::Multiply, &[r, c]),
            [0, 0, 0, 0, 1, 2, 0, 2, 4],
        ),
        (
            "r * (1)",
            |b, r, _| b.op(Kind::Multiply, &[r]),
            [0, 0, 0, 1, 1, 1, 2, 2, 2],
        ),
        (
            "r / c",
            |b, r, c| b.op(Kind::Divide, &[r, c]),
            [0, 0, 0, 0, 1, 0, 0, 2, 1],
        ),
        (
            "r / (1)",
            |b, r, _| b.op(Kind::Divide, &[r]),
            [0, 0, 0, 1, 1, 1, 2, 2, 2],
        ),
        (
            "-7 / (r + c), toward zero",
            |b, r, c| {
                let s = b.op(Kind::Add, &[r, c]);
                let k = b.k(-7);
                b.op(Kind::Divide, &[k, s])
            },
            [0, -7, -3, -7, -3, -2, -3, -2, -1],
        ),
        (
            "min(r, c)",
            |b, r, c| b.op(Kind::Min, &[r, c]),
            [0, 0, 0, 0, 1, 1, 0, 1, 2],
        ),
        (
            "max(r, c)",
            |b, r, c| b.op(Kind::Max, &[r, c]),
            [0, 1, 2, 1, 1, 2, 2, 2, 2],
        ),
        (
            "|r - c|",
            |b, r, c| {
                let d = b.op(Kind::Subtract, &[r, c]);
                b.op(Kind::Abs, &[d])
            },
            [0, 1, 2, 1, 0, 1, 2, 1, 0],
        ),
        (
            "-c",
            |b, _, c| b.op(Kind::Negate, &[c]),
            [0, -1, -2, 0, -1, -2, 0, -1, -2],
        ),
        (
            "clamp(r - c, -1, 1)",
            |b, r, c| {
                let d = b.op(Kind::Subtract, &[r, c]);
                let lo = b.k(-1);
                let hi = b.k(1);
                b.op(Kind::Clamp, &[d, lo, hi])
            },
            [0, -1, -1, 1, 0, -1, 1, 1, 0],
        ),
        (
            "clamp(40 (r + c)) with the defaults 0..=100",
            |b, r, c| {
                let s = b.op(Kind::Add, &[r, c]);
                let k = b.k(40);
                let x = b.op(Kind::Multiply, &[s, k]);
                b.op(Kind::Clamp, &[x])
            },
            [0, 40, 80, 40, 80, 100, 80, 100, 100],
        ),
        (
            "clamp(c, 5, 2): low wins",
            |b, _, c| {
                let lo = b.k(5);
                let hi = b.k(2);
                b.op(Kind::Clamp, &[c, lo, hi])
            },
            [5; 9],
        ),
        (
            "r < c",
            |b, r, c| cmp(b, CompareOp::Less, r, c),
            [0, 1, 1, 0, 0, 1, 0, 0, 0],
        ),
        (
            "r ≤ c",
            |b, r, c| cmp(b, CompareOp::LessEqual, r, c),
            [1, 1, 1, 0, 1, 1, 0, 0, 1],
        ),
        (
            "r = c",
            |b, r, c| cmp(b, CompareOp::Equal, r, c),
            [1, 0, 0, 0, 1, 0, 0, 0, 1],
        ),
        (
            "r ≠ c",
            |b, r, c| cmp(b, CompareOp::NotEqual, r, c),
            [0, 1, 1, 1, 0, 1, 1, 1, 0],
        ),
        (
            "r ≥ c",
            |b, r, c| cmp(b, CompareOp::GreaterEqual, r, c),
            [1, 0, 0, 1, 1, 0, 1, 1, 1],
        ),
        (
            "r > c",
            |b, r, c| cmp(b, CompareOp::Greater, r, c),
            [0, 0, 0, 1, 0, 0, 1, 1, 0],
        ),
        (
            "r ≥ 1 and c ≥ 1",
            |b, r, c| {
                let (x, y) = row_col_tests(b, r, c);
                b.op(Kind::And, &[x, y])
            },
            [0, 0, 0, 0, 1, 1, 0, 1, 1],
        ),
        (
            "r ≥ 1 or c ≥ 1",
            |b, r, c| {
                let (x, y) = row_col_tests(b, r, c);
                b.op(Kind::Or, &[x, y])
            },
            [0, 1, 1, 1, 1, 1, 1, 1, 1],
        ),
        (
            "not r ≥ 1",
            |b, r, c| {
                let (x, _) = row_col_tests(b, r, c);
                b.op(Kind::Not, &[x])
            },
            [1, 1, 1, 0, 0, 0, 0, 0, 0],
        ),
        (
            "c ≥ 1 and (yes)",
            |b, r, c| {
                let (_, y) = row_col_tests(b, r, c);
                b.op(Kind::And, &[y])
            },
            [0, 1, 1, 0, 1, 1, 0, 1, 1],
        ),
        (
            "c ≥ 1 or (no)",
            |b, r, c| {
                let (_, y) = row_col_tests(b, r, c);
                b.op(Kind::Or, &[y])
            },
            [0, 1, 1, 0, 1, 1, 0, 1, 1],
        ),
        (
            "if r ≥ 1 then c else 7",
            |b, r, c| {
                let (x, _) = row_col_tests(b, r, c);
                let seven = b.k(7);
                b.op(Kind::IfThenElse, &[x, c, seven])
            },
            [7, 7, 7, 0, 1, 2, 0, 1, 2],
        ),
        (
            "if (no) then 5 else (0)",
            |b, _, c| {
                let five = b.k(5);
                // Feed the If's result through c so that it is per cell: c × 1 + if.
                let iff = b.n(NodeKind::IfThenElse, &[None, Some(five)]);
                b.op(Kind::Add, &[c, iff])
            },
            [0, 1, 2, 0, 1, 2, 0, 1, 2],
        ),
        (
            "turn number + c: 0 on the first move",
            |b, _, c| {
                let t = b.op(Kind::TurnNumber, &[]);
                b.op(Kind::Add, &[t, c])
            },
            [0, 1, 2, 0, 1, 2, 0, 1, 2],
        ),
        (
            "c, with a comment beside it",
            |b, _, c| {
                b.n(
                    NodeKind::Comment {
                        text: "does nothing".to_string(),
                    },
                    &[],
                );
                c
            },
            [0, 1, 2, 0, 1, 2, 0, 1, 2],
        ),
        (
            "MAX × (r − 1)",
            |b, r, _| {
                let one = b.k(1);
                let d = b.op(Kind::Subtract, &[r, one]);
                let k = b.k(MAX);
                b.op(Kind::Multiply, &[k, d])
            },
            [MIN + 1, MIN + 1, MIN + 1, 0, 0, 0, MAX, MAX, MAX],
        ),
        (
            "MAX + c",
            |b, _, c| {
                let k = b.k(MAX);
                b.op(Kind::Add, &[k, c])
            },
            [MAX; 9],
        ),
        (
            "MIN − c",
            |b, _, c| {
                let k = b.k(MIN);
                b.op(Kind::Subtract, &[k, c])
            },
            [MIN; 9],
        ),
        (
            "−(MIN − c) and |MIN − c|",
            |b, _, c| {
                let k = b.k(MIN);
                let d = b.op(Kind::Subtract, &[k, c]);
                let n = b.op(Kind::Negate, &[d]);
                let a = b.op(Kind::Abs, &[d]);
                let eq = cmp(b, CompareOp::Equal, n, a);
                b.op(Kind::Multiply, &[eq, n])
            },
            [MAX; 9],
        ),
        (
            "MIN / −c",
            |b, _, c| {
                let k = b.k(MIN);
                let n = b.op(Kind::Negate, &[c]);
                b.op(Kind::Divide, &[k, n])
            },
            [0, MAX, 1 << 62, 0, MAX, 1 << 62, 0, MAX, 1 << 62],
        ),
    ]
}

/// `input × weight` terms: (input node, weight); `None` leaves the term
/// unconnected.
fn weighted(b: &mut B, terms: &[(Option<NodeId>, i64)]) -> NodeId {
    let kind = NodeKind::WeightedSum {
        terms: terms
            .iter()
            .enumerate()
            .map(|(i, &(_, w))| WeightedTerm::new(format!("term {i}"), w))
            .collect(),
    };
    let inputs: Vec<Option<NodeId>> = terms.iter().map(|t| t.0).collect();
    b.n(kind, &inputs)
}

/// Group "ops": inputs a, b; outputs diff = a − b and product = a × b.
fn ops_group() -> GroupDef {
    let mut body = Graph::new("ops");
    let a = body.add_node(
        NodeKind::GroupInput {
            index: 0,
            pin: GroupPin::new("a", PinType::Int),
        },
        [0.0, 0.0],
    );
    let bb = body.add_node(
        NodeKind::GroupInput {
            index: 1,
            pin: GroupPin::new("b", PinType::Int),
        },
        [0.0, 0.0],
    );
    let diff = body.add(Kind::Subtract, [0.0, 0.0]);
    let product = body.add(Kind::Multiply, [0.0, 0.0]);
    let out_diff = body.add_node(
        NodeKind::GroupOutput {
            index: 0,
            pin: GroupPin::new("diff", PinType::Int),
        },
        [0.0, 0.0],
    );
    let out_product = body.add_node(
        NodeKind::GroupOutput {
            index: 1,
            pin: GroupPin::new("product", PinType::Int),
        },
        [0.0, 0.0],
    );
    for (from, to, input) in [
        (a, diff, 0),
        (bb, diff, 1),
        (a, product, 0),
        (bb, product, 1),
        (diff, out_diff, 0),
        (product, out_product, 0),
    ] {
        body.connect(from, to, input).unwrap();
    }
    GroupDef {
        inputs: vec![
            GroupPin::new("a", PinType::Int),
            GroupPin::new("b", PinType::Int),
        ],
        outputs: vec![
            GroupPin::new("diff", PinType::Int),
            GroupPin::new("product", PinType::Int),
        ],
        body,
    }
}

/// An instance of group `def` (already in the graph) fed by `inputs`.
fn instance(b: &mut B, def: &str, inputs: &[Option<NodeId>]) -> NodeId {
    let d = b.0.group(def).unwrap().clone();
    b.n(
        NodeKind::Group {
            def: def.to_string(),
            inputs: d.inputs,
            outputs: d.outputs,
        },
        inputs,
    )
}

/// A wire from output `output` of the group instance `from`.
fn from_output(b: &mut B, from: NodeId, output: usize, to: NodeId, input: usize) {
    b.0.connect_wire(Wire {
        to,
        input,
        from,
        output,
    })
    .unwrap();
}

/// Weighted sums and groups on the empty 3x3 board, fed by Row (r) and
/// Column (c), checked by hand like the arithmetic above.
fn composite_cases() -> Vec<(&'static str, Build, [i64; 9])> {
    const MAX: i64 = i64::MAX;
    vec![
        (
            "weighted sum 3r − 2c + 5·(unconnected)",
            |b, r, c| weighted(b, &[(Some(r), 3), (Some(c), -2), (None, 5)]),
            [0, -2, -4, 3, 1, -1, 6, 4, 2],
        ),
        (
            "weighted sum MAX·r − c: saturates term by term, left to right",
            |b, r, c| weighted(b, &[(Some(r), MAX), (Some(c), -1)]),
            [0, -1, -2, MAX, MAX - 1, MAX - 2, MAX, MAX - 1, MAX - 2],
        ),
        (
            "weighted sum without terms",
            |b, _, c| {
                let w = weighted(b, &[]);
                b.op(Kind::Add, &[w, c])
            },
            [0, 1, 2, 0, 1, 2, 0, 1, 2],
        ),
        (
            "ops(r, c).diff + ops(r, c).product + ops(c, open).product: an open group input is 0",
            |b, r, c| {
                b.0.set_group("ops", ops_group());
                let first = instance(b, "ops", &[Some(r), Some(c)]);
                let second = instance(b, "ops", &[Some(c), None]);
                let sum = b.op(Kind::Sum, &[]);
                from_output(b, first, 0, sum, 0);
                from_output(b, first, 1, sum, 1);
                from_output(b, second, 1, sum, 2);
                sum
            },
            [0, -1, -2, 1, 1, 1, 2, 3, 4],
        ),
        (
            "big(r) − c, big(x) = ops(x, MAX).product: nested, saturating",
            |b, r, c| {
                b.0.set_group("ops", ops_group());
                let mut body = Graph::new("big");
                let x = body.add_node(
                    NodeKind::GroupInput {
                        index: 0,
                        pin: GroupPin::new("x", PinType::Int),
                    },
                    [0.0, 0.0],
                );
                let max = body.add_node(
                    NodeKind::Constant {
                        value: MAX,
                        tune: Tuning::Auto,
                    },
                    [0.0, 0.0],
                );
                let d = ops_group();
                let ops = body.add_node(
                    NodeKind::Group {
                        def: "ops".to_string(),
                        inputs: d.inputs,
                        outputs: d.outputs,
                    },
                    [0.0, 0.0],
                );
                let out = body.add_node(
                    NodeKind::GroupOutput {
                        index: 0,
                        pin: GroupPin::new("y", PinType::Int),
                    },
                    [0.0, 0.0],
                );
                body.connect(x, ops, 0).unwrap();
                body.connect(max, ops, 1).unwrap();
                body.connect_wire(Wire {
                    to: out,
                    input: 0,
                    from: ops,
                    output: 1,
                })
                .unwrap();
                b.0.set_group(
                    "big",
                    GroupDef {
                        inputs: vec![GroupPin::new("x", PinType::Int)],
                        outputs: vec![GroupPin::new("y", PinType::Int)],
                        body,
                    },
                );
                let big = instance(b, "big", &[Some(r)]);
                b.op(Kind::Subtract, &[big, c])
            },
            [0, -1, -2, MAX, MAX - 1, MAX - 2, MAX, MAX - 1, MAX - 2],
        ),
    ]
}

#[test]
fn weighted_sums_and_groups_by_hand() {
    let p = empty_3x3();
    let mut wrong = Vec::new();
    for (name, build, expected) in composite_cases() {
        let got = heat(&arithmetic_graph(build), &p);
        if got != expected {
            wrong.push(format!("{name}: expected {expected:?}, got {got:?}"));
        }
    }
    assert!(wrong.is_empty(), "\n{}", wrong.join("\n"));
}

fn arithmetic_graph(build: Build) -> Graph {
    let mut b = B::new();
    let r = b.n(NodeKind::Row, &[]);
    let c = b.n(NodeKind::Column, &[]);
    let v = build(&mut b, r, c);
    b.out(v)
}

#[test]
fn arithmetic_and_logic_by_hand() {
    let p = empty_3x3();
    let mut wrong = Vec::new();
    for (name, build, expected) in arithmetic_cases() {
        let got = heat(&arithmetic_graph(build), &p);
        if got != expected {
            wrong.push(format!("{name}: expected {expected:?}, got {got:?}"));
        }
    }
    assert!(wrong.is_empty(), "\n{}", wrong.join("\n"));
}

fn cmp(b: &mut B, op: CompareOp, x: NodeId, y: NodeId) -> NodeId {
    b.n(NodeKind::Compare { op }, &[Some(x), Some(y)])
}

/// (r ≥ 1, c ≥ 1)
fn row_col_tests(b: &mut B, r: NodeId, c: NodeId) -> (NodeId, NodeId) {
    let one = b.k(1);
    (
        cmp(b, CompareOp::GreaterEqual, r, one),
        cmp(b, CompareOp::GreaterEqual, c, one),
    )
}

/// The same operations on constants only: folded at compile time to the
/// same values (the program runs nothing per cell).
#[test]
fn folded_constants_match_the_hand_values() {
    let p = empty_3x3();
    let cases: Vec<(Kind, Vec<i64>, i64)> = vec![
        (Kind::Add, vec![i64::MAX, 5], i64::MAX),
        (Kind::Subtract, vec![3, 10], -7),
        (Kind::Multiply, vec![i64::MIN, 2], i64::MIN),
        (Kind::Multiply, vec![], 1),
        (Kind::Divide, vec![-7, 2], -3),
        (Kind::Divide, vec![7, 0], 0),
        (Kind::Divide, vec![i64::MIN, -1], i64::MAX),
        (Kind::Divide, vec![9], 9),
        (Kind::Min, vec![-4, 4], -4),
        (Kind::Max, vec![-4, 4], 4),
        (Kind::Abs, vec![i64::MIN], i64::MAX),
        (Kind::Negate, vec![i64::MIN], i64::MAX),
        (Kind::Clamp, vec![500], 100),
        (Kind::Clamp, vec![-500], 0),
        (Kind::Clamp, vec![7, 10, 0], 10),
        (Kind::IfThenElse, vec![1, 4, 5], 4),
        (Kind::IfThenElse, vec![0, 4, 5], 5),
        (Kind::IfThenElse, vec![], 0),
    ];
    for (kind, args, expected) in cases {
        let mut b = B::new();
        let inputs: Vec<NodeId> = args.iter().map(|&v| b.k(v)).collect();
        // Yes/no pins take Yes / no nodes.
        let inputs: Vec<NodeId> = if kind == Kind::IfThenElse && !args.is_empty() {
            let t = b.n(
                NodeKind::Truth {
                    value: args[0] != 0,
                },
                &[],
            );
            std::iter::once(t)
                .chain(inputs[1..].iter().copied())
                .collect()
        } else {
            inputs
        };
        let v = b.op(kind, &inputs);
        let g = b.out(v);
        let program = Program::compile(&g).unwrap();
        assert_eq!(program.per_cell_len(), 0, "{kind:?} {args:?} did not fold");
        assert_eq!(
            heat(&g, &p),
            vec![expected; 9],
            "{kind:?} {args:?} folds to the wrong value"
        );
    }
}

/// Random: within low..=high (swapped when low > high, defaults 0..=9),
/// the same for the same seed, different between cells and seeds, and
/// reaching both ends of a small range.
#[test]
fn random_stays_in_its_range() {
    let p = Position::new(Size::new(8, 8).unwrap(), 2, Rules::Standard).unwrap();
    let cases: [(Option<i64>, Option<i64>, i64, i64); 5] = [
        (Some(3), Some(5), 3, 5),
        (Some(5), Some(3), 3, 5),
        (None, None, 0, 9),
        (Some(i64::MIN), Some(i64::MAX), i64::MIN, i64::MAX),
        (Some(-2), Some(-2), -2, -2),
    ];
    for (lo, hi, min, max) in cases {
        let mut b = B::new();
        let lo = lo.map(|v| b.k(v));
        let hi = hi.map(|v| b.k(v));
        let r = b.n(NodeKind::Random, &[lo, hi]);
        let g = b.out(r);
        let mut ev = Evaluator::new(Arc::new(Program::compile(&g).unwrap()));
        let mut seen = BTreeSet::new();
        let mut maps = Vec::new();
        for seed in 0..20 {
            let map = ev.heat_map(&p, seed).unwrap();
            assert_eq!(map, ev.heat_map(&p, seed).unwrap(), "not reproducible");
            for v in map.raw.iter().flatten() {
                assert!((min..=max).contains(v), "{v} outside {min}..={max}");
                seen.insert(*v);
            }
            maps.push(map);
        }
        if min == -2 {
            assert_eq!(seen.len(), 1);
        } else {
            let wide = i128::from(max) - i128::from(min) > 1000;
            assert!(wide || seen.contains(&min), "{min} never drawn");
            assert!(wide || seen.contains(&max), "{max} never drawn");
            assert!(
                maps.windows(2).all(|w| w[0] != w[1]),
                "seeds give equal maps"
            );
            let first = &maps[0].raw;
            assert!(
                first.iter().any(|v| *v != first[0]),
                "every cell drew the same"
            );
        }
    }
}

/// The tables above cover every node kind (Random, comments and the Cell
/// value included); this keeps it so when kinds are added.
#[test]
fn every_kind_is_checked_somewhere() {
    let mut covered: BTreeSet<Kind> = BTreeSet::new();
    covered.extend(table_3x3().iter().map(|(k, _)| k.kind()));
    covered.extend(table_overflow().iter().map(|(k, _)| k.kind()));
    covered.extend(table_reply().iter().map(|(k, _)| k.kind()));
    for (_, build, _) in arithmetic_cases().into_iter().chain(composite_cases()) {
        covered.extend(
            arithmetic_graph(build)
                .nodes()
                .iter()
                .map(|n| n.kind.kind()),
        );
    }
    covered.insert(Kind::Random); // random_stays_in_its_range
    // Interface nodes are inside the groups of composite_cases.
    for (_, build, _) in composite_cases() {
        for def in arithmetic_graph(build).groups().values() {
            covered.extend(def.body.nodes().iter().map(|n| n.kind.kind()));
        }
    }
    let missing: Vec<&Kind> = Kind::ALL.iter().filter(|k| !covered.contains(k)).collect();
    assert!(missing.is_empty(), "no hand-checked value for {missing:?}");
}

/// Reply lookahead on `2x3-reply-hand.txt`, A to move; active cells in
/// order: 0,0 0,2 1,0 1,1. Worked by hand (see the fixture's comment):
/// - 0,0: A's corner reacts, takes 0,1, which reacts in turn; after it
///   `A1 . A1 / A1 A1 B1`. B's replies: 0,1 is quiet, 1,2 reacts and takes
///   0,2 and 1,1 (2 atoms); 0,2 reacts again into the emptied cells. The
///   reply board is `A1 B1 . / A1 B2 B1`.
/// - 0,2 (quiet): B's 0,1 takes 0,0 and 0,2, A's last cells: B wins at once
///   (`B2 . B2 / . B1 B1`); B's 1,2 also knocks A out, three waves later.
/// - 1,0 (quiet): B's 0,1 takes 0,0, which reacts and takes 1,0: A is out
///   (`. B1 B1 / B2 B1 B1`); B's 1,2 takes nothing.
/// - 1,1 (quiet): B's 0,1 takes 0,0 and 1,1 at once (`B2 . B1 / . B2 B1`);
///   B's 1,2 takes only 1,1.
fn table_reply() -> Vec<(NodeKind, [i64; 4])> {
    use NodeKind as N;
    let reply = When::Reply;
    vec![
        (N::ReplyCanWin, [0, 1, 1, 1]),
        (N::ReplyMostTaken, [2, 2, 2, 2]),
        (N::ThreateningReplies, [1, 2, 1, 2]),
        (count(M::Cells, W::Mine, reply), [2, 0, 0, 0]),
        (count(M::Atoms, W::Mine, reply), [2, 0, 0, 0]),
        (count(M::Cells, W::Opponents, reply), [3, 4, 5, 4]),
        (count(M::Atoms, W::Opponents, reply), [4, 6, 6, 6]),
        (N::PlayersLeft { when: reply }, [2, 1, 1, 1]),
        (N::Atoms { when: reply }, [1, 2, 2, 2]),
        (N::IsMine { when: reply }, [1, 0, 0, 0]),
        (N::IsEmpty { when: reply }, [0, 0, 0, 0]),
        (N::IsCritical { when: reply }, [1, 0, 0, 1]),
        (nb(O::Opponent, S::Any, reply), [1, 1, 1, 1]),
    ]
}

#[test]
fn reply_lookahead_on_a_hand_made_position() {
    let p = common::position_file("2x3-reply-hand.txt");
    let active: Vec<usize> = p.moves().indices().iter().map(|&i| i.into()).collect();
    assert_eq!(active, [0, 2, 3, 4]);
    check_table(&p, &table_reply());
}

/// When placing here wins, there is no reply: the reply board is the board
/// after placing here and the reply figures are 0 (the 3x3 fixture's 1,1).
#[test]
fn no_reply_after_a_winning_move() {
    let p = hand_3x3();
    let win = 2; // 1,1 is the third active cell
    for (kind, value) in [
        (NodeKind::ReplyCanWin, 0),
        (NodeKind::ReplyMostTaken, 0),
        (NodeKind::ThreateningReplies, 0),
        (count(M::Cells, W::Mine, When::Reply), 5),
        (count(M::Atoms, W::Mine, When::Reply), 9),
        (NodeKind::PlayersLeft { when: When::Reply }, 1),
    ] {
        let active: Vec<i64> = single(&kind, &p).into_iter().filter(|v| *v != X).collect();
        assert_eq!(active[win], value, "{}", kind.title());
    }
}
