#!/usr/bin/env bash
# History at 1,000 sessions in Chromium against the release build: bytes per stored session, the
# time to show the list, to answer a search and to import them all from one file; recorded in BENCHMARKS.md between
# <!-- history:start --> and <!-- history:end --> with the date and machine.
# Run after scripts/setup.sh all.
set -euo pipefail
source "$(dirname "$0")/lib/bench.sh"
out="$ROOT/test-results/bench-history.json"
bench_run tests/bench/history.config.ts "$out"
machine=$(bench_machine)
python3 - "$out" "$machine" <<'PY'
import json, pathlib, sys
from benchmarks_md import splice
d = json.loads(pathlib.Path(sys.argv[1]).read_text())
m = d["medians"]
runs = lambda xs: ", ".join(map(str, xs))
verdict = lambda ms, target: "met" if ms < target else "NOT met"
section = f"""### History at {d['sessions']:,} sessions, {d['measured_at'][:10]} ({sys.argv[2]})

{d['sessions']:,} sessions in IndexedDB (the three demo sessions, cloned with their own ids, titles and
dates). Times are measured in the page, from the click or the keystroke to the DOM showing the result,
median of {d['repeats']} runs; the list draws its first 100 rows ("Show more" adds the rest).

| figure | median (ms) | target | runs (ms) |
|---|---|---|---|
| History list, first open after a page load (the summaries were read while the app started) | {m['list_first']} | < 100 ({verdict(m['list_first'], 100)}) | {runs(d['list_first_ms'])} |
| History list, opened again | {m['list']} | < 100 ({verdict(m['list'], 100)}) | {runs(d['list_ms'])} |
| first search after a page load (search texts read) | {m['first_search']} | < 200 ({verdict(m['first_search'], 200)}) | {runs(d['first_search_ms'])} |
| later searches | {m['search']} | < 200 ({verdict(m['search'], 200)}) | {runs(d['search_ms'])} |
| a session imported in another tab, until this tab's search shows it (save, announcement, its search text read) | {m['other_tab_refresh']} | | {runs(d['other_tab_refresh_ms'])} |
| everything exported in one file ({d['exported_sessions']:,} sessions, {d['export_bytes'] / 1e6:.1f} MB) imported into a fresh profile, from choosing the file to "Imported" | {m['import']:,} | < 10,000 ({verdict(m['import'], 10000)}) | {runs(d['import_ms'])} |

Storage: {d['stored_bytes_per_session']:,} bytes per stored session as the browser counts it
(`navigator.storage.estimate()` before and after, record + summary + search text; IndexedDB compresses),
for JSON records of {', '.join(f'{b:,}' for b in d['record_bytes'])} characters (consult, review,
prioritize). Building the summaries and search texts of {d['sessions'] - 3:,} records that arrived
without them took {d['reindex_ms']:,} ms (page reload to the full list).
"""
print(section)
splice("history", "History at scale (scripts/bench-history.sh)", section)
PY
