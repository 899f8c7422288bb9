#!/usr/bin/env bash
# chainlab in the browser (docs/web.md).
#   scripts/web.sh build   builds the static page into dist/web/ (index.html,
#                          the wasm, its JS glue, the icon and manifest)
#   scripts/web.sh serve   builds it if needed and serves it on 127.0.0.1
# Installs what it needs: the wasm32 target, and wasm-bindgen-cli at the
# exact version of the wasm-bindgen crate in Cargo.lock, and wasm-opt (the
# `wasm-opt` crate from crates.io, binaryen inside), which shrinks the wasm.
# Environment: WEB_OUT (default dist/web), PORT (default 8080),
# CARGO_TARGET_DIR (default target), NO_WASM_OPT=1 to skip wasm-opt.
set -euo pipefail
cd "$(dirname "$0")/.."

OUT=${WEB_OUT:-dist/web}
PORT=${PORT:-8080}
TARGET=wasm32-unknown-unknown
WASM=${CARGO_TARGET_DIR:-target}/$TARGET/web/chainlab.wasm

# The wasm-bindgen version pinned in Cargo.lock.
lock_version() {
    awk '$0 == "name = \"wasm-bindgen\"" { getline; gsub(/"/, "", $3); print $3; exit }' Cargo.lock
}

ensure_tools() {
    if ! rustup target list --installed | grep -qx "$TARGET"; then
        rustup target add "$TARGET"
    fi
    local want have
    want=$(lock_version)
    have=$(wasm-bindgen --version 2>/dev/null | awk '{ print $2 }' || true)
    if [ "$have" != "$want" ]; then
        echo "== installing wasm-bindgen-cli $want (the version of the wasm-bindgen crate)"
        # --locked fails when the registry no longer serves a locked
        # dependency; the version of the CLI itself stays exact either way.
        # The first try's output is kept and shown only if the second fails
        # too, so a working fallback prints no error.
        local log
        log=$(mktemp)
        if ! cargo install wasm-bindgen-cli --version "=$want" --locked >"$log" 2>&1; then
            echo "== --locked did not resolve; installing without it"
            if ! cargo install wasm-bindgen-cli --version "=$want"; then
                cat "$log" >&2
                rm -f "$log"
                return 1
            fi
        fi
        rm -f "$log"
    fi
    if [ "${NO_WASM_OPT:-}" != 1 ] && ! command -v wasm-opt >/dev/null 2>&1; then
        echo "== installing wasm-opt (the wasm-opt crate: binaryen, a few minutes the first time)"
        cargo install wasm-opt --locked || echo "== wasm-opt could not be installed: the wasm is not shrunk"
    fi
}

build() {
    ensure_tools
    echo "== cargo build --target $TARGET --profile web"
    cargo build --bin chainlab --target "$TARGET" --profile web
    rm -rf "$OUT"
    mkdir -p "$OUT"
    wasm-bindgen --target web --no-typescript --out-dir "$OUT" --out-name chainlab "$WASM"
    if [ "${NO_WASM_OPT:-}" != 1 ] && command -v wasm-opt >/dev/null 2>&1; then
        local before
        before=$(wc -c <"$OUT/chainlab_bg.wasm")
        echo "== wasm-opt -Os ($before bytes before)"
        wasm-opt -Os --enable-bulk-memory --enable-nontrapping-float-to-int \
            --enable-sign-ext --enable-mutable-globals \
            -o "$OUT/chainlab_bg.wasm" "$OUT/chainlab_bg.wasm"
    else
        echo "== wasm-opt skipped (NO_WASM_OPT=1 or not installed): the wasm is not shrunk"
    fi
    cp web/index.html web/worker.js web/icon.svg web/manifest.json "$OUT/"
    local raw gz
    raw=$(wc -c <"$OUT/chainlab_bg.wasm")
    gz=$(gzip -9 -c "$OUT/chainlab_bg.wasm" | wc -c)
    echo "== built $OUT: chainlab_bg.wasm $raw bytes, $gz bytes gzipped"
}

serve() {
    if [ ! -f "$OUT/index.html" ] || [ ! -f "$OUT/chainlab_bg.wasm" ]; then
        build
    fi
    echo "chainlab: http://127.0.0.1:$PORT/ (Ctrl+C stops)"
    # Python's server sends .wasm as application/wasm, which the browser needs.
    exec python3 -m http.server "$PORT" --bind 127.0.0.1 --directory "$OUT"
}

case "${1:-}" in
build) build ;;
serve) serve ;;
*)
    echo "usage: scripts/web.sh build|serve" >&2
    exit 2
    ;;
esac
