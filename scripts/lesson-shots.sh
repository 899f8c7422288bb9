#!/usr/bin/env bash
# Opens shipped lessons in the real app as a learner does (`chainlab FILE`)
# on a 1280x800 virtual screen (Xvfb), the size of most school laptops,
# screenshots each, and reads the node titles back from the canvas by OCR
# (tesseract). It fails (exit 1) when a lesson's canvas shows empty boxes:
# when fewer than a third of its distinct node titles are read, or the canvas
# has almost no text-bright pixels. It prints the titles read per lesson.
#
# Usage: scripts/lesson-shots.sh [OUT_DIR] [LESSON...]
#        (default target/lesson-shots; lessons 02-avoid-danger 05-do-not-feed
#        09-think-ahead)
# Environment: CHAINLAB (the binary; default: cargo build, target/debug),
#              WALK_DISPLAY (default :97).
set -euo pipefail
cd "$(dirname "$0")/.."
out="$(realpath -m "${1:-target/lesson-shots}")"
shift || true
lessons=("$@")
[ ${#lessons[@]} -gt 0 ] || lessons=(02-avoid-danger 05-do-not-feed 09-think-ahead)
display="${WALK_DISPLAY:-:97}"

# shellcheck source=lib/desktop.sh
. scripts/lib/desktop.sh
need_tools Xvfb=xvfb xdotool=xdotool import=imagemagick tesseract=tesseract-ocr python3=python3
chainlab_binary

rm -rf "$out"
mkdir -p "$out"
home="$(mktemp -d)"
export HOME="$home"
export XDG_RUNTIME_DIR="$home/run"
mkdir -m 700 "$XDG_RUNTIME_DIR"
export DISPLAY="$display"
xvfb_pid=""
app_pid=""
cleanup() {
    [ -n "$app_pid" ] && kill "$app_pid" 2>/dev/null || true
    [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null || true
    rm -rf "$home"
}
trap cleanup EXIT

Xvfb "$display" -screen 0 1280x800x24 -noreset >/dev/null 2>&1 &
xvfb_pid=$!
sleep 1

failed=0
for lesson in "${lessons[@]}"; do
    file="strategies/$lesson.json"
    [ -f "$file" ] || { echo "lesson-shots: no $file" >&2; exit 1; }
    "$CHAINLAB" "$file" >"$out/$lesson.log" 2>&1 &
    app_pid=$!
    win=""
    for _ in $(seq 50); do
        win="$(xdotool search --name "chainlab" 2>/dev/null | head -1 || true)"
        [ -n "$win" ] && break
        sleep 0.2
    done
    [ -n "$win" ] || { echo "lesson-shots: no window for $lesson" >&2; exit 1; }
    # Framing takes a few frames; the pointer goes out of the way (no tooltip).
    sleep 4
    xdotool mousemove 1279 799
    sleep 0.5
    import -window root "$out/$lesson.png"
    geometry="$(xdotool getwindowgeometry "$win" | sed -n 's/.*Geometry: //p')"
    kill "$app_pid" 2>/dev/null || true
    wait "$app_pid" 2>/dev/null || true
    app_pid=""
    # The canvas: right of the palette (190 px), left of the side panel
    # (350 px), under the two top bars, above the Problems panel.
    w="${geometry%x*}"
    h="${geometry#*x}"
    crop="$((w - 190 - 355))x$((h - 58 - 100))+192+58"
    convert "$out/$lesson.png" -crop "$crop" +repage "$out/$lesson-canvas.png"
    # Small text read better enlarged and as dark on light.
    convert "$out/$lesson-canvas.png" -colorspace Gray -filter Lanczos -resize 400% \
        -negate -level 10%,70% "$out/$lesson-ocr.png"
    tesseract "$out/$lesson-ocr.png" "$out/$lesson-ocr" --psm 11 >/dev/null 2>&1
    if ! python3 - "$file" "$out/$lesson-ocr.txt" "$out/$lesson-canvas.png" "$geometry" <<'EOF'
import json, re, subprocess, sys

lesson, ocr_path, canvas, geometry = sys.argv[1:5]
docs = open("src/strategy/kind/docs.rs").read()
titles = dict(re.findall(r'key: "(\w+)",\s*title: "([^"]+)"', docs))
graph = json.load(open(lesson))
want = sorted({titles[n["kind"]] for n in graph["nodes"] if n["kind"] in titles})
for n in graph["nodes"]:
    if n.get("label"):
        want.append(n["label"])
ocr = open(ocr_path).read()
flat = re.sub(r"\s+", " ", ocr).lower()
found = [t for t in want if t.lower() in flat]
missed = [t for t in want if t.lower() not in flat]
# Bright pixels (text) in the canvas: an empty box has none.
mean = subprocess.run(
    ["convert", canvas, "-colorspace", "Gray", "-threshold", "70%", "-format", "%[fx:mean]", "info:"],
    capture_output=True, text=True, check=True).stdout
bright = float(mean)
print(f"{lesson} (window {geometry}): read {len(found)} of {len(want)} titles: {', '.join(found)}")
if missed:
    print(f"  not read: {', '.join(missed)}")
print(f"  text-bright pixels in the canvas: {bright:.2%}")
ok = len(found) * 3 >= len(want) and bright > 0.003
sys.exit(0 if ok else 1)
EOF
    then
        echo "lesson-shots: FAILED: $lesson shows empty boxes (see $out/$lesson.png)" >&2
        failed=1
    fi
done
[ "$failed" -eq 0 ] && echo "lesson-shots: every lesson's node titles read back"
exit "$failed"
