// Main-thread cost of rendering streamed replies: five panelists stream at once (round 1 only),
// each reply 100 or 10,000 tokens at 1,000 tokens/s. Main-thread time is Chromium's TaskDuration
// (CDP Performance.getMetrics). Whole runs include a fixed cost (forms, saves, views), so the cost
// per token is also sampled while the long replies stream: every 200 ms, main-thread time over
// tokens streamed in that window, early in the replies (first 1,000 tokens each) and late (past
// 9,000 each). A renderer whose cost grows with the text shown costs more per token late.
import { expect, Page, test } from '@playwright/test';
import * as fs from 'fs';
import { BENCH_STREAM_PORT } from './ports';
import { addCompatibleProvider, openCouncil } from '../e2e/helpers';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SIZES = [100, 10_000];
const SERVER = `http://127.0.0.1:${BENCH_STREAM_PORT}`;

async function taskSeconds(client: any): Promise<number> {
  return (await metricsOf(client)).TaskDuration;
}

async function metricsOf(client: any): Promise<Record<string, number>> {
  const { metrics } = await client.send('Performance.getMetrics');
  return Object.fromEntries(metrics.map((m: any) => [m.name, m.value]));
}

async function runOnce(page: Page, client: any, tokens: number) {
  await page.getByRole('button', { name: 'New session' }).click();
  await page.getByLabel('Question', { exact: true }).fill(`Streaming benchmark, ${tokens} tokens per reply`);
  // The council is folded under the question until opened.
  await openCouncil(page);
  await page.getByRole('button', { name: 'Add panelist' }).click();
  await page.getByRole('button', { name: 'Add panelist' }).click();
  const count = await page.getByLabel('Model').count();
  for (let i = 0; i < count; i++) await page.getByLabel('Model').nth(i).fill(`stream-${tokens}`);
  await page.getByLabel('Depth').selectOption('1');
  await fetch(`${SERVER}/__bench/reset`, { method: 'POST' });
  const before = await taskSeconds(client);
  const started = Date.now();
  await page.getByRole('button', { name: 'Ask the council' }).click();
  // The consent may come a moment after the click (the run's part loads first): wait for it or
  // for the run, whichever shows.
  const consent = page.getByRole('button', { name: /Run it|Start anyway/ });
  const running = page.locator('.run-stepper');
  await expect(consent.or(running).first()).toBeVisible();
  if (await consent.isVisible().catch(() => false)) await consent.click();
  // Samples (main-thread seconds, tokens streamed so far) until the run completes.
  const samples: [number, number][] = [];
  const parts: number[][] = [];
  const badge = page.locator('.session-meta .badge').first();
  while ((await badge.textContent().catch(() => '')) !== 'complete') {
    const tokensNow = (await (await fetch(`${SERVER}/__bench/stats`)).json()).tokens;
    const m = await metricsOf(client);
    samples.push([m.TaskDuration, tokensNow]);
    parts.push([m.ScriptDuration, m.LayoutDuration, m.RecalcStyleDuration, tokensNow]);
    await page.waitForTimeout(200);
  }
  const wall = Date.now() - started;
  const after = await taskSeconds(client);
  const streamed = (await (await fetch(`${SERVER}/__bench/stats`)).json()).tokens;
  // Per-token cost in the windows where each of the 5 replies was within its first 100 tokens
  // (early) or past its 9,000th (late).
  // Samples while tokens were still arriving: the end of a run (parsing, saving, the round's view)
  // is not streaming.
  const window = (from: number, to: number) => {
    const inside = samples.filter(([, t]) => t >= from && t < to);
    if (inside.length < 2) return null;
    const [t0, n0] = inside[0];
    const [t1, n1] = inside[inside.length - 1];
    return n1 > n0 ? ((t1 - t0) * 1e6) / (n1 - n0) : null;
  };
  if (process.env.BENCH_DEBUG) console.log(JSON.stringify(parts.map((p) => p.map((x) => Math.round(x * 1000)))));
  const early = tokens >= 10_000 ? window(0, 5 * 1000) : null;
  const late = tokens >= 10_000 ? window(5 * 9000, 5 * tokens) : null;
  return { main_thread_ms: (after - before) * 1000, streamed, wall_ms: wall, early_us_per_token: early, late_us_per_token: late };
}

// BENCH_RUNS_ON_PAGE=1 also keeps the service worker out, which would serve the run's worker script
// from its cache past the refusal below.
if (process.env.BENCH_RUNS_ON_PAGE) test.use({ serviceWorkers: 'block' });

test('streaming render cost per token', async ({ page }) => {
  // BENCH_RUNS_ON_PAGE=1: the run's worker refused, so the calls stream on the page (the before).
  if (process.env.BENCH_RUNS_ON_PAGE) await page.route(/\/run-worker\.js/, (route) => route.abort('failed'));
  await page.goto('/');
  await addCompatibleProvider(page, 'Stream', `${SERVER}/v1`, 'stream-100');
  const client = await page.context().newCDPSession(page);
  await client.send('Performance.enable');
  const results: any[] = [];
  for (const tokens of SIZES) {
    const runs = [];
    for (let r = 0; r < RUNS; r++) runs.push(await runOnce(page, client, tokens));
    runs.sort((a, b) => a.main_thread_ms - b.main_thread_ms);
    const median = runs[Math.floor(runs.length / 2)];
    results.push({ tokens_per_reply: tokens, ...median, runs_ms: runs.map((r) => Math.round(r.main_thread_ms)) });
  }
  for (const r of results) r.whole_run_us_per_token = (r.main_thread_ms * 1000) / r.streamed;
  const out = process.env.BENCH_OUT ?? 'test-results/bench-streaming.json';
  const where = await page.locator('html').getAttribute('data-runs');
  fs.writeFileSync(out, JSON.stringify({ measured_at: new Date().toISOString(), runs: RUNS, runs_in: where, results }, null, 2));
  console.log(JSON.stringify(results, null, 2));
});
