#!/usr/bin/env python3
"""Random playouts on 5x6 in moves per second, three ways in one run (a benchmark, not a test):

1. a Python loop over chainlab.Position (legal_moves, play): the package's rules;
2. the same loop over a plain pure-Python implementation (tests/pure_rules.py);
3. chainlab's own playout bench (`chainlab bench --only playout`), all in Rust.

    python python/bench/playouts.py [--seconds 3] [--chainlab target/release/chainlab]

Prints one JSON object per line, as `chainlab bench` does.
"""
import argparse
import json
import random
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests"))

import chainlab  # noqa: E402
from pure_rules import PurePosition  # noqa: E402


def package_playout(rng):
    p, moves = chainlab.Position(5, 6), 0
    while p.winner is None:
        p.play(rng.choice(p.legal_moves()))
        moves += 1
    return moves


def pure_playout(rng):
    p, moves = PurePosition(5, 6), 0
    while p.winner is None:
        p.play(rng.choice(p.legal_moves()))
        moves += 1
    return moves


def measure(name, playout, seconds):
    rng, games, moves = random.Random(1), 0, 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        moves += playout(rng)
        games += 1
    elapsed = time.perf_counter() - start
    return {"bench": name, "size": "5x6", "games": games, "moves": moves,
            "seconds": round(elapsed, 3), "moves_per_sec": round(moves / elapsed)}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--chainlab", default="chainlab", help="the chainlab binary for its own bench")
    args = parser.parse_args()
    print(json.dumps(measure("python_package_playouts", package_playout, args.seconds)), flush=True)
    print(json.dumps(measure("pure_python_playouts", pure_playout, args.seconds)), flush=True)
    out = subprocess.run([args.chainlab, "bench", "--only", "playout"], capture_output=True, text=True)
    for line in out.stdout.splitlines():
        if line.startswith('{"bench":"playout"') and '"size":"5x6"' in line:
            print(line, flush=True)
    if out.returncode != 0:
        print(out.stderr, file=sys.stderr)
        sys.exit(out.returncode)


if __name__ == "__main__":
    main()
