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

need=()
command -v Xvfb >/dev/null || need+=(xvfb)
command -v xdotool >/dev/null || need+=(xdotool)
command -v compare >/dev/null || need+=(imagemagick)
command -v tesseract >/dev/null || need+=(tesseract-ocr)
command -v python3 >/dev/null || need+=(python3)
if [ ${#need[@]} -gt 0 ]; then
    echo "installing ${need[*]}"
    if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}" >/dev/null
fi

if [ -z "${CHAINLAB:-}" ]; then
    cargo build --quiet
    CHAINLAB="$PWD/${CARGO_TARGET_DIR:-target}/debug/chainlab"
fi

rm -rf "$out"
mkdir -p "$out"
Xvfb "$display" -screen 0 1920x1080x24 -noreset >/dev/null 2>&1 &
xvfb_pid=$!
trap 'kill "$xvfb_pid" 2>/dev/null || true' EXIT
sleep 1
DISPLAY="$display" python3 scripts/gui-sizes.py "$CHAINLAB" "$out"
