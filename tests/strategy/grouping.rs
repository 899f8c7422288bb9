//! Groups as operations on the model: grouping a selection keeps what the
//! graph computes (checked by inlining every instance again with `ungroup`
//! and comparing heat maps, and by a property test over random graphs),
//! cyclic selections and self-containing groups are refused with the path,
//! pins can be renamed, reordered, added and removed without rewiring any
//! instance wrongly, and groups can be imported from another strategy.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

use std::collections::BTreeSet;
use std::sync::Arc;

use chainlab::eval::{Evaluator, Program};
use chainlab::rules::{Position, Rules, Size};
use chainlab::strategy::{
    GraphBuilder, GroupPin, Kind, NodeId, NodeKind, PinSide, PinType, Strategy, StrategyError,
};
use proptest::prelude::*;

/// Replaces every instance, nested ones too, by its body (a flatten made of `ungroup`).
fn inline_all(mut s: Strategy) -> Strategy {
    for _ in 0..10_000 {
        let next = s
            .nodes()
            .iter()
            .find(|n| matches!(n.kind, NodeKind::Group { .. }))
            .map(|n| n.id);
        match next {
            Some(id) => {
                s.ungroup(id).unwrap();
            }
            None => return s,
        }
    }
    panic!("inlining did not end");
}

/// Positions of random games on three board sizes.
fn positions() -> Vec<Position> {
    let mut out = Vec::new();
    for (seed, (r, c)) in [(1, (5, 6)), (2, (3, 4)), (3, (9, 6))] {
        let size = Size::new(r, c).unwrap();
        out.extend(common::random_positions(seed, 12, size, 2, Rules::Standard));
    }
    out
}

/// The heat maps of `s` on `positions` (the lenient compiler: whatever it computes).
fn heat(s: &Strategy, positions: &[Position]) -> Vec<Option<Vec<Option<i64>>>> {
    let mut e = Evaluator::new(Arc::new(Program::compile_lenient(s)));
    positions
        .iter()
        .map(|p| e.heat_map(p, 7).ok().map(|h| h.raw))
        .collect()
}

/// Lesson 8 as it was before its rework: a flat graph of some forty nodes.
fn expert() -> Strategy {
    Strategy::load(&common::repo().join("tests/data/strategies/v1/08-expert.json")).unwrap()
}

fn set(ids: &[u32]) -> BTreeSet<NodeId> {
    ids.iter().map(|&i| NodeId(i)).collect()
}

fn refused(e: StrategyError) -> String {
    match e {
        StrategyError::Refused(why) => why,
        other => panic!("expected a refusal, got {other:?}"),
    }
}

/// The "after" terms of lesson 8 (measures, weights, products) as one group.
const AFTER_TERMS: &[u32] = &[24, 25, 26, 27, 28, 29, 30, 31, 32];

#[test]
fn grouping_08_expert_keeps_its_heat_maps_and_derives_the_pins() {
    let original = expert();
    let mut s = original.clone();
    let (def, instance) = s.group_nodes(&set(AFTER_TERMS), "threats").unwrap();
    assert_eq!(def, "threats");
    let d = s.group(&def).unwrap();
    assert_eq!(d.name(), "threats");
    assert!(d.inputs.is_empty(), "every term is computed inside");
    // 26, 29 and 32 each feed the outer Sum 46.
    assert_eq!(d.outputs.len(), 3);
    assert!(d.outputs.iter().all(|p| p.ty == PinType::Int));
    let interface = d
        .body
        .nodes()
        .iter()
        .filter(|n| matches!(n.kind, NodeKind::GroupOutput { .. }))
        .count();
    assert_eq!(interface, 3);
    assert_eq!(d.body.nodes().len(), AFTER_TERMS.len() + 3);
    assert_eq!(
        s.nodes().len(),
        original.nodes().len() - AFTER_TERMS.len() + 1
    );
    match &s.node(instance).unwrap().kind {
        NodeKind::Group {
            def: used, outputs, ..
        } => {
            assert_eq!(used, "threats");
            assert_eq!(outputs, &d.outputs);
        }
        other => panic!("not an instance: {other:?}"),
    }
    let from_instance: Vec<_> = s.wires().iter().filter(|w| w.from == instance).collect();
    assert_eq!(from_instance.len(), 3);
    assert!(from_instance.iter().all(|w| w.to == NodeId(46)));
    let ps = positions();
    assert_eq!(heat(&inline_all(s.clone()), &ps), heat(&original, &ps));
    // Ungrouping gives the very graph back, and the unused definition goes.
    s.ungroup(instance).unwrap();
    assert_eq!(s, original);
    assert!(s.groups().is_empty());
}

