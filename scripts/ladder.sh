#!/usr/bin/env bash
# Regenerates docs/ladder.md: a round robin of the built-in ladder and the
# shipped strategies (strategies/*.json) at a fixed seed, every pair of games
# from the next opening of the book openings/5x6.txt (docs/statistics.md).
#
#   scripts/ladder.sh                 # 20 games per pairing (a few minutes on 2 cores)
#   GAMES=40 scripts/ladder.sh        # more games, tighter numbers
#   BOOK= OPENINGS=4 scripts/ladder.sh  # random openings of 4 plies instead of the book
#
# The result depends only on the seed and the options below, not on the
# machine or the number of threads.
set -euo pipefail
cd "$(dirname "$0")/.."

GAMES=${GAMES:-20}
SEED=${SEED:-2024}
OPENINGS=${OPENINGS:-4}
BOOK=${BOOK-openings/5x6.txt}
OUT=${OUT:-docs/ladder.md}

cargo build --release --no-default-features --quiet --bin chainlab
bin=${CARGO_TARGET_DIR:-target}/release/chainlab
if [ -n "$BOOK" ]; then
    opening=(--book "$BOOK")
    words="from the next opening of the book \`$BOOK\` (balanced openings, see \`docs/statistics.md\`)"
else
    opening=(--openings "$OPENINGS")
    words="from shared random openings of $OPENINGS plies"
fi

mapfile -t builtins < <("$bin" players --json | grep -o '"spec":"[^"]*"' | cut -d'"' -f4)
strategies=(strategies/*.json)

table=$("$bin" tournament "${builtins[@]}" "${strategies[@]}" \
    --games "$GAMES" --seed "$SEED" "${opening[@]}" --markdown)

{
    echo "# The ladder"
    echo
    echo "The built-in players (\`chainlab players\`, weakest first by design) and the shipped"
    echo "strategies (\`strategies/*.json\`) in a round robin on the default board: every pair"
    echo "plays $GAMES games in colour-swapped pairs $words,"
    echo "seed $SEED. Ratings are Bradley–Terry fits on the Elo scale with mean 0 (see"
    echo "\`docs/players.md\`). Regenerate with \`scripts/ladder.sh\` (\`GAMES=40 scripts/ladder.sh\`"
    echo "for tighter numbers); the same options always give the same tables."
    echo
    echo '```sh'
    echo "chainlab tournament ${builtins[*]} \\"
    echo "    ${strategies[*]} \\"
    echo "    --games $GAMES --seed $SEED ${opening[*]} --markdown"
    echo '```'
    echo
    echo "$table"
} > "$OUT"
echo "wrote $OUT" >&2
