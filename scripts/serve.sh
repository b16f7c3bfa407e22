#!/usr/bin/env bash
# Installs what is missing, builds the release bundle and serves it on 127.0.0.1.
#   scripts/serve.sh            # http://127.0.0.1:8765/
#   PORT=9000 scripts/serve.sh
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
source "$ROOT/scripts/versions.sh"
PORT=${PORT:-8765}

"$ROOT/scripts/setup.sh" app || exit 1
"$ROOT/scripts/build.sh" || exit 1

echo
echo "Consilium is ready: open http://127.0.0.1:$PORT/   (Ctrl-C to stop)"
echo "No key needed to start: press \"Run the demo council\"."
exec python3 "$ROOT/scripts/static_server.py" "$ROOT/dist" "$PORT"