#[test]
fn one_source_feeding_several_pins_is_one_input_and_booleans_stay_booleans() {
    let mut b = GraphBuilder::new("t", "");
    let critical = b.op(Kind::IsCritical, &[]);
    let corner = b.op(Kind::IsCorner, &[]);
    let and = b.op(Kind::And, &[critical, corner]);
    let not = b.op(Kind::Not, &[critical]);
    let atoms = b.op(Kind::Atoms, &[]);
    let twice = b.op(Kind::Add, &[atoms, atoms]);
    let both = b.op(Kind::Or, &[and, not]);
    let value = b.op(Kind::IfThenElse, &[both, twice]);
    let mut s = b.finish(value);
    let original = s.clone();
    let (def, _) = s
        .group_nodes(&BTreeSet::from([and, not, twice]), "mix")
        .unwrap();
    let d = s.group(&def).unwrap();
    let inputs: Vec<(String, PinType)> = d.inputs.iter().map(|p| (p.name.clone(), p.ty)).collect();
    assert_eq!(inputs.len(), 3, "{inputs:?}");
    assert!(inputs.contains(&("Is critical (now)".to_string(), PinType::Bool)));
    assert!(inputs.contains(&("Is corner".to_string(), PinType::Bool)));
    assert!(inputs.contains(&("Atoms here (now)".to_string(), PinType::Int)));
    let outs: Vec<PinType> = d.outputs.iter().map(|p| p.ty).collect();
    assert_eq!(outs.len(), 3);
    assert_eq!(outs.iter().filter(|t| **t == PinType::Bool).count(), 2);
    let ps = positions();
    assert_eq!(heat(&inline_all(s), &ps), heat(&original, &ps));
}

#[test]
fn a_yes_no_feeding_only_numbers_enters_as_a_number() {
    let mut b = GraphBuilder::new("t", "");
    let corner = b.op(Kind::IsCorner, &[]);
    let ten = b.constant(10);
    let product = b.op(Kind::Multiply, &[corner, ten]);
    let mut s = b.finish(product);
    let (def, _) = s.group_nodes(&BTreeSet::from([ten, product]), "w").unwrap();
    let d = s.group(&def).unwrap();
    assert_eq!(d.inputs, vec![GroupPin::new("Is corner", PinType::Int)]);
}

#[test]
fn bad_selections_are_refused_with_the_reason() {
    let s = expert();
    let mut t = s.clone();
    assert!(refused(t.group_nodes(&BTreeSet::new(), "x").unwrap_err()).contains("select"));
    let why = refused(t.group_nodes(&set(&[54, 55]), "x").unwrap_err());
    assert!(why.contains("Cell value"), "{why}");
    assert!(matches!(
        t.group_nodes(&set(&[999]), "x"),
        Err(StrategyError::UnknownNode(NodeId(999)))
    ));
    // 45 (the first Sum) and 48 (Add) with 46 outside: 45 → 46 → 48.
    let why = refused(t.group_nodes(&set(&[45, 48]), "x").unwrap_err());
    assert!(why.contains("node 46 'Sum'"), "{why}");
    assert!(why.contains("depend on itself"), "{why}");
    assert_eq!(t, s, "a refused grouping changes nothing");
}

