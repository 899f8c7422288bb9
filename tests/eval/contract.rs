//! The evaluation contract (`docs/strategy-format.md`, "Evaluation"): only
//! active cells are chosen, values below 0 count as 0, the highest value wins
//! with a uniform seeded tie break; `heat_map`, `choose` and `explain` agree
//! with each other.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use chainlab::bots::graph::{GraphFactory, file_factory};
use chainlab::bots::{Agent, AgentFactory};
use chainlab::eval::{EvalError, Evaluator, Program};
use chainlab::rng::rng_from_seed;
use chainlab::rules::{Coord, Position, Rules, Size};
use chainlab::strategy::Strategy as Graph;
use chainlab::strategy::{GraphBuilder, Kind, NodeId, NodeKind};
use proptest::prelude::*;

fn strict(g: &Graph) -> Evaluator {
    Evaluator::new(Arc::new(Program::compile(g).unwrap()))
}

/// Pearson's chi-square statistic of `counts` against a uniform distribution.
fn chi_square(counts: &[usize]) -> f64 {
    let n: usize = counts.iter().sum();
    let e = n as f64 / counts.len() as f64;
    counts.iter().map(|&c| (c as f64 - e).powi(2) / e).sum()
}

/// How often each cell is chosen over `seeds` seeds.
fn choices(g: &Graph, p: &Position, seeds: u64) -> HashMap<Coord, usize> {
    let mut ev = strict(g);
    let mut counts = HashMap::new();
    for seed in 0..seeds {
        let c = ev.choose(p, &mut rng_from_seed(seed)).unwrap();
        *counts.entry(c).or_default() += 1;
    }
    counts
}

/// Asserts that `counts` covers exactly `cells`, uniformly: the threshold is
/// chosen so that a fair tie break fails with probability below 1e-15.
fn assert_uniform(counts: &HashMap<Coord, usize>, cells: &[Coord]) {
    let keys: HashSet<Coord> = counts.keys().copied().collect();
    assert_eq!(
        keys,
        cells.iter().copied().collect::<HashSet<_>>(),
        "chosen cells"
    );
    let v: Vec<usize> = cells.iter().map(|c| counts[c]).collect();
    // Upper tail of chi-square at p = 1e-15 for k - 1 degrees of freedom
    // (k = 4: 74.7; k = 6: 81.9; k = 30: 135): use a bound above all of them
    // for k <= 30.
    let threshold = match cells.len() {
        0..=4 => 75.0,
        5..=6 => 82.0,
        _ => 135.0,
    };
    let x = chi_square(&v);
    assert!(
        x < threshold,
        "not uniform: chi-square {x:.1} for counts {v:?}"
    );
}

#[test]
fn four_way_tie_is_broken_uniformly() {
    // Corners are worth 7, every other cell 0 (a weight on Is corner).
    let mut b = GraphBuilder::new("corners", "");
    let corner = b.op(Kind::IsCorner, &[]);
    let v = b.weighted(corner, 7);
    let g = b.finish(v);
    let p = Position::new(Size::JABC, 2, Rules::Standard).unwrap();
    let corners: Vec<Coord> = [(0, 0), (0, 5), (4, 0), (4, 5)]
        .iter()
        .map(|&(r, c)| Coord::new(r, c).unwrap())
        .collect();
    let map = strict(&g).heat_map(&p, 0).unwrap();
    assert_eq!(map.best(), corners);
    assert_eq!(map.best_value(), Some(7));
    assert_uniform(&choices(&g, &p, 8000), &corners);
}

#[test]
fn negative_values_count_as_zero() {
    // −(10 row + column) − 1: every cell negative, and all different.
    let mut b = GraphBuilder::new("all negative", "");
    let row = b.op(Kind::Row, &[]);
    let col = b.op(Kind::Column, &[]);
    let r10 = b.weighted(row, 10);
    let s = b.sum(&[r10, col]);
    let one = b.constant(1);
    let s = b.op(Kind::Add, &[s, one]);
    let v = b.op(Kind::Negate, &[s]);
    let g = b.finish(v);
    let p = common::position_file("3x3-hand.txt");
    let active = common::active(&p);
    let map = strict(&g).heat_map(&p, 0).unwrap();
    for c in &active {
        let i = p.size().index(*c);
        assert_eq!(
            map.raw[i],
            Some(-(10 * c.row() as i64 + c.col() as i64) - 1)
        );
        assert_eq!(map.value(i), Some(0));
    }
    assert_eq!(map.best(), active);
    assert_eq!(map.best_value(), Some(0));
    // Uniform among all six active cells, never an inactive one.
    assert_uniform(&choices(&g, &p, 6000), &active);

    // −5 and 0 tie (both count as 0); 3 beats both.
    let mut b = GraphBuilder::new("mixed", "");
    let corner = b.op(Kind::IsCorner, &[]);
    let centre = b.op(Kind::IsCentre, &[]);
    let zero = b.constant(0);
    let minus = b.constant(-5);
    let three = b.constant(3);
    let inner = b.op(Kind::IfThenElse, &[corner, zero, minus]);
    let v = b.op(Kind::IfThenElse, &[centre, three, inner]);
    let g = b.finish(v);
    let empty = Position::new(Size::new(3, 3).unwrap(), 2, Rules::Standard).unwrap();
    let mut ev = strict(&g);
    for seed in 0..50 {
        assert_eq!(
            ev.choose(&empty, &mut rng_from_seed(seed)).unwrap(),
            Coord::new(1, 1).unwrap()
        );
    }
    // When the centre is not active (A owns it, B is to move), all eight
    // active cells tie: 0 and −5 both count as 0.
    let no_centre = common::position(
        "size 3x3\nplayers 2\nto-move B\nplaced A B\nmoves 2\n.  .  .\n.  A1 .\n.  .  B1\n",
    );
    let expected: Vec<Coord> = common::active(&no_centre);
    assert_eq!(expected.len(), 8);
    assert_uniform(&choices(&g, &no_centre, 8000), &expected);
}

