//! How group definitions use each other: which definitions contain
//! themselves (and the path that shows it), how deeply the others nest, and
//! how many nodes and wires inlining them gives, all without inlining.
//!
//! The definitions and the "body of A has an instance of B" relation form a
//! graph of at most [`super::MAX_GROUPS`] definitions. Its strongly connected
//! components are found once (Tarjan's algorithm, iteratively); a component
//! with more than one definition, or one with an instance of itself, is
//! recursive, and so is every definition that reaches one. Depth and sizes
//! are then computed children first, in the order the components were found,
//! so the whole analysis is linear in the number of nodes of all bodies.

use std::collections::{BTreeMap, BTreeSet, HashMap, VecDeque};

use crate::strategy::graph::Strategy;
use crate::strategy::graph::topology::strongly_connected;
use crate::strategy::kind::NodeKind;

/// What the analysis knows about one definition.
#[derive(Clone, Debug, Default)]
pub(in crate::strategy) struct DefFacts {
    /// The cycle it is on or reaches, as a path of ids from a definition
    /// back to itself (`a → b → a`); `None` when it does not contain itself.
    pub cycle: Option<Vec<String>>,
    /// Levels of groups from this one down (1 when it has no instances);
    /// with the chain of ids that makes it.
    pub depth: Vec<String>,
    /// The nodes of its body with every instance inlined (saturating).
    pub nodes: u64,
    /// The wires likewise.
    pub wires: u64,
}

/// The analysis of every definition of a strategy, by id.
pub(in crate::strategy) struct Nesting {
    /// The facts, for every definition.
    pub facts: BTreeMap<String, DefFacts>,
}

/// The definitions a graph's instances use (existing ones only), each once, sorted.
fn used_by(graph: &Strategy, defs: &BTreeSet<&str>) -> Vec<String> {
    let mut used: Vec<String> = graph
        .nodes()
        .iter()
        .filter_map(|n| match &n.kind {
            NodeKind::Group { def, .. } if defs.contains(def.as_str()) => Some(def.clone()),
            _ => None,
        })
        .collect();
    used.sort();
    used.dedup();
    used
}

impl Nesting {
    /// Analyses the definitions of `strategy`.
    pub fn of(strategy: &Strategy) -> Nesting {
        let ids: BTreeSet<&str> = strategy.groups().keys().map(String::as_str).collect();
        let names: Vec<&str> = ids.iter().copied().collect();
        let index: HashMap<&str, usize> = names.iter().enumerate().map(|(i, n)| (*n, i)).collect();
        let succ: Vec<Vec<usize>> = names
            .iter()
            .map(|id| {
                strategy
                    .group(id)
                    .map(|d| used_by(&d.body, &ids))
                    .unwrap_or_default()
                    .iter()
                    .filter_map(|u| index.get(u.as_str()).copied())
                    .collect()
            })
            .collect();
        let components = strongly_connected(&succ);
        let mut facts: Vec<DefFacts> = vec![DefFacts::default(); names.len()];
        // Components come children first: everything a member uses outside
        // its own component is already known.
        for component in &components {
            let cyclic =
                component.len() > 1 || component.first().is_some_and(|&v| succ[v].contains(&v));
            let own_cycle = cyclic.then(|| cycle_path(component, &succ, &names));
            for &v in component {
                let cycle = own_cycle
                    .clone()
                    .or_else(|| succ[v].iter().find_map(|&c| facts[c].cycle.clone()));
                facts[v].cycle = cycle;
            }
            if cyclic {
                continue;
            }
            for &v in component {
                let Some(def) = strategy.group(names[v]) else {
                    continue;
                };
                facts[v] = measured(names[v], &def.body, &facts, &index, facts[v].cycle.clone());
            }
        }
        Nesting {
            facts: names.iter().map(|n| n.to_string()).zip(facts).collect(),
        }
    }

    /// The facts about definition `id`.
    pub fn get(&self, id: &str) -> Option<&DefFacts> {
        self.facts.get(id)
    }

    /// The cycle an instance of `id` runs into, starting at `id` when it is
    /// on the cycle itself (`threats → safety → threats` for an instance of
    /// `threats`); `None` when `id` does not contain itself.
    pub fn cycle_for(&self, id: &str) -> Option<Vec<String>> {
        let cycle = self.get(id)?.cycle.as_ref()?;
        let ring = cycle
            .get(..cycle.len().saturating_sub(1))
            .unwrap_or_default();
        match ring.iter().position(|d| d == id) {
            Some(k) => {
                let mut path: Vec<String> = ring[k..].iter().chain(&ring[..k]).cloned().collect();
                path.push(id.to_string());
                Some(path)
            }
            None => Some(cycle.clone()),
        }
    }

    /// The nodes and wires of `graph` with every instance inlined, and its
    /// deepest chain of groups (instances of missing or recursive
    /// definitions count as their own node only).
    pub fn inlined(&self, graph: &Strategy) -> (u64, u64, Vec<String>) {
        let mut nodes = graph.nodes().len() as u64;
        let mut wires = graph.wires().len() as u64;
        let mut deepest: Vec<String> = Vec::new();
        for n in graph.nodes() {
            if let NodeKind::Group { def, .. } = &n.kind
                && let Some(f) = self.get(def)
                && f.cycle.is_none()
            {
                nodes = nodes.saturating_add(f.nodes);
                wires = wires.saturating_add(f.wires);
                if f.depth.len() > deepest.len() {
                    deepest = f.depth.clone();
                }
            }
        }
        (nodes, wires, deepest)
    }
}

/// The sizes and depth of a definition whose children are all measured.
fn measured(
    id: &str,
    body: &Strategy,
    facts: &[DefFacts],
    index: &HashMap<&str, usize>,
    cycle: Option<Vec<String>>,
) -> DefFacts {
    let mut out = DefFacts {
        cycle,
        depth: Vec::new(),
        nodes: body.nodes().len() as u64,
        wires: body.wires().len() as u64,
    };
    let mut deepest: &[String] = &[];
    for n in body.nodes() {
        if let NodeKind::Group { def, .. } = &n.kind
            && let Some(&c) = index.get(def.as_str())
        {
            let child = &facts[c];
            out.nodes = out.nodes.saturating_add(child.nodes);
            out.wires = out.wires.saturating_add(child.wires);
            if child.depth.len() > deepest.len() {
                deepest = &child.depth;
            }
        }
    }
    out.depth = std::iter::once(id.to_string())
        .chain(deepest.iter().cloned())
        .collect();
    out
}

/// A shortest cycle through the component's first (smallest) definition,
/// as ids: `a → b → a`.
fn cycle_path(component: &[usize], succ: &[Vec<usize>], names: &[&str]) -> Vec<String> {
    let members: BTreeSet<usize> = component.iter().copied().collect();
    let Some(&start) = members.first() else {
        return Vec::new();
    };
    // Breadth first from `start` inside the component until an edge returns to it.
    let mut parent: HashMap<usize, usize> = HashMap::new();
    let mut queue = VecDeque::from([start]);
    let mut last = start;
    'search: while let Some(v) = queue.pop_front() {
        for &w in &succ[v] {
            if w == start {
                last = v;
                break 'search;
            }
            if members.contains(&w) && !parent.contains_key(&w) {
                parent.insert(w, v);
                queue.push_back(w);
            }
        }
    }
    let mut path = vec![start];
    let mut v = last;
    while v != start {
        path.push(v);
        v = parent.get(&v).copied().unwrap_or(start);
    }
    path[1..].reverse();
    path.push(start);
    path.into_iter().map(|i| names[i].to_string()).collect()
}
