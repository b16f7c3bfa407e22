#!/usr/bin/env bash
# Sync at 1,000 sessions in Chromium against the release build and a loopback S3 server (moto behind
# the SigV4-checking front, as the e2e suite runs it): the first sync of 1,000 sessions, an
# incremental sync of one new session, and a second device's first sync (all 1,001 down), each with
# its time, requests and bytes; recorded in BENCHMARKS.md between <!-- sync:start --> and
# <!-- sync:end --> with the date and machine. Run after scripts/setup.sh all (moto's venv).
set -euo pipefail
source "$(dirname "$0")/lib/bench.sh"
out="$ROOT/test-results/bench-sync.json"
bench_run tests/bench/sync.config.ts "$out"
machine=$(bench_machine)
python3 - "$out" "$machine" <<'PY'
import json, pathlib, sys
from benchmarks_md import splice
d = json.loads(pathlib.Path(sys.argv[1]).read_text())
row = lambda name, m: f"| {name} | {m['ms'] / 1000:,.1f} | {m['requests']:,} | {m['bytes_up']:,} | {m['bytes_down']:,} |"
section = f"""### Sync at {d['sessions']:,} sessions, {d['measured_at'][:10]} ({sys.argv[2]})

The release build in Chromium against moto's S3 server on loopback, behind the front that checks each
request's SigV4 signature (tests/e2e/s3-server.ts). {d['sessions']:,} sessions in IndexedDB (the three
demo sessions, cloned). Time from the click on "Sync now" to its status; requests and bytes are what
the front passed on to moto (bytes up: request bodies; down: response bodies; no headers).

| sync | time (s) | requests | bytes up | bytes down |
|---|---|---|---|---|
{row(f"first sync of {d['sessions']:,} sessions (all up)", d['first'])}
{row("incremental: one new session", d['incremental'])}
{row(f"a second device's first sync ({d['sessions'] + 1:,} down)", d['second_device'])}

A sync reads the encrypted index once and, when anything changed, writes it once: at {d['sessions'] + 1:,}
sessions it is {d['incremental']['bytes_down']:,} bytes (about {d['incremental']['bytes_down'] // (d['sessions'] + 1)} per session), most of what an
incremental sync moves; each session is one object (about {d['first']['bytes_up'] // d['sessions']:,} bytes sealed, on average).
"""
print(section)
splice("sync", "Sync at scale (scripts/bench-sync.sh)", section)
PY
