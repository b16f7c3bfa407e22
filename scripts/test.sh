#!/usr/bin/env bash
# Installs what is missing, then runs every test: native crates, browser (wasm-bindgen-test in
# headless Chromium), and end-to-end Playwright against the release build, a real model (llama-server
# with Gemma 3 270M) and a wire-format mock (aimock). Servers are started and stopped by the tests.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
source "$ROOT/scripts/versions.sh"
cd "$ROOT"
fail() { printf '\nTESTS FAILED at step: %s\n' "$*" >&2; summary >&2; exit 1; }
step() { printf '\n==> %s\n' "$*"; }
LOGS=$(mktemp -d)
trap 'rm -rf "$LOGS"' EXIT
declare -A PASSED=()
# One closing count per layer, so a layer that ran nothing is visible (and fails the run).
summary() {
  printf '\n==> tests passed per layer: native %s, browser %s, e2e %s\n' \
    "${PASSED[native]:-not run}" "${PASSED[browser]:-not run}" "${PASSED[e2e]:-not run}"
}
# run_layer NAME COMMAND...: runs the layer, shows its output, counts what passed.
run_layer() {
  local name=$1; shift
  set +e
  "$@" 2>&1 | tee "$LOGS/$name.log"
  local status=${PIPESTATUS[0]}
  set -e
  local count
  if [ "$name" = e2e ]; then
    count=$(grep -Eo '^ +[0-9]+ passed' "$LOGS/$name.log" | grep -Eo '[0-9]+' | tail -n1)
  else
    count=$(grep -Eo '^test result: ok\. [0-9]+ passed' "$LOGS/$name.log" | grep -Eo '[0-9]+' | awk '{s+=$1} END {print s+0}')
  fi
  PASSED[$name]=${count:-0}
  [ "$status" -eq 0 ] || fail "$name tests"
  [ "${PASSED[$name]}" -gt 0 ] || fail "$name tests ran no test"
}

"$ROOT/scripts/setup.sh" all || exit 1
export PATH="$ROOT/node_modules/.bin:$PATH"
export CONSILIUM_CACHE
# A test run compiles once from clean: incremental caches would only cost disk (gigabytes).
export CARGO_INCREMENTAL=0
printf 'disk free before building: %s\n' "$(df -h . | awk 'NR==2 {print $4}')"

step "formatting (cargo fmt --check)"
# Cheap, and a formatting slip otherwise lands unnoticed in a diff.
# rustfmt ships with rustup's default profile; a toolchain without it skips the check and says so.
if cargo fmt --version >/dev/null 2>&1; then
  cargo fmt --all -- --check || fail "formatting: run cargo fmt --all"
else
  echo "rustfmt is not installed: formatting not checked"
fi

step "native tests (every workspace crate: app, engine, provider codecs)"
run_layer native cargo test --workspace

step "browser tests (wasm-bindgen-test in headless Chromium)"
CHROMEDRIVER=$(command -v chromedriver) run_layer browser cargo test --target wasm32-unknown-unknown -p consilium

step "release build"
"$ROOT/scripts/build.sh" || fail "release build"

step "end-to-end tests (the bench server's scripted models, then Playwright: Chromium, llama-server, aimock)"
# The bench server's closed-form expectations are checked first: the benchmark spec's intervals
# rest on them, so a failure here fails the layer.
run_layer e2e bash -c 'node --test tests/e2e/bench/server.node-test.mjs &&
  npx playwright test --config tests/e2e/playwright.config.ts'

summary
step "all tests passed"
