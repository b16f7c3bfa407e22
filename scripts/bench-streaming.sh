#!/usr/bin/env bash
# Main-thread cost per streamed token with five replies streaming at once, for 100- and
# 10,000-token replies (tests/bench/streaming.bench.ts against tests/bench/stream-server.mjs), in
# Chromium against the release build; recorded in BENCHMARKS.md between
# <!-- streaming:start --> and <!-- streaming:end --> with the date and machine.
set -euo pipefail
source "$(dirname "$0")/lib/bench.sh"
out="$ROOT/test-results/bench-streaming.json"
bench_run tests/bench/streaming.config.ts "$out"
machine=$(bench_machine)
python3 - "$out" "$machine" <<'PY'
import json, pathlib, sys
from benchmarks_md import splice
data = json.loads(pathlib.Path(sys.argv[1]).read_text())
fmt = lambda v: "-" if v is None else f"{v:.0f}"
rows = "\n".join(
    f"| {r['tokens_per_reply']} | {r['streamed']} | {r['main_thread_ms']:.0f} | {r['whole_run_us_per_token']:.0f} | {fmt(r['early_us_per_token'])} | {fmt(r['late_us_per_token'])} |"
    for r in data["results"])
long = next(r for r in data["results"] if r["tokens_per_reply"] >= 10000)
ratio = long["late_us_per_token"] / long["early_us_per_token"]
section = f"""### Streaming render cost, {data['measured_at'][:10]} ({sys.argv[2]})

Five panelists stream round-1 answers at once, 1,000 tokens/s each, one SSE event per token.
Main-thread time is Chromium's TaskDuration; the early and late columns are sampled every 200 ms
while tokens arrive, when each reply is within its first 1,000 tokens and past its 9,000th. Median
of {data['runs']} runs (by whole-run main-thread time).

| tokens per reply | tokens streamed | main thread (ms) | whole run (µs/token) | early (µs/token) | late (µs/token) |
|---|---|---|---|---|---|
{rows}

Late / early per-token cost of the 10,000-token replies: **{ratio:.2f}** (target <= 1.5).
"""
print(section)
splice("streaming", "Streaming render cost (scripts/bench-streaming.sh)", section)
PY
