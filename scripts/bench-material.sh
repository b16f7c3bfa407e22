#!/usr/bin/env bash
# Material and caching: consults of three panelists (Full and Adaptive) with a 10,000-
# and a 50,000-token attachment, all seats on one model and on three, on the demo council's
# recorded replies, run by the engine (crates/engine/examples/material_caching.rs, which says the
# cache model); prints the table for BENCHMARKS.md's "Material and caching" section.
#
#   scripts/bench-material.sh
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
machine="${BENCH_MACHINE:-$(nproc)-core $(. /etc/os-release; echo "$PRETTY_NAME")}"
day="${BENCH_DATE:-$(date -u +%Y-%m-%d)}"
echo "### Material and caching, $day ($machine, commit $(git rev-parse --short HEAD))"
echo
nice cargo run -q --release -p consilium-engine --example material_caching
