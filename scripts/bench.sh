#!/usr/bin/env bash
# Measures the release bundle (wasm, js, css; raw and gzip) and records it in BENCHMARKS.md with the
# date and machine. Run after scripts/setup.sh app.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
source "$ROOT/scripts/versions.sh"
cd "$ROOT"
"$ROOT/scripts/build.sh" >/dev/null

row() { # label glob
  local f; f=$(ls dist/$2 2>/dev/null | head -n1)
  [ -n "$f" ] || { echo "| $1 | - | - |"; return; }
  printf '| %s | %s | %s |\n' "$1" "$(stat -c %s "$f")" "$(gzip -9 -c "$f" | wc -c)"
}
table=$(printf '| file | raw bytes | gzip -9 bytes |\n|---|---|---|\n%s\n%s\n%s\n' \
  "$(row wasm '*_bg.wasm')" "$(row js 'consilium-*.js')" "$(row css '*.css')")
machine="$(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo), $(. /etc/os-release; echo "$PRETTY_NAME"), $(rustc --version | cut -d' ' -f1-2)"
section="### Bundle size, $(date -u +%Y-%m-%d) ($machine)

$table
"
echo "$section"
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
