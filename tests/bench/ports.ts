// Loopback ports of the benchmark, shared by its Playwright config and spec (apart from the
// end-to-end suite's, so both can run at once).
export const BENCH_APP_PORT = Number(process.env.BENCH_APP_PORT ?? 18865);
export const BENCH_LLM_PORT = Number(process.env.BENCH_LLM_PORT ?? 18882);
export const BENCH_LLM_URL = `http://127.0.0.1:${BENCH_LLM_PORT}`;
export const BENCH_MOCK_PORT = Number(process.env.BENCH_MOCK_PORT ?? 18883);
export const BENCH_STREAM_PORT = Number(process.env.BENCH_STREAM_PORT ?? 18884);
/** The Benchmark mode's scripted server (tests/e2e/bench-server.mjs) and its llama-server. */
export const BENCH_SIM_PORT = Number(process.env.BENCH_SIM_PORT ?? 18885);
export const BENCH_GEMMA_PORT = Number(process.env.BENCH_GEMMA_PORT ?? 18886);

/** The release build in dist/ (or BENCH_DIST: e.g. one whose wasm keeps its names, to profile),
 * served on the benchmark's app port (a Playwright webServer entry). */
export function appServer(root: string) {
  const dist = process.env.BENCH_DIST ?? `${root}/dist`;
  return {
    command: `python3 -m http.server --bind 127.0.0.1 --directory ${dist} ${BENCH_APP_PORT}`,
    url: `http://127.0.0.1:${BENCH_APP_PORT}/index.html`,
    reuseExistingServer: false,
    stdout: 'ignore' as const,
  };
}
