#!/usr/bin/env bash
# Consult prompt tokens: runs scripted consultations through the real engine and counts every
# prompt, response schema and reply with the o200k_base tokenizer (tests/bench/tokens, a crate outside the workspace
# so the tokenizer never reaches the product). Writes the "Consult prompt tokens" section of
# BENCHMARKS.md with the date and machine.
#
#   scripts/bench-tokens.sh                  # records the current engine's figures as "after"
#   scripts/bench-tokens.sh before COMMIT    # records COMMIT's engine as "before", on the same
#                                            # scripted replies (its crates/ exported to a temp dir)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
label=${1:-after}
case "$label" in before|after) ;; *) echo "usage: $0 [before|after]" >&2; exit 2 ;; esac

if [ "$label" = before ] && [ -n "${2:-}" ]; then
  commit=$(git rev-parse --short "$2")
  tree=$(mktemp -d)
  trap 'rm -rf "$tree"' EXIT
  git archive "$commit" Cargo.toml Cargo.lock crates src | tar -x -C "$tree"
  mkdir -p "$tree/tests/bench"
  cp -r tests/bench/tokens "$tree/tests/bench/"
  table=$(cargo run -q --release --manifest-path "$tree/tests/bench/tokens/Cargo.toml" --target-dir target/bench-tokens-before)
else
  commit=$(git rev-parse --short HEAD)
  table=$(cargo run -q --release --manifest-path tests/bench/tokens/Cargo.toml --target-dir target/bench-tokens)
fi
machine="$(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo), $(. /etc/os-release; echo "$PRETTY_NAME"), $(rustc --version | cut -d' ' -f1-2)"
section="#### ${label^}: $(date -u +%Y-%m-%d), commit $commit ($machine)

$table
"
echo "$section"
python3 - "$label" "$section" <<'PY'
import pathlib, re, sys
label, section = sys.argv[1], sys.argv[2]
path = pathlib.Path("BENCHMARKS.md")
text = path.read_text()
if "<!-- tokens-before:start -->" not in text:
    text += """
## Consult prompt tokens (scripts/bench-tokens.sh)

Three scripted consultations, each with 3 panelists and a judge (the demo council's replies, and two
consultations whose syntheses fill the schema's limits: 6 consensus points, 4 tensions, 8 challenges),
run through the real engine with structured output on, once with artifact filtering (the seed's
default limits) and once verbose. Counter: OpenAI's o200k_base tokenizer (`tiktoken-rs`), on the system
and user message of every call ("in"), on the JSON schema sent beside it ("schema") and on every reply
("out"). Per-round figures are the filtered run. The panelists'
replies and the verdict are the same before and after; the judge's round-3 merge reply follows what
the engine asks for.

<!-- tokens-before:start -->
<!-- tokens-before:end -->

<!-- tokens-after:start -->
<!-- tokens-after:end -->
"""
new = f"<!-- tokens-{label}:start -->\n" + section + f"<!-- tokens-{label}:end -->"
text = re.sub(rf"<!-- tokens-{label}:start -->.*?<!-- tokens-{label}:end -->", lambda _: new, text, flags=re.S)
path.write_text(text)
PY