#[test]
fn same_seed_same_choice() {
    let positions = common::mixed_positions(21, 60);
    for (path, g) in common::shipped() {
        let factory = GraphFactory::new("s", &g).unwrap();
        let mut a = factory.create().unwrap();
        let mut b = factory.create().unwrap();
        let mut ev = strict(&g);
        for (k, p) in positions.iter().enumerate() {
            let seed = k as u64 * 7919;
            let x = a.choose(p, &mut rng_from_seed(seed)).unwrap();
            let y = b.choose(p, &mut rng_from_seed(seed)).unwrap();
            let z = ev.choose(p, &mut rng_from_seed(seed)).unwrap();
            assert_eq!((x, x), (y, z), "{}", path.display());
        }
    }
}

#[test]
fn game_over_and_bad_cells_are_errors() {
    let (_, g) = common::shipped().remove(3);
    // The end of a game played with the first legal move every time.
    let mut over = Position::new(Size::new(2, 3).unwrap(), 2, Rules::Standard).unwrap();
    while !over.is_over() {
        let first = over.moves().iter().next().unwrap();
        over.play(first).unwrap();
    }
    let mut ev = strict(&g);
    assert_eq!(ev.heat_map(&over, 0), Err(EvalError::GameOver));
    assert_eq!(
        ev.choose(&over, &mut rng_from_seed(0)),
        Err(EvalError::GameOver)
    );
    let p = common::position_file("3x3-hand.txt");
    let off = Coord::new(5, 0).unwrap();
    assert!(matches!(
        ev.explain(&p, off, 0),
        Err(EvalError::OffBoard(..))
    ));
    let taken = Coord::new(0, 1).unwrap();
    assert_eq!(ev.explain(&p, taken, 0), Err(EvalError::Inactive(taken)));
    // A graph without a computable Cell value has no heat map, but explains.
    let cyclic = Graph::load(&common::fixture("cycle.json")).unwrap();
    let mut ev = Evaluator::new(Arc::new(Program::compile_lenient(&cyclic)));
    assert_eq!(ev.heat_map(&p, 0), Err(EvalError::NoOutput));
    assert_eq!(
        ev.choose(&p, &mut rng_from_seed(0)),
        Err(EvalError::NoOutput)
    );
    let t = ev.explain(&p, Coord::new(0, 0).unwrap(), 0).unwrap();
    assert_eq!(t.output, None);
    // Row is computed; the cycle and what it feeds are not.
    let value = |id: u32| t.values.iter().find(|(n, _)| n.0 == id).unwrap().1;
    assert_eq!(value(1), Some(0));
    for id in [3, 4, 6, 7, 8, 10] {
        assert_eq!(value(id), None, "node {id}");
    }
    // A graph with errors makes no player, and says why.
    let e = GraphFactory::new("broken", &cyclic)
        .unwrap_err()
        .to_string();
    assert!(e.contains("broken") && e.contains("cycle"), "{e}");
    let e = file_factory(&common::fixture("two-outputs.json"))
        .err()
        .unwrap()
        .to_string();
    assert!(
        e.contains("two-outputs") && e.contains("exactly one Cell value"),
        "{e}"
    );
    let f = file_factory(&common::shipped_paths()[0]).unwrap();
    assert_eq!(f.label(), "01-prefer-corners");
}

