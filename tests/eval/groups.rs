//! Groups and Weighted sums cost exactly what their flat twins cost: the
//! grouped expert (`tests/data/strategies/expert-grouped.json`) and its flat
//! twin (`expert-flat.json`, Multiply and Sum nodes) compile to programs of
//! the same size and value every cell alike; so do random graphs with parts
//! grouped, and random Weighted sums next to Multiply-and-Sum twins. Also
//! what the explain trace shows of groups and terms.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;
use crate::group_util;

use std::collections::BTreeSet;
use std::sync::Arc;

use chainlab::eval::{Evaluator, Program, TermTrace};
use chainlab::rng::rng_from_seed;
use chainlab::rules::{Position, Rules, Size};
use chainlab::strategy::Strategy as Graph;
use chainlab::strategy::{GraphBuilder, Kind, NodeId, NodeKind, WeightedTerm};
use group_util::{group_selection, wire};
use proptest::prelude::*;
use proptest::sample::Index;

fn fixture(name: &str) -> Graph {
    Graph::load(&common::fixture(name)).unwrap()
}

/// Positions of every fixture that is not over, and random ones.
fn positions() -> Vec<Position> {
    let mut out: Vec<Position> = [
        "midgame.txt",
        "3x3-hand.txt",
        "2x3-overflow-hand.txt",
        "2x3-reply-hand.txt",
    ]
    .iter()
    .map(|f| common::position_file(f))
    .filter(|p| !p.is_over())
    .collect();
    out.extend(common::random_positions(
        15,
        40,
        Size::JABC,
        2,
        Rules::Standard,
    ));
    out.extend(common::mixed_positions(16, 40));
    out
}

/// Both graphs compile to programs of the same size and give the same heat
/// map and the same choice on every position.
fn same_program(a: &Graph, b: &Graph, positions: &[Position]) {
    let (pa, pb) = (Program::compile(a).unwrap(), Program::compile(b).unwrap());
    assert_eq!(pa.size(), pb.size(), "the programs differ in size");
    assert_eq!(pa.per_cell_len(), pb.per_cell_len());
    assert_eq!(pa.slot_count(), pb.slot_count());
    assert_eq!(pa.uses_lookahead(), pb.uses_lookahead());
    let (mut ea, mut eb) = (Evaluator::new(Arc::new(pa)), Evaluator::new(Arc::new(pb)));
    for (i, p) in positions.iter().enumerate() {
        let seed = i as u64;
        assert_eq!(
            ea.heat_map(p, seed).unwrap(),
            eb.heat_map(p, seed).unwrap(),
            "{p}"
        );
        assert_eq!(
            ea.choose(p, &mut rng_from_seed(seed)).unwrap(),
            eb.choose(p, &mut rng_from_seed(seed)).unwrap()
        );
    }
}

#[test]
fn the_grouped_expert_costs_what_its_flat_twin_costs() {
    let grouped = fixture("expert-grouped.json");
    let flat = fixture("expert-flat.json");
    assert!(grouped.groups().len() >= 3 && flat.groups().is_empty());
    same_program(&grouped, &flat, &positions());
}

#[test]
fn a_weighted_sum_costs_what_multiply_and_sum_nodes_cost() {
    // 3·corner − 2·danger + 5·(critical after) + 1·(a constant) + (open term)
    let weights = [3, -2, 5, 1, 7];
    let mut b = GraphBuilder::new("weighted", "");
    let features = [
        b.op(Kind::IsCorner, &[]),
        b.node(
            NodeKind::Danger {
                when: Default::default(),
            },
            &[],
        ),
        b.node(
            NodeKind::IsCritical {
                when: chainlab::strategy::When::After,
            },
            &[],
        ),
        b.constant(4),
    ];
    let terms = weights
        .iter()
        .enumerate()
        .map(|(i, &w)| WeightedTerm::new(format!("t{i}"), w))
        .collect();
    let sum = b.node(NodeKind::WeightedSum { terms }, &features);
    let grouped = b.finish(sum);
    let mut b = GraphBuilder::new("twin", "");
    let features = [
        b.op(Kind::IsCorner, &[]),
        b.node(
            NodeKind::Danger {
                when: Default::default(),
            },
            &[],
        ),
        b.node(
            NodeKind::IsCritical {
                when: chainlab::strategy::When::After,
            },
            &[],
        ),
        b.constant(4),
    ];
    let products: Vec<NodeId> = features
        .iter()
        .zip(weights)
        .map(|(&f, w)| b.weighted(f, w))
        .collect();
    let sum = b.sum(&products);
    let twin = b.finish(sum);
    same_program(&grouped, &twin, &positions());
}

