#!/usr/bin/env bash
# Measures the wall time of a full Consult (3 panelists and a judge) in Chromium against a fixed-latency
# OpenAI-compatible server (tests/bench/fixed-latency-server.mjs), at 500 ms and 1000 ms per call, and
# records it in BENCHMARKS.md between <!-- consult-wall:start --> and <!-- consult-wall:end --> with the
# date and machine. Builds the release bundle first when dist/ is missing or older than the sources.
# Run after scripts/setup.sh app (and npm ci). BENCH_RUNS=5 scripts/bench-consult.sh for more runs.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
source "$ROOT/scripts/versions.sh"
export PATH="$ROOT/node_modules/.bin:$PATH"
cd "$ROOT"

step() { echo "==> $*"; }
fail() { echo "BENCH FAILED at step: $*" >&2; exit 1; }

step "release build (if needed)"
stale=0
if ! ls dist/app-*/consilium_bg.wasm >/dev/null 2>&1 || [ ! -f dist/index.html ]; then
  stale=1
elif [ -n "$(find src crates index.html Cargo.toml Cargo.lock Trunk.toml style public -newer dist/index.html \
      -type f 2>/dev/null | grep -v '/target/' | head -n1)" ]; then
  stale=1
fi
if [ "$stale" = 1 ]; then
  "$ROOT/scripts/build.sh" || fail "build"
else
  echo "dist/ is up to date"
fi

step "playwright: tests/bench/consult-wall-time.spec.ts"
out="$ROOT/test-results/bench-consult-wall.json"
rm -f "$out"
BENCH_OUT="$out" npx playwright test --config tests/bench/playwright.config.ts || fail "playwright benchmark"
[ -s "$out" ] || fail "no results in $out"

step "BENCHMARKS.md"
chromium_version=$(/usr/bin/chromium --version 2>/dev/null | head -n1 | sed "s/ built on.*//" || true)
[ -n "$chromium_version" ] || chromium_version="Chromium (version unknown)"
machine="$(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB RAM", $2/1048576}' /proc/meminfo), $(. /etc/os-release; echo "$PRETTY_NAME"), $chromium_version"
python3 - "$out" "$machine" <<'PY'
import json, pathlib, re, sys
data = json.loads(pathlib.Path(sys.argv[1]).read_text())
machine = sys.argv[2]
date = data["measured_at"][:10]
rows = "\n".join(
    f"| {r['latency_ms']} | {r['ideal_ms']} | {r['median_ms']} | {r['min_ms']}–{r['max_ms']} | "
    f"{r['ratio']:.3f} | {r['overhead_ms']} | {r['between_rounds_ms']} | {r['edges_ms']} | {r['warmup_ms']} | {r['peak_parallel_calls']} |"
    for r in data["results"])
section = f"""### Consult wall time, {date} ({machine})

Full consult, 3 panelists and a judge (9 calls), in headless Chromium against
`tests/bench/fixed-latency-server.mjs`, which answers every call after a fixed latency. The critical
path is {data['sequential_calls']} sequential calls (R1 panel, R2, R3 panel, R3 merge, R4), so
ratio = median wall / ({data['sequential_calls']} x latency); 1.0 would be no overhead. Wall is measured
in the page from the click on "Ask the council" to the verdict entering the DOM; {data['runs_per_latency']}
measured runs per latency after one warm-up run. Overhead = median wall - critical path; "between rounds"
is the server's idle time from one round's last reply to the next round's first request (4 per run),
"edges" the rest (click to first request, last reply to verdict on screen).

| latency per call (ms) | critical path (ms) | median wall (ms) | min–max (ms) | ratio | overhead (ms) | between rounds (ms) | edges (ms) | warm-up run (ms) | peak parallel calls |
|---|---|---|---|---|---|---|---|---|---|
{rows}
"""
print(section)
path = pathlib.Path("BENCHMARKS.md")
start, end = "<!-- consult-wall:start -->", "<!-- consult-wall:end -->"
block = f"{start}\n{section}{end}"
if path.exists():
    text = path.read_text()
else:
    # The same header scripts/bench.sh writes, so both scripts can fill their own sections.
    text = ("# Benchmarks\n\nWritten by scripts in `scripts/`; each section says when and on what machine it was "
            "measured.\n\n## Bundle size (scripts/bench.sh)\n\n<!-- bundle:start -->\n<!-- bundle:end -->\n")
if start in text and end in text:
    text = re.sub(re.escape(start) + r".*?" + re.escape(end), lambda _: block, text, flags=re.S)
else:
    text = text.rstrip("\n") + "\n\n## Consult wall time (scripts/bench-consult.sh)\n\n" + block + "\n"
path.write_text(text)
PY
echo "Recorded in BENCHMARKS.md"
