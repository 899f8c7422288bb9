//! The compiler: huge graphs without recursion, constant folding, hoisting,
//! the lookahead flag, If-then-else guards and fused sums, each checked
//! against an unoptimised evaluation: the lenient program's explain trace
//! (every instruction, no guards, no fusion) and the reference evaluator of
//! `tests/common`, on random graphs and positions.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

use std::sync::Arc;

use chainlab::eval::{Evaluator, HeatMap, Program};
use chainlab::rules::{Position, Rules, Size};
use chainlab::strategy::Strategy as Graph;
use chainlab::strategy::{GraphBuilder, Kind, Node, NodeId, NodeKind, Tuning, When, Wire};
use proptest::prelude::*;

fn strict(g: &Graph) -> Evaluator {
    Evaluator::new(Arc::new(Program::compile(g).unwrap()))
}

fn lenient(g: &Graph) -> Evaluator {
    Evaluator::new(Arc::new(Program::compile_lenient(g)))
}

/// Every cell's value without guards or fusion: the lenient program's
/// explain trace, which runs every instruction.
fn unoptimised(g: &Graph, p: &Position, seed: u64) -> HeatMap {
    let mut ev = lenient(g);
    let size = p.size();
    let raw = (0..size.cells())
        .map(|i| {
            let c = size.coord_of(i);
            p.is_legal(c)
                .then(|| ev.explain(p, c, seed).unwrap().output.unwrap())
        })
        .collect();
    HeatMap { size, raw }
}

/// Checks strict, lenient, unoptimised and (without Random nodes) reference
/// values of `g` on every position.
fn agree(g: &Graph, positions: &[Position], seed: u64) -> Result<(), TestCaseError> {
    let mut s = strict(g);
    let mut l = lenient(g);
    let random = common::has_random(g);
    for (k, p) in positions.iter().enumerate() {
        let seed = seed.wrapping_add(k as u64);
        let a = s.heat_map(p, seed).unwrap();
        let b = l.heat_map(p, seed).unwrap();
        prop_assert_eq!(&a, &b, "strict and lenient differ on\n{}", p);
        let c = unoptimised(g, p, seed);
        prop_assert_eq!(&a, &c, "guarded and unguarded differ on\n{}", p);
        if !random {
            for (i, v) in a.raw.iter().enumerate() {
                if let Some(v) = v {
                    let coord = p.size().coord_of(i);
                    prop_assert_eq!(
                        Some(*v),
                        common::reference_output(g, p, coord),
                        "reference differs at {} on\n{}",
                        coord,
                        p
                    );
                }
            }
        }
    }
    Ok(())
}

/// A chain of `n` Add nodes: v0 = Atoms here, v(k) = v(k-1) + Column; ids
/// run against the data flow (the last node has the smallest id).
fn add_chain(n: u32) -> (Graph, NodeId) {
    let top = n + 10;
    let column = NodeId(top + 1);
    let atoms = NodeId(top + 2);
    let output = NodeId(1);
    let mut nodes = vec![
        (column, NodeKind::Column),
        (atoms, NodeKind::Atoms { when: When::Now }),
        (output, NodeKind::Output),
    ];
    let mut wires = Vec::new();
    let mut prev = atoms;
    for k in 0..n {
        let id = NodeId(top - k);
        nodes.push((id, NodeKind::Add));
        wires.push(Wire {
            to: id,
            input: 0,
            from: prev,
            output: 0,
        });
        wires.push(Wire {
            to: id,
            input: 1,
            from: column,
            output: 0,
        });
        prev = id;
    }
    wires.push(Wire::new(prev, output, 0));
    // In sorted order, so that building takes linear time.
    nodes.sort_by_key(|(id, _)| *id);
    wires.sort();
    let mut g = Graph::new("chain");
    for (id, kind) in nodes {
        g.insert(Node {
            id,
            kind,
            pos: [0.0, 0.0],
            label: None,
        })
        .unwrap();
    }
    for w in wires {
        g.push_wire(w);
    }
    (g, prev)
}

