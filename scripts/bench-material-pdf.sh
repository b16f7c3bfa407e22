#!/usr/bin/env bash
# A 100-page PDF attached to a Consult question in Chromium against the release build
# (tests/bench/material-pdf.bench.ts; tests/bench/long_pdf.py writes the PDF): the time to its chip,
# the page's main-thread time meanwhile, its longest frame gap; recorded in BENCHMARKS.md between
# <!-- material-pdf:start --> and <!-- material-pdf:end --> with the date and machine.
set -euo pipefail
source "$(dirname "$0")/lib/bench.sh"
mkdir -p "$ROOT/test-results"
python3 tests/bench/long_pdf.py "$ROOT/test-results/report-100.pdf" 100
export BENCH_PDF="$ROOT/test-results/report-100.pdf"
out="$ROOT/test-results/bench-material-pdf.json"
bench_run tests/bench/material-pdf.config.ts "$out"
machine=$(bench_machine)
python3 - "$out" "$machine" <<'PY'
import json, pathlib, sys
from benchmarks_md import splice
d = json.loads(pathlib.Path(sys.argv[1]).read_text())
row = lambda name, r: (f"| {name} | {r['wall_ms']:,} | {r['main_thread_ms']:,} | {r['longest_frame_gap_ms']} | "
                       f"{r['gaps_over_100ms']} | {r['long_tasks']} ({r['longest_task_ms']} ms) | {r['tokens']:,} |")
warm = ", ".join(f"{r['wall_ms']:,}" for r in d["warm_runs"])
section = f"""### A 100-page PDF, {d['measured_at'][:10]} ({sys.argv[2]})

A 100-page report ({d['pdf_bytes']:,} bytes, 40 lines a page, every tenth page a table;
`tests/bench/long_pdf.py`) attached to a Consult question, from choosing the file to its chip with
its tokens. pdf.js parses in its own worker; the page asks it for each page's text. Main thread is
Chromium's `TaskDuration` of the page over that time; frame gaps from a `requestAnimationFrame`
loop in the page. "cold" is the first PDF after a page load (the readers fetched), "warm" the
median of the later ones (runs: {warm} ms).

| run | to the chip (ms) | main thread (ms) | longest frame gap (ms) | gaps over 100 ms | long tasks (longest) | tokens |
|---|---|---|---|---|---|---|
{row("cold", d["cold"])}
{row("warm", d["warm_median"])}
"""
print(section)
splice("material-pdf", "A 100-page PDF", section, under="Material and caching (scripts/bench-material.sh)")
PY
