// The run's dedicated module worker (docs/design.md, "The run off the main thread"): the same
// build's wasm-bindgen glue and main module as the page (their names come in this script's query,
// as boot.js reads them from its tag), started where there is no page to mount, so the main
// module's `main` hands over to the worker's side (src/app/runs/worker.rs), which says "ready".
const query = new URL(self.location.href).searchParams;
try {
  const { default: init } = await import(query.get('js'));
  await init({ module_or_path: query.get('wasm') });
} catch (error) {
  // The page falls back to running on the main thread, and says why in one console line.
  self.postMessage({ kind: 'failed', why: String(error) });
}
