import { defineConfig } from '@playwright/test';
import * as path from 'path';
import { CHROMIUM_LAUNCH } from './chromium';
import { APP_PORT, CACHE, LLAMA_KEY, LLAMA_MODEL, LLAMA_PORT, MOCK_PORT } from './servers';

const root = path.resolve(__dirname, '..', '..');

// Every server is started and stopped by Playwright, on loopback only.
export default defineConfig({
  testDir: __dirname,
  outputDir: path.join(root, 'test-results'),
  // Generous bounds on the whole, not tight ones on each step: a test may take 10 minutes (a real-model
  // test's steps wait up to that, see MODEL_TEST_MS) and the whole suite 35 (about 15 on a quiet 2-core
  // machine), so a busy machine slows the run down without failing it, and a hung run still ends inside
  // CI's 90 minutes for scripts/test.sh (setup takes about 28 on a fresh machine, the other layers 20).
  timeout: 10 * 60_000,
  globalTimeout: 35 * 60_000,
  expect: { timeout: 30_000 },
  workers: 1,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${APP_PORT}/`,
    screenshot: 'only-on-failure',
    actionTimeout: 30_000,
    launchOptions: CHROMIUM_LAUNCH,
  },
  webServer: [
    {
      command: `python3 -m http.server --bind 127.0.0.1 --directory ${path.join(root, 'dist')} ${APP_PORT}`,
      url: `http://127.0.0.1:${APP_PORT}/index.html`,
      reuseExistingServer: false,
      stdout: 'ignore',
    },
    {
      // A real model: Gemma 3 270M (base model, so its text rarely follows instructions). One thread:
      // llama.cpp's threads wait for each other after every operation, so two threads on two cores
      // slow down several-fold as soon as anything else runs: measured with two parallel replies, 9
      // tokens/s each with two threads against 17 with one when one core is busy, 1.3 against 6 when
      // both are, and 35 against 20 on a quiet machine.
      command: `${CACHE}/llama/llama-server -m ${CACHE}/llama/gemma-3-270m.gguf --alias ${LLAMA_MODEL} ` +
        `--host 127.0.0.1 --port ${LLAMA_PORT} -c 16384 -np 4 -t 1 --no-jinja --chat-template gemma --api-key ${LLAMA_KEY}`,
      url: `http://127.0.0.1:${LLAMA_PORT}/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
    },
    {
      command: `node ${path.join(root, 'node_modules', '@copilotkit', 'aimock', 'dist', 'cli.js')} -p ${MOCK_PORT} -h 127.0.0.1 -f ${path.join(__dirname, 'fixtures', 'aimock')}`,
      url: `http://127.0.0.1:${MOCK_PORT}/v1/models`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
    },
  ],
});
