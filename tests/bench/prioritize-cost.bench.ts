// Calls, prompt tokens, cost and wall time of the demo debate and of each aimock debate (the same
// fixtures as the e2e suite: consensus in round 2, max rounds, stalemate on budget, a re-ask).
// Wall is measured in the page from the click that starts the debate to the outcome in the DOM.
import { expect, Page, test } from '@playwright/test';
import * as fs from 'fs';
import { BENCH_MOCK_PORT } from './ports';
import { addCompatibleProvider } from '../e2e/helpers';
import { openSessionId, storedSessionIn } from '../e2e/stored';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const backlog = (tag: string) => ['- opp-1: Fix flaky checkout test ' + tag, '- opp-2: Retry failed payments', '- opp-3: Export to CSV', '- opp-4: Replace the search engine', '- opp-5: Onboarding checklist', '- opp-6: SSO for enterprise'].join('\n');

async function timeToOutcome(page: Page, start: () => Promise<void>): Promise<number> {
  await page.evaluate(() => {
    (window as any).__doneAt = 0;
    new MutationObserver((_, observer) => {
      if (document.querySelector('[data-testid="outcome"]')) {
        (window as any).__doneAt = performance.now();
        observer.disconnect();
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
  const clickedAt = await page.evaluate(() => performance.now());
  await start();
  await expect(page.getByTestId('outcome')).toBeVisible();
  return Math.round((await page.evaluate(() => (window as any).__doneAt)) - clickedAt);
}

async function sessionStats(page: Page) {
  const session = await storedSessionIn(page, openSessionId(page), /complete|conclusion|failed/);
  const promptTokens = session.calls.reduce((sum: number, c: any) => sum + Math.ceil(c.prompt_chars / 4), 0);
  const debate = session.body.debate;
  const ending = debate.consensus_reached ? 'consensus' : debate.stalemate ? 'stalemate' : 'max rounds';
  return { calls: session.calls.length, prompt_tokens: promptTokens, rounds: debate.rounds.length, ending, cost_usd: session.cost.spent_usd, unpriced_calls: session.cost.unpriced_calls };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

test('prioritize cost and wall time', async ({ page }) => {
  const aimock = (name: string, tag: string, models: string[], extra: (p: Page) => Promise<void> = async () => {}) => ({
    name,
    start: async (p: Page) => {
      await p.getByText('Import a backlog').click();
      await p.getByLabel('Paste it here').fill(backlog(tag));
      await p.getByRole('button', { name: 'Import', exact: true }).click();
      const seats = ['Champion (strategy partner)', 'Critic (tech partner)', 'Moderator (managing director)'];
      for (let i = 0; i < 3; i++) {
        const seat = p.getByRole('group', { name: seats[i], exact: true });
        await seat.getByLabel('Provider').selectOption({ label: 'Bench mock' });
        await seat.getByLabel('Model').fill(models[i]);
      }
      await extra(p);
      await p.getByRole('button', { name: 'Start the debate' }).click();
      await p.getByRole('alertdialog').getByRole('button', { name: 'Start anyway' }).click();
    },
  });
  const scenarios = [
    { name: 'demo debate (scripted, streamed at the demo pace)', start: async (p: Page) => { await p.getByRole('button', { name: 'Run the demo prioritization' }).click(); } },
    aimock('aimock: consensus in round 2', '[consensus-case]', ['prio', 'prio-critic', 'prio']),
    aimock('aimock: max rounds (2) without consensus', '[maxrounds-case]', ['prio', 'prio-critic', 'prio'], async (p) => { await p.getByLabel('Max rounds').fill('2'); }),
    aimock('aimock: stalemate on a $0.002 budget (gpt-4o-mini prices)', '[budget-case]', ['gpt-4o-mini', 'gpt-4o-mini', 'gpt-4o-mini'], async (p) => { await p.getByLabel('Budget (USD)').fill('0.002'); }),
    aimock('aimock: a malformed moderator reply re-asked', '[reask-case]', ['prio', 'prio-critic', 'prio']),
  ];
  await page.goto('/');
  await addCompatibleProvider(page, 'Bench mock', `http://127.0.0.1:${BENCH_MOCK_PORT}/v1`, 'prio');
  const results: any[] = [];
  for (const scenario of scenarios) {
    const walls: number[] = [];
    let stats: any;
    for (let run = 0; run < RUNS; run++) {
      await page.getByRole('button', { name: 'New session' }).click();
      await page.getByRole('button', { name: 'Prioritize: a backlog' }).click();
      walls.push(await timeToOutcome(page, () => scenario.start(page)));
      stats = await sessionStats(page);
    }
    results.push({ scenario: scenario.name, ...stats, median_wall_ms: median(walls), walls_ms: walls });
  }
  const out = process.env.BENCH_OUT ?? 'test-results/bench-prioritize.json';
  fs.writeFileSync(out, JSON.stringify({ measured_at: new Date().toISOString(), runs: RUNS, results }, null, 2));
  console.log(JSON.stringify(results, null, 2));
});