#[test]
fn groups_nest_and_a_group_may_not_contain_itself() {
    let original = expert();
    let mut s = original.clone();
    let (outer, _) = s.group_nodes(&set(AFTER_TERMS), "threats").unwrap();
    // Inside the body: group two of its terms again.
    let (inner, inner_node) = s
        .group_nodes_in(Some(&outer), &set(&[24, 25, 26]), "endangered")
        .unwrap();
    assert_eq!(s.nesting_depth(), 2);
    assert_eq!(s.instances_in(Some(&outer), &inner), vec![inner_node]);
    let ps = positions();
    assert_eq!(heat(&inline_all(s.clone()), &ps), heat(&original, &ps));
    // An instance of the outer group inside the inner one: refused, with the path.
    let why = refused(
        s.add_instance(Some(&inner), &outer, [0.0, 0.0])
            .unwrap_err(),
    );
    assert_eq!(
        why,
        "group 'endangered' may not contain itself: endangered › threats › endangered"
    );
    let why = refused(
        s.add_instance(Some(&outer), &outer, [0.0, 0.0])
            .unwrap_err(),
    );
    assert!(why.ends_with("threats › threats"), "{why}");
    assert!(s.check_nesting().is_ok());
    // Made by hand (as a hand-edited file would), the cycle is found.
    let body = s.group_body_mut(&inner).unwrap();
    body.add_node(
        NodeKind::Group {
            def: outer.clone(),
            inputs: vec![],
            outputs: vec![],
        },
        [0.0, 0.0],
    );
    assert_eq!(
        s.group_cycle(),
        Some(vec![inner.clone(), outer.clone(), inner.clone()])
    );
    assert!(refused(s.check_nesting().unwrap_err()).contains("may not contain itself"));
}

#[test]
fn ungrouping_an_instance_keeps_a_shared_definition_and_zeroes_open_inputs() {
    let mut s = expert();
    let (def, first) = s.group_nodes(&set(AFTER_TERMS), "threats").unwrap();
    let second = s.add_instance(None, &def, [0.0, 3000.0]).unwrap();
    s.ungroup(first).unwrap();
    assert!(s.group(&def).is_some(), "the second instance still uses it");
    // A group with an input feeding Multiply's b (default 1): unconnected
    // outside, inlining feeds b a constant 0, as the open group input did.
    let mut b = GraphBuilder::new("t", "");
    let atoms = b.op(Kind::Atoms, &[]);
    let five = b.constant(5);
    let product = b.op(Kind::Multiply, &[five, atoms]);
    let mut t = b.finish(product);
    let (_, instance) = t
        .group_nodes(&BTreeSet::from([five, product]), "w")
        .unwrap();
    let wire = *t.wires_into(instance).next().unwrap();
    t.remove_wire(wire);
    let created = t.ungroup(instance).unwrap();
    assert_eq!(created.len(), 3, "five, the product and a zero");
    let zero = t
        .nodes()
        .iter()
        .find(|n| matches!(n.kind, NodeKind::Constant { value: 0, .. }))
        .unwrap();
    assert!(t.feeds(product, 1).any(|w| w.from == zero.id));
    // The second instance of the first strategy inlines under fresh ids.
    let before = s.nodes().len();
    let added = s.ungroup(second).unwrap();
    assert_eq!(added.len(), AFTER_TERMS.len());
    assert_eq!(s.nodes().len(), before - 1 + AFTER_TERMS.len());
    assert!(s.groups().is_empty());
    assert!(refused(s.ungroup(NodeId(46)).unwrap_err()).contains("not a group"));
}

