// The Consult wall-time benchmark: the release build in Chromium against a fixed-latency
// OpenAI-compatible server. Its own ports, so it can run beside the end-to-end suite.
import { defineConfig } from '@playwright/test';
import * as path from 'path';
import { CHROMIUM_LAUNCH } from '../e2e/chromium';
import { appServer, BENCH_APP_PORT, BENCH_LLM_PORT } from './ports';

const root = path.resolve(__dirname, '..', '..');

export default defineConfig({
  testDir: __dirname,
  testMatch: /consult-wall-time\.spec\.ts$/,
  outputDir: path.join(root, 'test-results', 'bench'),
  timeout: 3 * 60_000,
  expect: { timeout: 60_000 },
  workers: 1,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${BENCH_APP_PORT}/`,
    trace: 'retain-on-failure',
    actionTimeout: 60_000,
    launchOptions: CHROMIUM_LAUNCH,
  },
  webServer: [
    appServer(root),
    {
      command: `node ${path.join(__dirname, 'fixed-latency-server.mjs')} --port ${BENCH_LLM_PORT} --latency 500`,
      url: `http://127.0.0.1:${BENCH_LLM_PORT}/health`,
      reuseExistingServer: false,
      stdout: 'ignore',
    },
  ],
});
