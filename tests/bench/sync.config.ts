// The sync benchmark: the release build in Chromium and the e2e suite's loopback S3 server (moto
// behind the SigV4-checking front), whose CORS rule names the e2e app port, so the app is served
// there (E2E_PORT_BASE moves both).
import { defineConfig } from '@playwright/test';
import * as path from 'path';
import { CHROMIUM_LAUNCH } from '../e2e/chromium';
import { APP_PORT } from '../e2e/servers';

const root = path.resolve(__dirname, '..', '..');

export default defineConfig({
  testDir: __dirname,
  testMatch: /sync\.bench\.ts$/,
  outputDir: path.join(root, 'test-results', 'bench-sync'),
  timeout: 40 * 60_000,
  expect: { timeout: 120_000 },
  workers: 1,
  reporter: [['list']],
  use: { baseURL: `http://127.0.0.1:${APP_PORT}/`, launchOptions: CHROMIUM_LAUNCH },
  webServer: [
    {
      command: `python3 -m http.server --bind 127.0.0.1 --directory ${process.env.BENCH_DIST ?? path.join(root, 'dist')} ${APP_PORT}`,
      url: `http://127.0.0.1:${APP_PORT}/index.html`,
      reuseExistingServer: false,
      stdout: 'ignore',
    },
  ],
});
