//! Flattening: every group instance replaced by the nodes of its definition,
//! recursively, so that the evaluator compiles a plain graph and a grouped
//! graph costs exactly what its flat twin costs. Its own folder, apart from
//! the editing of groups (`strategy/group/`): it makes a new graph for the
//! compiler and never changes the strategy. `nesting.rs` is the analysis it
//! asks first (validation asks it too).
//!
//! Invariants:
//! - top-level nodes keep their ids (so traces and Random draws of graphs
//!   without groups do not change); inlined nodes get fresh ids above them;
//! - a Group input is replaced by whatever feeds the instance's input, a
//!   Group output by a wire straight to the instance's consumers: the flat
//!   graph has no interface nodes and no pass-through nodes, so it costs
//!   nothing extra. An unconnected instance input gives 0 (no): consumers
//!   whose own default is 0 are left unconnected, the others get a constant;
//! - Weighted sums stay as they are (the compiler lowers them to exactly the
//!   instructions of Multiply-by-constant nodes wired into a Sum);
//! - recursion, nesting deeper than [`MAX_GROUP_DEPTH`] and a flat graph
//!   over [`MAX_NODES`] nodes are found before anything is copied (see
//!   `nesting`), so a small file can never make a huge graph.

pub(super) mod nesting;

use std::collections::{BTreeMap, HashMap};

use crate::strategy::error::FlattenError;
use crate::strategy::graph::{Node, Strategy, Wire};
use crate::strategy::id::NodeId;
use crate::strategy::kind::NodeKind;
use crate::strategy::kind::pins::PinType;
use crate::strategy::kind::tuning::Tuning;
use crate::strategy::limits::{MAX_FLAT_WIRES, MAX_GROUP_DEPTH, MAX_NODES};
use nesting::Nesting;

/// Where an inlined node of a flat graph came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Origin {
    /// The group instances it is inside, from the top level inwards (the
    /// first is a top-level node).
    pub path: Vec<NodeId>,
    /// The definition whose body holds it.
    pub group: String,
    /// Its id in that body.
    pub node: NodeId,
}

/// A strategy with its groups inlined, and where the flat values come from.
#[derive(Clone, Debug, Default)]
pub struct Flat {
    /// The graph without groups: no group, group input or group output nodes
    /// (except, in a lenient flattening, instances that could not be inlined).
    pub graph: Strategy,
    /// For each inlined top-level group instance, for each of its outputs,
    /// the flat node (and its output) that gives it; `None` when nothing
    /// feeds it (the output gives nothing).
    pub outputs: BTreeMap<NodeId, Vec<Option<(NodeId, usize)>>>,
    /// For every inlined node: where it came from.
    pub origin: BTreeMap<NodeId, Origin>,
}

impl Strategy {
    /// The strategy with every group instance inlined (see the module
    /// documentation). Fails when a definition is missing or contains
    /// itself, when groups nest deeper than [`MAX_GROUP_DEPTH`], or when the
    /// flat graph would be too large.
    pub fn flatten(&self) -> Result<Flat, FlattenError> {
        let nesting = Nesting::of(self);
        let check = |graph: &Strategy, group: Option<&str>| -> Result<(), FlattenError> {
            for n in graph.nodes() {
                if let NodeKind::Group { def, .. } = &n.kind {
                    if nesting.get(def).is_none() {
                        return Err(FlattenError::MissingGroup {
                            group: group.map(str::to_string),
                            node: n.id,
                            def: def.clone(),
                        });
                    }
                    if let Some(path) = nesting.cycle_for(def) {
                        return Err(FlattenError::Recursion { path });
                    }
                }
            }
            Ok(())
        };
        check(self, None)?;
        for (id, def) in self.groups() {
            check(&def.body, Some(id))?;
        }
        let (nodes, wires, deepest) = nesting.inlined(self);
        if deepest.len() > MAX_GROUP_DEPTH {
            return Err(FlattenError::TooDeep { path: deepest });
        }
        if nodes > MAX_NODES as u64 || wires > MAX_FLAT_WIRES {
            return Err(FlattenError::TooLarge { nodes, wires });
        }
        Ok(Inliner::run(self, &nesting, nodes))
    }

    /// The strategy with every group instance inlined that can be: instances
    /// of missing or recursive definitions, of definitions nested too deep,
    /// or all of them when the flat graph would be too large, stay as group
    /// nodes (they give no value). For the editor, which shows what it can.
    pub fn flatten_lenient(&self) -> Flat {
        match self.flatten() {
            Ok(flat) => flat,
            Err(_) => {
                let nesting = Nesting::of(self);
                let (nodes, wires, _) = nesting.inlined(self);
                let budget = if nodes > MAX_NODES as u64 || wires > MAX_FLAT_WIRES {
                    0
                } else {
                    nodes
                };
                Inliner::run_lenient(self, &nesting, budget)
            }
        }
    }
}

