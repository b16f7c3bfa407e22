#!/usr/bin/env bash
# Calls, prompt tokens and wall time of the demo review and of the aimock reviews, in Chromium
# against the release build; recorded in BENCHMARKS.md between <!-- review-cost:start --> and
# <!-- review-cost:end --> with the date and machine. Run after scripts/setup.sh all.
set -euo pipefail
source "$(dirname "$0")/lib/bench.sh"
out="$ROOT/test-results/bench-review.json"
bench_run tests/bench/review.config.ts "$out"
machine=$(bench_machine)
python3 - "$out" "$machine" <<'PY'
import json, pathlib, sys
from benchmarks_md import splice
data = json.loads(pathlib.Path(sys.argv[1]).read_text())
rows = "\n".join(
    f"| {r['scenario']} | {r['verdict']} | {r['rounds']} | {r['calls']} | {r['prompt_tokens']} | {r['median_wall_ms']} | {', '.join(map(str, r['walls_ms']))} |"
    for r in data["results"])
section = f"""### Review cost and wall time, {data['measured_at'][:10]} ({sys.argv[2]})

Two-member committee (Engineering Architect, Operations/SRE) for the aimock reviews, the four-member demo
committee for the demo. Calls include re-asks and compromise calls; prompt tokens are the estimate
(characters / 4) of every prompt sent. Wall: from the click that starts the review to the verdict in the
DOM, median of {data['runs']} runs. aimock answers each call after 30 ms; the demo streams its scripted
text at its demo pace (24 characters every 12 ms).

| scenario | verdict | rounds | calls | prompt tokens | median wall (ms) | runs (ms) |
|---|---|---|---|---|---|---|
{rows}
"""
print(section)
splice("review-cost", "Review cost and wall time (scripts/bench-review.sh)", section)
PY
