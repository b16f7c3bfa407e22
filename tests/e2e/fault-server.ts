// Starts tests/e2e/fault-server.mjs on loopback for the spec that calls it (beforeAll / afterAll).
import { ChildProcess, spawn } from 'child_process';
import * as path from 'path';
import { test } from '@playwright/test';

export const FAULT_PORT = Number(process.env.E2E_PORT_BASE ?? 18000) + 83;
export const FAULT_URL = `http://127.0.0.1:${FAULT_PORT}`;

export function useFaultServer() {
  let server: ChildProcess | undefined;
  test.beforeAll(async () => {
    server = spawn('node', [path.join(__dirname, 'fault-server.mjs'), String(FAULT_PORT)], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve, reject) => {
      server!.stdout!.once('data', () => resolve());
      server!.once('exit', (code) => reject(new Error(`fault server exited with ${code}`)));
    });
  });
  test.afterAll(() => { server?.kill(); });
}

/** Every request the fault server saw for `model`. */
export async function faultJournal(request: { get(url: string): Promise<{ json(): Promise<any> }> }, model: string) {
  const all: { method: string; url: string; model: string | null; keyHeader: string | null }[] =
    await (await request.get(`${FAULT_URL}/__journal`)).json();
  return all.filter((e) => e.model === model || e.url.includes(`/models/${model}:`));
}
