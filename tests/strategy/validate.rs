//! Validation: one fixture (`tests/data/strategies/`) or built graph per
//! diagnostic, checking severity, node id, pin name and message, that every
//! problem is reported at once, and that `connect` refuses what would make a
//! graph wrong.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

use chainlab::eval::{EvalError, Program};
use chainlab::strategy::Strategy as Graph;
use chainlab::strategy::{
    Diagnostic, GraphBuilder, Kind, NodeId, NodeKind, Report, Severity, StrategyError, Tuning, When,
};

fn report(name: &str) -> Report {
    Graph::load(&common::fixture(name)).unwrap().validate()
}

/// The diagnostics as `(severity, node, pin)`, in report order.
fn keys(r: &Report) -> Vec<(Severity, Option<u32>, Option<&str>)> {
    r.diagnostics
        .iter()
        .map(|d| (d.severity, d.node.map(|n| n.0), d.pin.as_deref()))
        .collect()
}

fn find<'a>(r: &'a Report, node: u32, pin: Option<&str>) -> &'a Diagnostic {
    r.diagnostics
        .iter()
        .find(|d| d.node == Some(NodeId(node)) && d.pin.as_deref() == pin)
        .unwrap_or_else(|| panic!("no diagnostic for node {node} {pin:?} in {r:#?}"))
}

use Severity::{Error as E, Warning as W};

#[test]
fn shipped_strategies_are_clean() {
    for (path, s) in common::shipped() {
        let r = s.validate();
        assert!(r.diagnostics.is_empty(), "{}: {:#?}", path.display(), r);
        Program::compile(&s).unwrap();
    }
}

#[test]
fn no_output() {
    let r = report("no-output.json");
    assert_eq!(
        keys(&r),
        [
            (E, None, None),
            (W, Some(1), None),
            (W, Some(2), None),
            (W, Some(3), None)
        ]
    );
    let d = &r.diagnostics[0];
    assert!(d.message.contains("no Cell value"), "{d}");
    assert_eq!(d.to_string(), format!("error: {}", d.message));
    // A graph without nodes has the same error.
    let empty = Graph::new("empty").validate();
    assert_eq!(keys(&empty), [(E, None, None)]);
}

#[test]
fn two_outputs() {
    let r = report("two-outputs.json");
    assert_eq!(keys(&r), [(E, Some(9), None), (W, Some(2), None)]);
    let d = find(&r, 9, None);
    assert_eq!(d.title, "Cell value");
    assert!(
        d.message.contains("exactly one") && d.message.contains("node 5"),
        "{d}"
    );
    assert!(
        d.to_string().starts_with("error: node 9 'Cell value': "),
        "{d}"
    );
    // Three outputs: two errors, each naming the first.
    let mut g = Graph::load(&common::fixture("two-outputs.json")).unwrap();
    g.add(Kind::Output, [0.0, 0.0]);
    let r = g.validate();
    assert_eq!(r.errors().count(), 2);
    assert!(r.errors().all(|d| d.message.contains("node 5")));
}

#[test]
fn cycle_names_every_node_in_it() {
    let r = report("cycle.json");
    let errors: Vec<&Diagnostic> = r.errors().collect();
    let nodes: Vec<u32> = errors.iter().map(|d| d.node.unwrap().0).collect();
    assert_eq!(nodes, [3, 4, 6, 7]);
    for d in &errors[..3] {
        assert!(
            d.message.contains("3, 4, 6") && d.message.contains("cycle"),
            "{d}"
        );
    }
    assert!(errors[3].message.contains("nodes 7)"), "{}", errors[3]);
    // The rest of the graph is still checked: unconnected pins in the cycle.
    assert_eq!(
        keys(&r)[4..],
        [(W, Some(4), Some("b")), (W, Some(6), Some("b"))]
    );
    let mut cycles = Graph::load(&common::fixture("cycle.json"))
        .unwrap()
        .cycles();
    cycles.sort();
    assert_eq!(
        cycles,
        [vec![NodeId(3), NodeId(4), NodeId(6)], vec![NodeId(7)]]
    );
}