/// The nodes feeding some of `xs` but none of `ys` (the Cell value left
/// out): a selection without a path that leaves it and comes back, so
/// grouping it makes no cycle.
fn convex(g: &Graph, xs: &[NodeId], ys: &[NodeId]) -> BTreeSet<NodeId> {
    let up = |ids: &[NodeId]| -> BTreeSet<NodeId> {
        ids.iter().flat_map(|&id| g.feeding(Some(id))).collect()
    };
    let outside = up(ys);
    up(xs)
        .into_iter()
        .filter(|id| {
            !outside.contains(id) && g.node(*id).is_some_and(|n| n.kind != NodeKind::Output)
        })
        .collect()
}

/// A valid graph with a random part moved into a group, and that again
/// with more around it (nested): both compute what the graph computes.
fn grouped_twin(g: &Graph, picks: &[(Index, bool)]) -> Option<Graph> {
    let pick = |g: &Graph, want: bool| -> Vec<NodeId> {
        let ids: Vec<NodeId> = g.nodes().iter().map(|n| n.id).collect();
        picks
            .iter()
            .filter(|p| p.1 == want)
            .map(|p| ids[p.0.index(ids.len())])
            .collect()
    };
    let first = convex(g, &pick(g, true), &pick(g, false));
    if first.is_empty() {
        return None;
    }
    let once = group_selection(g, &first, "part");
    let instance: Vec<NodeId> = once
        .nodes()
        .iter()
        .filter(|n| matches!(n.kind, NodeKind::Group { .. }))
        .map(|n| n.id)
        .collect();
    let mut xs = instance.clone();
    xs.extend(pick(&once, true));
    let ys: Vec<NodeId> = pick(&once, false)
        .into_iter()
        .filter(|y| !once.feeding(Some(*y)).iter().any(|f| instance.contains(f)))
        .collect();
    let second = convex(&once, &xs, &ys);
    Some(group_selection(&once, &second, "whole"))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn grouped_random_graphs_cost_what_they_cost_flat(
        g in common::valid_graph(false, 24),
        picks in prop::collection::vec((any::<Index>(), any::<bool>()), 1..10),
        seed in any::<u64>(),
    ) {
        let Some(grouped) = grouped_twin(&g, &picks) else { return Ok(()) };
        prop_assert!(!grouped.validate().has_errors(), "{:#?}", grouped.validate());
        let (pa, pb) = (Program::compile(&grouped).unwrap(), Program::compile(&g).unwrap());
        prop_assert_eq!(pa.size(), pb.size());
        let (mut ea, mut eb) = (Evaluator::new(Arc::new(pa)), Evaluator::new(Arc::new(pb)));
        let lenient = Evaluator::new(Arc::new(Program::compile_lenient(&grouped)));
        let mut lenient = lenient;
        for p in common::mixed_positions(seed, 3) {
            let map = eb.heat_map(&p, seed).unwrap();
            prop_assert_eq!(&ea.heat_map(&p, seed).unwrap(), &map);
            prop_assert_eq!(&lenient.heat_map(&p, seed).unwrap(), &map);
            // The reference evaluator runs group bodies, not the flat graph.
            for c in common::active(&p).into_iter().take(4) {
                prop_assert_eq!(common::reference_output(&grouped, &p, c), map.raw[p.size().index(c)]);
            }
        }
    }

    #[test]
    fn weighted_sums_cost_what_their_twins_cost(
        g in common::valid_graph(false, 16),
        terms in prop::collection::vec((any::<Index>(), common::number(), any::<bool>()), 0..8),
        seed in any::<u64>(),
    ) {
        // Feed a Weighted sum (some terms open) and, in the twin, Multiply
        // nodes by Constants into a Sum, from the same nodes of `g`; the
        // Cell value reads the sum.
        let sources: Vec<NodeId> = g.nodes().iter().filter(|n| n.output().is_some()).map(|n| n.id).collect();
        prop_assume!(!sources.is_empty());
        let out = g.outputs().next().unwrap().id;
        let mut grouped = g.clone();
        let mut twin = g.clone();
        grouped.disconnect(out, 0);
        twin.disconnect(out, 0);
        let kind = NodeKind::WeightedSum {
            terms: terms.iter().enumerate().map(|(i, t)| WeightedTerm::new(format!("t{i}"), t.1)).collect(),
        };
        let ws = grouped.add_node(kind, [0.0, 0.0]);
        let sum = twin.add(Kind::Sum, [0.0, 0.0]);
        let mut pin = 0;
        for (i, (pick, weight, connected)) in terms.iter().enumerate() {
            if !connected {
                continue;
            }
            let from = sources[pick.index(sources.len())];
            wire(&mut grouped, from, 0, ws, i);
            let k = twin.add_node(NodeKind::Constant { value: *weight, tune: Default::default() }, [0.0, 0.0]);
            let m = twin.add(Kind::Multiply, [0.0, 0.0]);
            wire(&mut twin, from, 0, m, 0);
            wire(&mut twin, k, 0, m, 1);
            wire(&mut twin, m, 0, sum, pin);
            pin += 1;
        }
        wire(&mut grouped, ws, 0, out, 0);
        wire(&mut twin, sum, 0, out, 0);
        let (pa, pb) = (Program::compile(&grouped).unwrap(), Program::compile(&twin).unwrap());
        prop_assert_eq!(pa.size(), pb.size());
        let (mut ea, mut eb) = (Evaluator::new(Arc::new(pa)), Evaluator::new(Arc::new(pb)));
        for p in common::mixed_positions(seed, 3) {
            let map = eb.heat_map(&p, seed).unwrap();
            prop_assert_eq!(&ea.heat_map(&p, seed).unwrap(), &map);
            for c in common::active(&p).into_iter().take(4) {
                prop_assert_eq!(common::reference_output(&grouped, &p, c), map.raw[p.size().index(c)]);
            }
        }
    }
}

