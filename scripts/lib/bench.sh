# Shared by the Playwright benchmark scripts (sourced): runs a benchmark config against the release
# build and describes the machine for BENCHMARKS.md.
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
source "$ROOT/scripts/versions.sh"
export PATH="$ROOT/node_modules/.bin:$PATH"
# Splicing a section into BENCHMARKS.md: `from benchmarks_md import splice` in the scripts' Python.
export PYTHONPATH="$ROOT/scripts/lib${PYTHONPATH:+:$PYTHONPATH}"
cd "$ROOT"

# bench_run CONFIG OUT: builds the release bundle if missing, runs CONFIG writing its results to OUT.
bench_run() {
  local config=$1 out=$2
  [ -f dist/index.html ] || "$ROOT/scripts/build.sh"
  mkdir -p "$(dirname "$out")"
  rm -f "$out"
  BENCH_OUT="$out" npx playwright test --config "$config" || { echo "BENCH FAILED" >&2; exit 1; }
}

# "2 cores, 24 GiB RAM, Debian GNU/Linux 12 (bookworm), Chromium 156...".
bench_machine() {
  local chromium_version
  chromium_version=$(/usr/bin/chromium --version 2>/dev/null | head -n1 | sed "s/ built on.*//" || true)
  echo "$(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB RAM", $2/1048576}' /proc/meminfo), $(. /etc/os-release; echo "$PRETTY_NAME"), ${chromium_version:-Chromium}"
}