/// A value's source while inlining: a flat node's output, or one side of an
/// instance's pin, resolved at the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Src {
    Node(NodeId, usize),
    /// Input (`false`) or output (`true`) number `.2` of instance `.0`.
    Pin(u32, bool, usize),
}

/// What a node of a graph being inlined became.
#[derive(Clone, Copy)]
enum Local {
    Flat(NodeId),
    Instance(u32),
    Input(usize),
    Output(usize),
}

/// The state of one flattening.
struct Inliner<'a> {
    top: &'a Strategy,
    nesting: &'a Nesting,
    /// Inline only definitions whose depth and recursion allow it (lenient).
    lenient: bool,
    nodes: Vec<Node>,
    /// Wires into flat nodes, their sources not yet resolved.
    pending: Vec<(Src, NodeId, usize)>,
    /// What feeds each instance pin.
    pins: HashMap<Src, Src>,
    next_id: IdSource<'a>,
    instances: u32,
    origin: BTreeMap<NodeId, Origin>,
    outputs: BTreeMap<NodeId, u32>,
}

/// Fresh ids: above the top level's largest, or (when that would overflow)
/// the free ones from 1 up.
struct IdSource<'a> {
    top: &'a Strategy,
    next: u32,
    above: bool,
}

impl IdSource<'_> {
    fn fresh(&mut self) -> NodeId {
        if self.above {
            let id = self.next;
            self.next = self.next.saturating_add(1);
            return NodeId(id);
        }
        while self.top.node(NodeId(self.next)).is_some() {
            self.next = self.next.saturating_add(1);
        }
        let id = self.next;
        self.next = self.next.saturating_add(1);
        NodeId(id)
    }
}

