// Hedged calls against stragglers: full consults (3 panelists and a judge, 9 calls) in Chromium against
// the fixed-latency server with a seeded 20% of calls 10x slower, with hedging off (no backup) and on
// (every seat backed by the same server's model, the adaptive deadline on time to first text). The
// server streams: a reply's first text comes after FIRST_TEXT_SHARE of its latency, the rest over the
// remaining time, and a straggler is slow throughout; replies are of the demo council's sizes, so
// prompts and replies weigh in the cost as in a real consult. Wall time per consult is measured from the
// click on "Ask the council" to the verdict in the DOM; p50 and p95 over BENCH_RUNS consults each,
// after one warm-up consult per mode (from which the adaptive deadline learns the provider's time to
// first text; the app keeps it while the page is open). Cost: the bench model is priced as
// gpt-4o-mini in the app's default table, and each consult's cost is the session's own ledger
// (aborted requests charged at the estimate of their prompt and of what they streamed); the extra
// requests the server received are reported too. The no-straggler reference is the median of the
// hedging-off consults with no stragglers at all.
import { expect, Page, test } from '@playwright/test';
import * as fs from 'fs';
import * as path from 'path';
import { addCompatibleProvider, showAdvancedSettings } from '../e2e/helpers';
import { openSessionId, storedSessionIn } from '../e2e/stored';
import { BENCH_LLM_URL } from './ports';

const root = path.resolve(__dirname, '..', '..');
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 40));
const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 500);
const HEDGE_AFTER_S = Number(process.env.BENCH_HEDGE_AFTER_S ?? 1);
const FIRST_TEXT_SHARE = Number(process.env.BENCH_FIRST_TEXT_SHARE ?? 0.1);
// gpt-4o-mini in the app's default price table (USD per million tokens).
const PRICE = { input: 0.15, output: 0.6 };
const OUT = process.env.BENCH_OUT ?? path.join(root, 'test-results', 'bench', 'hedging.json');

test.describe.configure({ mode: 'serial' });

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function consult(page: Page, request: any, hedged: boolean, label: string) {
  expect((await request.post(`${BENCH_LLM_URL}/__bench/reset`)).ok()).toBe(true);
  await page.getByRole('button', { name: 'New session' }).click();
  await page.getByLabel('Question', { exact: true }).fill(`Should we adopt the proposal? (${label})`);
  if (hedged) {
    const backups = page.getByLabel('Backup (asked when this seat is slow)');
    await expect(backups).toHaveCount(4);
    for (let i = 0; i < 4; i++) await backups.nth(i).selectOption({ label: 'Bench' });
    await expect(page.getByLabel('Backup model')).toHaveCount(4);
  }
  const t0 = Date.now();
  // A priced council under the consent threshold runs at once.
  await page.getByRole('button', { name: 'Ask the council' }).click();
  await expect(page.locator('.verdict .recommendation')).toBeVisible({ timeout: 120_000 });
  const wall = Date.now() - t0;
  const stats = await (await request.get(`${BENCH_LLM_URL}/__bench/stats`)).json();
  console.log(label, wall, 'ms;', stats.calls, 'requests,', stats.stragglers, 'stragglers,', stats.aborted, 'aborted');
  const session = await storedSessionIn(page, openSessionId(page), 'complete');
  return {
    wall, calls: stats.calls, stragglers: stats.stragglers, aborted: stats.aborted,
    cost_usd: session.cost.spent_usd, unpriced: session.cost.unpriced_calls,
    hedges: session.calls.filter((c: any) => /-attempt-(own|backup)/.test(c.call_id)).length,
  };
}

const results: any = {};

for (const hedged of [false, true]) {
  test(`${RUNS} consults, 20% stragglers, hedging ${hedged ? 'on' : 'off'}`, async ({ page, request }) => {
    test.setTimeout(RUNS * 90_000);
    expect((await request.post(`${BENCH_LLM_URL}/__bench/latency?ms=${LATENCY_MS}&first_text=${FIRST_TEXT_SHARE}`)).ok()).toBe(true);
    expect((await request.post(`${BENCH_LLM_URL}/__bench/replies?size=demo`)).ok()).toBe(true);
    // The same seeded stragglers for both modes.
    expect((await request.post(`${BENCH_LLM_URL}/__bench/stragglers?rate=0.2&seed=7`)).ok()).toBe(true);
    await page.goto('/');
    await addCompatibleProvider(page, 'Bench', `${BENCH_LLM_URL}/v1`, 'fixed-latency', 'bench-key-000');
    await showAdvancedSettings(page);
    await page.getByLabel('Model', { exact: true }).fill('fixed-latency');
    await page.getByLabel('Input $/M').fill(String(PRICE.input));
    await page.getByLabel('Output $/M').fill(String(PRICE.output));
    await page.getByRole('button', { name: 'Set price' }).click();
    await expect(page.getByText('Price for fixed-latency saved.')).toBeVisible();
    const deadline = page.getByLabel("Ask a seat's backup model when it has sent no text after (seconds)");
    await deadline.fill(String(HEDGE_AFTER_S));
    await deadline.blur();
    await expect(page.getByLabel(/Adapt the backup deadline/)).toBeChecked();
    await consult(page, request, hedged, `${hedged ? 'hedged' : 'plain'} warm-up`);
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
      cost_usd: runs.reduce((a, r) => a + r.cost_usd, 0),
      unpriced: runs.reduce((a, r) => a + r.unpriced, 0),
    };
    console.log(hedged ? 'on' : 'off', JSON.stringify({ ...results[hedged ? 'on' : 'off'], runs: undefined }));
  });
}

test.afterAll(async () => {
  fs.mkdirSync(path.dirname(OUT), { recursive: true });
  fs.writeFileSync(OUT, JSON.stringify({
    measured_at: new Date().toISOString(), runs: RUNS, latency_ms: LATENCY_MS, hedge_after_s: HEDGE_AFTER_S,
    first_text_share: FIRST_TEXT_SHARE, price: PRICE, straggler_rate: 0.2, straggler_factor: 10, ...results,
  }, null, 2) + '\n');
});
