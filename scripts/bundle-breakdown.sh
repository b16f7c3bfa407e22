#!/usr/bin/env bash
# Where the first screen's wasm bytes go: optimizes the last release build's main module as
# scripts/build.sh does but keeps the function names (-g), then sums twiggy's per-item sizes by
# crate and by function family and writes the tables to BENCHMARKS.md ("Bundle breakdown").
# Run scripts/build.sh first.
# Needs twiggy: cargo install twiggy --version 0.8.0 --locked
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
source "$ROOT/scripts/versions.sh"
export PATH="$ROOT/node_modules/.bin:$PATH"
cd "$ROOT"
command -v twiggy >/dev/null || { echo "twiggy missing: cargo install twiggy --version 0.8.0 --locked" >&2; exit 1; }
# The split build's main module (what the first screen loads), before wasm-opt (scripts/build.sh).
input=${CARGO_TARGET_DIR:-target}/split-build/named/consilium_bg.wasm
[ -f "$input" ] || { echo "no $input: run scripts/build.sh first" >&2; exit 1; }
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
wasm-opt -Oz -g --low-memory-unused --enable-bulk-memory --enable-nontrapping-float-to-int "$input" -o "$work/named.wasm"
twiggy top -n 1000000 -f csv "$work/named.wasm" > "$work/top.csv"

machine="$(nproc) cores, $(. /etc/os-release; echo "$PRETTY_NAME"), $(rustc --version | cut -d' ' -f1-2)"
section=$(python3 - "$work/top.csv" "$(date -u +%Y-%m-%d)" "$machine" <<'PY'
import collections, csv, re, sys
rows = list(csv.DictReader(open(sys.argv[1])))
items = [(r["Name"], int(r["ShallowSize"])) for r in rows if "subsection" not in r["Name"]]
total = sum(size for _, size in items)
by_crate, count = collections.Counter(), collections.Counter()
by_family = collections.Counter()
for name, size in items:
    if name.startswith("data segment") or name.startswith("elem[") or name.startswith("import ") \
            or name.startswith("export ") or name.startswith("type[") or name.startswith("table["):
        key = name.split("[")[0].split('"')[0].strip() or name
        by_crate["(" + key + ")"] += size; continue
    paths = re.findall(r"([a-z_][a-z0-9_]*)(?:\[[0-9a-f]+\])?::", name)
    crate = paths[0] if paths else "(other)"
    by_crate[crate] += size; count[crate] += 1
    # A family is the function path without the hash and closure suffixes: one line per generic.
    family = re.sub(r"::h[0-9a-f]{16}$", "", name)
    family = re.sub(r"(::\{\{closure\}\})+", "::{{closure}}", family)
    family = re.sub(r"\[[0-9a-f]+\]", "", family)
    by_family[family[:140]] += size
kinds = collections.Counter()
for name, size in items:
    for marker in ("drop_in_place", "core::slice::sort", "serde", "core::fmt"):
        if marker in name:
            kinds[marker] += size
def kb(size): return f"{size / 1024:.1f}"
out = [f"### Bundle breakdown, {sys.argv[2]} ({sys.argv[3]})", "",
       f"twiggy 0.8 on the release wasm after `wasm-opt -Oz -g` (names kept; {total} bytes of code, data and",
       "tables without the name section). A crate is the first path in an item's name, so a generic",
       "instantiated by the app counts for the crate that defines it.", "",
       "| crate or section | KiB | items | share |", "|---|---|---|---|"]
for crate, size in by_crate.most_common(16):
    out.append(f"| {crate} | {kb(size)} | {count[crate] or ''} | {100 * size / total:.1f}% |")
out += ["", "| kind of code (items whose name mentions it, overlapping) | KiB |", "|---|---|"]
for marker, size in kinds.most_common():
    out.append(f"| `{marker}` | {kb(size)} |")
out += ["", "| largest function families (hash and closure nesting removed) | KiB |", "|---|---|"]
for family, size in by_family.most_common(20):
    out.append(f"| `{family.replace('|', '/')}` | {kb(size)} |")
print("\n".join(out))
PY
)
echo "$section"
python3 - "$section" <<'PY'
import pathlib, re, sys
path = pathlib.Path("BENCHMARKS.md")
text = path.read_text()
if "<!-- breakdown:start -->" not in text:
    text = text.replace("<!-- bundle:end -->\n", "<!-- bundle:end -->\n\n## Bundle breakdown (scripts/bundle-breakdown.sh)\n\n<!-- breakdown:start -->\n<!-- breakdown:end -->\n", 1)
new = "<!-- breakdown:start -->\n" + sys.argv[1] + "\n<!-- breakdown:end -->"
text = re.sub(r"<!-- breakdown:start -->.*?<!-- breakdown:end -->", lambda _: new, text, flags=re.S)
path.write_text(text)
PY