#[test]
fn a_100k_node_chain_compiles_and_runs_without_recursion() {
    let n = 100_000;
    let (g, last) = add_chain(n);
    // Compiling validates (nothing to report) and folds, hoists and fuses.
    let p = common::position_file("3x3-hand.txt");
    let expected = |i: usize| i64::from(p.cells()[i].atoms()) + i64::from(n) * (i % 3) as i64;
    let mut s = strict(&g);
    let map = s.heat_map(&p, 0).unwrap();
    for (i, v) in map.raw.iter().enumerate() {
        if let Some(v) = v {
            assert_eq!(*v, expected(i));
        }
    }
    let mut l = lenient(&g);
    assert_eq!(l.heat_map(&p, 0).unwrap(), map);
    let trace = l.explain(&p, p.size().coord_of(5), 0).unwrap();
    assert_eq!(trace.output, Some(expected(5)));
    assert_eq!(
        trace.values.iter().find(|(id, _)| *id == last).unwrap().1,
        Some(expected(5))
    );
}

#[test]
fn chains_on_both_sides_of_the_fixed_slot_array_give_the_same_values() {
    // The interpreter keeps programs of at most 4096 slots in a fixed array
    // and larger ones in a vector (eval/run/slots.rs): values agree either way.
    let p = common::position_file("3x3-hand.txt");
    for n in [4085, 4090, 4093, 4094, 4095, 4100, 4200] {
        let (g, _) = add_chain(n);
        let expected = |i: usize| i64::from(p.cells()[i].atoms()) + i64::from(n) * (i % 3) as i64;
        let map = strict(&g).heat_map(&p, 0).unwrap();
        for (i, v) in map.raw.iter().enumerate() {
            if let Some(v) = v {
                assert_eq!(*v, expected(i), "chain of {n}, cell {i}");
            }
        }
        let trace = lenient(&g).explain(&p, p.size().coord_of(5), 0).unwrap();
        assert_eq!(trace.output, Some(expected(5)), "chain of {n}");
    }
}

#[test]
fn a_deep_if_chain_compiles_and_runs() {
    // 20,000 nested If nodes, each guarding the next: guards stay bounded.
    let n = 20_000u32;
    let mut g = Graph::new("ifs");
    let corner = g.add(Kind::IsCorner, [0.0, 0.0]);
    let atoms = g.add_node(NodeKind::Atoms { when: When::After }, [0.0, 0.0]);
    let mut prev = atoms;
    for k in 0..n {
        let id = g.add(Kind::IfThenElse, [0.0, 0.0]);
        g.push_wire(Wire {
            to: id,
            input: 0,
            from: corner,
            output: 0,
        });
        g.push_wire(Wire {
            to: id,
            input: 1 + (k as usize % 2),
            from: prev,
            output: 0,
        });
        prev = id;
    }
    let out = g.add(Kind::Output, [0.0, 0.0]);
    g.connect(prev, out, 0).unwrap();
    let p = common::position_file("3x3-hand.txt");
    // With n even, the atoms take n/2 "then" and n/2 "else" branches: no
    // cell can take both, so every value is the unconnected default 0.
    let map = strict(&g).heat_map(&p, 0).unwrap();
    assert!(map.raw.iter().flatten().all(|&v| v == 0));
    assert_eq!(lenient(&g).heat_map(&p, 0).unwrap(), map);
}

#[test]
fn constant_graphs_fold_completely() {
    let mut b = GraphBuilder::new("constants", "");
    let k: Vec<NodeId> = [3, -4, 10, 0].iter().map(|&v| b.constant(v)).collect();
    let yes = b.node(NodeKind::Truth { value: true }, &[]);
    let sum = b.sum(&k);
    let prod = b.op(Kind::Multiply, &[sum, k[2]]);
    let q = b.op(Kind::Divide, &[prod, k[1]]);
    let c = b.op(Kind::Clamp, &[q, k[3], k[2]]);
    let v = b.op(Kind::IfThenElse, &[yes, c, k[0]]);
    let g = b.finish(v);
    let program = Program::compile(&g).unwrap();
    assert_eq!(program.per_cell_len(), 0);
    assert!(!program.uses_lookahead());
    // (3 - 4 + 10 + 0) × 10 / -4 = -22 (toward zero), clamped to 0..=10 = 0.
    let p = Position::new(Size::JABC, 2, Rules::Standard).unwrap();
    let map = strict(&g).heat_map(&p, 0).unwrap();
    assert!(map.raw.iter().all(|v| *v == Some(0)));
    assert_eq!(g.constant_values().get(&q), Some(&-22));
    assert_eq!(Program::compile_lenient(&g).per_cell_len(), 0);
    // Graphs of cell positions only are computed once per board size, not per cell.
    let (_, corners) = common::shipped().remove(0);
    assert_eq!(Program::compile(&corners).unwrap().per_cell_len(), 0);
}

