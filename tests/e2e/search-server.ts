// Starts tests/e2e/search-server.mjs on loopback for the spec that calls it (beforeAll / afterAll):
// a scripted council whose OpenRouter seats search the web.
import { ChildProcess, spawn } from 'child_process';
import * as path from 'path';
import { test } from '@playwright/test';

export const SEARCH_PORT = Number(process.env.E2E_PORT_BASE ?? 18000) + 86;
export const SEARCH_SITE = `http://127.0.0.1:${SEARCH_PORT}`;
/** The OpenRouter the tests search through (the real one is https://openrouter.ai/api/v1). */
export const SEARCH_OPENROUTER = `${SEARCH_SITE}/api/v1`;
/** An OpenAI-compatible server on the same port, with no search of its own. */
export const SEARCH_LOCAL = `${SEARCH_SITE}/local/v1`;
/** What search-server.mjs's searches cite, and the page panelist 2 names that no search returned. */
export const FOUND = { url: 'https://martinfowler.com/bliki/StranglerFigApplication.html', title: 'Strangler Fig Application' };
export const ALSO_FOUND = { url: 'https://docs.example.com/billing/invoicing-boundaries', title: 'Invoicing <boundaries> in billing systems' };
export const INVENTED = 'https://invented.example.net/strangler-study';

export function useSearchServer() {
  let server: ChildProcess | undefined;
  test.beforeAll(async () => {
    server = spawn('node', [path.join(__dirname, 'search-server.mjs'), String(SEARCH_PORT)], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve, reject) => {
      server!.stdout!.once('data', () => resolve());
      server!.once('exit', (code) => reject(new Error(`search server exited with ${code}`)));
    });
  });
  test.afterAll(() => { server?.kill(); });
}

/** Every chat request the search server answered: path, model, stream flag, plugins. */
export async function searchJournal(request: { get(url: string): Promise<{ json(): Promise<any> }> }) {
  const all: { path: string; model: string; stream: boolean; plugins: { id: string }[] | null }[] =
    await (await request.get(`${SEARCH_SITE}/__journal`)).json();
  return all;
}
