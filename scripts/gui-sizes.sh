#!/usr/bin/env bash
# The desktop app at small window sizes (a phone's 390x844, a tablet's
# 768x1024, a small laptop's 1024x700), walked in the real binary under a
# virtual X display: xdotool clicks and types, tesseract reads the screen to
# find the controls (scripts/gui-sizes.py says what each view's walk checks).
# Screenshots of every step go to OUT_DIR.
#
# Usage: scripts/gui-sizes.sh [OUT_DIR]   (default target/gui-sizes)
# Environment: CHAINLAB (the binary; default: cargo build, target/debug),
#              SIZES_DISPLAY (default :96).
set -euo pipefail
cd "$(dirname "$0")/.."
out="$(realpath -m "${1:-target/gui-sizes}")"
display="${SIZES_DISPLAY:-:96}"

# shellcheck source=lib/desktop.sh
. scripts/lib/desktop.sh
need_tools Xvfb=xvfb xdotool=xdotool compare=imagemagick tesseract=tesseract-ocr python3=python3
chainlab_binary

rm -rf "$out"
mkdir -p "$out"
Xvfb "$display" -screen 0 1920x1080x24 -noreset >/dev/null 2>&1 &
xvfb_pid=$!
trap 'kill "$xvfb_pid" 2>/dev/null || true' EXIT
sleep 1
DISPLAY="$display" python3 scripts/gui-sizes.py "$CHAINLAB" "$out"
