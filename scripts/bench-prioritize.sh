#!/usr/bin/env bash
# Calls, prompt tokens, cost and wall time of the demo debate and of the aimock debates, in
# Chromium against the release build; recorded in BENCHMARKS.md between
# <!-- prioritize-cost:start --> and <!-- prioritize-cost:end --> with the date and machine.
# Run after scripts/setup.sh all.
set -euo pipefail
source "$(dirname "$0")/lib/bench.sh"
out="$ROOT/test-results/bench-prioritize.json"
bench_run tests/bench/prioritize.config.ts "$out"
machine=$(bench_machine)
python3 - "$out" "$machine" <<'PY'
import json, pathlib, sys
from benchmarks_md import splice
data = json.loads(pathlib.Path(sys.argv[1]).read_text())
def cost(r):
    text = f"${r['cost_usd']:.4f}"
    return text + (f" + {r['unpriced_calls']} unpriced calls" if r['unpriced_calls'] else "")
rows = "\n".join(
    f"| {r['scenario']} | {r['ending']} | {r['rounds']} | {r['calls']} | {r['prompt_tokens']} | {cost(r)} | {r['median_wall_ms']} | {', '.join(map(str, r['walls_ms']))} |"
    for r in data["results"])
section = f"""### Prioritize cost and wall time, {data['measured_at'][:10]} ({sys.argv[2]})

Six opportunities for the aimock debates, the eight-opportunity demo backlog for the demo. Calls include
re-asks; prompt tokens are the estimate (characters / 4) of every prompt sent; cost is reported usage x
the price table (only gpt-4o-mini is priced here; the other mock models are unpriced, so their cost is
unknown, never $0). Wall: from the click that starts the debate (after the consent) to the outcome in
the DOM, median of {data['runs']} runs. aimock answers each call after 20 ms; the demo streams its
scripted text at its demo pace (24 characters every 12 ms).

| scenario | ending | rounds | calls | prompt tokens | cost | median wall (ms) | runs (ms) |
|---|---|---|---|---|---|---|---|
{rows}
"""
print(section)
splice("prioritize-cost", "Prioritize cost and wall time (scripts/bench-prioritize.sh)", section)
PY
