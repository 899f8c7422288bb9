//! `chainlab.Engine` (any player chainlab knows, asked for moves one at a
//! time) and `chainlab.match` (a match run by chainlab's arena).
//!
//! Players are named by chainlab's own player specs (`bot:greedy`, a
//! strategy file, `cmd:python3 bot.py`, a `bot.toml`), resolved by the
//! library; a program runs as a child process, ended when the `Engine` is
//! closed or dropped.

use std::sync::atomic::AtomicBool;

use chainlab::arena::{MatchConfig, Stop, run_match};
use chainlab::bots::{Agent, parse_player};
use chainlab::rng::rng_from_seed;
use chainlab::rules::{Rules, Size};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::error;
use crate::position::{PyPosition, pair};

/// A player that chooses moves on request.
#[pyclass(name = "Engine", module = "chainlab", unsendable)]
pub struct PyEngine {
    agent: Option<Box<dyn Agent>>,
    spec: String,
}

#[pymethods]
impl PyEngine {
    /// Makes the player `spec` names (a program is started now, and its
    /// handshake done).
    #[new]
    fn new(spec: &str) -> PyResult<Self> {
        let factory = parse_player(spec).map_err(error)?;
        let agent = factory.create().map_err(error)?;
        Ok(PyEngine {
            agent: Some(agent),
            spec: spec.to_string(),
        })
    }

    /// The player's name (a program's own, from its handshake).
    #[getter]
    fn name(&self) -> String {
        self.agent
            .as_ref()
            .map_or_else(|| self.spec.clone(), |a| a.name())
    }

    /// The player's move in `position`; `seed` feeds its randomness.
    #[pyo3(signature = (position, seed = 0))]
    fn choose(&mut self, position: &PyPosition, seed: u64) -> PyResult<(usize, usize)> {
        let agent = self
            .agent
            .as_mut()
            .ok_or_else(|| error(format!("engine '{}' is closed", self.spec)))?;
        agent
            .choose(&position.inner, &mut rng_from_seed(seed))
            .map(pair)
            .map_err(error)
    }

    /// Ends the player (a program is told to quit, then stopped).
    fn close(&mut self) {
        self.agent = None;
    }

    fn __enter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __exit__(
        &mut self,
        _kind: &Bound<'_, PyAny>,
        _value: &Bound<'_, PyAny>,
        _traceback: &Bound<'_, PyAny>,
    ) {
        self.close();
    }

    fn __repr__(&self) -> String {
        format!("chainlab.Engine({:?})", self.spec)
    }
}

/// Plays a match between the players `a` and `b` (player specs) with
/// chainlab's arena and returns its report as a dict.
#[pyfunction(name = "play_match")]
#[pyo3(signature = (a, b, games = 20, seed = 1, rows = 5, cols = 6, players = 2, rules = "standard", threads = 0))]
#[allow(clippy::too_many_arguments)]
pub fn play_match<'py>(
    py: Python<'py>,
    a: &str,
    b: &str,
    games: u64,
    seed: u64,
    rows: usize,
    cols: usize,
    players: usize,
    rules: &str,
    threads: usize,
) -> PyResult<Bound<'py, PyDict>> {
    let config = MatchConfig {
        games,
        size: Size::new(rows, cols).map_err(error)?,
        rules: rules.parse::<Rules>().map_err(error)?,
        players,
        seed,
        threads,
        ..MatchConfig::default()
    };
    let fa = parse_player(a).map_err(|e| error(format!("player '{a}': {e}")))?;
    let fb = parse_player(b).map_err(|e| error(format!("player '{b}': {e}")))?;
    let cancel = AtomicBool::new(false);
    let report = py
        .detach(|| run_match(&fa, &fb, &config, &cancel, &mut ()))
        .map_err(error)?;
    let w = report.wdl();
    let dict = PyDict::new(py);
    dict.set_item("a", &report.a)?;
    dict.set_item("b", &report.b)?;
    dict.set_item("games", w.games())?;
    dict.set_item("wins_a", w.wins)?;
    dict.set_item("wins_b", w.losses)?;
    dict.set_item("draws", w.draws)?;
    dict.set_item("score_a", w.score())?;
    dict.set_item("elo", w.elo())?;
    dict.set_item("average_length", report.tally.average_length())?;
    dict.set_item("forfeits_a", report.tally.forfeits_a)?;
    dict.set_item("forfeits_b", report.tally.forfeits_b)?;
    dict.set_item("capped", report.tally.capped)?;
    let stop = match report.stop {
        Stop::Completed => "completed",
        Stop::Sprt(_) => "sprt",
        Stop::Cancelled => "cancelled",
    };
    dict.set_item("stop", stop)?;
    dict.set_item("seed", report.config.seed)?;
    dict.set_item("size", report.config.size.to_string())?;
    dict.set_item("rules", report.config.rules.name())?;
    dict.set_item("players", report.config.players)?;
    dict.set_item("threads", report.threads)?;
    dict.set_item("seconds", report.elapsed.as_secs_f64())?;
    dict.set_item("deterministic", report.deterministic)?;
    Ok(dict)
}
