#!/usr/bin/env bash
# Measures the release bundle (wasm, js, css; raw, gzip and brotli) against the budget and records it in
# BENCHMARKS.md with the date and machine. Run after scripts/setup.sh app. An over-budget bundle is
# reported loudly (and in the exit status of `scripts/bench.sh --check`), never by failing the tests.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
source "$ROOT/scripts/versions.sh"
cd "$ROOT"
"$ROOT/scripts/build.sh" >/dev/null

# First load: the wasm, its JS glue, the CSS and the boot script (index.html and sw.js are a few hundred
# bytes and not counted).
BUDGET_GZIP=250000 # 250 KB
command -v brotli >/dev/null || { echo "brotli missing: apt-get install -y brotli" >&2; exit 1; }
total_raw=0 total_gzip=0 total_brotli=0 rows=""
for part in "wasm:*_bg.wasm" "js:consilium-*.js" "css:*.css" "boot js:boot.js"; do
  label=${part%%:*} f=$(ls dist/${part#*:} 2>/dev/null | head -n1)
  [ -n "$f" ] || { rows+="| $label | - | - | - |"$'\n'; continue; }
  raw=$(stat -c %s "$f") gz=$(gzip -9 -c "$f" | wc -c) br=$(brotli -q 11 -c "$f" | wc -c)
  total_raw=$((total_raw + raw)) total_gzip=$((total_gzip + gz)) total_brotli=$((total_brotli + br))
  rows+="| $label | $raw | $gz | $br |"$'\n'
done
if [ "$total_gzip" -le "$BUDGET_GZIP" ]; then
  verdict="within budget: $total_gzip bytes gzip <= $BUDGET_GZIP"
else
  verdict="OVER BUDGET: $total_gzip bytes gzip > $BUDGET_GZIP by $((total_gzip - BUDGET_GZIP)) bytes"
fi
table="| file | raw bytes | gzip -9 bytes | brotli -q 11 bytes |
|---|---|---|---|
${rows}| **total** | $total_raw | $total_gzip | $total_brotli |"
machine="$(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo), $(. /etc/os-release; echo "$PRETTY_NAME"), $(rustc --version | cut -d' ' -f1-2)"
section="### Bundle size, $(date -u +%Y-%m-%d) ($machine)

$table

Budget (wasm + js + css, gzip): $verdict.
"
echo "$section"
[ "$total_gzip" -le "$BUDGET_GZIP" ] || printf '\n\033[1;31m*** Bundle %s ***\033[0m\n\n' "$verdict" >&2
python3 - "$section" <<'PY'
import pathlib, re, sys
path = pathlib.Path("BENCHMARKS.md")
text = path.read_text() if path.exists() else "# Benchmarks\n\nWritten by scripts in `scripts/`; each section says when and on what machine it was measured.\n\n## Bundle size (scripts/bench.sh)\n\n<!-- bundle:start -->\n<!-- bundle:end -->\n"
new = "<!-- bundle:start -->\n" + sys.argv[1] + "<!-- bundle:end -->"
text = re.sub(r"<!-- bundle:start -->.*?<!-- bundle:end -->", lambda _: new, text, flags=re.S)
path.write_text(text)
PY

# Artifact filtering savings (native, deterministic).
filtering=$(cargo run -q -p consilium-engine --example filtering_savings)
section="### Artifact filtering, rounds 3+4 input tokens, $(date -u +%Y-%m-%d) ($machine)

Command: \`cargo run -q -p consilium-engine --example filtering_savings\` (five scripted consultations, each
run once with filtering and once in verbose mode).

$filtering
"
echo "$section"
python3 - "$section" <<'PY'
import pathlib, re, sys
path = pathlib.Path("BENCHMARKS.md")
text = path.read_text()
if "<!-- filtering:start -->" not in text:
    text += "\n## Artifact filtering savings (scripts/bench.sh)\n\n<!-- filtering:start -->\n<!-- filtering:end -->\n"
new = "<!-- filtering:start -->\n" + sys.argv[1] + "<!-- filtering:end -->"
text = re.sub(r"<!-- filtering:start -->.*?<!-- filtering:end -->", lambda _: new, text, flags=re.S)
path.write_text(text)
PY

# `scripts/bench.sh --check`: the exit status carries the budget verdict (for CI that wants it).
if [ "${1:-}" = "--check" ]; then [ "$total_gzip" -le "$BUDGET_GZIP" ]; fi
