// Starts tests/e2e/openrouter-mock.mjs on loopback for the spec that calls it (beforeAll / afterAll).
import { ChildProcess, spawn } from 'child_process';
import * as path from 'path';
import { test } from '@playwright/test';

export const OPENROUTER_PORT = Number(process.env.E2E_PORT_BASE ?? 18000) + 85;
export const OPENROUTER_SITE = `http://127.0.0.1:${OPENROUTER_PORT}`;
/** The base URL an OpenRouter provider is given in the tests (the real one is https://openrouter.ai/api/v1). */
export const OPENROUTER_BASE = `${OPENROUTER_SITE}/api/v1`;

export function useOpenRouterMock() {
  let server: ChildProcess | undefined;
  test.beforeAll(async () => {
    server = spawn('node', [path.join(__dirname, 'openrouter-mock.mjs'), String(OPENROUTER_PORT)], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve, reject) => {
      server!.stdout!.once('data', () => resolve());
      server!.once('exit', (code) => reject(new Error(`OpenRouter mock exited with ${code}`)));
    });
  });
  test.afterAll(() => { server?.kill(); });
}

/** Sets the mock's key limit and what remains of it, and how its auth page answers. */
export async function configureOpenRouter(
  request: { post(url: string, options: { data: unknown }): Promise<unknown> },
  config: { limit?: number; remaining?: number; mode?: 'allow' | 'cancel' | 'refuse' },
) {
  await request.post(`${OPENROUTER_SITE}/__config`, { data: config });
}
