// A 100-page PDF attached to a Consult question (tests/bench/long_pdf.py writes it): the time from
// choosing the file to its chip with its tokens, what the page's main thread spends meanwhile
// (Chromium's TaskDuration, CDP Performance.getMetrics: pdf.js parses in its own worker, the
// page asks it page by page), and the longest gap between two frames while it reads (a
// requestAnimationFrame loop in the page). The first run fetches the readers (pdf.js, cold); the
// later ones find them loaded (warm), after removing the chip.
import { expect, Page, test } from '@playwright/test';
import * as fs from 'fs';

const RUNS = Number(process.env.BENCH_RUNS ?? 4);
const PDF = process.env.BENCH_PDF ?? 'test-results/report-100.pdf';
const NAME = PDF.split('/').pop()!;

async function taskSeconds(client: any): Promise<number> {
  const { metrics } = await client.send('Performance.getMetrics');
  return metrics.find((m: any) => m.name === 'TaskDuration').value;
}

/** Starts recording the page's frame gaps and long tasks. */
async function watchFrames(page: Page) {
  await page.evaluate(() => {
    const w = window as any;
    w.__frames = { longest: 0, over100: 0, longTasks: 0, longestTask: 0, stop: false };
    let last = performance.now();
    const tick = (now: number) => {
      const gap = now - last;
      last = now;
      w.__frames.longest = Math.max(w.__frames.longest, gap);
      if (gap > 100) w.__frames.over100 += 1;
      if (!w.__frames.stop) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    w.__observer?.disconnect();
    w.__observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        w.__frames.longTasks += 1;
        w.__frames.longestTask = Math.max(w.__frames.longestTask, entry.duration);
      }
    });
    w.__observer.observe({ type: 'longtask' });
  });
}

async function stopFrames(page: Page) {
  return page.evaluate(() => {
    const w = window as any;
    w.__frames.stop = true;
    return { ...w.__frames };
  });
}

async function attachOnce(page: Page, client: any) {
  const chip = page.getByRole('list', { name: 'Attached material' }).locator('.attach-chip:not(.reading)');
  await watchFrames(page);
  const before = await taskSeconds(client);
  const started = Date.now();
  await page.locator('.attach input[type=file]').setInputFiles([PDF]);
  await expect(chip.filter({ hasText: NAME })).toContainText(/PDF · .* · [\d,]+ tokens/);
  const wall = Date.now() - started;
  const after = await taskSeconds(client);
  const frames = await stopFrames(page);
  const text = (await chip.filter({ hasText: NAME }).textContent()) ?? '';
  await chip.getByRole('button', { name: `Remove ${NAME}` }).click();
  await expect(chip).toHaveCount(0);
  return {
    wall_ms: wall,
    main_thread_ms: Math.round((after - before) * 1000),
    longest_frame_gap_ms: Math.round(frames.longest),
    gaps_over_100ms: frames.over100,
    long_tasks: frames.longTasks,
    longest_task_ms: Math.round(frames.longestTask),
    tokens: Number((text.match(/([\d,]+) tokens/)?.[1] ?? '0').replace(/,/g, '')),
  };
}

test('a 100-page PDF read into the question', async ({ page }) => {
  test.setTimeout(10 * 60_000);
  await page.goto('/');
  await page.getByRole('button', { name: 'New session' }).click();
  await page.getByLabel('Question', { exact: true }).fill('What does the report say about incidents?');
  const client = await page.context().newCDPSession(page);
  await client.send('Performance.enable');
  const runs = [];
  for (let r = 0; r < RUNS; r++) runs.push(await attachOnce(page, client));
  const cold = runs[0];
  const warm = runs.slice(1).sort((a, b) => a.wall_ms - b.wall_ms);
  const median = warm[Math.floor(warm.length / 2)];
  const out = process.env.BENCH_OUT ?? 'test-results/bench-material-pdf.json';
  fs.writeFileSync(out, JSON.stringify({
    measured_at: new Date().toISOString(),
    pdf_bytes: fs.statSync(PDF).size,
    pages: 100,
    cold,
    warm_median: median,
    warm_runs: warm,
  }, null, 2));
  console.log(JSON.stringify({ cold, warm }, null, 2));
});
