#!/usr/bin/env bash
# Release build of the app into dist/, its wasm split into parts loaded on demand (assumes
# scripts/setup.sh app has run). No released Trunk splits a wasm (trunk-rs/trunk#1022), so Trunk
# builds index.html and the assets, and the Rust/wasm steps run here, as cargo-leptos runs them:
#   1. cargo: the app with the `split` feature, linked with --emit-relocs (the splitter reads them);
#   2. wasm-split-cli: the main module, one part per split point (each beside the code it splits, src/platform/split.rs), chunks of code
#      that several parts share, and __wasm_split.js that fetches them;
#   3. wasm-bindgen --keep-lld-exports: the JS glue (the parts reach the main module's functions,
#      memory and table through those exports);
#   4. the shared chunks under 16 KB merged into one (scripts/lib/merge_chunks.py, binaryen's
#      wasm-merge), then wasm-opt -Oz on the main module and on each part;
#   5. dist/app-<hash of its contents>/ holds them all, so two deploys never mix parts; the boot tag
#      in index.html and the service worker's precache list (sw.js) are written to name them.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
source "$ROOT/scripts/versions.sh"
# npm's wasm-opt 132 must win over any other on PATH (docs/toolchain.md trap 1).
export PATH="$ROOT/node_modules/.bin:$PATH"
cd "$ROOT"
fail() { echo "BUILD FAILED at step: $*" >&2; exit 1; }
target_dir=${CARGO_TARGET_DIR:-$ROOT/target}
work="$target_dir/split-build"
rm -rf "$work" && mkdir -p "$work/split" "$work/bindgen"

echo "==> trunk build --release (index.html, CSS, copied files)"
trunk build index.html --release || fail "trunk build"

echo "==> the PDF and DOCX readers' libraries into dist/vendor/"
# Fetched only when such a file is attached (public/material/extract.mjs names these paths, with
# their versions). Only the browser builds: pdf.js's API and its worker, mammoth's one bundle.
pdfjs_version=$(node -p "require('$ROOT/node_modules/pdfjs-dist/package.json').version") || fail "pdfjs-dist missing (npm ci)"
mammoth_version=$(node -p "require('$ROOT/node_modules/mammoth/package.json').version") || fail "mammoth missing (npm ci)"
grep -q "pdfjs-dist-$pdfjs_version/" public/material/extract.mjs || fail "public/material/extract.mjs does not name pdfjs-dist $pdfjs_version"
grep -q "mammoth-$mammoth_version/" public/material/docx-worker.js || fail "public/material/docx-worker.js does not name mammoth $mammoth_version"
mkdir -p "$ROOT/dist/vendor/pdfjs-dist-$pdfjs_version" "$ROOT/dist/vendor/mammoth-$mammoth_version"
cp "$ROOT/node_modules/pdfjs-dist/build/pdf.min.mjs" "$ROOT/node_modules/pdfjs-dist/build/pdf.worker.min.mjs" \
  "$ROOT/node_modules/pdfjs-dist/LICENSE" "$ROOT/dist/vendor/pdfjs-dist-$pdfjs_version/" || fail "copy pdfjs-dist"
cp "$ROOT/node_modules/mammoth/mammoth.browser.min.js" "$ROOT/node_modules/mammoth/LICENSE" \
  "$ROOT/dist/vendor/mammoth-$mammoth_version/" || fail "copy mammoth"

echo "==> cargo build (wasm, split feature, --emit-relocs)"
# `cargo rustc` hands the link flag to the final binary only, so the dependencies built for the
# browser tests and checks keep their fingerprints.
cargo rustc --release --target wasm32-unknown-unknown -p consilium --bin consilium --features split \
  -- -Clink-args=--emit-relocs || fail "cargo build"

echo "==> wasm-split-cli $WASM_SPLIT_CLI_VERSION"
wasm-split-cli --out-name consilium "$target_dir/wasm32-unknown-unknown/release/consilium.wasm" "$work/split" \
  || fail "wasm-split-cli"

echo "==> wasm-bindgen $WASM_BINDGEN_VERSION --keep-lld-exports"
wasm-bindgen --target web --keep-lld-exports --no-typescript --out-name consilium --out-dir "$work/bindgen" \
  "$work/split/consilium.wasm" || fail "wasm-bindgen"
rm "$work/split/consilium.wasm"
mv "$work/bindgen"/* "$work/split/"

echo "==> the small shared chunks merged into one"
# ~90 chunks of a few hundred bytes each, fetched and compressed one by one, cost more as files
# than as code (scripts/lib/merge_chunks.py says why merging them is sound).
python3 "$ROOT/scripts/lib/merge_chunks.py" "$work/split" 16384 || fail "merge the small chunks"

echo "==> wasm-opt -Oz (main module and each part)"
# Unoptimized copies keep their names for scripts/bundle-breakdown.sh.
mkdir -p "$work/named" && cp "$work"/split/*.wasm "$work/named/"
for wasm in "$work"/split/*.wasm; do
  # --low-memory-unused: Rust puts the stack first, so the lowest 1 KiB is only reached by a stack
  # overflow; binaryen may then fold small constant addresses into loads and stores.
  # The producers and target_features sections only describe the build (~200 B gzip a file).
  wasm-opt -Oz --low-memory-unused --enable-bulk-memory --enable-nontrapping-float-to-int \
    --strip-producers --strip-target-features "$wasm" -o "$wasm" || fail "wasm-opt $(basename "$wasm")"
done

echo "==> dist/app-<hash>/, index.html, sw.js"
python3 "$ROOT/scripts/lib/split_dist.py" "$work/split" "$ROOT/dist" || fail "assemble dist"
