"""Chain Reaction in plain Python (standard rules), written only to compare speeds with the
chainlab package (tests/test_speed.py's check, bench/playouts.py's figures). It follows
docs/positions.md: waves, neighbours up, left, right, down, and a win checked after every
wave, which stops the chain. It is not part of the package."""
import random
from typing import List, Optional, Tuple


class PurePosition:
    def __init__(self, rows: int = 5, cols: int = 6, players: int = 2) -> None:
        self.rows, self.cols, self.players = rows, cols, players
        self.owner: List[int] = [-1] * (rows * cols)
        self.atoms: List[int] = [0] * (rows * cols)
        self.mover, self.winner = 0, None
        self.placed = [False] * players
        self.counts = [0] * players
        self.near = []
        for r in range(rows):
            for c in range(cols):
                around = [(r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c)]
                self.near.append([a * cols + b for a, b in around if 0 <= a < rows and 0 <= b < cols])
        self.capacity = [len(n) for n in self.near]

    def legal_moves(self) -> List[int]:
        if self.winner is not None:
            return []
        return [i for i, o in enumerate(self.owner) if o == -1 or o == self.mover]

    def alive(self, p: int) -> bool:
        return not self.placed[p] or self.counts[p] > 0

    def play(self, i: int) -> None:
        me = self.mover
        if self.winner is not None or self.owner[i] not in (-1, me):
            raise ValueError(f"illegal move {divmod(i, self.cols)}")
        self.placed[me] = True
        if self.owner[i] == -1:
            self.owner[i] = me
            self.counts[me] += 1
        self.atoms[i] += 1
        if self.atoms[i] >= self.capacity[i]:
            self._react(i, me)
        if self.winner is None:
            p = me
            while True:
                p = (p + 1) % self.players
                if self.alive(p):
                    break
            self.mover = p

    def _react(self, start: int, me: int) -> None:
        wave = [start]
        while wave:
            for c in wave:
                self.atoms[c] -= self.capacity[c]
                if self.atoms[c] == 0:
                    self.owner[c] = -1
                    self.counts[me] -= 1
            nxt, lost = [], False
            for c in wave:
                for n in self.near[c]:
                    o = self.owner[n]
                    if o != me:
                        if o != -1:
                            self.counts[o] -= 1
                            lost = lost or self.counts[o] == 0
                        self.counts[me] += 1
                        self.owner[n] = me
                    self.atoms[n] += 1
                    if self.atoms[n] == self.capacity[n]:
                        nxt.append(n)
            if lost and all(p == me or not self.alive(p) for p in range(self.players)):
                self.winner = me
                return
            wave = nxt

    def cells(self) -> List[List[Tuple[Optional[int], int]]]:
        return [[(None if self.owner[r * self.cols + c] == -1 else self.owner[r * self.cols + c],
                  self.atoms[r * self.cols + c]) for c in range(self.cols)] for r in range(self.rows)]


def playout(rng: random.Random, rows: int = 5, cols: int = 6, cap: int = 300) -> int:
    """One random game; the number of moves played."""
    p, moves = PurePosition(rows, cols), 0
    while p.winner is None and moves < cap:
        p.play(rng.choice(p.legal_moves()))
        moves += 1
    return moves
