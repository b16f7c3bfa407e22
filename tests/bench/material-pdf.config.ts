// The PDF extraction benchmark: the release build in Chromium, a 100-page PDF attached.
import { defineConfig } from '@playwright/test';
import * as path from 'path';
import { CHROMIUM_LAUNCH } from '../e2e/chromium';
import { appServer, BENCH_APP_PORT } from './ports';

const root = path.resolve(__dirname, '..', '..');

export default defineConfig({
  testDir: __dirname,
  testMatch: /material-pdf\.bench\.ts$/,
  outputDir: path.join(root, 'test-results', 'bench-material-pdf'),
  timeout: 10 * 60_000,
  expect: { timeout: 120_000 },
  workers: 1,
  reporter: [['list']],
  use: { baseURL: `http://127.0.0.1:${BENCH_APP_PORT}/`, launchOptions: CHROMIUM_LAUNCH },
  webServer: [appServer(root)],
});
