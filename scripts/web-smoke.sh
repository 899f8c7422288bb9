#!/usr/bin/env bash
# chainlab's web page in a real browser (docs/web.md): builds the page
# (scripts/web.sh build; SKIP_BUILD=1 uses dist/web as it is), serves it on
# 127.0.0.1, opens every view in headless Chromium (Debian's `chromium`,
# installed here if missing, driven by playwright-core from npm), saves a
# screenshot of each (to SHOTS, see below), and exits non-zero on a
# console error, a panic, a visible error message or a blank page.
set -euo pipefail
cd "$(dirname "$0")/.."

OUT=${WEB_OUT:-dist/web}
PORT=${PORT:-8099}
# Screenshots go to dist/web-smoke-shots unless SHOTS names a folder
# (SHOTS=docs/screenshots refreshes the images of docs/web.md).
SHOTS=${SHOTS:-dist/web-smoke-shots}

if ! command -v chromium >/dev/null 2>&1; then
    echo "== installing chromium"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi
if [ ! -d scripts/web-smoke/node_modules/playwright-core ]; then
    echo "== installing playwright-core"
    (cd scripts/web-smoke && npm install --no-audit --no-fund --silent)
fi
if [ "${SKIP_BUILD:-}" != 1 ]; then
    scripts/web.sh build
fi

python3 -m http.server "$PORT" --bind 127.0.0.1 --directory "$OUT" >/dev/null 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true' EXIT
for _ in $(seq 50); do
    if python3 -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$PORT/')" 2>/dev/null; then
        break
    fi
    sleep 0.2
done

mkdir -p "$SHOTS"
echo "== headless chromium on http://127.0.0.1:$PORT/"
node scripts/web-smoke/smoke.mjs "http://127.0.0.1:$PORT/" "$SHOTS"

# Share links and frame times (issue 36 §2–3, scripts/web-smoke/share.mjs):
# a share link opens its strategy in the editor, a damaged one changes
# nothing; the longest frame and frames/s while Master plays Master (Play,
# arena) and while a game is analysed. FRAME_LIMIT_MS=50 fails on a longer frame.
echo "== share link and frame times"
FRAME_LIMIT_MS=${FRAME_LIMIT_MS:-50} node scripts/web-smoke/share.mjs "http://127.0.0.1:$PORT/"
