// Starts the app from a file, not an inline script, so the Content-Security-Policy in index.html can
// forbid inline scripts. scripts/build.sh writes the names of the build's wasm-bindgen glue and main
// wasm module (in dist/app-<hash>/, beside the parts loaded on demand) into this script tag's data
// attributes. Module scripts have no document.currentScript, hence the selector.
// The colour scheme the user chose over the system's (src/platform/theme.rs), before the first paint.
try {
  const theme = localStorage.getItem('consilium.theme');
  if (theme === 'light' || theme === 'dark') document.documentElement.dataset.theme = theme;
} catch { /* storage refused: the system's scheme */ }
const tag = document.querySelector('script[data-wasm]');
// The app's one way to load a module on demand (the PDF and DOCX readers, public/material/), named
// relative to this file: wasm cannot write import() itself, and the CSP forbids building a function.
globalThis.consiliumImport = (path) => import(new URL(path, import.meta.url).href);
const { default: init } = await import(tag.dataset.js);
await init({ module_or_path: tag.dataset.wasm });