/// A strategy with group "g" (inputs a, b; outputs sum, diff) used at the
/// top level and inside group "user".
fn two_pin_group() -> Strategy {
    let mut b = GraphBuilder::new("t", "");
    let atoms = b.op(Kind::Atoms, &[]);
    let cap = b.op(Kind::Capacity, &[]);
    let sum = b.op(Kind::Add, &[atoms, cap]);
    let diff = b.op(Kind::Subtract, &[atoms, cap]);
    let three = b.constant(3);
    let scaled = b.op(Kind::Multiply, &[diff, three]);
    let value = b.op(Kind::Max, &[sum, scaled]);
    let mut s = b.finish(value);
    s.group_nodes(&BTreeSet::from([sum, diff]), "g").unwrap();
    s
}

#[test]
fn reordering_renaming_adding_and_removing_pins_rewires_every_instance() {
    let mut s = two_pin_group();
    let original = s.clone();
    let ps = positions();
    let reference = heat(&inline_all(original.clone()), &ps);
    let names = |s: &Strategy, side: PinSide| -> Vec<String> {
        let d = s.group("g").unwrap();
        let pins = if side == PinSide::Input {
            &d.inputs
        } else {
            &d.outputs
        };
        pins.iter().map(|p| p.name.clone()).collect()
    };
    assert_eq!(names(&s, PinSide::Input), ["Atoms here (now)", "Capacity"]);
    s.move_group_pin("g", PinSide::Input, 1, 0).unwrap();
    s.move_group_pin("g", PinSide::Output, 0, 1).unwrap();
    assert_eq!(names(&s, PinSide::Input), ["Capacity", "Atoms here (now)"]);
    assert_eq!(heat(&inline_all(s.clone()), &ps), reference);
    s.rename_group_pin("g", PinSide::Input, 0, "capacity")
        .unwrap();
    let why = refused(
        s.rename_group_pin("g", PinSide::Input, 1, "capacity")
            .unwrap_err(),
    );
    assert!(why.contains("already has an input named"), "{why}");
    assert!(s.rename_group_pin("g", PinSide::Input, 1, " ").is_err());
    assert!(s.move_group_pin("g", PinSide::Input, 0, 5).is_err());
    let node = s
        .add_group_pin(
            "g",
            PinSide::Input,
            GroupPin::new("capacity", PinType::Bool),
        )
        .unwrap();
    assert_eq!(
        names(&s, PinSide::Input),
        ["capacity", "Atoms here (now)", "capacity 2"]
    );
    let body = &s.group("g").unwrap().body;
    assert!(matches!(
        body.node(node).unwrap().kind,
        NodeKind::GroupInput { index: 2, .. }
    ));
    assert_eq!(heat(&inline_all(s.clone()), &ps), reference);
    // Removing the first input: its interface node and wires go, the rest move up.
    s.remove_group_pin("g", PinSide::Input, 0).unwrap();
    assert_eq!(
        names(&s, PinSide::Input),
        ["Atoms here (now)", "capacity 2"]
    );
    let instance = s.instances_in(None, "g")[0];
    let inputs: Vec<usize> = s.wires_into(instance).map(|w| w.input).collect();
    assert_eq!(inputs, [0], "atoms stays wired, now as input 0");
    let body = &s.group("g").unwrap().body;
    let indices: Vec<usize> = body
        .nodes()
        .iter()
        .filter_map(|n| match n.kind {
            NodeKind::GroupInput { index, .. } => Some(index),
            _ => None,
        })
        .collect();
    assert_eq!(indices, [0, 1]);
    s.rename_group("g", "sum and difference").unwrap();
    assert_eq!(s.group_name("g"), "sum and difference");
}

#[test]
fn reordering_rewires_instances_inside_other_bodies_too() {
    let mut s = two_pin_group();
    let instance = s.instances_in(None, "g")[0];
    let (user, _) = s.group_nodes(&BTreeSet::from([instance]), "user").unwrap();
    let ps = positions();
    let reference = heat(&inline_all(s.clone()), &ps);
    s.move_group_pin("g", PinSide::Input, 0, 1).unwrap();
    s.move_group_pin("g", PinSide::Output, 1, 0).unwrap();
    assert_eq!(heat(&inline_all(s.clone()), &ps), reference);
    assert_eq!(s.instances_in(Some(&user), "g").len(), 1);
}