impl<'a> Inliner<'a> {
    fn new(top: &'a Strategy, nesting: &'a Nesting, budget: u64, lenient: bool) -> Inliner<'a> {
        let max = top.nodes().last().map_or(0, |n| n.id.0);
        let above = u64::from(max) + budget + 2 <= u64::from(u32::MAX);
        Inliner {
            top,
            nesting,
            lenient,
            nodes: Vec::new(),
            pending: Vec::new(),
            pins: HashMap::new(),
            next_id: IdSource {
                top,
                next: if above { max + 1 } else { 1 },
                above,
            },
            instances: 0,
            origin: BTreeMap::new(),
            outputs: BTreeMap::new(),
        }
    }

    fn run(top: &Strategy, nesting: &Nesting, budget: u64) -> Flat {
        let mut inliner = Inliner::new(top, nesting, budget, false);
        inliner.graph(top, None, &[]);
        inliner.finish()
    }

    fn run_lenient(top: &Strategy, nesting: &Nesting, budget: u64) -> Flat {
        // Too large: nothing is inlined.
        let nesting = if budget == 0 { &EMPTY } else { nesting };
        let mut inliner = Inliner::new(top, nesting, budget, true);
        inliner.graph(top, None, &[]);
        inliner.finish()
    }

    /// Whether instances of `def` at nesting level `level` (1 = top) are inlined.
    fn inlines(&self, def: &str, level: usize) -> bool {
        match self.nesting.get(def) {
            None => false,
            Some(f) if self.lenient => {
                f.cycle.is_none() && level + f.depth.len() - 1 <= MAX_GROUP_DEPTH
            }
            Some(_) => true,
        }
    }

    /// Copies the nodes of `graph` (the top level when `instance` is `None`,
    /// else the body of the instance `path.last()`, numbered `instance`),
    /// inlining its instances.
    fn graph(&mut self, graph: &'a Strategy, instance: Option<(u32, &str)>, path: &[NodeId]) {
        let mut local: HashMap<NodeId, Local> = HashMap::with_capacity(graph.nodes().len());
        for node in graph.nodes() {
            let made = match (&node.kind, instance) {
                (NodeKind::Group { def, .. }, _) if self.inlines(def, path.len() + 1) => {
                    let top: &'a Strategy = self.top;
                    let Some(body) = top.group(def).map(|d| &d.body) else {
                        continue;
                    };
                    self.instances += 1;
                    let uid = self.instances;
                    if instance.is_none() {
                        self.outputs.insert(node.id, uid);
                    }
                    let mut inner = path.to_vec();
                    inner.push(node.id);
                    self.graph(body, Some((uid, def)), &inner);
                    Local::Instance(uid)
                }
                (NodeKind::GroupInput { index, .. }, Some(_)) => Local::Input(*index),
                (NodeKind::GroupOutput { index, .. }, Some(_)) => Local::Output(*index),
                _ => Local::Flat(self.copy(node, instance.map(|(_, g)| g), path)),
            };
            local.insert(node.id, made);
        }
        let uid = instance.map_or(0, |(u, _)| u);
        for w in graph.wires() {
            let src = match local.get(&w.from) {
                Some(Local::Flat(id)) => Src::Node(*id, w.output),
                Some(Local::Instance(u)) => Src::Pin(*u, true, w.output),
                Some(Local::Input(k)) => Src::Pin(uid, false, *k),
                _ => continue,
            };
            match local.get(&w.to) {
                Some(Local::Flat(id)) => self.pending.push((src, *id, w.input)),
                // The first wire into a pin counts (as for a pin fed twice).
                Some(Local::Instance(u)) => {
                    self.pins.entry(Src::Pin(*u, false, w.input)).or_insert(src);
                }
                Some(Local::Output(k)) => {
                    self.pins.entry(Src::Pin(uid, true, *k)).or_insert(src);
                }
                _ => {}
            }
        }
    }

    /// Copies one node: top-level nodes keep their id, the others get a
    /// fresh one and remember where they came from.
    fn copy(&mut self, node: &Node, group: Option<&str>, path: &[NodeId]) -> NodeId {
        let mut copy = node.clone();
        if let Some(group) = group {
            copy.id = self.next_id.fresh();
            self.origin.insert(
                copy.id,
                Origin {
                    path: path.to_vec(),
                    group: group.to_string(),
                    node: node.id,
                },
            );
        }
        let id = copy.id;
        self.nodes.push(copy);
        id
    }

    /// Follows instance pins to the flat node that gives a value, if any.
    fn resolve(&self, mut src: Src) -> Option<(NodeId, usize)> {
        // Each step leaves one pin; more steps than pins means a loop of pins.
        for _ in 0..=self.pins.len() {
            match src {
                Src::Node(id, output) => return Some((id, output)),
                Src::Pin(..) => src = *self.pins.get(&src)?,
            }
        }
        None
    }

    /// Resolves the wires and assembles the flat graph.
    fn finish(mut self) -> Flat {
        let mut wires = Vec::with_capacity(self.pending.len());
        let mut zeros: [Option<NodeId>; 2] = [None, None];
        let pending = std::mem::take(&mut self.pending);
        let index: HashMap<NodeId, usize> = self
            .nodes
            .iter()
            .enumerate()
            .map(|(i, n)| (n.id, i))
            .collect();
        for (src, to, input) in pending {
            match self.resolve(src) {
                Some((from, output)) => wires.push(Wire {
                    to,
                    input,
                    from,
                    output,
                }),
                None => {
                    // An unconnected group input gives 0 (no); pins whose
                    // own default is 0 read it unconnected.
                    let pin = index.get(&to).and_then(|&i| self.nodes.get(i));
                    let Some(pin) = pin.and_then(|n| n.input(input)).map(|p| (p.ty, p.default))
                    else {
                        continue;
                    };
                    if pin.1 != 0 {
                        let from = self.zero(&mut zeros, pin.0);
                        wires.push(Wire::new(from, to, input));
                    }
                }
            }
        }
        let outputs = std::mem::take(&mut self.outputs)
            .into_iter()
            .map(|(id, uid)| {
                let count = self.top.node(id).map_or(0, |n| n.output_count());
                let sources = (0..count)
                    .map(|k| self.resolve(Src::Pin(uid, true, k)))
                    .collect();
                (id, sources)
            })
            .collect();
        let mut graph = Strategy::new(self.top.name.clone());
        graph.description = self.top.description.clone();
        graph.set_nodes(self.nodes);
        graph.set_wires(wires);
        Flat {
            graph,
            outputs,
            origin: self.origin,
        }
    }

    /// The constant 0 (for a number pin) or "no" (for a yes/no pin), made once.
    fn zero(&mut self, zeros: &mut [Option<NodeId>; 2], ty: PinType) -> NodeId {
        let slot = usize::from(ty == PinType::Bool);
        if let Some(id) = zeros[slot] {
            return id;
        }
        let kind = match ty {
            PinType::Int => NodeKind::Constant {
                value: 0,
                tune: Tuning::Off,
            },
            PinType::Bool => NodeKind::Truth { value: false },
        };
        let id = self.next_id.fresh();
        self.nodes.push(Node::new(id, kind, [0.0, 0.0]));
        zeros[slot] = Some(id);
        id
    }
}

/// The analysis of a strategy without groups: nothing is inlined.
static EMPTY: Nesting = Nesting {
    facts: BTreeMap::new(),
};