#[test]
fn number_into_yes_no() {
    let r = report("type-mismatch.json");
    assert_eq!(keys(&r), [(E, Some(4), Some("condition"))]);
    let d = &r.diagnostics[0];
    assert_eq!(d.title, "If then else");
    assert!(
        d.message.contains("needs a yes/no") && d.message.contains("node 1"),
        "{d}"
    );
    assert!(
        d.message.contains("Compare"),
        "the message says how to fix it: {d}"
    );
    // A yes/no into a number is fine (it counts as 1 or 0).
    let mut b = GraphBuilder::new("bool as number", "");
    let corner = b.op(Kind::IsCorner, &[]);
    let s = b.finish(corner);
    assert!(s.validate().diagnostics.is_empty());
}

#[test]
fn pin_fed_twice() {
    let r = report("fed-twice.json");
    assert_eq!(keys(&r), [(E, Some(4), Some("b"))]);
    let d = &r.diagnostics[0];
    assert!(
        d.message.contains("2 wires")
            && d.message.contains("node 2")
            && d.message.contains("node 3"),
        "{d}"
    );
    assert_eq!(
        d.to_string(),
        format!("error: node 4 'Add', input 'b': {}", d.message)
    );
}

#[test]
fn unconnected_inputs_take_the_documented_defaults() {
    let r = report("unconnected.json");
    assert!(!r.has_errors());
    let expected = [
        (2, "low", "default 0"),
        (2, "high", "default 100"),
        (4, "b", "default yes"),
        (5, "b", "default 1"),
        (6, "else", "default 0"),
    ];
    assert_eq!(r.diagnostics.len(), expected.len(), "{r:#?}");
    for (node, pin, text) in expected {
        let d = find(&r, node, Some(pin));
        assert_eq!(d.severity, W);
        assert!(d.message.contains(text), "{d}");
    }
    // An unconnected Or takes "no", a Cell value fed by nothing makes every cell 0.
    let mut g = Graph::new("or");
    let or = g.add(Kind::Or, [0.0, 0.0]);
    let out = g.add(Kind::Output, [0.0, 0.0]);
    g.connect(or, out, 0).unwrap();
    let r = g.validate();
    assert!(find(&r, or.0, Some("a")).message.contains("default no"));
    let mut g = Graph::new("nothing");
    let out = g.add(Kind::Output, [0.0, 0.0]);
    let r = g.validate();
    assert_eq!(keys(&r), [(W, Some(out.0), Some("value"))]);
    assert!(r.diagnostics[0].message.contains("worth 0"));
}

#[test]
fn unreachable_nodes_and_unused_lookahead() {
    let r = report("unreachable.json");
    assert_eq!(
        keys(&r),
        [
            (W, Some(2), None),
            (W, Some(4), None),
            (W, Some(5), None),
            (W, Some(6), None)
        ]
    );
    for n in [2, 4] {
        assert!(
            find(&r, n, None)
                .message
                .contains("does not feed the Cell value")
        );
    }
    for n in [5, 6] {
        let m = &find(&r, n, None).message;
        assert!(
            m.contains("after placing here") && m.contains("does not feed"),
            "{m}"
        );
    }
    // Comments get nothing; neither do the unconnected pins of unused nodes.
    assert!(r.for_node(NodeId(7)).next().is_none());
    // Unused lookahead in a graph without a Cell value says so.
    let mut g = Graph::new("lookahead only");
    g.add_node(NodeKind::Atoms { when: When::After }, [0.0, 0.0]);
    let r = g.validate();
    assert!(r.diagnostics[1].message.contains("no Cell value"), "{r:#?}");
    // The strict program leaves unused nodes out, so it does not look ahead.
    let s = Graph::load(&common::fixture("unreachable.json")).unwrap();
    assert!(!Program::compile(&s).unwrap().uses_lookahead());
    assert!(Program::compile_lenient(&s).uses_lookahead());
}

