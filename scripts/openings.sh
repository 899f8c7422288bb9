#!/usr/bin/env bash
# Builds the opening books openings/5x6.txt and openings/9x6.txt from real
# games: a round robin of ladder players on each board (two random plies to
# vary the games), then every prefix of 4 to 8 plies that the analyser finds
# balanced (win chance of the side to move from 40% to 60%), at most COUNT
# per board. See docs/statistics.md.
#
#   scripts/openings.sh                  # 60 games per pairing, 600 openings per board
#   GAMES=100 COUNT=1000 scripts/openings.sh
#
# The books depend only on the options below (seeded games, a seeded
# shuffle, node-limited analysis), not on the machine or the threads.
set -euo pipefail
cd "$(dirname "$0")/.."

GAMES=${GAMES:-60}
SEED=${SEED:-37}
COUNT=${COUNT:-600}
PLAYERS=(bot:greedy bot:expert:depth=1 bot:expert strategies/09-think-ahead.json)

cargo build --release --no-default-features --quiet --bin chainlab --example make_openings
bin=${CARGO_TARGET_DIR:-target}/release

mkdir -p openings
for size in 5x6 9x6; do
    records=$(mktemp)
    nice -n 10 "$bin/chainlab" tournament "${PLAYERS[@]}" --size "$size" \
        --games "$GAMES" --seed "$SEED" --openings 2 --records "$records" >/dev/null
    nice -n 10 "$bin/examples/make_openings" "$records" "$size" "$COUNT" >"openings/$size.txt"
    rm -f "$records"
done
