#!/usr/bin/env bash
# Regenerates the table of docs/puzzles.md: every built-in ladder player and
# every shipped strategy scored on the shipped puzzle suite (chainlab puzzles),
# puzzles solved per theme. The table sits between the two marker lines
# "<!-- puzzle-table -->" and "<!-- /puzzle-table -->" of docs/puzzles.md.
#
#   scripts/puzzle-table.sh           # a few minutes on 2 cores
#
# Same seed, same table: the players' random choices come from --seed.
set -euo pipefail
cd "$(dirname "$0")/.."

SEED=${SEED:-1}
DOC=${DOC:-docs/puzzles.md}

cargo build --release --quiet --no-default-features
bin=target/release/chainlab

mapfile -t builtins < <("$bin" players --json | jq -r '.[].spec')
players=("${builtins[@]}" strategies/*.json)

first=$("$bin" puzzles bot:random --seed "$SEED" --json)
mapfile -t themes < <(jq -r '.themes[].theme' <<<"$first")

table=$(
    header="| player |"
    rule="| --- |"
    for t in "${themes[@]}"; do
        n=$(jq -r --arg t "$t" '.themes[] | select(.theme == $t) | .total' <<<"$first")
        header+=" $t ($n) |"
        rule+=" --: |"
    done
    total=$(jq -r '.total' <<<"$first")
    echo "$header solved ($total) | points |"
    echo "$rule --: | --: |"
    for p in "${players[@]}"; do
        echo "scoring $p" >&2
        "$bin" puzzles "$p" --seed "$SEED" --json | jq -r '
            "| \(.player) | " + ([.themes[] | "\(.solved)"] | join(" | "))
            + " | \(.solved) | \(.points * 10 | round / 10) |"'
    done
)

awk -v table="$table" '
    /^<!-- puzzle-table -->$/ { print; print table; skip = 1; next }
    /^<!-- \/puzzle-table -->$/ { skip = 0 }
    !skip { print }
' "$DOC" > "$DOC.tmp"
mv "$DOC.tmp" "$DOC"
echo "wrote the table of $DOC" >&2
