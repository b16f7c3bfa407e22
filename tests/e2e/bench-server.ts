// Starts tests/e2e/bench-server.mjs on loopback for the spec that calls it (beforeAll / afterAll).
import { ChildProcess, spawn } from 'child_process';
import * as path from 'path';
import { test } from '@playwright/test';

export const BENCH_PORT = Number(process.env.E2E_PORT_BASE ?? 18000) + 84;
export const BENCH_URL = `http://127.0.0.1:${BENCH_PORT}`;

/** `args`: the server's flags (see bench-server.mjs); its defaults are models.mjs's DEFAULT_CONFIG. */
export function useBenchServer(args: string[] = []) {
  let server: ChildProcess | undefined;
  test.beforeAll(async () => {
    server = spawn('node', [path.join(__dirname, 'bench-server.mjs'), String(BENCH_PORT), ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve, reject) => {
      server!.stdout!.once('data', () => resolve());
      server!.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
    });
  });
  test.afterAll(() => { server?.kill(); });
}

/** One chat request: `seat` is who asked ('panelist-1', 'best-single', 'judge'; '' with no system prompt). */
export type BenchEntry = { model: string; kind: string; question: string; seat: string; sample: number; right: boolean; delivered: boolean };

/** Every chat request the bench server answered or began to, in order. */
export async function benchJournal(request: { get(url: string): Promise<{ json(): Promise<any> }> }): Promise<BenchEntry[]> {
  return (await request.get(`${BENCH_URL}/__journal`)).json();
}