#[test]
fn division_by_constant_zero() {
    let r = report("divide-by-zero.json");
    assert_eq!(keys(&r), [(W, Some(4), Some("b")), (W, Some(7), Some("b"))]);
    for n in [4, 7] {
        assert!(find(&r, n, Some("b")).message.contains("constant 0"));
    }
    // A folded constant expression of yes/no values and arithmetic:
    // (3 > 5) × 7 is 0; Clamp(-4) with its defaults is 0.
    let mut b = GraphBuilder::new("folded zero", "");
    let three = b.constant(3);
    let five = b.constant(5);
    let gt = b.node(
        NodeKind::Compare {
            op: chainlab::strategy::CompareOp::Greater,
        },
        &[three, five],
    );
    let seven = b.constant(7);
    let zero = b.op(Kind::Multiply, &[gt, seven]);
    let row = b.op(Kind::Row, &[]);
    let d1 = b.op(Kind::Divide, &[row, zero]);
    let minus4 = b.constant(-4);
    let clamp = b.op(Kind::Clamp, &[minus4]);
    let d2 = b.op(Kind::Divide, &[d1, clamp]);
    let s = b.finish(d2);
    let r = s.validate();
    let zeros: Vec<NodeId> = r
        .diagnostics
        .iter()
        .filter(|d| d.message.contains("constant 0"))
        .map(|d| d.node.unwrap())
        .collect();
    assert_eq!(zeros, [d1, d2], "{r:#?}");
    assert_eq!(s.constant_values().get(&zero), Some(&0));
    // The division still evaluates (to 0), and compiles despite the warnings.
    assert!(!r.has_errors());
    Program::compile(&s).unwrap();
}

