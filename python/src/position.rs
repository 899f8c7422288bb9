//! `chainlab.Position`: a position of Chain Reaction, valid by construction
//! (it is the library's `Position`, which only a legal move changes).
//!
//! Invariant: a failed `play` leaves the position as it was, because the
//! library's `Position::play` checks the move before it changes anything.

use chainlab::rules::{Coord, Position, Rules, RulesError, Size};
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use crate::{IllegalMove, error};

/// A move as Python gives it: a `(row, col)` pair or the text `"row,col"`.
#[derive(FromPyObject)]
pub(crate) enum MoveArg {
    /// `(row, col)`, zero-based.
    Pair((i64, i64)),
    /// `"row,col"`, as the command line and the protocol write moves.
    Text(String),
}

impl MoveArg {
    /// The coordinate, read by chainlab's own parser of `ROW,COL`.
    pub(crate) fn coord(&self) -> PyResult<Coord> {
        let text = match self {
            // The quick way for the common case; the parser words the rest.
            MoveArg::Pair((r, c)) => {
                if let (Ok(r), Ok(c)) = (usize::try_from(*r), usize::try_from(*c))
                    && let Some(coord) = Coord::new(r, c)
                {
                    return Ok(coord);
                }
                format!("{r},{c}")
            }
            MoveArg::Text(t) => t.clone(),
        };
        text.parse::<Coord>()
            .map_err(|e: RulesError| IllegalMove::new_err(e.to_string()))
    }
}

/// A position: the board, the player to move, who has placed, the winner.
#[pyclass(name = "Position", module = "chainlab")]
#[derive(Clone)]
pub struct PyPosition {
    pub(crate) inner: Position,
}

/// The move as a `(row, col)` tuple.
pub(crate) fn pair(coord: Coord) -> (usize, usize) {
    (coord.row(), coord.col())
}

#[pymethods]
impl PyPosition {
    /// An empty board of `rows` × `cols` cells (2 to 20 each) for `players`
    /// seats (2 to 8) under `rules` (standard, overflow or empties).
    #[new]
    #[pyo3(signature = (rows = 5, cols = 6, players = 2, rules = "standard"))]
    fn new(rows: usize, cols: usize, players: usize, rules: &str) -> PyResult<Self> {
        let size = Size::new(rows, cols).map_err(error)?;
        let rules: Rules = rules.parse().map_err(error)?;
        let inner = Position::new(size, players, rules).map_err(error)?;
        Ok(PyPosition { inner })
    }

    /// Reads the text notation or, when the text starts with `{`, the JSON form.
    #[staticmethod]
    fn parse(text: &str) -> PyResult<Self> {
        let inner: Position = text.parse().map_err(error)?;
        Ok(PyPosition { inner })
    }

    /// Reads the JSON form (docs/positions.md).
    #[staticmethod]
    fn from_json(text: &str) -> PyResult<Self> {
        let inner = Position::from_json(text).map_err(error)?;
        Ok(PyPosition { inner })
    }

    /// The JSON form, on one line (as `chainlab apply --json` prints it).
    fn to_json(&self) -> String {
        self.inner.to_json()
    }

    /// The text notation (as `chainlab apply` prints it).
    fn to_text(&self) -> String {
        self.inner.to_string()
    }

    /// Rows of the board.
    #[getter]
    fn rows(&self) -> usize {
        self.inner.size().rows()
    }

    /// Columns of the board.
    #[getter]
    fn cols(&self) -> usize {
        self.inner.size().cols()
    }

    /// Number of seats.
    #[getter]
    fn players(&self) -> usize {
        self.inner.player_count()
    }

    /// The rule variant's name.
    #[getter]
    fn rules(&self) -> &'static str {
        self.inner.rules().name()
    }

    /// The player to move (0 is A), or None when the game is over.
    #[getter]
    fn to_move(&self) -> Option<usize> {
        self.inner.to_move().map(|p| p.index())
    }

    /// The winner (0 is A), or None while the game goes on.
    #[getter]
    fn winner(&self) -> Option<usize> {
        self.inner.winner().map(|p| p.index())
    }

    /// Whether the game is over.
    fn is_over(&self) -> bool {
        self.inner.is_over()
    }

    /// Placements made so far.
    #[getter]
    fn placements(&self) -> u32 {
        self.inner.placements()
    }

    /// The players who have placed at least once.
    #[getter]
    fn placed(&self) -> Vec<usize> {
        self.inner.placed().iter().map(|p| p.index()).collect()
    }

    /// The board row by row: each cell `(owner, atoms)`, owner None when empty.
    #[getter]
    fn cells(&self) -> Vec<Vec<(Option<usize>, u8)>> {
        let size = self.inner.size();
        let cells = self.inner.cells();
        (0..size.rows())
            .map(|r| {
                (0..size.cols())
                    .map(|c| {
                        let cell = cells[r * size.cols() + c];
                        (cell.owner().map(|p| p.index()), cell.atoms())
                    })
                    .collect()
            })
            .collect()
    }

    /// The capacity of a cell: its number of orthogonal neighbours.
    fn capacity(&self, cell: MoveArg) -> PyResult<u8> {
        let coord = self.on_board(&cell)?;
        Ok(self.inner.capacity(coord))
    }

    /// The legal moves in row order: empty cells and the mover's own.
    fn legal_moves(&self) -> Vec<(usize, usize)> {
        self.inner.moves().iter().map(pair).collect()
    }

    /// Whether `move` is legal here.
    fn is_legal(&self, r#move: MoveArg) -> bool {
        r#move.coord().is_ok_and(|c| self.inner.is_legal(c))
    }

    /// Plays `move` here. Raises IllegalMove (and changes nothing) when it
    /// cannot be played.
    fn play(&mut self, r#move: MoveArg) -> PyResult<()> {
        let coord = r#move.coord()?;
        self.inner
            .play(coord)
            .map(|_| ())
            .map_err(|e| IllegalMove::new_err(e.to_string()))
    }

    /// The position after `move`, leaving this one as it is.
    fn after(&self, r#move: MoveArg) -> PyResult<Self> {
        let mut next = self.clone();
        next.play(r#move)?;
        Ok(next)
    }

    /// A copy.
    fn copy(&self) -> Self {
        self.clone()
    }

    fn __copy__(&self) -> Self {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Self {
        self.clone()
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .extract::<PyRef<'_, PyPosition>>()
            .is_ok_and(|o| o.inner == self.inner)
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.inner.hash(&mut h);
        h.finish()
    }

    /// The board as SVG, for Jupyter (drawn by `chainlab._svg.position_svg`).
    fn _repr_svg_(slf: &Bound<'_, Self>) -> PyResult<String> {
        slf.py()
            .import("chainlab._svg")?
            .call_method1("position_svg", (slf,))?
            .extract()
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    fn __repr__(&self) -> String {
        format!("chainlab.Position.parse({:?})", self.inner.to_string())
    }

    /// Pickling: the JSON form.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let from_json = slf.get_type().getattr("from_json")?;
        let args = PyTuple::new(slf.py(), [slf.borrow().inner.to_json()])?;
        PyTuple::new(slf.py(), [from_json, args.into_any()])
    }
}

impl PyPosition {
    /// The coordinate of `cell`, which must be on the board.
    fn on_board(&self, cell: &MoveArg) -> PyResult<Coord> {
        let coord = cell.coord()?;
        if self.inner.size().contains(coord) {
            Ok(coord)
        } else {
            Err(error(format!(
                "{coord} is off the {} board",
                self.inner.size()
            )))
        }
    }
}
