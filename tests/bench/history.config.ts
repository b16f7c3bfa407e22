// The session library benchmark: the release build in Chromium, 1,000 sessions seeded into IndexedDB.
import { defineConfig } from '@playwright/test';
import * as path from 'path';
import { CHROMIUM_LAUNCH } from '../e2e/chromium';
import { appServer, BENCH_APP_PORT } from './ports';

const root = path.resolve(__dirname, '..', '..');

export default defineConfig({
  testDir: __dirname,
  testMatch: /history\.bench\.ts$/,
  outputDir: path.join(root, 'test-results', 'bench-history'),
  timeout: 10 * 60_000,
  expect: { timeout: 120_000 },
  workers: 1,
  reporter: [['list']],
  use: { baseURL: `http://127.0.0.1:${BENCH_APP_PORT}/`, launchOptions: CHROMIUM_LAUNCH },
  webServer: [
    appServer(root),
  ],
});
