"""What an exported graph (`chainlab export --python`) runs on: one cell's measurements,
taken by chainlab's own evaluator, and the evaluation contract.

`Measures` measures the cell an exported `cell_value(m)` values: `m.atoms(when="after")`,
`m.cells_captured()`, `m.neighbours(owner="enemy", state="critical", when="now")`, ... one
method per measuring node kind (docs/nodes.md), named by its file key, with its
parameters. Each measurement is chainlab's own: the first time a kind is asked for in a
position, chainlab values every cell with a one-node graph of that kind, and the cells
read from that table.
"""
import json
from typing import Any, Callable, Dict, List, Optional, Tuple

from ._chainlab import Position, Strategy, pick

_PROGRAMS: Dict[str, Strategy] = {}


def _program(kind: str, params: Dict[str, Any], node: int = 1, inputs: Tuple[int, ...] = ()) -> Strategy:
    key = json.dumps([kind, params, node, inputs], sort_keys=True)
    program = _PROGRAMS.get(key)
    if program is None:
        program = Strategy.of_node(kind, json.dumps(params), node, list(inputs))
        _PROGRAMS[key] = program
    return program


class Board:
    """The measurements of one position (and seed), every cell at once, kept as they are asked for."""

    def __init__(self, position: Position, seed: int = 0) -> None:
        self.position, self.seed = position, seed
        self._tables: Dict[str, List[Optional[int]]] = {}

    def table(self, kind: str, params: Dict[str, Any], node: int = 1, inputs: Tuple[int, ...] = ()) -> List[Optional[int]]:
        key = json.dumps([kind, params, node, inputs], sort_keys=True)
        table = self._tables.get(key)
        if table is None:
            grid = _program(kind, params, node, inputs).raw_scores(self.position, self.seed)
            table = [v for row in grid for v in row]
            self._tables[key] = table
        return table


class Measures:
    """The measurements of one cell of a position (see the module's docs)."""

    def __init__(self, board: Board, cell: Tuple[int, int]) -> None:
        self.board, self.cell = board, cell
        self._index = cell[0] * board.position.cols + cell[1]

    def measure(self, kind: str, **params: str) -> int:
        """The value a node of `kind` (its file key) with `params` gives this cell."""
        value = self.board.table(kind, params)[self._index]
        return 0 if value is None else value

    def random(self, low: int, high: int, node: int) -> int:
        """A Random node's draw (`node` is its id: the draws are keyed by it)."""
        value = self.board.table("random", {}, node, (low, high))[self._index]
        return 0 if value is None else value

    def __getattr__(self, kind: str) -> Callable[..., int]:
        if kind.startswith("_"):
            raise AttributeError(kind)
        return lambda **params: self.measure(kind, **params)


CellValue = Callable[[Measures], int]


def scores(cell_value: CellValue, position: Position, seed: int = 0) -> List[List[Optional[int]]]:
    """`cell_value` of every legal cell, row by row (None elsewhere): the graph's raw heat map."""
    board = Board(position, seed)
    grid: List[List[Optional[int]]] = [[None] * position.cols for _ in range(position.rows)]
    for r, c in position.legal_moves():
        grid[r][c] = cell_value(Measures(board, (r, c)))
    return grid


def choose(cell_value: CellValue, position: Position, seed: int = 0) -> Tuple[int, int]:
    """The move the evaluation contract picks with `cell_value`'s values (as the graph's `choose`)."""
    board = Board(position, seed)
    values = [cell_value(Measures(board, move)) for move in position.legal_moves()]
    return pick(position, values, seed)
