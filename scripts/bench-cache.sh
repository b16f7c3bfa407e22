#!/usr/bin/env bash
# Prompt caching, measured: the recorded consultations of tests/bench/tokens (the
# demo council's replies and two that fill the schema's limits) run through the engine, and for
# every call the longest prefix (o200k tokens) it shares with an earlier call of the same seat:
# the share of all prompt tokens a per-seat prefix cache could serve, and the effective input cost
# at Anthropic's prices (reads 0.1x; writes 1.25x on the calls whose prefix a later call reads)
# and at OpenAI's (reads 0.1x). "Before" is the same measurement on another commit's engine (its
# crates/ exported to a temp dir, the same replies). Writes BENCHMARKS.md's "Depth and caching"
# section, sub-heading "Prompt caching".
#
#   scripts/bench-cache.sh                 # this engine ("after") and main's ("before")
#   scripts/bench-cache.sh COMMIT          # this engine and COMMIT's
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
before=$(git rev-parse --short "${1:-$(git merge-base HEAD main)}")
after=$(git rev-parse --short HEAD)
target=${CARGO_TARGET_DIR:-target}

tree=$(mktemp -d)
trap 'rm -rf "$tree"' EXIT
git archive "$before" Cargo.toml Cargo.lock crates src | tar -x -C "$tree"
mkdir -p "$tree/tests/bench"
cp -r tests/bench/tokens "$tree/tests/bench/"
before_table=$(nice cargo run -q --release --manifest-path "$tree/tests/bench/tokens/Cargo.toml" --target-dir "$target/bench-tokens-before" -- cache)
after_table=$(nice cargo run -q --release --manifest-path tests/bench/tokens/Cargo.toml --target-dir "$target/bench-tokens" -- cache)

machine="${BENCH_MACHINE:-$(nproc)-core $(. /etc/os-release; echo "$PRETTY_NAME")}"
day="${BENCH_DATE:-$(date -u +%Y-%m-%d)}"
section="#### Before: commit $before ($machine, $day)

$before_table

#### After: commit $after ($machine, $day)

$after_table
"
echo "$section"
PYTHONPATH="$ROOT/scripts/lib" python3 - "$section" <<'PY'
import sys
from benchmarks_md import splice
splice("cache", "Prompt caching (scripts/bench-cache.sh)", sys.argv[1], under="Depth and caching")
PY
