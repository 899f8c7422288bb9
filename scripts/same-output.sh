#!/usr/bin/env bash
# Runs the same command lines with two chainlab binaries and says where
# their behaviour differs: stdout, stderr, exit code and every file a
# command writes. For refactors, which must not change behaviour: every
# command's output and every saved file stays byte-identical (figures that
# depend on the clock, such as games per second, are masked before the
# comparison).
#
# The commands are the README's examples, the error paths of every
# command's options and players, and a few runs that write files (records,
# class-tournament reports, tuned strategies). Each binary runs them in a
# fresh copy of the repository's data (strategies/, tests/data/,
# examples/engines/), so relative paths in the commands work.
#
# Usage: scripts/same-output.sh OLD_BINARY NEW_BINARY [WORK_DIR]
# Exit code 0 when every command behaved the same, 1 otherwise.
set -uo pipefail
cd "$(dirname "$0")/.."
repo="$(pwd)"
old="$(realpath "${1:?usage: same-output.sh OLD NEW [DIR]}")"
new="$(realpath "${2:?usage: same-output.sh OLD NEW [DIR]}")"
work="$(realpath -m "${3:-$(mktemp -d)}")"
mkdir -p "$work"

# One command per line; '#' starts a comment. Commands run through bash in
# the copy of the data, with `chainlab` the binary under test.
read -r -d '' COMMANDS <<'EOF'
apply --size 9x6 --moves "0,0 8,5 0,0"
apply --size 9x6 --moves "0,0 8,5 0,0" --json
apply --start tests/data/positions/midgame.txt --moves "1,1"
apply --size 5x6 --players 3 --rules empties --moves "0,0 1,1 2,2 0,0 4,5"
apply --size 5x6 --moves "0,0 0,0"
apply --size 1x1
apply --moves zero
apply --start /dev/zero
apply --start tests/data/positions/won.txt --moves "1,1"
validate strategies/*.json
validate tests/data/strategies/*.json
validate tests/data/strategies/v1/*.json
validate /dev/zero
score strategies/08-expert.json --position tests/data/positions/midgame.txt
score strategies/08-expert.json --position tests/data/positions/midgame.txt --json
for s in strategies/*.json; do chainlab score "$s" --position tests/data/positions/midgame.txt --json; done
score tests/data/strategies/cycle.json --position tests/data/positions/midgame.txt
explain strategies/04-capture.json --position tests/data/positions/midgame.txt --cell 1,1
explain strategies/08-expert.json --position tests/data/positions/midgame.txt --cell 1,1
explain strategies/09-think-ahead.json --position tests/data/positions/midgame.txt --cell 0,0 --json
explain strategies/04-capture.json --position tests/data/positions/midgame.txt --cell 9,9
nodes
players
players --json
--help
match --help
tournament --help
match bot:master bot:greedy --games 20 --threads 2
match strategies/08-expert.json bot:random --games 10 --json --records games.jsonl && cat games.jsonl
match strategies/05-do-not-feed.json bot:expert --games 6 --analyse --threads 2
match bot:greedy bot:prefer-own --games 12 --players 3 --size 4x4 --rules overflow --openings 2 --seed 7 --threads 2 --json
match bot:greedy bot:random --games 40 --sprt 0 50 --threads 2
match bot:mcts:iters=50 bot:expert:depth=2,eval=balanced --games 4 --threads 1
match bot:greedy bot:random --games 0
match bot:greedy bot:random --games 200000000
match bot:greedy bot:random --players 9
match bot:greedy bot:random --players 5 --size 2x2
match bot:greedy bot:random --threads 300
match bot:greedy bot:random --openings 500
match bot:greedy bot:random --cap 0
match bot:greedy bot:random --cap 2000000
match bot:greedy bot:random --move-limit 0
match bot:greedy bot:random --time-per-move 0
match bot:greedy bot:random --time-per-move 5 --time-margin 99999999
match bot:greedy bot:random --sprt 5 5
match bot:greedy bot:random --sprt 0 1e308
match bot:nobody bot:random
match bot:expert:dpth=3 bot:random
match bot:expert:eval=foo bot:random
match bot:expert:depth=0 bot:random
match bot:random:random=5 bot:random
match bot:mcts:iters bot:random
match greedy bot:random
match "" bot:random
match 'cmd:x "open' bot:random
match notes.toml bot:random
match tests/data/strategies/cycle.json bot:random --games 2
match strategies/01-prefer-corners.json bot:random --games 2 --records strategies/01-prefer-corners.json
match 'cmd:/nonexistent/engine' bot:random --games 2
match 'cmd:python3 examples/engines/starter_bot.py' bot:greedy --games 4 --threads 2
tournament bot:greedy bot:expert:depth=1 strategies/01-prefer-corners.json strategies/02-avoid-danger.json --games 4 --threads 2
tournament bot:greedy bot:expert:depth=1 strategies/03-grow-critical.json --games 4 --gauntlet --json --threads 2
tournament --dir class --gauntlet --games 4 --threads 2 --report report && ls report && cat report/report.md report/report.csv && head -c 400 report/games.jsonl
tournament --dir class --games 2 --threads 2 --json
tournament --dir class --reference bot:greedy@150 --games 2
tournament --dir class --gauntlet --games 2 --report class/alice.json
tournament --dir nowhere --games 2
tournament bot:greedy --games 2
tournament --dir class bot:greedy bot:greedy --games 2 --threads 2
replay tests/data/records/games.jsonl --game 3
replay tests/data/records/games.jsonl --check
replay tests/data/records/games.jsonl --game 99
analyze tests/data/records/games.jsonl --game 1
analyze --position tests/data/positions/midgame.txt
analyze --position tests/data/positions/midgame.txt --json
puzzles strategies/05-do-not-feed.json
puzzles bot:expert --theme defend --json
puzzles bot:greedy --theme nowhere
tune strategies/09-think-ahead.json --against bot:expert:depth=1 --iterations 2 --games 8 --validation-games 8 --threads 2 --out tuned.json && cat tuned.json
tune strategies/09-think-ahead.json --against bot:greedy --iterations 2 --games 4 --out strategies/09-think-ahead.json
tune strategies/09-think-ahead.json --against bot:greedy --validation-games 200000000
printf '%s\n' 'protocol 1' 'newgame size=3x3 players=2 rules=standard seat=A seed=16' 'position {"rows":3,"cols":3,"to_move":0,"winner":null,"rules":"standard","players":2,"placed":[],"moves":0,"cells":[[null,null,null],[null,null,null],[null,null,null]]}' 'last -' 'go 10000' quit | chainlab engine bot:master:depth=3
printf '%s\n' 'protocol 1' 'newgame size=3x3 players=2 rules=standard seat=B seed=3' 'position {"rows":3,"cols":3,"to_move":1,"winner":null,"rules":"standard","players":2,"placed":[0],"moves":1,"cells":[[{"player":0,"atoms":1},null,null],[null,null,null],[null,null,null]]}' 'last 0,0' 'go 10000' 'go x' quit | chainlab engine strategies/08-expert.json
EOF

# A small class of submissions: two strategies, a broken one, a folder
# with a bot.toml, and a file that is no submission.
make_class() {
    local dir="$1/class"
    mkdir -p "$dir/bob"
    cp strategies/01-prefer-corners.json "$dir/alice.json"
    cp strategies/04-capture.json "$dir/carol.json"
    printf '{"format": "chainlab-strategy", "version": 1, "nodes": [' > "$dir/broken.json"
    printf 'notes\n' > "$dir/README.txt"
    cp examples/engines/starter_bot.py "$dir/bob/bot.py"
    printf 'name = "bob"\ncommand = ["python3", "bot.py"]\n' > "$dir/bob/bot.toml"
}

# Clock-dependent figures: elapsed times, rates, the date of a run.
mask() {
    sed -E \
        -e 's/[0-9]+(\.[0-9]+)? ?(ms|s)\b/<time>/g' \
        -e 's/"(elapsed|seconds|ms|games_per_s|elapsed_ms|time_ms)": ?[0-9.e+-]+/"\1": <time>/g' \
        -e 's/[0-9.]+ games\/s/<rate> games\/s/g' \
        -e 's/[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2} \(UTC\)/<date>/g'
}

# The digest of a file's content with the clock-dependent figures masked.
masked_digest() {
    mask <"$1" | sha256sum | cut -d' ' -f1
}

run_all() {
    local bin="$1" dir="$2"
    rm -rf "$dir"
    mkdir -p "$dir/run"
    cp -r strategies examples tests "$dir/run/" 2>/dev/null
    (cd "$dir/run" && make_class .)
    mkdir -p "$dir/bin"
    ln -s "$bin" "$dir/bin/chainlab"
    local n=0
    while IFS= read -r line; do
        [[ -z "$line" || "$line" == \#* ]] && continue
        n=$((n + 1))
        local out="$dir/out/$(printf '%03d' "$n")"
        mkdir -p "$out"
        printf '%s\n' "$line" > "$out/command"
        if [[ "$line" == for* || "$line" == printf* ]]; then
            script="$line"
        else
            script="chainlab $line"
        fi
        (cd "$dir/run" && PATH="$dir/bin:$PATH" timeout 600 bash -c "$script" \
            </dev/null >"$out/stdout" 2>"$out/stderr"; echo $? >"$out/code")
        mask <"$out/stdout" >"$out/stdout.masked"
        mask <"$out/stderr" >"$out/stderr.masked"
        # Every file of the copy, so a command that writes or overwrites one shows.
        (cd "$dir/run" && find . -type f -newer "$out/command" ! -name '*.stderr.log' | sort |
            while IFS= read -r f; do echo "$(masked_digest "$f")  $f"; done) >"$out/files"
    done <<<"$COMMANDS"
    echo "$n commands"
}

echo "old: $old"
run_all "$old" "$work/old"
echo "new: $new"
run_all "$new" "$work/new"

status=0
for dir in "$work"/old/out/*; do
    k="$(basename "$dir")"
    other="$work/new/out/$k"
    for part in stdout.masked stderr.masked code files; do
        if ! cmp -s "$dir/$part" "$other/$part"; then
            echo "DIFFERS ($part): $(cat "$dir/command")"
            diff "$dir/$part" "$other/$part" | head -20
            status=1
        fi
    done
done
total=$(ls "$work/old/out" | wc -l)
if [ "$status" -eq 0 ]; then
    echo "same: all $total commands (stdout, stderr, exit code, files written)"
else
    echo "see $work for both runs"
fi
exit "$status"
