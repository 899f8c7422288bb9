#!/usr/bin/env bash
# Walks tutorial lesson 1 (docs/tutorial.md) in the real app, as a person
# does: the chainlab binary in a virtual X display (Xvfb), a fresh HOME,
# xdotool for real clicks, keys typed one at a time and wires dragged with
# the mouse; screenshots of every step go to a folder. It fails (exit 1)
# as soon as a step does not have its effect: the window title, the canvas
# changing, the pins it looks for, and in the end the saved file's content.
#
# Usage: scripts/gui-walk.sh [OUT_DIR]   (default target/gui-walk)
# Environment: CHAINLAB (the binary; default: cargo build, target/debug),
#              WALK_DISPLAY (default :97), KEEP_OPEN=1 (leave the app open).
set -euo pipefail
cd "$(dirname "$0")/.."
out="$(realpath -m "${1:-target/gui-walk}")"
display="${WALK_DISPLAY:-:97}"

# shellcheck source=lib/desktop.sh
. scripts/lib/desktop.sh
need_tools Xvfb=xvfb xdotool=xdotool import=imagemagick python3=python3
chainlab_binary

rm -rf "$out"
mkdir -p "$out"
home="$(mktemp -d)"
export XDG_RUNTIME_DIR="$home/run"
mkdir -m 700 "$XDG_RUNTIME_DIR"
export DISPLAY="$display"
xvfb_pid=""
app_pid=""
cleanup() {
    if [ -z "${KEEP_OPEN:-}" ]; then
        [ -n "$app_pid" ] && kill "$app_pid" 2>/dev/null || true
        [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null || true
    fi
}
trap cleanup EXIT

# -noreset: the server must not reset when the first app closes, or the
# second start below may find no X server.
Xvfb "$display" -screen 0 1920x1080x24 -noreset >/dev/null 2>&1 &
xvfb_pid=$!
sleep 1

fail() {
    echo "gui-walk: FAILED: $*" >&2
    shot "failed" || true
    exit 1
}
step=0
# shot NAME: a screenshot of the screen, numbered in order.
shot() {
    # The pointer out of the way (no tooltip over what is looked at).
    xdotool mousemove 1000 1030
    sleep 0.4
    step=$((step + 1))
    last="$out/$(printf '%02d' "$step")-$1.png"
    import -window root "$last"
}
title() { xdotool getwindowname "$win"; }
expect_title() {
    local want="$1" got
    for _ in $(seq 20); do
        got="$(title)"
        [ "$got" = "$want" ] && return 0
        sleep 0.3
    done
    fail "the window title is '$got', not '$want'"
}
# pins PNG COLOUR X0 Y0 X1 Y1: centres of the pins of COLOUR (#RRGGBB) in the
# rectangle, one "x y" per line, top to bottom (a pin is a filled shape at
# least 5x5 pixels; wires of the same colour are thinner).
pins() {
    convert "$1" -depth 8 ppm:- | python3 -c '
import sys
data = sys.stdin.buffer.read()
parts = data.split(maxsplit=4)
w, h = int(parts[1]), int(parts[2])
px = parts[4]
c = bytes.fromhex(sys.argv[1].lstrip("#"))
x0, y0, x1, y1 = map(int, sys.argv[2:6])
def at(x, y):
    i = 3 * (y * w + x)
    return px[i:i + 3] == c
found = []
for y in range(max(y0, 2), min(y1, h - 2)):
    for x in range(max(x0, 2), min(x1, w - 2)):
        if all(at(x + dx, y + dy) for dx in range(-2, 3) for dy in range(-2, 3)):
            if not any(abs(x - fx) < 9 and abs(y - fy) < 9 for fx, fy, _ in found):
                found.append((x, y, 1))
for x, y, _ in sorted(found, key=lambda p: (p[1], p[0])):
    print(x, y)
' "$2" "$3" "$4" "$5" "$6"
}
# inputs PNG X0 Y0 X1 Y1: the input pins of the node whose left edge is the
# leftmost column of number pins in the rectangle, top to bottom.
inputs() {
    pins "$@" | python3 -c '
import sys
pins = [tuple(map(int, l.split())) for l in sys.stdin if l.strip()]
if pins:
    left = min(x for x, _ in pins)
    for x, y in pins:
        if abs(x - left) <= 4:
            print(x, y)
'
}
# canvas_changed: whether the canvas differs between the last two screenshots.
canvas_changed() {
    local diff
    diff="$(compare -metric AE "$prev" "$last" null: 2>&1 || true)"
    [ "${diff%% *}" != "0" ]
}
# drag X0 Y0 X1 Y1: press, move in steps, release.
drag() {
    xdotool mousemove "$1" "$2"
    sleep 0.2
    xdotool mousedown 1
    sleep 0.2
    for k in 1 2 3 4 5 6; do
        xdotool mousemove $(($1 + ($3 - $1) * k / 6)) $(($2 + ($4 - $2) * k / 6))
        sleep 0.1
    done
    sleep 0.2
    xdotool mouseup 1
    sleep 0.5
}
# type_keys TEXT: one key event per character.
type_keys() { xdotool type --delay 150 "$1"; sleep 0.5; }
BLUE="#5CA8FF"
GOLD="#E8B339"

HOME="$home" "$CHAINLAB" >"$out/app.log" 2>&1 &
app_pid=$!
win="$(timeout 60 xdotool search --sync --name 'chainlab' | head -1)" || fail "no window"
xdotool windowmove "$win" 0 0
xdotool windowsize "$win" 1900 1040
# No window manager: give the window the keyboard focus ourselves.
xdotool windowfocus "$win" 2>/dev/null || true
sleep 3
# Frame the graph in the resized window: Fit graph.
xdotool mousemove 250 41 click 1
sleep 1
shot start
expect_title "My strategy — chainlab"
echo "1. the app opens on a new graph: $(title)"

# The Cell value's input pin, in the middle of the canvas.
read -r vx vy < <(pins "$last" "$BLUE" 200 60 1540 1000 | head -1) || fail "no Cell value pin"
echo "2. Cell value's input pin at $vx,$vy"

# add_from_pin PIN_X PIN_Y DROP_X DROP_Y NAME: drags a wire from a pin onto
# empty canvas and picks NAME in the menu (typed, then Enter).
add_from_pin() {
    prev="$last"
    drag "$1" "$2" "$3" "$4"
    type_keys "$5"
    xdotool key Return
    sleep 1
    shot "add-${5// /-}"
    canvas_changed || fail "adding $5 changed nothing on the canvas"
}

# Sum into Cell value, Multiply into Sum a, Constant into Sum b.
sx=$((vx - 60)); sy=$((vy - 60))
add_from_pin "$vx" "$vy" "$sx" "$sy" "sum"
expect_title "My strategy • — chainlab"
mapfile -t sum_in < <(inputs "$last" "$BLUE" $((sx - 200)) "$sy" $((sx - 40)) $((sy + 200)))
[ ${#sum_in[@]} -ge 2 ] || fail "Sum's inputs not found (${#sum_in[@]})"
read -r ax ay <<<"${sum_in[0]}"
read -r bx by <<<"${sum_in[1]}"
echo "3. Sum added and wired; its inputs a at $ax,$ay and b at $bx,$by"

mx=$((ax - 40)); my=$((ay - 120))
add_from_pin "$ax" "$ay" "$mx" "$my" "multiply"
cx=$((bx - 120)); cy=$((by + 60))
add_from_pin "$bx" "$by" "$cx" "$cy" "constant"
# set_constant NODE_LEFT ROW_Y VALUE: clicks the constant's number and types.
set_constant() {
    prev="$last"
    xdotool mousemove $(($1 + 22)) "$2" click 1
    sleep 0.5
    xdotool key ctrl+a
    type_keys "$3"
    xdotool key Return
    sleep 0.5
    shot "constant-$3"
    canvas_changed || fail "typing $3 into the constant changed nothing"
}
mapfile -t const_out < <(pins "$last" "$BLUE" $((cx - 160)) "$cy" $((cx + 80)) $((cy + 80)))
[ ${#const_out[@]} -ge 1 ] || fail "the constant's output pin not found"
read -r _ oy <<<"${const_out[0]}"
set_constant $((cx - 150)) "$oy" 1
echo "4. Multiply into Sum a, the constant 1 into Sum b"

mapfile -t mul_in < <(inputs "$last" "$BLUE" $((mx - 200)) "$my" $((mx - 40)) $((my + 120)))
[ ${#mul_in[@]} -ge 2 ] || fail "Multiply's inputs not found (${#mul_in[@]})"
read -r max may <<<"${mul_in[0]}"
read -r mbx mby <<<"${mul_in[1]}"
kx=$((mbx - 40)); ky=$((mby + 50))
add_from_pin "$mbx" "$mby" "$kx" "$ky" "constant"
mapfile -t six_out < <(pins "$last" "$BLUE" $((kx - 160)) "$ky" $((kx + 80)) $((ky + 80)))
[ ${#six_out[@]} -ge 1 ] || fail "the second constant's output pin not found"
read -r _ oy <<<"${six_out[0]}"
set_constant $((kx - 150)) "$oy" 6
echo "5. the constant 6 into Multiply b"

# Is corner from the palette: search (one key at a time), click, then wire
# its yes/no output into Multiply a by dragging.
prev="$last"
xdotool mousemove 95 100 click 1
sleep 0.3
type_keys "Is corner"
shot "palette-search"
xdotool mousemove 60 182 click 1
sleep 1
shot "palette-add"
canvas_changed || fail "clicking Is corner in the palette added nothing"
xdotool key Escape
mapfile -t gold < <(pins "$last" "$GOLD" 200 60 1540 1000)
[ ${#gold[@]} -eq 1 ] || fail "expected one yes/no pin (Is corner's), found ${#gold[@]}"
read -r gx gy <<<"${gold[0]}"
prev="$last"
drag "$gx" "$gy" "$max" "$may"
shot "wire-corner"
canvas_changed || fail "the wire from Is corner changed nothing"
echo "6. Is corner from the palette, wired into Multiply a"

prev="$last"
xdotool mousemove 324 41 click 1
sleep 1.5
shot "tidy"
echo "7. Tidy up"

# Save: Ctrl+S asks where (a new graph is unnamed); Enter takes the name offered.
xdotool key ctrl+s
sleep 1
shot "save-dialog"
xdotool key Return
sleep 1
shot "saved"
saved="$home/chainlab/my-strategy.json"
[ -f "$saved" ] || fail "Ctrl+S and Enter did not write $saved"
expect_title "my-strategy.json — chainlab"
python3 - "$saved" <<'EOF' || fail "the saved graph is not lesson 1's"
import json, sys
s = json.load(open(sys.argv[1]))
kinds = sorted(n["kind"] for n in s["nodes"])
values = sorted(n.get("params", {}).get("value", 0) for n in s["nodes"] if n["kind"] == "constant")
want = sorted(["output", "sum", "multiply", "constant", "constant", "is_corner"])
print("   saved:", kinds, "constants", values, "wires", len(s["wires"]))
assert kinds == want, kinds
assert values == [1, 6], values
assert len(s["wires"]) == 5, s["wires"]
EOF
echo "8. saved as $saved: Is corner × 6 + 1, as lesson 1"

# The saved file opens from the command line too.
kill "$app_pid"
wait "$app_pid" 2>/dev/null || true
HOME="$home" "$CHAINLAB" "$saved" >>"$out/app.log" 2>&1 &
app_pid=$!
win="$(timeout 60 xdotool search --sync --name 'my-strategy.json' | head -1)" || fail "no window for the file"
xdotool windowfocus "$win" 2>/dev/null || true
sleep 3
shot "reopened"
expect_title "my-strategy.json — chainlab"
echo "9. chainlab $saved opens it: $(title)"
echo "gui-walk: lesson 1 walked; screenshots in $out"
