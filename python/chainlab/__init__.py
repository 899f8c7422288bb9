"""chainlab for Python: Chain Reaction with chainlab's real rules, built on its Rust core.

    >>> import chainlab
    >>> p = chainlab.Position(rows=5, cols=6)
    >>> p.play((0, 0))
    >>> p.to_move
    1

Positions (`Position`), strategy files (`Strategy`), any player chainlab knows (`Engine`),
matches run by chainlab's arena (`match`), and Python functions as protocol engines
(`chainlab.engine.run`). See docs/python.md.
"""
from typing import Any, Dict

from . import _chainlab
from ._chainlab import ChainlabError, Engine, IllegalMove, Position, Strategy
from ._svg import position_svg

__all__ = [
    "ChainlabError",
    "Engine",
    "IllegalMove",
    "Position",
    "Strategy",
    "match",
    "position_svg",
]


def match(
    a: str,
    b: str,
    games: int = 20,
    seed: int = 1,
    rows: int = 5,
    cols: int = 6,
    players: int = 2,
    rules: str = "standard",
    threads: int = 0,
) -> Dict[str, Any]:
    """Plays a match between two players named as on chainlab's command line
    (`bot:greedy`, `strategies/04-capture.json`, `cmd:python3 bot.py`) and returns the report."""
    return _chainlab.play_match(a, b, games, seed, rows, cols, players, rules, threads)

