#!/usr/bin/env bash
# Release build of the app into dist/ (assumes scripts/setup.sh app has run).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
source "$ROOT/scripts/versions.sh"
# npm's wasm-opt 132 must win over any other on PATH (TOOLCHAIN.md trap 1).
export PATH="$ROOT/node_modules/.bin:$PATH"
cd "$ROOT"
echo "==> trunk build --release"
trunk build index.html --release || { echo "BUILD FAILED at step: trunk build" >&2; exit 1; }
