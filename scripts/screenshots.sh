#!/usr/bin/env bash
# Takes the screenshot set (each protocol's form, live run, decision and failure; desktop and phone;
# light and dark) of the release build in dist/ into the folder given as argument:
#   scripts/build.sh && scripts/screenshots.sh /tmp/after
# DIST=<folder> takes the set of another build (e.g. the one before a change).
# Serves dist/ on a free loopback port for the run (and stops it after); the failures call a port
# nothing listens on. Needs node_modules (playwright) and Chromium (/usr/bin/chromium, or CHROMIUM).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=${1:?usage: scripts/screenshots.sh <folder>}
DIST=${DIST:-$ROOT/dist}
[ -f "$DIST/index.html" ] || { echo "no $DIST/index.html: run scripts/build.sh first" >&2; exit 1; }
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'; }
PORT=$(free_port)
python3 -m http.server --bind 127.0.0.1 --directory "$DIST" "$PORT" >/dev/null 2>&1 &
SERVER=$!
trap 'kill "$SERVER" 2>/dev/null || true' EXIT
for _ in $(seq 50); do
  curl -sf "http://127.0.0.1:$PORT/index.html" >/dev/null && break
  sleep 0.1
done

# A port that refuses connections: bound and closed again, so nothing listens there.
DEAD_PORT=$(free_port)
cd "$ROOT"
APP_URL="http://127.0.0.1:$PORT/" OUT="$OUT" DEAD_URL="http://127.0.0.1:$DEAD_PORT/v1" \
  node "$ROOT/scripts/screenshots.mjs"
