#!/usr/bin/env bash
# Installs what is missing, then runs every test: native crates, browser (wasm-bindgen-test in
# headless Chromium), and end-to-end Playwright against the release build, a real model (llama-server
# with Gemma 3 270M) and a wire-format mock (aimock). Servers are started and stopped by the tests.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
source "$ROOT/scripts/versions.sh"
cd "$ROOT"
fail() { printf '\nTESTS FAILED at step: %s\n' "$*" >&2; exit 1; }
step() { printf '\n==> %s\n' "$*"; }

"$ROOT/scripts/setup.sh" all || exit 1
export PATH="$ROOT/node_modules/.bin:$PATH"
export CONSILIUM_CACHE

step "native tests (engine, provider codecs)"
cargo test || fail "native cargo test"

step "browser tests (wasm-bindgen-test in headless Chromium)"
CHROMEDRIVER=$(command -v chromedriver) cargo test --target wasm32-unknown-unknown -p consilium || fail "wasm-bindgen-test in Chromium"

step "release build"
"$ROOT/scripts/build.sh" || fail "release build"

step "end-to-end tests (Playwright, Chromium, llama-server, aimock)"
npx playwright test --config tests/e2e/playwright.config.ts || fail "Playwright e2e"

step "all tests passed"
