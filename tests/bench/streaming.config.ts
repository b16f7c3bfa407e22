// The streaming render benchmark: the release build in Chromium against tests/bench/stream-server.mjs.
import { defineConfig } from '@playwright/test';
import * as path from 'path';
import { CHROMIUM_LAUNCH } from '../e2e/chromium';
import { appServer, BENCH_APP_PORT, BENCH_STREAM_PORT } from './ports';

const root = path.resolve(__dirname, '..', '..');

export default defineConfig({
  testDir: __dirname,
  testMatch: /streaming\.bench\.ts$/,
  outputDir: path.join(root, 'test-results', 'bench-streaming'),
  timeout: 10 * 60_000,
  expect: { timeout: 5 * 60_000 },
  workers: 1,
  reporter: [['list']],
  use: { baseURL: `http://127.0.0.1:${BENCH_APP_PORT}/`, launchOptions: CHROMIUM_LAUNCH },
  webServer: [
    appServer(root),
    {
      command: `node ${path.join(__dirname, 'stream-server.mjs')} --port ${BENCH_STREAM_PORT} --rate 1000`,
      url: `http://127.0.0.1:${BENCH_STREAM_PORT}/health`,
      reuseExistingServer: false,
      stdout: 'ignore',
    },
  ],
});