#[test]
fn shipped_programs_are_optimised() {
    for (path, g) in common::shipped() {
        let s = Program::compile(&g).unwrap();
        let l = Program::compile_lenient(&g);
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        // Lessons 8 to 10 keep their measures in groups: look at them inlined.
        let flat = g.flatten().unwrap().graph;
        let lookahead = flat.nodes().iter().any(|n| n.kind.needs_lookahead());
        assert_eq!(s.uses_lookahead(), lookahead, "{name}");
        assert_eq!(l.uses_lookahead(), lookahead, "{name}");
        assert_eq!(
            lookahead,
            !name.starts_with("01") && !name.starts_with("02"),
            "{name}"
        );
        // Fused sums: fewer instructions per cell for playing than for the editor.
        if !name.starts_with("01") && !name.starts_with("02") {
            assert!(
                s.per_cell_len() < l.per_cell_len(),
                "{name}: {} vs {}",
                s.per_cell_len(),
                l.per_cell_len()
            );
        }
    }
}

#[test]
fn lookahead_flag_follows_the_lookahead_nodes() {
    for kind in chainlab::strategy::Kind::ALL {
        let mut node = NodeKind::new(*kind);
        for &when in When::ALL {
            node.set_when(when);
            // Groups have their own tests (tests/eval/groups.rs).
            if matches!(
                node,
                NodeKind::Output
                    | NodeKind::Comment { .. }
                    | NodeKind::Group { .. }
                    | NodeKind::GroupInput { .. }
                    | NodeKind::GroupOutput { .. }
            ) {
                continue;
            }
            let mut b = GraphBuilder::new("one", "");
            let n = b.node(node.clone(), &[]);
            let g = b.finish(n);
            let wants = node.needs_lookahead();
            assert_eq!(
                Program::compile(&g).unwrap().uses_lookahead(),
                wants,
                "{}",
                node.title()
            );
            assert_eq!(
                Program::compile(&g).unwrap().uses_reply(),
                node.needs_reply(),
                "{}",
                node.title()
            );
            // Unused, it costs nothing when playing.
            let mut b = GraphBuilder::new("unused", "");
            b.node(node.clone(), &[]);
            let row = b.op(Kind::Row, &[]);
            let g = b.finish(row);
            assert!(
                !Program::compile(&g).unwrap().uses_lookahead(),
                "{}",
                node.title()
            );
            assert_eq!(
                Program::compile_lenient(&g).uses_lookahead(),
                wants,
                "{}",
                node.title()
            );
        }
    }
}

/// A cheap test gating expensive lookahead, nested: the guarded program
/// skips the lookahead on most cells and must give the same values.
#[test]
fn lookahead_behind_if_gives_the_same_values() {
    let mut b = GraphBuilder::new("gated", "");
    let corner = b.op(Kind::IsCorner, &[]);
    let empty = b.node(NodeKind::IsEmpty { when: When::Now }, &[]);
    let wins = b.op(Kind::WinsTheGame, &[]);
    let captured = b.op(Kind::CellsCaptured, &[]);
    let w = b.weighted(wins, 1000);
    let t = b.sum(&[w, captured]);
    let atoms_after = b.node(NodeKind::Atoms { when: When::After }, &[]);
    let inner = b.op(Kind::IfThenElse, &[empty, t, atoms_after]);
    let gained = b.op(Kind::AtomsGained, &[]);
    let danger = b.node(NodeKind::Danger { when: When::After }, &[]);
    let neg = b.op(Kind::Negate, &[danger]);
    let other = b.sum(&[gained, neg]);
    let outer = b.op(Kind::IfThenElse, &[corner, inner, other]);
    // The same lookahead node on both sides of an If is never skipped.
    let both = b.op(Kind::IfThenElse, &[empty, captured, captured]);
    let v = b.sum(&[outer, both]);
    let g = b.finish(v);
    assert!(!g.validate().has_errors());
    let mut positions = Vec::new();
    for (k, (r, c)) in common::SIZES.iter().enumerate() {
        for rules in Rules::ALL {
            let size = Size::new(*r, *c).unwrap();
            positions.extend(common::random_positions(k as u64, 25, size, 2, rules));
        }
    }
    agree(&g, &positions, 0).unwrap();
}

