#!/usr/bin/env bash
# Regenerates docs/ladder.md: a round robin of the built-in ladder and the
# shipped strategies (strategies/*.json) at a fixed seed.
#
#   scripts/ladder.sh                 # 20 games per pairing (a few minutes on 2 cores)
#   GAMES=40 scripts/ladder.sh        # more games, tighter numbers
#
# The result depends only on the seed and the options below, not on the
# machine or the number of threads.
set -euo pipefail
cd "$(dirname "$0")/.."

GAMES=${GAMES:-20}
SEED=${SEED:-2024}
OPENINGS=${OPENINGS:-4}
OUT=${OUT:-docs/ladder.md}

cargo build --release --quiet
bin=target/release/chainlab

mapfile -t builtins < <("$bin" players --json | grep -o '"spec":"[^"]*"' | cut -d'"' -f4)
strategies=(strategies/*.json)

table=$("$bin" tournament "${builtins[@]}" "${strategies[@]}" \
    --games "$GAMES" --seed "$SEED" --openings "$OPENINGS" --markdown)

{
    echo "# The ladder"
    echo
    echo "The built-in players (\`chainlab players\`, weakest first by design) and the shipped"
    echo "strategies (\`strategies/*.json\`) in a round robin on the default board: every pair"
    echo "plays $GAMES games in colour-swapped pairs from shared random openings of $OPENINGS plies,"
    echo "seed $SEED. Ratings are Bradley–Terry fits on the Elo scale with mean 0 (see"
    echo "\`docs/players.md\`). Regenerate with \`scripts/ladder.sh\` (\`GAMES=40 scripts/ladder.sh\`"
    echo "for tighter numbers); the same options always give the same tables."
    echo
    echo '```sh'
    echo "chainlab tournament ${builtins[*]} \\"
    echo "    ${strategies[*]} \\"
    echo "    --games $GAMES --seed $SEED --openings $OPENINGS --markdown"
    echo '```'
    echo
    echo "$table"
} > "$OUT"
echo "wrote $OUT" >&2
