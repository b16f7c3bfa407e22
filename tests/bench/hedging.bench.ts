// Hedged calls against stragglers: full consults (3 panelists and a judge, 9 calls) in Chromium against
// the fixed-latency server with a seeded 20% of calls 10x slower, with hedging off (no backup) and on
// (every seat backed by the same server's model, asked after HEDGE_AFTER_S). Wall time per consult is
// measured from the click on "Ask the council" to the verdict in the DOM; p50 and p95 over BENCH_RUNS
// consults each. Extra cost = extra calls the server received (hedges, including the aborted losers)
// over the calls without hedging; the bench models have no price, so calls and tokens stand for cost.
// The no-straggler reference is the median of consults with no stragglers at all.
import { expect, Page, test } from '@playwright/test';
import * as fs from 'fs';
import * as path from 'path';
import { addCompatibleProvider, askTheCouncil } from '../e2e/helpers';
import { BENCH_LLM_URL } from './ports';

const root = path.resolve(__dirname, '..', '..');
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 40));
const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 500);
const HEDGE_AFTER_S = Number(process.env.BENCH_HEDGE_AFTER_S ?? 1);
const OUT = process.env.BENCH_OUT ?? path.join(root, 'test-results', 'bench', 'hedging.json');

test.describe.configure({ mode: 'serial' });

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function consult(page: Page, request: any, hedged: boolean, label: string) {
  expect((await request.post(`${BENCH_LLM_URL}/__bench/reset`)).ok()).toBe(true);
  await page.getByRole('button', { name: 'New session' }).click();
  await page.getByLabel('Question').fill(`Should we adopt the proposal? (${label})`);
  if (hedged) {
    const backups = page.getByLabel('Backup (asked when this seat is slow)');
    await expect(backups).toHaveCount(4);
    for (let i = 0; i < 4; i++) await backups.nth(i).selectOption({ label: 'Bench' });
    await expect(page.getByLabel('Backup model')).toHaveCount(4);
  }
  const t0 = Date.now();
  await askTheCouncil(page);
  await expect(page.locator('.verdict .recommendation')).toBeVisible({ timeout: 120_000 });
  const wall = Date.now() - t0;
  const stats = await (await request.get(`${BENCH_LLM_URL}/__bench/stats`)).json();
  return { wall, calls: stats.calls, stragglers: stats.stragglers, aborted: stats.aborted };
}

const results: any = {};

for (const hedged of [false, true]) {
  test(`${RUNS} consults, 20% stragglers, hedging ${hedged ? 'on' : 'off'}`, async ({ page, request }) => {
    test.setTimeout(RUNS * 90_000);
    expect((await request.post(`${BENCH_LLM_URL}/__bench/latency?ms=${LATENCY_MS}`)).ok()).toBe(true);
    // The same seeded stragglers for both modes.
    expect((await request.post(`${BENCH_LLM_URL}/__bench/stragglers?rate=0.2&seed=7`)).ok()).toBe(true);
    await page.goto('/');
    await addCompatibleProvider(page, 'Bench', `${BENCH_LLM_URL}/v1`, 'fixed-latency', 'bench-key-000');
    const deadline = page.getByLabel("Ask a seat's backup model when it has not answered after (seconds)");
    await deadline.fill(String(HEDGE_AFTER_S));
    await deadline.blur();
    const adaptive = page.getByLabel(/Adapt the backup deadline/);
    if (await adaptive.isChecked()) await adaptive.uncheck();
    const runs = [];
    for (let run = 1; run <= RUNS; run++) {
      runs.push(await consult(page, request, hedged, `${hedged ? 'hedged' : 'plain'} ${run}`));
    }
    const walls = runs.map((r) => r.wall);
    const clean = runs.filter((r) => r.stragglers === 0).map((r) => r.wall);
    results[hedged ? 'on' : 'off'] = {
      runs,
      p50_ms: percentile(walls, 50),
      p95_ms: percentile(walls, 95),
      no_straggler_median_ms: clean.length ? percentile(clean, 50) : null,
      calls: runs.reduce((a, r) => a + r.calls, 0),
      aborted: runs.reduce((a, r) => a + r.aborted, 0),
    };
    console.log(hedged ? 'on' : 'off', JSON.stringify({ ...results[hedged ? 'on' : 'off'], runs: undefined }));
  });
}

test.afterAll(async () => {
  fs.mkdirSync(path.dirname(OUT), { recursive: true });
  fs.writeFileSync(OUT, JSON.stringify({
    measured_at: new Date().toISOString(), runs: RUNS, latency_ms: LATENCY_MS, hedge_after_s: HEDGE_AFTER_S,
    straggler_rate: 0.2, straggler_factor: 10, ...results,
  }, null, 2) + '\n');
});