/// Sums with weights near the ends of i64: saturating additions in order
/// and saturating multiplications give the same values fused and unfused.
#[test]
fn fused_sums_saturate_like_the_unfused_nodes() {
    let max = i64::MAX;
    let min = i64::MIN;
    let weights: [&[i64]; 6] = [
        &[max, max, -1, min],
        &[max / 2 + 1, max / 2 + 1, min],
        &[min, -1, max, 1, 1],
        &[3, max, max, min, min, max],
        &[-7, 1, 1, 1],
        &[max - 1, 2, min + 1, -2],
    ];
    let measures = [
        NodeKind::Atoms { when: When::Now },
        NodeKind::Row,
        NodeKind::AtomsGained,
        NodeKind::Neighbours {
            owner: chainlab::strategy::OwnerFilter::Empty,
            state: chainlab::strategy::StateFilter::Any,
            when: When::Now,
        },
        NodeKind::Atoms { when: When::After },
        NodeKind::Column,
    ];
    let positions = common::mixed_positions(11, 120);
    for (k, ws) in weights.iter().enumerate() {
        for shape in 0..3 {
            let mut b = GraphBuilder::new("sums", "");
            let terms: Vec<NodeId> = ws
                .iter()
                .enumerate()
                .map(|(i, &w)| {
                    let m = b.node(measures[(i + k) % measures.len()].clone(), &[]);
                    match (shape, i % 2) {
                        // weight × measure, constant on the left
                        (1, 0) => {
                            let c = b.constant(w);
                            b.op(Kind::Multiply, &[c, m])
                        }
                        // a plain measure plus the weight as a constant term
                        (2, 1) => {
                            let c = b.constant(w);
                            b.op(Kind::Add, &[m, c])
                        }
                        _ => b.weighted(m, w),
                    }
                })
                .collect();
            let v = b.sum(&terms);
            let g = b.finish(v);
            let s = Program::compile(&g).unwrap();
            assert!(
                s.per_cell_len() < Program::compile_lenient(&g).per_cell_len(),
                "nothing fused"
            );
            agree(&g, &positions, 0).unwrap();
        }
    }
}

#[test]
fn weight_one_terms_are_not_lost() {
    // x × 1 + y: an Add of two terms of weight 1 is not worth fusing, and
    // the Multiply it would have absorbed must still run (it did not: the
    // playing program computed 0 + y).
    for other in [
        NodeKind::Row,
        NodeKind::Constant {
            value: 6,
            tune: Tuning::Auto,
        },
    ] {
        let mut b = GraphBuilder::new("weight one", "");
        let x = b.node(NodeKind::Atoms { when: When::Now }, &[]);
        let one = b.weighted(x, 1);
        let y = b.node(other.clone(), &[]);
        let v = b.op(Kind::Add, &[one, y]);
        let g = b.finish(v);
        let p = common::position_file("3x3-hand.txt");
        let map = strict(&g).heat_map(&p, 0).unwrap();
        let r = |i: usize| {
            if other == NodeKind::Row {
                (i / 3) as i64
            } else {
                6
            }
        };
        let expected: Vec<Option<i64>> = (0..9)
            .map(|i| {
                p.is_legal_index(i)
                    .then(|| i64::from(p.cells()[i].atoms()) + r(i))
            })
            .collect();
        assert_eq!(map.raw, expected, "{}", other.title());
        agree(&g, &common::mixed_positions(1, 40), 0).unwrap();
    }
}

#[test]
fn one_evaluator_serves_every_board_size() {
    // Static values are cached per board size; switching sizes (and rules)
    // must refresh them.
    let positions = common::mixed_positions(5, 200);
    for (path, g) in common::shipped() {
        let mut shared = strict(&g);
        let mut explain = lenient(&g);
        for (k, p) in positions.iter().enumerate() {
            let seed = k as u64;
            let fresh = strict(&g).heat_map(p, seed).unwrap();
            assert_eq!(
                shared.heat_map(p, seed).unwrap(),
                fresh,
                "{}",
                path.display()
            );
            // Interleaved explain calls do not disturb the cache either.
            let c = common::active(p)[k % common::active(p).len()];
            let t = explain.explain(p, c, seed).unwrap();
            assert_eq!(t.output, fresh.raw[p.size().index(c)], "{}", path.display());
            assert_eq!(
                explain.heat_map(p, seed).unwrap(),
                fresh,
                "{}",
                path.display()
            );
        }
    }
}

