// Calls, prompt tokens and wall time of the demo review and of each aimock review (the same
// fixtures as the e2e suite: APPROVED, REQUEST_CHANGES by veto, INCONCLUSIVE at the limit).
// Wall is measured in the page from the click that starts the review to the verdict in the DOM.
import { expect, Page, test } from '@playwright/test';
import * as fs from 'fs';
import { BENCH_MOCK_PORT } from './ports';
import { addCompatibleProvider, startTheReview } from '../e2e/helpers';
import { openSessionId, storedSessionIn } from '../e2e/stored';

const CLEAN_DIFF = 'diff --git a/src/math.py b/src/math.py\n--- a/src/math.py\n+++ b/src/math.py\n@@ -1,2 +1,5 @@\n def add(a, b):\n     return a + b\n+\n+def double(x: int) -> int:\n+    return add(x, x)\n';
const SECRET_DIFF = 'diff --git a/settings.py b/settings.py\n--- a/settings.py\n+++ b/settings.py\n@@ -1,1 +1,2 @@\n DEBUG = False\n+AWS_ACCESS_KEY_ID = "AKIAQ3EGRU7XK5N2ZD4W"\n';
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

async function timeToVerdict(page: Page, start: () => Promise<void>): Promise<number> {
  await page.evaluate(() => {
    (window as any).__verdictAt = 0;
    new MutationObserver((_, observer) => {
      if (document.querySelector('.review-verdict-label')) {
        (window as any).__verdictAt = performance.now();
        observer.disconnect();
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
  const clickedAt = await page.evaluate(() => performance.now());
  await start();
  await expect(page.locator('.review-verdict-label')).toBeVisible();
  return Math.round((await page.evaluate(() => (window as any).__verdictAt)) - clickedAt);
}

async function sessionStats(page: Page) {
  const session = await storedSessionIn(page, openSessionId(page), /complete|conclusion|failed/);
  const promptTokens = session.calls.reduce((sum: number, c: any) => sum + Math.ceil(c.prompt_chars / 4), 0);
  return { calls: session.calls.length, prompt_tokens: promptTokens, rounds: session.body.rounds.length, verdict: session.body.verdict.verdict };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

test('review cost and wall time', async ({ page }) => {
  const results: any[] = [];
  const scenarios: { name: string; start: (page: Page) => Promise<void> }[] = [
    { name: 'demo review (scripted, streamed at the demo pace)', start: async (p) => { await p.getByRole('button', { name: 'Run the demo review' }).click(); } },
    ...[['aimock: APPROVED', 'review-approve', CLEAN_DIFF], ['aimock: REQUEST_CHANGES by veto', 'review-veto', SECRET_DIFF], ['aimock: INCONCLUSIVE at the limit', 'review-limit', CLEAN_DIFF]].map(([name, model, diff]) => ({
      name,
      start: async (p: Page) => {
        await p.getByLabel('Diff or code').fill(diff);
        for (const persona of ['Engineering Architect', 'Operations/SRE']) {
          const seat = p.getByRole('group', { name: persona, exact: true });
          await seat.getByLabel('Provider').selectOption({ label: 'Bench mock' });
          await seat.getByLabel('Model').fill(model);
        }
        await startTheReview(p);
      },
    })),
  ];
  await page.goto('/');
  await addCompatibleProvider(page, 'Bench mock', `http://127.0.0.1:${BENCH_MOCK_PORT}/v1`, 'review-approve');
  for (const scenario of scenarios) {
    const walls: number[] = [];
    let stats: any;
    for (let run = 0; run < RUNS; run++) {
      await page.getByRole('button', { name: 'New session' }).click();
      await page.getByRole('button', { name: 'Review: a code change' }).click();
      walls.push(await timeToVerdict(page, () => scenario.start(page)));
      stats = await sessionStats(page);
    }
    results.push({ scenario: scenario.name, ...stats, median_wall_ms: median(walls), walls_ms: walls });
  }
  const out = process.env.BENCH_OUT ?? 'test-results/bench-review.json';
  fs.writeFileSync(out, JSON.stringify({ measured_at: new Date().toISOString(), runs: RUNS, results }, null, 2));
  console.log(JSON.stringify(results, null, 2));
});
