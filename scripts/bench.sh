#!/usr/bin/env bash
# Measures the split release build against its budgets and records it in BENCHMARKS.md with the date
# and machine: the first screen (every file fetched until the new-session page is interactive,
# recorded in Chromium), each view loaded on demand and its parts, and the whole app; raw, gzip and
# brotli. Run after scripts/setup.sh all, under the e2e lock (it serves dist/ on the benchmark
# port). A missed budget is reported loudly (and in the exit status of `scripts/bench.sh --check`),
# never by failing the tests. Targets: first screen <= 300 KB gzip (240 KB brotli), whole app
# <= 780 KB gzip.
set -euo pipefail
source "$(dirname "$0")/lib/bench.sh"
command -v brotli >/dev/null || { echo "brotli missing: apt-get install -y brotli" >&2; exit 1; }
# BENCH_REUSE_DIST=1: measure dist/ as it is (just built from this checkout by scripts/build.sh).
[ "${BENCH_REUSE_DIST:-}" = 1 ] && [ -f "$ROOT/dist/index.html" ] || "$ROOT/scripts/build.sh" >/dev/null

out="$ROOT/test-results/bench-first-screen.json"
bench_run tests/bench/first-screen.config.ts "$out"
machine=$(bench_machine)
budget=0
section=$(python3 "$ROOT/scripts/lib/bundle_sizes.py" dist "$out" "$machine") || budget=$?
[ "$budget" = 0 ] || [ "$budget" = 3 ] || { echo "BENCH FAILED: sizing the bundle" >&2; exit 1; }
echo "$section"
[ "$budget" = 0 ] || printf '\n\033[1;31m*** Bundle over its budget (see "Targets" above) ***\033[0m\n\n' >&2
python3 - "$section" <<'PY'
import sys
from benchmarks_md import splice
splice("bundle", "Bundle size (scripts/bench.sh)", sys.argv[1] + "\n")
PY

# Artifact filtering savings (native, deterministic).
filtering=$(cargo run -q -p consilium-engine --example filtering_savings)
section="### Artifact filtering, rounds 3+4 input tokens, $(date -u +%Y-%m-%d) ($machine)

Command: \`cargo run -q -p consilium-engine --example filtering_savings\` (five scripted consultations, each
run once with filtering and once in verbose mode).

$filtering
"
echo "$section"
python3 - "$section" <<'PY'
import pathlib, re, sys
path = pathlib.Path("BENCHMARKS.md")
text = path.read_text()
if "<!-- filtering:start -->" not in text:
    text += "\n## Artifact filtering savings (scripts/bench.sh)\n\n<!-- filtering:start -->\n<!-- filtering:end -->\n"
new = "<!-- filtering:start -->\n" + sys.argv[1] + "<!-- filtering:end -->"
text = re.sub(r"<!-- filtering:start -->.*?<!-- filtering:end -->", lambda _: new, text, flags=re.S)
path.write_text(text)
PY

# `scripts/bench.sh --check`: the exit status carries the budget verdict (for CI that wants it).
if [ "${1:-}" = "--check" ]; then [ "$budget" = 0 ]; fi
