#!/usr/bin/env python3
"""Sizes the split build for scripts/bench.sh and prints the BENCHMARKS.md section.

Usage: bundle_sizes.py DIST FETCHED_JSON MACHINE

FETCHED_JSON (tests/bench/first-screen.bench.ts) lists what the page fetched until the new-session
page was interactive, and what opening each other view fetched on top of that. Each file is sized
raw, gzip -9 and brotli -q 11; the parts are tied to their split points through __wasm_split.js.
Exits 3 when a budget is missed (scripts/bench.sh --check reports it).
"""
import datetime
import gzip
import json
import pathlib
import re
import subprocess
import sys

FIRST_SCREEN_GZIP, FIRST_SCREEN_BROTLI, STRETCH_GZIP = 300_000, 240_000, 250_000
WHOLE_APP_GZIP = 780_000

dist, fetched_path, machine = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2]), sys.argv[3]
fetched = json.loads(fetched_path.read_text())


def sizes(rel: str) -> tuple[int, int, int]:
    path = dist / (rel.lstrip("/") or "index.html")
    if path.is_dir():
        path = path / "index.html"
    data = path.read_bytes()
    brotli = subprocess.run(["brotli", "-q", "11", "-c"], input=data, capture_output=True, check=True).stdout
    return len(data), len(gzip.compress(data, 9, mtime=0)), len(brotli)


def row(label: str, s: tuple[int, int, int], extra: str = "") -> str:
    return f"| {label} | {s[0]:,} | {s[1]:,} | {s[2]:,} |{extra}"


def total(rels) -> tuple[int, int, int]:
    all_sizes = [sizes(r) for r in rels]
    return tuple(sum(s[i] for s in all_sizes) for i in range(3))


def label(rel: str) -> str:
    return re.sub(r"app-[0-9a-f]{16}/", "app-…/", rel.lstrip("/") or "index.html")


# Which split points load each part file (from the loader __wasm_split.js writes).
app = next(dist.glob("app-*"))
loader = (app / "__wasm_split.js").read_text()
users: dict[str, list[str]] = {}
# Each chunk follows a comment naming the split points that share it: /* history, session */
for splits, chunk in re.findall(r'/\* ([\w, ]+) \*/\s*const __chunk_\w+ = makeLoad\(\(\) => \{\s*const src = fetch\(new URL\("\./([^"]+)"', loader):
    users[chunk] = [s.strip() for s in splits.split(",")]
for split, own in re.findall(r'export const __wasm_split_load_(\w+) = wrapAsyncCb\(makeLoad\(\(\) => \{\s*const src = fetch\(new URL\("\./([^"]+)"', loader):
    users.setdefault(own, []).append(split)

first = fetched["first_screen"]
first_total = total(first)
lines = ["| file | raw bytes | gzip -9 | brotli -q 11 |", "|---|---|---|---|"]
lines += [row(label(r), sizes(r)) for r in first]
lines.append(row("**first screen**", first_total))
first_table = "\n".join(lines)

idle = fetched.get("at_idle", [])
idle_total = total(idle) if idle else (0, 0, 0)
lines = ["| file | raw bytes | gzip -9 | brotli -q 11 |", "|---|---|---|---|"]
lines += [row(label(r), sizes(r)) for r in idle]
lines.append(row("**at idle**", idle_total))
idle_table = "\n".join(lines)

lines = ["| view | files fetched on opening it | raw bytes | gzip -9 | brotli -q 11 |", "|---|---|---|---|---|"]
for view, rels in fetched["views"].items():
    s = total(rels) if rels else (0, 0, 0)
    lines.append(f"| {view} | {', '.join(label(r) for r in rels) or '(none)'} | {s[0]:,} | {s[1]:,} | {s[2]:,} |")
views_table = "\n".join(lines)

parts = sorted(p for p in app.glob("*.wasm") if p.name != "consilium_bg.wasm")
lines = ["| part | loaded by the split points | raw bytes | gzip -9 | brotli -q 11 |", "|---|---|---|---|---|"]
for p in parts:
    s = sizes(p.relative_to(dist).as_posix())
    lines.append(f"| {p.name} | {', '.join(sorted(users.get(p.name, []))) or '?'} | {s[0]:,} | {s[1]:,} | {s[2]:,} |")
parts_table = "\n".join(lines)

everything = sorted(p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file() and p.name != "sw.js")
whole = total(everything)

verdicts = [
    f"first screen {first_total[1]:,} B gzip: "
    + ("met" if first_total[1] <= FIRST_SCREEN_GZIP else f"MISSED by {first_total[1] - FIRST_SCREEN_GZIP:,}")
    + f" (target <= {FIRST_SCREEN_GZIP:,}; stretch {STRETCH_GZIP:,}: {'met' if first_total[1] <= STRETCH_GZIP else 'missed'})",
    f"first screen {first_total[2]:,} B brotli: "
    + ("met" if first_total[2] <= FIRST_SCREEN_BROTLI else f"MISSED by {first_total[2] - FIRST_SCREEN_BROTLI:,}")
    + f" (target <= {FIRST_SCREEN_BROTLI:,})",
    f"whole app {whole[1]:,} B gzip: "
    + ("met" if whole[1] <= WHOLE_APP_GZIP else f"MISSED by {whole[1] - WHOLE_APP_GZIP:,}")
    + f" (target <= {WHOLE_APP_GZIP:,})",
]
missed = first_total[1] > FIRST_SCREEN_GZIP or first_total[2] > FIRST_SCREEN_BROTLI or whole[1] > WHOLE_APP_GZIP

print(f"""### Bundle size, {datetime.date.today()} ({machine})

The split build (`scripts/build.sh`). **First screen**: every file the page fetched until the
new-session page was interactive (its demo button enabled, the static shell gone), recorded in
Chromium by `tests/bench/first-screen.bench.ts` with the service worker blocked (its install
precaches the rest in the background afterwards) and Save-Data on (so the parts the app prefetches
once idle, src/ui/prefetch.rs, are counted with the views that need them, not here).

{first_table}

**At idle, after the first screen**: what the page fetched next without being asked, once the
browser was idle: the sessions sidebar with the session list it shows (src/ui/sidebar/lazy.rs), which
the new-session page does not wait for.

{idle_table}

**Views loaded on demand**: what opening each view fetched on top of those (each from a
fresh page; `session` is the demo council run from the first screen, so it includes the run's part).

{views_table}

**Parts** (dist/app-…/): each split point's own part and the chunks split points share.

{parts_table}

**Whole app** (every file in dist/ but sw.js: {len(everything)} files): {whole[0]:,} B raw,
{whole[1]:,} B gzip, {whole[2]:,} B brotli.

Targets: {'; '.join(verdicts)}.
""")
sys.exit(3 if missed else 0)