#[test]
fn everything_at_once() {
    let r = report("everything-wrong.json");
    let expected = [
        (E, Some(2), Some("x")), // number into yes/no
        (E, Some(3), None),      // cycle 3 → 4
        (E, Some(4), None),
        (E, Some(8), None),       // second Cell value
        (E, Some(10), Some("b")), // fed three times
        (W, Some(3), None),       // cycle nodes feed nothing
        (W, Some(4), None),
        (W, Some(6), Some("b")), // division by the constant 0, despite the cycle
        (W, Some(8), Some("value")),
        (W, Some(9), None), // unused lookahead
    ];
    assert_eq!(keys(&r), expected, "{r:#?}");
    assert!(find(&r, 10, Some("b")).message.contains("3 wires"));
    assert!(find(&r, 6, Some("b")).message.contains("constant 0"));
    // Errors come first, then by node.
    let mut sorted = keys(&r);
    sorted.sort_by_key(|k| (k.0, k.1));
    assert_eq!(
        keys(&r).iter().map(|k| (k.0, k.1)).collect::<Vec<_>>(),
        sorted.iter().map(|k| (k.0, k.1)).collect::<Vec<_>>()
    );
    // Compiling reports the same errors, all of them.
    let s = Graph::load(&common::fixture("everything-wrong.json")).unwrap();
    match Program::compile(&s) {
        Err(EvalError::Invalid(errors)) => {
            let shown: Vec<&Diagnostic> = r.errors().collect();
            assert_eq!(errors.iter().collect::<Vec<_>>(), shown);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn validation_reports_the_title_at_validation_time() {
    let mut b = GraphBuilder::new("titles", "");
    let n = b.node(NodeKind::Danger { when: When::After }, &[]);
    let not = b.op(Kind::Not, &[n]);
    let s = b.finish(not);
    let d = find(&s.validate(), not.0, Some("x")).clone();
    assert!(
        d.message
            .contains("'Critical enemy neighbours (after placing here)'"),
        "{d}"
    );
}

#[test]
fn connect_refuses_wrong_graphs() {
    let mut g = Graph::new("editor");
    let danger = g.add(Kind::Danger, [0.0, 0.0]);
    let not = g.add(Kind::Not, [0.0, 0.0]);
    let add = g.add(Kind::Add, [0.0, 0.0]);
    let neg = g.add(Kind::Negate, [0.0, 0.0]);
    let out = g.add(Kind::Output, [0.0, 0.0]);
    let note = g.add(Kind::Comment, [0.0, 0.0]);
    let refused = |r: Result<(), StrategyError>| match r {
        Err(e) => e.to_string(),
        Ok(()) => panic!("accepted"),
    };
    let e = refused(g.connect(danger, not, 0));
    assert!(
        e.contains("gives a number") && e.contains("needs a yes/no") && e.contains("'x'"),
        "{e}"
    );
    let e = refused(g.connect(add, add, 0));
    assert!(e.contains("cycle"), "{e}");
    g.connect(add, neg, 0).unwrap();
    let e = refused(g.connect(neg, add, 1));
    assert!(e.contains("cycle"), "{e}");
    let e = refused(g.connect(out, add, 0));
    assert!(e.contains("no output"), "{e}");
    let e = refused(g.connect(note, add, 0));
    assert!(e.contains("no output"), "{e}");
    let e = refused(g.connect(add, neg, 1));
    assert!(e.contains("no input number 1"), "{e}");
    assert!(matches!(
        g.connect(NodeId(99), add, 0),
        Err(StrategyError::UnknownNode(NodeId(99)))
    ));
    assert!(matches!(
        g.connect(add, NodeId(98), 0),
        Err(StrategyError::UnknownNode(NodeId(98)))
    ));
    // Connecting a fed pin replaces its wire: never two wires into one pin.
    g.connect(danger, add, 0).unwrap();
    g.connect(neg, out, 0).unwrap();
    let row = g.add(Kind::Row, [0.0, 0.0]);
    g.connect(row, add, 0).unwrap();
    assert_eq!(g.feeds(add, 0).map(|w| w.from).collect::<Vec<_>>(), [row]);
    // Refusals change nothing.
    assert_eq!(g.wires().len(), 3);
    assert!(g.validate().diagnostics.iter().all(|d| d.severity == W));
    // Removing a node removes its wires.
    g.remove(neg).unwrap();
    assert!(g.wires().iter().all(|w| w.from != neg && w.to != neg));
}

#[test]
fn a_big_cycle_gives_a_report_of_reasonable_size() {
    // 20,000 nodes in one cycle: every node gets its error, but each message
    // lists only a few of them (listing all made the report quadratic:
    // gigabytes for this graph).
    let n = 20_000u32;
    let mut g = Graph::new("big cycle");
    for i in 1..=n {
        g.add(Kind::Negate, [0.0, 0.0]);
        g.push_wire(chainlab::strategy::Wire {
            to: NodeId(i),
            input: 0,
            from: NodeId(if i == 1 { n } else { i - 1 }),
            output: 0,
        });
    }
    let out = g.add(Kind::Output, [0.0, 0.0]);
    g.push_wire(chainlab::strategy::Wire {
        to: out,
        input: 0,
        from: NodeId(n),
        output: 0,
    });
    let r = g.validate();
    assert_eq!(r.errors().count(), n as usize);
    let first = r.errors().next().unwrap().to_string();
    assert!(
        first.contains(&format!("({n} nodes in all)")),
        "{first:.300}"
    );
    let total: usize = r.diagnostics.iter().map(|d| d.message.len()).sum();
    assert!(total < 200 * n as usize, "{total} bytes of messages");
    // The editor's program computes nothing of it, and says so.
    let t = chainlab::eval::Evaluator::new(std::sync::Arc::new(Program::compile_lenient(&g)))
        .explain(
            &common::position_file("midgame.txt"),
            chainlab::rules::Coord::new(0, 0).unwrap(),
            0,
        )
        .unwrap();
    assert!(t.values.iter().all(|(_, v)| v.is_none()));
}

#[test]
fn tuning_ranges_reversed_empty_or_missing_the_value_are_warnings() {
    let mut b = GraphBuilder::new("tuning", "");
    let atoms = b.op(Kind::Atoms, &[]);
    let c = [b.constant(3), b.constant(4), b.constant(9), b.constant(2)];
    let sum = b.sum(&[atoms, c[0], c[1], c[2], c[3]]);
    let mut g = b.finish(sum);
    let ranges = [
        Tuning::Range { min: 8, max: 1 },
        Tuning::Range { min: 4, max: 4 },
        Tuning::Range { min: 0, max: 5 },
        Tuning::Range { min: 0, max: 5 },
    ];
    for (id, t) in c.iter().zip(ranges) {
        if let NodeKind::Constant { tune, .. } = &mut g.node_mut(*id).unwrap().kind {
            *tune = t;
        }
    }
    let r = g.validate();
    assert!(!r.has_errors(), "{r:#?}");
    for (id, what) in c.iter().zip(["reversed", "empty", "outside", ""]) {
        let found: Vec<&Diagnostic> = r.for_node(*id).collect();
        if what.is_empty() {
            assert!(found.is_empty(), "{found:#?}");
        } else {
            assert_eq!(found.len(), 1, "{found:#?}");
            assert_eq!(found[0].severity, W);
            assert!(found[0].message.contains(what), "{}", found[0]);
        }
    }
}
