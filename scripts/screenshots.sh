#!/usr/bin/env bash
# Renders the desktop app's views to PNG under docs/screenshots/ (or the
# directory given), headless: egui_kittest draws with wgpu, which on a
# machine without a GPU uses Mesa's software Vulkan driver (lavapipe).
# Usage: scripts/screenshots.sh [DIR] [editor|tutorial|tune|puzzles]
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-docs/screenshots}"

if ! ls /usr/share/vulkan/icd.d/lvp_icd*.json >/dev/null 2>&1; then
    echo "installing Mesa's software Vulkan driver (mesa-vulkan-drivers)"
    if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq mesa-vulkan-drivers >/dev/null
fi

# Mesa's drivers want a runtime directory; a headless shell may have none.
if [ -z "${XDG_RUNTIME_DIR:-}" ] || [ ! -d "$XDG_RUNTIME_DIR" ]; then
    XDG_RUNTIME_DIR="$(mktemp -d)"
    export XDG_RUNTIME_DIR
fi

# A second argument `editor` (or `tutorial`, `tune`, `puzzles`) renders only those screenshots.
cargo run --release --example screenshots --features screenshots -- "$out" ${2:+"$2"}
