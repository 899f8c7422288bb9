#!/usr/bin/env python3
"""The smallest engine for chainlab: a random legal move (docs/protocol.md).

chainlab match 'cmd:python3 examples/engines/minimal_bot.py' bot:random
"""
import json
import random
import sys

position = None
for line in sys.stdin:
    word, _, rest = line.strip().partition(" ")
    if word == "protocol":
        print("name Minimal (Python)")
        print("ready 1", flush=True)
    elif word == "position":
        position = json.loads(rest)
    elif word == "go":
        me = position["to_move"]
        moves = [(r, c) for r, row in enumerate(position["cells"])
                 for c, cell in enumerate(row) if cell is None or cell["player"] == me]
        row, col = random.choice(moves)
        print(f"{row},{col}", flush=True)
    elif word == "quit":
        break
