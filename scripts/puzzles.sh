#!/usr/bin/env bash
# Regenerates the shipped puzzle suite, puzzles/5x6.jsonl and puzzles/9x6.jsonl,
# with examples/make_puzzles.rs at fixed seeds and budgets (see docs/puzzles.md).
#
#   scripts/puzzles.sh            # both boards (about 7 minutes on 2 shared cores)
#
# The third file of the suite, puzzles/perfect.jsonl (the solved small boards),
# is made by scripts/perfect-puzzles.sh.
#
# The files depend only on the options below and the program, not on the
# machine or the number of threads. Progress goes to stderr.
set -euo pipefail
cd "$(dirname "$0")/.."

GAMES_5x6=${GAMES_5x6:-200}
GAMES_9x6=${GAMES_9x6:-200}
SEED_5x6=${SEED_5x6:-5}
SEED_9x6=${SEED_9x6:-9}
OPTIONS=(--scan-nodes 4000 --nodes 40000 --verify-nodes 160000 --per-theme 22)

cargo build --release --quiet --no-default-features --example make_puzzles
bin=target/release/examples/make_puzzles

"$bin" --size 5x6 --games "$GAMES_5x6" --seed "$SEED_5x6" "${OPTIONS[@]}" --out puzzles/5x6.jsonl
"$bin" --size 9x6 --games "$GAMES_9x6" --seed "$SEED_9x6" "${OPTIONS[@]}" --out puzzles/9x6.jsonl
echo "wrote puzzles/5x6.jsonl and puzzles/9x6.jsonl" >&2
