//! `chainlab.Strategy`: a strategy file compiled by chainlab's own compiler,
//! valuing cells and choosing moves exactly as `chainlab score` does.
//!
//! The seeds follow `chainlab score`: one generator from the seed; its
//! first number feeds the Random nodes of the heat map, and `choose` runs
//! the evaluation contract with a fresh generator of the same seed, so the
//! same seed gives the same values and the same choice as the command line.

use std::path::PathBuf;
use std::sync::Arc;

use chainlab::eval::{Evaluator, Program};
use chainlab::rng::rng_from_seed;
use chainlab::strategy::Strategy;
use pyo3::prelude::*;
use rand::Rng;
use serde_json::json;

use crate::error;
use crate::position::{PyPosition, pair};

/// A compiled strategy graph.
#[pyclass(name = "Strategy", module = "chainlab", frozen)]
pub struct PyStrategy {
    pub(crate) program: Arc<Program>,
    name: String,
    path: Option<PathBuf>,
}

impl PyStrategy {
    /// The heat map's raw values (None where the player may not play).
    fn heat(&self, position: &PyPosition, seed: u64) -> PyResult<Vec<Option<i64>>> {
        let mut evaluator = Evaluator::new(Arc::clone(&self.program));
        let decision = rng_from_seed(seed).next_u64();
        let map = evaluator
            .heat_map(&position.inner, decision)
            .map_err(error)?;
        Ok(map.raw)
    }

    /// `values` cut into rows of the position's board.
    fn grid<T: Copy>(position: &PyPosition, values: &[T]) -> Vec<Vec<T>> {
        values
            .chunks(position.inner.size().cols().max(1))
            .map(<[T]>::to_vec)
            .collect()
    }
}

#[pymethods]
impl PyStrategy {
    /// Loads and compiles a strategy file (as `chainlab score` does).
    #[staticmethod]
    fn load(path: PathBuf) -> PyResult<Self> {
        let strategy = Strategy::load(&path).map_err(error)?;
        let program = Program::compile(&strategy).map_err(|e| {
            error(format!(
                "{}: {e} (run 'chainlab validate' for details)",
                path.display()
            ))
        })?;
        Ok(PyStrategy {
            program: Arc::new(program),
            name: strategy.name,
            path: Some(path),
        })
    }

    /// Reads and compiles a strategy from the text of a strategy file.
    #[staticmethod]
    fn from_json(text: &str) -> PyResult<Self> {
        let strategy = Strategy::from_json(text).map_err(error)?;
        let program = Program::compile(&strategy).map_err(error)?;
        Ok(PyStrategy {
            program: Arc::new(program),
            name: strategy.name,
            path: None,
        })
    }

    /// The strategy of one node of kind `kind` (its file key) with `params`
    /// (its file parameters, as JSON) feeding the Cell value, its inputs fed
    /// by constants: what `chainlab.graph` measures a cell with, by chainlab's
    /// own evaluator. `node` is the node's id (a Random node draws by it).
    #[staticmethod]
    #[pyo3(signature = (kind, params = "{}", node = 1, inputs = Vec::new()))]
    fn of_node(kind: &str, params: &str, node: u32, inputs: Vec<i64>) -> PyResult<Self> {
        let params: serde_json::Value = serde_json::from_str(params).map_err(error)?;
        let output = node.wrapping_add(1000).max(1);
        let mut nodes = vec![
            json!({"id": node, "kind": kind, "params": params, "at": [0, 0]}),
            json!({"id": output, "kind": "output", "at": [0, 0]}),
        ];
        let mut wires = vec![json!({"from": node, "to": output, "input": "0"})];
        for (i, v) in inputs.iter().enumerate() {
            let id = output.wrapping_add(1 + i as u32);
            nodes.push(json!({"id": id, "kind": "constant", "params": {"value": v}, "at": [0, 0]}));
            wires.push(json!({"from": id, "to": node, "input": i.to_string()}));
        }
        let text = json!({"format": "chainlab-strategy", "version": 2, "name": kind,
            "description": "", "nodes": nodes, "wires": wires});
        let strategy = Strategy::from_json(&text.to_string()).map_err(error)?;
        let program = Program::compile_lenient(&strategy);
        if !program.has_output() {
            return Err(error(format!("a '{kind}' node gives no value")));
        }
        Ok(PyStrategy {
            program: Arc::new(program),
            name: strategy.name,
            path: None,
        })
    }

    /// The strategy's name.
    #[getter]
    fn name(&self) -> &str {
        &self.name
    }

    /// The file it was loaded from, if any.
    #[getter]
    fn path(&self) -> Option<PathBuf> {
        self.path.clone()
    }

    /// The heat map as `chainlab score --json` gives its `values`: row by
    /// row, each playable cell's value (below 0 counts as 0), None elsewhere.
    #[pyo3(signature = (position, seed = 0))]
    fn scores(&self, position: &PyPosition, seed: u64) -> PyResult<Vec<Vec<Option<i64>>>> {
        let values: Vec<Option<i64>> = self
            .heat(position, seed)?
            .into_iter()
            .map(|v| v.map(|v| v.max(0)))
            .collect();
        Ok(Self::grid(position, &values))
    }

    /// The graph's values before the evaluation contract clamps them at 0.
    #[pyo3(signature = (position, seed = 0))]
    fn raw_scores(&self, position: &PyPosition, seed: u64) -> PyResult<Vec<Vec<Option<i64>>>> {
        let values = self.heat(position, seed)?;
        Ok(Self::grid(position, &values))
    }

    /// The move the strategy plays with `seed` (`chainlab score`'s "chosen").
    #[pyo3(signature = (position, seed = 0))]
    fn choose(&self, position: &PyPosition, seed: u64) -> PyResult<(usize, usize)> {
        let mut evaluator = Evaluator::new(Arc::clone(&self.program));
        evaluator
            .choose(&position.inner, &mut rng_from_seed(seed))
            .map(pair)
            .map_err(error)
    }

    fn __repr__(&self) -> String {
        match &self.path {
            Some(p) => format!("chainlab.Strategy.load({:?})", p.display().to_string()),
            None => format!("<chainlab.Strategy {:?}>", self.name),
        }
    }
}