#[test]
fn with_two_cell_values_the_editor_shows_the_first() {
    // The validator calls the second Cell value (node 9, fed by Is edge) the
    // extra one; the editor's heat map is the first's (node 5, Is corner),
    // also where guards skip work for the first. It showed the second's.
    let g = Graph::load(&common::fixture("two-outputs.json")).unwrap();
    let p = common::position_file("3x3-hand.txt");
    let mut ev = Evaluator::new(Arc::new(Program::compile_lenient(&g)));
    let map = ev.heat_map(&p, 0).unwrap();
    let corners: Vec<Option<i64>> = (0..9)
        .map(|i| {
            p.is_legal_index(i)
                .then_some(i64::from(p.geometry().capacity(i) == 2))
        })
        .collect();
    assert_eq!(map.raw, corners);
    for c in common::active(&p) {
        let t = ev.explain(&p, c, 0).unwrap();
        assert_eq!(t.output, map.raw[p.size().index(c)], "{c}");
    }
    // A graph where the second Cell value reads a node that only the first
    // reaches through an If branch (found by strategy_fuzz): the heat map and
    // the explained values agree.
    let mut b = GraphBuilder::new("two outputs, guarded", "");
    let atoms = b.node(
        NodeKind::Atoms {
            when: chainlab::strategy::When::Now,
        },
        &[],
    );
    let no = b.node(NodeKind::Truth { value: false }, &[]);
    let zero = b.constant(0);
    let gated = b.op(Kind::IfThenElse, &[no, atoms, zero]);
    let mut g = b.finish(gated);
    let second = g.add(Kind::Output, [0.0, 0.0]);
    g.connect(atoms, second, 0).unwrap();
    let mut ev = Evaluator::new(Arc::new(Program::compile_lenient(&g)));
    for p in common::mixed_positions(2, 20) {
        let map = ev.heat_map(&p, 0).unwrap();
        assert!(map.raw.iter().flatten().all(|&v| v == 0), "{map:?}");
        for c in common::active(&p) {
            assert_eq!(ev.explain(&p, c, 0).unwrap().output, Some(0));
        }
    }
}

/// The nodes of `g` in or after a cycle: what Kahn's algorithm cannot order.
fn blocked(g: &Graph) -> HashSet<NodeId> {
    let mut indegree: HashMap<NodeId, usize> =
        common::ids(g).into_iter().map(|id| (id, 0)).collect();
    for w in g.wires() {
        *indegree.get_mut(&w.to).unwrap() += 1;
    }
    let mut ready: Vec<NodeId> = indegree
        .iter()
        .filter(|e| *e.1 == 0)
        .map(|e| *e.0)
        .collect();
    while let Some(n) = ready.pop() {
        for w in g.wires().iter().filter(|w| w.from == n) {
            let d = indegree.get_mut(&w.to).unwrap();
            *d -= 1;
            if *d == 0 {
                ready.push(w.to);
            }
        }
    }
    indegree
        .into_iter()
        .filter(|e| e.1 > 0)
        .map(|e| e.0)
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// Only active cells have values and are chosen; the choice is among the
    /// best; explain gives the heat map's value for every cell.
    #[test]
    fn only_active_cells_are_chosen(g in common::valid_graph(true, 25), seed in any::<u64>()) {
        let mut ev = strict(&g);
        let mut explain = strict(&g);
        for (k, p) in common::mixed_positions(seed, 8).iter().enumerate() {
            let map = ev.heat_map(p, seed).unwrap();
            for (i, v) in map.raw.iter().enumerate() {
                let c = p.size().coord_of(i);
                prop_assert_eq!(v.is_some(), p.is_legal(c));
                if let Some(v) = v {
                    let t = explain.explain(p, c, seed).unwrap();
                    prop_assert_eq!(t.output, Some(*v));
                }
            }
            let chosen = ev.choose(p, &mut rng_from_seed(seed ^ k as u64)).unwrap();
            prop_assert!(p.is_legal(chosen));
            // `choose` draws the Random nodes' seed first, then the tie break.
            let mut rng = rng_from_seed(seed ^ k as u64);
            let decision = rand::Rng::next_u64(&mut rng);
            let map = ev.heat_map(p, decision).unwrap();
            prop_assert!(map.best().contains(&chosen), "{} not among {:?}", chosen, map.best());
        }
    }

    /// The editor's program explains every node that is not a comment and
    /// not in or after a cycle, with the values of the reference evaluator,
    /// whatever the graph (cycles, wrong types, pins fed twice, several
    /// Cell values); the heat map is the explained Cell value of every cell.
    #[test]
    fn explain_values_every_computable_node(g in common::any_graph(), seed in any::<u64>()) {
        let blocked = blocked(&g);
        let mut ev = Evaluator::new(Arc::new(Program::compile_lenient(&g)));
        for p in common::mixed_positions(seed, 3) {
            let cells = common::active(&p);
            let map = ev.heat_map(&p, seed);
            for &c in cells.iter().take(4) {
                let t = ev.explain(&p, c, seed).unwrap();
                prop_assert_eq!(t.values.len(), g.nodes().len());
                let reference = common::reference(&g, &p, c);
                for (node, (id, value)) in g.nodes().iter().zip(&t.values) {
                    prop_assert_eq!(node.id, *id);
                    let computable = !matches!(node.kind, NodeKind::Comment { .. }) && !blocked.contains(id);
                    prop_assert_eq!(value.is_some(), computable, "node {}", node.label());
                    if let Some(r) = reference.get(id) {
                        prop_assert_eq!(*value, Some(*r), "node {}", node.label());
                    }
                }
                match &map {
                    Ok(map) => prop_assert_eq!(map.raw[p.size().index(c)], t.output),
                    Err(e) => {
                        prop_assert_eq!(e, &EvalError::NoOutput);
                        prop_assert_eq!(t.output, None);
                    }
                }
            }
        }
    }
}
