// Starts the app from a file, not an inline script, so the Content-Security-Policy in index.html can
// forbid inline scripts. Trunk writes the hashed names of the wasm-bindgen glue and of the wasm module
// into this script tag's data attributes (Trunk.toml, pattern_script). Module scripts have no
// document.currentScript, hence the selector.
const tag = document.querySelector('script[data-wasm]');
const { default: init } = await import(tag.dataset.js);
await init({ module_or_path: tag.dataset.wasm });
