// Wall time of a full Consult (3 panelists and a judge) in Chromium against a server that answers every
// call after a fixed latency. The critical path is 5 sequential calls (R1 panelists in parallel, R2,
// R3 panelists in parallel, R3 merge, R4), so ratio = wall / (5 x latency) shows what the app adds:
// 1.0 would be no overhead at all, and anything near 3 would mean the parallel rounds ran one by one.
//
// Wall time is measured in the page: from the click on "Ask the council" (a capture listener, before
// the app's own handler) to the moment `.verdict .recommendation` enters the DOM (a MutationObserver).
// Each latency gets one warm-up run (not counted) and BENCH_RUNS measured runs (default 3).
// Results go to BENCH_OUT (default test-results/bench/consult-wall.json) for scripts/bench-consult.sh.
import { expect, Page, test } from '@playwright/test';
import * as fs from 'fs';
import * as path from 'path';
import { addCompatibleProvider, askTheCouncil } from '../e2e/helpers';
import { BENCH_LLM_URL } from './ports';

const root = path.resolve(__dirname, '..', '..');
const LATENCIES = (process.env.BENCH_LATENCIES ?? '500,1000').split(',').map((s) => Number(s.trim()));
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const OUT = process.env.BENCH_OUT ?? path.join(root, 'test-results', 'bench', 'consult-wall.json');
const SEQUENTIAL_CALLS = 5;

interface LatencyResult {
  latency_ms: number;
  warmup_ms: number;
  runs_ms: number[];
  median_ms: number;
  min_ms: number;
  max_ms: number;
  ideal_ms: number;
  ratio: number;
  overhead_ms: number;
  calls_per_run: number;
  peak_parallel_calls: number;
  /** Median over runs of the server's idle time between one round's last reply and the next round's
   * first request (4 transitions a run): the app's own work between rounds. */
  between_rounds_ms: number;
  /** overhead_ms - between_rounds_ms: from the click to the first request, and from the last reply
   * to the verdict in the DOM. */
  edges_ms: number;
}

const results: LatencyResult[] = [];

test.describe.configure({ mode: 'serial' });

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Arms the in-page stopwatch: started by the click on "Ask the council", stopped by the verdict. */
async function armStopwatch(page: Page) {
  await page.evaluate(() => {
    const w = window as any;
    w.__consultWall?.observer?.disconnect();
    const state: any = { t0: null, t1: null };
    w.__consultWall = state;
    if (!w.__consultWallClick) {
      w.__consultWallClick = true;
      window.addEventListener('click', (event) => {
        const button = (event.target as Element | null)?.closest?.('button');
        const s = (window as any).__consultWall;
        if (s && s.t0 === null && button?.textContent?.trim() === 'Ask the council') s.t0 = performance.now();
      }, true);
    }
    state.observer = new MutationObserver(() => {
      if (state.t0 !== null && state.t1 === null && document.querySelector('.verdict .recommendation')) {
        state.t1 = performance.now();
        state.observer.disconnect();
      }
    });
    state.observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  });
}

async function oneConsult(page: Page, request: any, label: string): Promise<{ wall: number; stats: any }> {
  expect((await request.post(`${BENCH_LLM_URL}/__bench/reset`)).ok()).toBe(true);
  await page.getByRole('button', { name: 'New session' }).click();
  await page.getByLabel('Question', { exact: true }).fill(`Should we adopt the proposal? (${label})`);
  await expect(page.getByRole('button', { name: /^Remove Panelist \d$/ })).toHaveCount(3);
  await expect(page.getByLabel('Depth')).toHaveValue('4');
  await armStopwatch(page);
  await askTheCouncil(page); // the bench models have no price: the run is confirmed first
  await expect(page.locator('.verdict .recommendation')).toBeVisible();
  await expect(page.locator('.session-meta .badge')).toHaveText('complete');
  const wall = await page.evaluate(() => {
    const s = (window as any).__consultWall;
    return s.t0 !== null && s.t1 !== null ? s.t1 - s.t0 : NaN;
  });
  expect(Number.isFinite(wall), 'the stopwatch saw the click and the verdict').toBe(true);
  const stats = await (await request.get(`${BENCH_LLM_URL}/__bench/stats`)).json();
  return { wall, stats };
}

for (const latency of LATENCIES) {
  test(`full consult, 3 panelists, ${latency} ms per call`, async ({ page, request }) => {
    expect((await request.post(`${BENCH_LLM_URL}/__bench/latency?ms=${latency}`)).ok()).toBe(true);
    await page.goto('/');
    await addCompatibleProvider(page, 'Fixed latency', `${BENCH_LLM_URL}/v1`, 'fixed-latency', 'bench-key-000');

    const warmup = await oneConsult(page, request, `${latency} ms, warm-up`);
    const runs: number[] = [];
    let peak = 0;
    const gapTotals: number[] = [];
    for (let run = 1; run <= RUNS; run++) {
      const { wall, stats } = await oneConsult(page, request, `${latency} ms, run ${run}`);
      // Nine calls, no re-asks, and the panel rounds really in parallel.
      expect(stats.calls).toBe(9);
      expect(stats.by_schema).toEqual({ independent_answer: 3, synthesis: 1, cross_exam_reply: 3, cross_exam_judgment: 1, verdict: 1 });
      expect(stats.peak_in_flight).toBe(3);
      expect(stats.idle_gaps_ms).toHaveLength(4);
      gapTotals.push(stats.idle_gaps_ms.reduce((a: number, b: number) => a + b, 0));
      peak = Math.max(peak, stats.peak_in_flight);
      runs.push(wall);
    }
    const ideal = SEQUENTIAL_CALLS * latency;
    const med = median(runs);
    const result: LatencyResult = {
      latency_ms: latency,
      warmup_ms: Math.round(warmup.wall),
      runs_ms: runs.map((r) => Math.round(r)),
      median_ms: Math.round(med),
      min_ms: Math.round(Math.min(...runs)),
      max_ms: Math.round(Math.max(...runs)),
      ideal_ms: ideal,
      ratio: Number((med / ideal).toFixed(3)),
      overhead_ms: Math.round(med - ideal),
      calls_per_run: 9,
      peak_parallel_calls: peak,
      between_rounds_ms: Math.round(median(gapTotals)),
      edges_ms: Math.round(med - ideal - median(gapTotals)),
    };
    results.push(result);
    console.log(`latency ${latency} ms: median wall ${result.median_ms} ms over ${RUNS} runs ` +
      `(${result.runs_ms.join(', ')}; warm-up ${result.warmup_ms}), ideal ${ideal} ms, ratio ${result.ratio}; ` +
      `overhead ${result.overhead_ms} ms = ${result.between_rounds_ms} between rounds + ${result.edges_ms} at the edges`);
    // The wall can never beat the critical path.
    expect(med).toBeGreaterThanOrEqual(ideal);
  });
}

test.afterAll(async () => {
  fs.mkdirSync(path.dirname(OUT), { recursive: true });
  fs.writeFileSync(OUT, JSON.stringify({
    measured_at: new Date().toISOString(),
    runs_per_latency: RUNS,
    sequential_calls: SEQUENTIAL_CALLS,
    results,
  }, null, 2) + '\n');
});
