#!/usr/bin/env bash
# Hedged calls against stragglers: p50/p95 consult wall time with hedging off and on, and the extra
# calls it costs, in Chromium against the release build and tests/bench/fixed-latency-server.mjs with a
# seeded 20% of calls 10x slower; recorded in BENCHMARKS.md between <!-- hedging:start --> and
# <!-- hedging:end --> with the date and machine. BENCH_RUNS (default 40) consults per mode,
# BENCH_LATENCY_MS (500) per call, BENCH_HEDGE_AFTER_S (1) the fixed hedging deadline.
# Run after scripts/setup.sh app (and npm ci).
set -euo pipefail
source "$(dirname "$0")/lib/bench.sh"
out="$ROOT/test-results/bench-hedging.json"
bench_run tests/bench/hedging.config.ts "$out"
machine=$(bench_machine)
python3 - "$out" "$machine" <<'PY'
import json, pathlib, sys
from benchmarks_md import splice
d = json.loads(pathlib.Path(sys.argv[1]).read_text())
off, on = d["off"], d["on"]
reference = off["no_straggler_median_ms"] or on["no_straggler_median_ms"]
extra = (on["calls"] - off["calls"]) / off["calls"]
ratio = on["p95_ms"] / reference
verdict = "meets" if ratio <= 1.3 and extra <= 0.10 else "misses"
row = lambda name, r: (f"| {name} | {r['p50_ms']} | {r['p95_ms']} | {r['p95_ms'] / reference:.2f} | {r['calls']} | "
                       f"{r['aborted']} |")
section = f"""### Hedging against stragglers, {d['measured_at'][:10]} ({sys.argv[2]})

{d['runs']} full consults per mode (3 panelists and a judge, 9 calls) in headless Chromium against
`tests/bench/fixed-latency-server.mjs`: {d['latency_ms']} ms per call, a seeded {int(d['straggler_rate'] * 100)}% of
calls {d['straggler_factor']}x slower (the same seed both modes). Hedging on: every seat backed by the same
server's model, asked after a fixed {d['hedge_after_s']} s. Wall: click on "Ask the council" to the verdict.
No-straggler reference: median of the hedging-off consults that met no straggler, {reference} ms. The bench
models are unpriced, so the extra cost is counted in calls the server received (hedges, aborted losers
included): **{extra * 100:.1f}% extra calls**; p95 with hedging = **{ratio:.2f} x** the no-straggler time.
Target p95 <= 1.3 x at <= 10% extra cost: **{verdict}**.

| hedging | p50 (ms) | p95 (ms) | p95 / no-straggler | calls | aborted (hedge losers) |
|---|---|---|---|---|---|
{row('off', off)}
{row('on', on)}
"""
print(section)
splice("hedging", "Hedged calls (scripts/bench-hedging.sh)", section)
PY
