#!/usr/bin/env bash
# The matches of tutorial lesson 11 ("let the computer search with your
# graph", docs/tutorial.md): the same search guided by lesson 2 and by
# lesson 10; width 1 against the graph itself; and what depth costs.
# Prints Markdown tables. Every match is seeded and played from the book,
# so the same build gives the same results (time per move aside).
#
#   scripts/lesson11.sh              # 400 games a match (about a minute on 2 cores)
#   GAMES=200 scripts/lesson11.sh
set -euo pipefail
cd "$(dirname "$0")/.."

GAMES=${GAMES:-400}
SEED=${SEED:-11}
OPPONENT=${OPPONENT:-bot:expert}

cargo build --release --no-default-features --quiet --bin chainlab
bin=${CARGO_TARGET_DIR:-target}/release/chainlab
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# match NAME A: A against the opponent; the JSON in $work/NAME.json.
match() {
    "$bin" match "$2" "$OPPONENT" --games "$GAMES" --seed "$SEED" \
        --book openings/5x6.txt --json --records "$work/$1.jsonl" >"$work/$1.json"
}

# row NAME LABEL: a table row from the match's JSON.
row() {
    python3 - "$work/$1.json" "$2" <<'EOF'
import json, sys
v = json.load(open(sys.argv[1]))
lo, hi = v["elo_ci95"]
low = lambda x: "−∞" if x is None else f"{x:+.0f}"
high = lambda x: "+∞" if x is None else f"{x:+.0f}"
elo = "—" if v["elo"] is None else f"{v['elo']:+.0f}"
t = v["time_per_move"]["a"]
print(f"| {sys.argv[2]} | {v['wins_a']}–{v['wins_b']} | {100 * v['score_a']:.1f} % "
      f"| {elo} ({low(lo)}, {high(hi)}) | {t['mean_ms']:.2f} | {t['max_ms']:.0f} |")
EOF
}

head='| player (A) | against '"$OPPONENT"' | score | Elo (95 %) | ms a move, mean | max |
|---|---|--:|---|--:|--:|'

echo "### A better graph makes a better search (depth 4, width 5)"
echo
echo "$head"
for lesson in 02-avoid-danger 10-tuned; do
    match "plain-$lesson" "strategies/$lesson.json"
    row "plain-$lesson" "\`strategies/$lesson.json\` alone"
    match "guided-$lesson" "bot:expert:graph=strategies/$lesson.json,width=5,depth=4"
    row "guided-$lesson" "\`bot:expert:graph=strategies/$lesson.json,width=5,depth=4\`"
done

echo
echo "### Width 1 is the graph itself"
echo
match width1 "bot:expert:graph=strategies/10-tuned.json,width=1,depth=4"
same=$(python3 - "$work" <<'EOF'
import json, sys
def moves(path):
    games = (json.loads(line) for line in open(path))
    return {g["game"]: g["moves"] for g in games if "moves" in g}
a = moves(f"{sys.argv[1]}/width1.jsonl")
b = moves(f"{sys.argv[1]}/plain-10-tuned.jsonl")
print(sum(a[k] == b.get(k) for k in a), "of", len(a))
EOF
)
echo "$head"
row plain-10-tuned "\`strategies/10-tuned.json\`"
row width1 "\`bot:expert:graph=strategies/10-tuned.json,width=1,depth=4\`"
echo
echo "Games with the same moves in both matches: $same."

echo
echo "### What depth costs (lesson 10 guiding, width 5)"
echo
echo "$head"
for depth in 1 2 3 4 5; do
    match "depth-$depth" "bot:expert:graph=strategies/10-tuned.json,width=5,depth=$depth"
    row "depth-$depth" "depth $depth"
done