#[test]
fn importing_copies_used_groups_renaming_clashes_and_sharing_twins() {
    let mut from = two_pin_group();
    let instance = from.instances_in(None, "g")[0];
    from.group_nodes(&BTreeSet::from([instance]), "user")
        .unwrap();
    // Here, a different "g" already exists.
    let mut here = expert();
    here.group_nodes(&set(AFTER_TERMS), "g").unwrap();
    let id = here.import_group(&from, "user").unwrap();
    assert_eq!(id, "user");
    assert!(here.group("g-2").is_some(), "the clashing id is renamed");
    assert_eq!(
        here.group("g-2").unwrap().body,
        from.group("g").unwrap().body
    );
    let inside = &here.group("user").unwrap().body;
    assert!(inside.nodes().iter().any(
        |n| matches!(&n.kind, NodeKind::Group { def, inputs, .. } if def == "g-2" && inputs.len() == 2)
    ));
    // Importing again shares the identical definitions.
    let again = here.import_group(&from, "user").unwrap();
    assert_eq!(again, "user");
    assert_eq!(here.groups().len(), 3);
    assert!(here.import_group(&from, "nothing").is_err());
    // A source group containing itself is refused, with the path.
    let mut cyclic = from.clone();
    cyclic.group_body_mut("g").unwrap().add_node(
        NodeKind::Group {
            def: "user".into(),
            inputs: vec![],
            outputs: vec![],
        },
        [0.0, 0.0],
    );
    let why = refused(here.import_group(&cyclic, "user").unwrap_err());
    assert!(why.contains("contains itself"), "{why}");
}

#[test]

fn the_compiler_values_a_grouped_graph_as_its_flat_twin() {
    let original = expert();
    let mut s = original.clone();
    let (outer, _) = s.group_nodes(&set(AFTER_TERMS), "threats").unwrap();
    s.group_nodes_in(Some(&outer), &set(&[24, 25, 26]), "inner")
        .unwrap();
    let ps = positions();
    assert_eq!(heat(&s, &ps), heat(&original, &ps));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// Any selection of a random graph either groups (and then inlining
    /// computes the same, and ungrouping gives the graph back exactly) or
    /// is refused because a path leaves it and comes back.
    #[test]
    fn grouping_random_selections(
        g in common::valid_graph(true, 18),
        pick in prop::collection::vec(any::<bool>(), 18),
    ) {
        let chosen: BTreeSet<NodeId> = g
            .nodes()
            .iter()
            .zip(pick.iter().cycle())
            .filter(|(n, take)| **take && n.kind != NodeKind::Output)
            .map(|(n, _)| n.id)
            .collect();
        prop_assume!(!chosen.is_empty());
        let mut s = g.clone();
        let loops = g.nodes().iter().any(|n| {
            !chosen.contains(&n.id)
                && chosen.iter().any(|&c| g.reaches(c, n.id))
                && chosen.iter().any(|&c| g.reaches(n.id, c))
        });
        match s.group_nodes(&chosen, "random") {
            Ok((_, instance)) => {
                prop_assert!(!loops);
                prop_assert!(s.cycles().is_empty());
                let ps = common::random_positions(5, 6, Size::new(4, 4).unwrap(), 2, Rules::Standard);
                prop_assert_eq!(heat(&inline_all(s.clone()), &ps), heat(&g, &ps));
                s.ungroup(instance).unwrap();
                prop_assert_eq!(s, g);
            }
            Err(e) => {
                prop_assert!(loops, "refused without a loop: {e}");
                prop_assert_eq!(s, g);
            }
        }
    }
}