#[test]
fn explain_shows_group_outputs_and_term_contributions() {
    let g = fixture("expert-grouped.json");
    let p = common::position_file("midgame.txt");
    let cell = common::active(&p)[3];
    let mut ev = Evaluator::new(Arc::new(Program::compile_lenient(&g)));
    let t = ev.explain(&p, cell, 0).unwrap();
    let value = |id: u32| t.values.iter().find(|(n, _)| n.0 == id).unwrap().1;
    // Node 6 is the Weighted sum of 15 terms, node 8 adds the bonus.
    let (_, terms) = t.terms.iter().find(|(n, _)| n.0 == 6).unwrap();
    assert_eq!(terms.len(), 15);
    let total = terms
        .iter()
        .map(|t| t.unwrap().contribution)
        .fold(0i64, i64::saturating_add);
    assert_eq!(value(6), Some(total));
    assert_eq!(value(8), Some(total + 10_000));
    let NodeKind::WeightedSum { terms: defs } = &g.node(NodeId(6)).unwrap().kind else {
        panic!()
    };
    for (def, t) in defs.iter().zip(terms) {
        let TermTrace {
            input,
            contribution,
        } = t.unwrap();
        assert_eq!(contribution, input * def.weight, "{}", def.label);
    }
    // "base" is the constant 1.
    assert_eq!(
        terms[2],
        Some(TermTrace {
            input: 1,
            contribution: 1
        })
    );
    // Group instances: their value is their first output's; every output is listed.
    let (_, after) = t.groups.iter().find(|(n, _)| n.0 == 3).unwrap();
    assert_eq!(after.len(), 11);
    assert_eq!(value(3), after[0]);
    assert_eq!(Some(terms[5].unwrap().input), after[1]); // captured
    let (_, danger) = t.groups.iter().find(|(n, _)| n.0 == 4).unwrap();
    assert_eq!(danger.len(), 2);
    assert_eq!(t.output, value(10));
    // Every top-level node is listed once, inlined ones are not.
    let ids: Vec<u32> = t.values.iter().map(|(n, _)| n.0).collect();
    assert_eq!(ids, (1..=11).collect::<Vec<u32>>());
    // The playing program gives the same values where it keeps them.
    let mut strict = Evaluator::new(Arc::new(Program::compile(&g).unwrap()));
    assert_eq!(strict.explain(&p, cell, 0).unwrap().output, t.output);
}

#[test]
fn graphs_without_groups_compile_as_before() {
    // Flattening a graph without groups changes nothing: same ids, nodes and wires.
    for (path, g) in common::shipped() {
        if !g.groups().is_empty() {
            continue; // lessons 8 to 10 are grouped
        }
        let flat = g.flatten().unwrap();
        assert_eq!(flat.graph.nodes(), g.nodes(), "{}", path.display());
        assert_eq!(flat.graph.wires(), g.wires(), "{}", path.display());
        assert!(flat.outputs.is_empty() && flat.origin.is_empty());
    }
}
