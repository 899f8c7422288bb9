"""The pure-Python rules used for the speed comparison (bench/playouts.py) play the same
games as chainlab: the comparison is between two implementations of the same rules."""
import random

import chainlab
from pure_rules import PurePosition


def test_the_pure_python_rules_agree_with_chainlab_move_for_move():
    rng = random.Random(4)
    for game in range(60):
        rows, cols = rng.choice([(5, 6), (3, 3), (4, 7)])
        players = 2 if game % 3 else 3
        ours, pure = chainlab.Position(rows, cols, players), PurePosition(rows, cols, players)
        while not ours.is_over():
            moves = ours.legal_moves()
            assert [r * cols + c for r, c in moves] == pure.legal_moves()
            move = rng.choice(moves)
            ours.play(move)
            pure.play(move[0] * cols + move[1])
            assert ours.cells == pure.cells() and ours.to_move == (None if pure.winner is not None else pure.mover)
        assert ours.winner == pure.winner
