// The Review cost benchmark: the release build in Chromium, the demo review and reviews against
// aimock's fixtures. Its own ports, so it can run beside the end-to-end suite.
import { defineConfig } from '@playwright/test';
import * as path from 'path';
import { CHROMIUM_LAUNCH } from '../e2e/chromium';
import { appServer, BENCH_APP_PORT, BENCH_MOCK_PORT } from './ports';

const root = path.resolve(__dirname, '..', '..');

export default defineConfig({
  testDir: __dirname,
  testMatch: /review-cost\.bench\.ts$/,
  outputDir: path.join(root, 'test-results', 'bench-review'),
  timeout: 3 * 60_000,
  expect: { timeout: 60_000 },
  workers: 1,
  reporter: [['list']],
  use: { baseURL: `http://127.0.0.1:${BENCH_APP_PORT}/`, launchOptions: CHROMIUM_LAUNCH },
  webServer: [
    appServer(root),
    {
      command: `node ${path.join(root, 'node_modules', '@copilotkit', 'aimock', 'dist', 'cli.js')} -p ${BENCH_MOCK_PORT} -h 127.0.0.1 -f ${path.join(root, 'tests', 'e2e', 'fixtures', 'aimock')}`,
      url: `http://127.0.0.1:${BENCH_MOCK_PORT}/v1/models`,
      reuseExistingServer: false,
      stdout: 'ignore',
    },
  ],
});