#[test]
fn shipped_strategies_agree_with_every_unoptimised_evaluation() {
    let positions = common::mixed_positions(3, 150);
    for (path, g) in common::shipped() {
        agree(&g, &positions, 7).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, ..ProptestConfig::default() })]

    /// Random valid graphs (sums, Ifs, lookahead, extreme constants, Random):
    /// strict (folded, hoisted, guarded, fused), lenient (guarded), unguarded
    /// and reference values agree on random positions.
    #[test]
    fn random_graphs_agree(g in common::valid_graph(true, 30), seed in any::<u64>()) {
        let r = g.validate();
        prop_assert!(!r.has_errors(), "{:?}", r);
        let positions = common::mixed_positions(seed, 6);
        agree(&g, &positions, seed)?;
        // The lookahead flag of the playing program: exactly when a node that
        // feeds the Cell value needs the board after placing.
        let output = g.outputs().next().map(|n| n.id);
        let used = g.feeding(output);
        let wants = g.nodes().iter().any(|n| used.contains(&n.id) && n.kind.needs_lookahead());
        prop_assert_eq!(Program::compile(&g).unwrap().uses_lookahead(), wants);
    }
}

/// The replies are scanned at most once per evaluated cell, only by programs
/// with a reply measure, and not on cells where an If skips the branch that
/// needs them; graphs without reply measures (every shipped one so far,
/// lookahead or not) never scan.
#[test]
fn the_reply_board_is_built_only_when_needed() {
    let positions = common::mixed_positions(5, 60);
    let legal: u64 = positions.iter().map(|p| p.moves().len() as u64).sum();
    let scans = |g: &Graph, lenient_program: bool| {
        let mut ev = if lenient_program {
            lenient(g)
        } else {
            strict(g)
        };
        for p in &positions {
            ev.heat_map(p, 0).unwrap();
        }
        ev.reply_scans()
    };
    for (path, g) in common::shipped() {
        let flat = g.flatten().unwrap().graph;
        let uses = flat.nodes().iter().any(|n| n.kind.needs_reply());
        assert_eq!(Program::compile(&g).unwrap().uses_reply(), uses);
        if !uses {
            assert_eq!(scans(&g, false), 0, "{}", path.display());
            assert_eq!(scans(&g, true), 0, "{}", path.display());
        }
    }
    // Two reply measures and a reply node share one scan per cell.
    let mut b = GraphBuilder::new("replies", "");
    let taken = b.op(Kind::ReplyMostTaken, &[]);
    let mine = b.node(NodeKind::Atoms { when: When::Reply }, &[]);
    let left = b.node(NodeKind::PlayersLeft { when: When::Reply }, &[]);
    let v = b.sum(&[taken, mine, left]);
    let g = b.finish(v);
    assert_eq!(scans(&g, false), legal);
    assert_eq!(scans(&g, true), legal);
    // Behind an If: scanned only where the branch is taken, same values.
    let mut b = GraphBuilder::new("gated replies", "");
    let corner = b.op(Kind::IsCorner, &[]);
    let threats = b.op(Kind::ThreateningReplies, &[]);
    let row = b.op(Kind::Row, &[]);
    let v = b.op(Kind::IfThenElse, &[corner, threats, row]);
    let g = b.finish(v);
    let gated = scans(&g, false);
    assert!(0 < gated && gated < legal / 2, "{gated} of {legal}");
    agree(&g, &positions, 0).unwrap();
    // The explain trace of the lenient program runs every node: one scan.
    let p = positions.iter().find(|p| !p.moves().is_empty()).unwrap();
    let mut ev = lenient(&g);
    let cell = p.moves().iter().next().unwrap();
    let trace = ev.explain(p, cell, 0).unwrap();
    assert_eq!(ev.reply_scans(), 1);
    assert!(
        trace
            .values
            .iter()
            .any(|(id, v)| *id == threats && v.is_some())
    );
}
