#!/usr/bin/env python3
"""The Python starter kit on the chainlab package: a 2-ply lookahead in a few lines.

Install the package (pip install ./python), then play it:
    chainlab match 'cmd:python3 python/examples/lookahead_bot.py' bot:greedy --games 20
Make value() smarter; print debugging output to stderr, never stdout.
"""
import random

import chainlab.engine


def value(position, me):
    """My atoms minus everyone else's; a finished game is worth everything."""
    if position.winner is not None:
        return 1000 if position.winner == me else -1000
    return sum(atoms if owner == me else -atoms
               for row in position.cells for owner, atoms in row if owner is not None)


def choose(position, seed):
    """The move whose worst reply leaves me best off (ties at random)."""
    me, scored = position.to_move, []
    for move in position.legal_moves():
        after = position.after(move)
        replies = [] if after.winner is not None else after.legal_moves()
        worst = min((value(after.after(r), me) for r in replies), default=value(after, me))
        scored.append((worst, move))
    best = max(v for v, _ in scored)
    return random.Random(seed).choice([m for v, m in scored if v == best])


if __name__ == "__main__":
    chainlab.engine.run(choose, name="Lookahead (Python)")
