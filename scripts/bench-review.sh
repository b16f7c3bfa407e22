#!/usr/bin/env bash
# Calls, prompt tokens and wall time of the demo review and of the aimock reviews, in Chromium
# against the release build; recorded in BENCHMARKS.md between <!-- review-cost:start --> and
# <!-- review-cost:end --> with the date and machine. Run after scripts/setup.sh all.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
source "$ROOT/scripts/versions.sh"
export PATH="$ROOT/node_modules/.bin:$PATH"
cd "$ROOT"
[ -f dist/index.html ] || "$ROOT/scripts/build.sh"
out="$ROOT/test-results/bench-review.json"
mkdir -p "$ROOT/test-results"
rm -f "$out"
BENCH_OUT="$out" npx playwright test --config tests/bench/review.config.ts || { echo "BENCH FAILED" >&2; exit 1; }
chromium_version=$(/usr/bin/chromium --version 2>/dev/null | head -n1 | sed "s/ built on.*//" || true)
machine="$(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB RAM", $2/1048576}' /proc/meminfo), $(. /etc/os-release; echo "$PRETTY_NAME"), ${chromium_version:-Chromium}"
python3 - "$out" "$machine" <<'PY'
import json, pathlib, re, sys
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
path = pathlib.Path("BENCHMARKS.md")
start, end = "<!-- review-cost:start -->", "<!-- review-cost:end -->"
block = f"{start}\n{section}{end}"
text = path.read_text()
if start in text and end in text:
    text = re.sub(re.escape(start) + r".*?" + re.escape(end), lambda _: block, text, flags=re.S)
else:
    text = text.rstrip("\n") + "\n\n## Review cost and wall time (scripts/bench-review.sh)\n\n" + block + "\n"
path.write_text(text)
PY
