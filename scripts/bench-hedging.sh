#!/usr/bin/env bash
# Hedged calls against stragglers: p50/p95 consult wall time with hedging off and on, and the extra
# cost (the sessions' ledgers) and requests it takes, in Chromium against the release build and
# tests/bench/fixed-latency-server.mjs (streamed, demo-sized replies) with a seeded 20% of requests
# 10x slower; recorded in BENCHMARKS.md between <!-- hedging:start --> and
# <!-- hedging:end --> with the date and machine. BENCH_RUNS (default 40) consults per mode,
# BENCH_LATENCY_MS (500) per call, BENCH_FIRST_TEXT_SHARE (0.1) of it before the first
# text, BENCH_HEDGE_AFTER_S (1) the deadline until the adaptive one has 3 samples.
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
extra_cost = (on["cost_usd"] - off["cost_usd"]) / off["cost_usd"]
extra_calls = (on["calls"] - off["calls"]) / off["calls"]
ratio = on["p95_ms"] / reference
p95_ok, cost_ok = ratio <= 1.3, extra_cost <= 0.10
verdict = {(True, True): "met", (True, False): "p95 met, extra cost missed",
           (False, True): "p95 missed, extra cost met", (False, False): "missed"}[(p95_ok, cost_ok)]
row = lambda name, r: (f"| {name} | {r['p50_ms']} | {r['p95_ms']} | {r['p50_ms'] / reference:.2f} | {r['p95_ms'] / reference:.2f} | "
                       f"{r['calls']} | {r['aborted']} | {r['cost_usd']:.4f} |")
price = d["price"]
section = f"""### Hedging against stragglers, {d['measured_at'][:10]} ({sys.argv[2]})

{d['runs']} full consults per mode (3 panelists and a judge, 9 calls), each mode after one warm-up
consult, in headless Chromium against `tests/bench/fixed-latency-server.mjs`: {d['latency_ms']} ms per call,
streamed (first text after {int(d['first_text_share'] * 100)}% of the latency, the rest spread over the remainder),
replies of the demo council's sizes, a seeded {int(d['straggler_rate'] * 100)}% of requests {d['straggler_factor']}x slower throughout
(the same seed both modes). Hedging on: every seat backed by the same server's model, the app's
default adaptive deadline (2 x the provider's median time to first text, at least 100 ms; {d['hedge_after_s']} s
until the provider has answered 3 calls). Wall: click on "Ask the council" to the verdict.
No-straggler reference: median of the hedging-off consults that met no straggler, {reference} ms.
Cost: the sessions' own ledgers, the bench model priced as gpt-4o-mini (${price['input']} / ${price['output']} per
million tokens in / out), an aborted request charged at the estimate of its prompt and of what it
streamed.

**p95 with hedging = {ratio:.2f} x the no-straggler time, extra cost {extra_cost * 100:.1f}%**
({extra_calls * 100:.1f}% more requests). Target p95 <= 1.3 x at <= 10% extra cost: **{verdict}**.

| hedging | p50 (ms) | p95 (ms) | p50 / no-straggler | p95 / no-straggler | requests | aborted (hedge losers) | cost (USD) |
|---|---|---|---|---|---|---|---|
{row('off', off)}
{row('on', on)}
"""
print(section)
splice("hedging", "Hedged calls (scripts/bench-hedging.sh)", section)
PY
