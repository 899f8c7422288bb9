#!/usr/bin/env bash
# Regenerates the perfect puzzles of the shipped suite, puzzles/perfect.jsonl,
# with examples/make_perfect_puzzles.rs at a fixed seed (see docs/puzzles.md):
# positions of real games on the solved boards (3x3, 3x4, 2x4, 2x5) where
# exactly one move keeps the win, each answer proven by the solver.
#
#   scripts/perfect-puzzles.sh    # a few minutes and about 1 GB (3x4 is solved whole)
#
# The file depends only on the options below and the program, not on the
# machine or the number of threads. Progress goes to stderr.
set -euo pipefail
cd "$(dirname "$0")/.."

GAMES=${GAMES:-200}
SEED=${SEED:-1}
PER_BOARD=${PER_BOARD:-8}

cargo build --release --quiet --no-default-features --example make_perfect_puzzles
bin=target/release/examples/make_perfect_puzzles

"$bin" --games "$GAMES" --seed "$SEED" --per-board "$PER_BOARD" --out puzzles/perfect.jsonl
echo "wrote puzzles/perfect.jsonl" >&2
