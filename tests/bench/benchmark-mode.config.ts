// The Benchmark mode's own figures (scripts/bench-benchmark.sh): the release build in Chromium
// against the scripted server (tests/e2e/bench-server.mjs), or with BENCH_MODEL=gemma against
// llama-server with Gemma 3 270M, each on its own loopback port, started and stopped here.
import { defineConfig } from '@playwright/test';
import * as os from 'os';
import * as path from 'path';
import { CHROMIUM_LAUNCH } from '../e2e/chromium';
import { appServer, BENCH_APP_PORT, BENCH_GEMMA_PORT, BENCH_SIM_PORT } from './ports';

const root = path.resolve(__dirname, '..', '..');
const cache = process.env.CONSILIUM_CACHE ?? path.join(os.homedir(), '.cache', 'consilium');
const gemma = process.env.BENCH_MODEL === 'gemma';

const scripted = {
  command: `node ${path.join(root, 'tests', 'e2e', 'bench-server.mjs')} ${BENCH_SIM_PORT} --latency-ms ${Number(process.env.BENCH_LATENCY_MS ?? 0)}`,
  url: `http://127.0.0.1:${BENCH_SIM_PORT}/__config`,
  reuseExistingServer: false,
  stdout: 'ignore' as const,
};

// One thread, as the e2e suite's llama-server (tests/e2e/playwright.config.ts says why).
const llama = {
  command: `${cache}/llama/llama-server -m ${cache}/llama/gemma-3-270m.gguf --alias gemma-3-270m ` +
    `--host 127.0.0.1 --port ${BENCH_GEMMA_PORT} -c 16384 -np 4 -t 1 --no-jinja --chat-template gemma`,
  url: `http://127.0.0.1:${BENCH_GEMMA_PORT}/health`,
  reuseExistingServer: false,
  timeout: 120_000,
  stdout: 'ignore' as const,
};

export default defineConfig({
  testDir: __dirname,
  testMatch: /benchmark-mode\.bench\.ts$/,
  outputDir: path.join(root, 'test-results', 'bench-benchmark-mode'),
  timeout: 90 * 60_000,
  expect: { timeout: 60_000 },
  workers: 1,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${BENCH_APP_PORT}/`,
    actionTimeout: 60_000,
    launchOptions: CHROMIUM_LAUNCH,
  },
  webServer: [appServer(root), gemma ? llama : scripted],
});
