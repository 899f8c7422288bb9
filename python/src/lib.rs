//! The native part of the `chainlab` Python package (`chainlab._chainlab`):
//! chainlab's own rules, strategies, players and matches, wrapped for Python.
//!
//! Nothing here re-implements a rule: every move, parse, print, value and
//! match goes through the `chainlab` library (without its GUI), and every
//! error is raised as [`ChainlabError`] (or its subclass [`IllegalMove`]) with
//! the library's own message.

mod measure;
mod players;
mod position;
mod strategy;

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

create_exception!(
    _chainlab,
    ChainlabError,
    PyValueError,
    "An error of chainlab (bad input, a broken strategy, a player that cannot play), with chainlab's message."
);
create_exception!(
    _chainlab,
    IllegalMove,
    ChainlabError,
    "A move that cannot be played here; the position is left unchanged."
);

/// A `ChainlabError` with `error`'s message.
pub(crate) fn error(error: impl std::fmt::Display) -> PyErr {
    ChainlabError::new_err(error.to_string())
}

/// The Python module `chainlab._chainlab`.
#[pymodule]
fn _chainlab(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("ChainlabError", m.py().get_type::<ChainlabError>())?;
    m.add("IllegalMove", m.py().get_type::<IllegalMove>())?;
    m.add_class::<position::PyPosition>()?;
    m.add_class::<strategy::PyStrategy>()?;
    m.add_class::<players::PyEngine>()?;
    m.add_function(wrap_pyfunction!(players::play_match, m)?)?;
    m.add_function(wrap_pyfunction!(measure::pick, m)?)?;
    Ok(())
}
