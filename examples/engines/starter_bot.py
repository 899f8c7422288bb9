#!/usr/bin/env python3
"""A starter engine for chainlab, in plain Python 3 (protocol: docs/protocol.md).

Play it:   chainlab match 'cmd:python3 examples/engines/starter_bot.py' bot:random
Option:    strategy = heuristic (default) or random (any legal move).
Change value() to make it stronger; print debugging output to stderr, never stdout.
"""
import json
import random
import sys

STEPS = ((-1, 0), (0, -1), (0, 1), (1, 0))


class Board:
    """The position chainlab sends: the player to move and every cell's owner and atoms."""

    def __init__(self, position):
        self.rows, self.cols = position["rows"], position["cols"]
        self.me = position["to_move"]  # players are numbered from 0 (A is 0)
        self.cells = [[(c["player"], c["atoms"]) if c else (None, 0) for c in row]
                      for row in position["cells"]]

    def neighbours(self, r, c):
        return [(r + dr, c + dc) for dr, dc in STEPS
                if 0 <= r + dr < self.rows and 0 <= c + dc < self.cols]

    def owner(self, r, c):
        return self.cells[r][c][0]

    def atoms(self, r, c):
        return self.cells[r][c][1]

    def capacity(self, r, c):
        return len(self.neighbours(r, c))  # 2 in a corner, 3 on an edge, 4 inside

    def is_critical(self, r, c):
        return self.owner(r, c) is not None and self.atoms(r, c) == self.capacity(r, c) - 1

    def is_enemy(self, r, c):
        return self.owner(r, c) not in (None, self.me)

    def moves(self):
        """The legal moves: empty cells and cells of mine."""
        return [(r, c) for r in range(self.rows) for c in range(self.cols)
                if self.owner(r, c) in (None, self.me)]


def value(board, r, c):
    """A simple heuristic: explode into enemies, avoid their critical cells, like corners."""
    near = board.neighbours(r, c)
    enemies = sum(1 for n in near if board.is_enemy(*n))
    if board.is_critical(r, c):
        return 10 + 3 * enemies  # placing here explodes and captures the enemy cells around
    if any(board.is_enemy(*n) and board.is_critical(*n) for n in near):
        return 0  # an enemy cell next to it is about to explode and would take it
    bonus = 2 if board.atoms(r, c) == board.capacity(r, c) - 2 else 0  # becomes critical
    return 5 - board.capacity(r, c) + bonus


def say(line):
    print(line, flush=True)  # one line per message, flushed at once


def main():
    rng, strategy, board = random.Random(0), "heuristic", None
    for line in sys.stdin:
        word, _, rest = line.strip().partition(" ")
        if word == "protocol":
            say("name Starter (Python)")
            say("option strategy heuristic")
            say("ready 1")
        elif word == "set":
            name, _, setting = rest.partition(" ")
            if name == "strategy":
                strategy = setting
        elif word == "newgame":
            fields = dict(pair.split("=", 1) for pair in rest.split())
            rng.seed(int(fields.get("seed", 0)))  # the same seed plays the same game
        elif word == "position":
            board = Board(json.loads(rest))
        elif word == "go":
            moves = board.moves()
            if strategy == "random":
                move = rng.choice(moves)
            else:
                best = max(value(board, *m) for m in moves)
                move = rng.choice([m for m in moves if value(board, *m) == best])
                say(f"info value {best} of {len(moves)} moves")
            say(f"{move[0]},{move[1]}")
        elif word == "quit":
            break


if __name__ == "__main__":
    main()
