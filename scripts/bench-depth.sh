#!/usr/bin/env bash
# Depth by need, measured: the three consult depths (Vote, Adaptive, Full) on a
# scripted panel of known accuracy that agrees on 70% of the questions and on one that agrees on
# 30%, 200 questions each, every question a real consult run by the engine natively
# (crates/engine/examples/depth_by_need). Prints a Markdown table and whether the target holds,
# and writes it into BENCHMARKS.md's "Depth and caching" section, sub-heading "Depth by need".
# Also prints the Benchmark's own Vote/Adaptive/council arms on the same panels, for comparison.
# About 2 CPU-minutes (most of it the Benchmark's run of 2 x 200 questions).
#
#   scripts/bench-depth.sh                  # 200 questions, 15 s per call (modelled wall time)
#   scripts/bench-depth.sh 50 20            # 50 questions, 20 s per call
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
questions=${1:-200}
latency_s=${2:-15}

table=$(nice cargo run -q --release -p consilium-engine --example depth_by_need -- "$questions" "$latency_s")

machine="${BENCH_MACHINE:-$(nproc)-core $(. /etc/os-release; echo "$PRETTY_NAME")}"
day="${BENCH_DATE:-$(date -u +%Y-%m-%d)}"
section="#### Commit $(git rev-parse --short HEAD) ($machine, $day)

$table
"
echo "$section"
PYTHONPATH="$ROOT/scripts/lib" python3 - "$section" <<'PY'
import sys
from benchmarks_md import splice
splice("depth", "Depth by need (scripts/bench-depth.sh)", sys.argv[1], under="Depth and caching")
PY
