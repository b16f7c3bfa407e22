// Prioritize in Chromium: the demo debate (movement in round 2, consensus in round 3) with its
// chart, table alternative and three exports; debates against aimock reaching consensus in round
// 2, max rounds without consensus, a stalemate when the budget runs out, and a malformed moderator
// reply re-asked; imports that fail without losing what was typed; one debate by the real model.
import { Page } from '@playwright/test';
import { expect, test } from './guard';
import * as fs from 'fs';
import { LLAMA_KEY, LLAMA_MODEL, LLAMA_URL, MOCK_URL, MODEL_TEST_MS } from './servers';
import { addCompatibleProvider, exportAs, watchConsole, openCouncil, showAdvancedSettings } from './helpers';
import { openSessionId, storedSessionIn } from './stored';

const badge = (page: Page) => page.locator('.session-meta .badge').first();

function backlog(tag: string): string {
  return [
    `- opp-1: Fix flaky checkout test ${tag} — blocks merges`,
    '  - CI red 41 times last month',
    '  - effort: S',
    '- opp-2: Retry failed payments — lost revenue',
    '- opp-3: Export to CSV',
    '- opp-4: Replace the search engine',
    '- opp-5: Onboarding checklist',
    '- opp-6: SSO for enterprise',
  ].join('\n');
}

async function openForm(page: Page) {
  await page.getByRole('button', { name: 'New session' }).click();
  await page.getByRole('button', { name: 'Prioritize: a backlog' }).click();
  await expect(page.getByRole('heading', { name: 'Prioritize a backlog' })).toBeVisible();
}

async function importBacklog(page: Page, text: string) {
  await page.getByText('Import a backlog').click();
  await page.getByLabel('Paste it here').fill(text);
  await page.getByRole('button', { name: 'Import', exact: true }).click();
}

async function debateWith(page: Page, tag: string, models: [string, string, string], options: { maxRounds?: string; budget?: string } = {}) {
  await openForm(page);
  await importBacklog(page, backlog(tag));
  await expect(page.locator('.import-status')).toHaveText('Imported 6 opportunities.');
  await expect(page.getByText('6 opportunities, more than 5: the partners debate them.')).toBeVisible();
  const seats = ['Champion (strategy partner)', 'Critic (tech partner)', 'Moderator (managing director)'];
  await openCouncil(page);
  for (let i = 0; i < 3; i++) {
    const seat = page.getByRole('group', { name: seats[i], exact: true });
    await seat.getByLabel('Provider').selectOption({ label: 'Mock' });
    await seat.getByLabel('Model').fill(models[i]);
  }
  if (options.maxRounds) await page.getByLabel('Max rounds').fill(options.maxRounds);
  if (options.budget) await page.getByLabel('Budget (USD)').fill(options.budget);
  await page.getByRole('button', { name: 'Start the debate' }).click();
}

async function download(page: Page, item: string): Promise<string> {
  const file = await exportAs(page, item);
  return fs.readFileSync((await file.path())!, 'utf8');
}

test('the demo debate moves in round 2, reaches consensus in round 3, and charts and exports it', async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto('/');
  await openForm(page);
  await page.getByRole('button', { name: 'Run the demo prioritization' }).click();
  await expect(page.locator('.demo-label')).toBeVisible();
  await expect(badge(page)).toHaveText('complete', { timeout: 60_000 });
  await expect(page.getByTestId('rounds-used')).toHaveText('3 / 3');
  await expect(page.getByTestId('consensus')).toHaveText('yes');
  await expect(page.getByTestId('stalemate')).toHaveText('no');
  await expect(page.getByTestId('outcome')).toHaveText('Consensus in round 3.');
  // The ranked backlog: rank, opportunity, disposition, critic's effort and approach, concerns.
  const rows = page.locator('table.ranked-backlog tbody tr');
  await expect(rows).toHaveCount(8);
  await expect(rows.nth(0)).toContainText('1Fix flaky checkout testPrioritizeSbuild');
  await expect(page.locator('table.ranked-backlog tr[data-id="opp-4"]')).toContainText('Defer');
  await expect(page.locator('table.ranked-backlog tr[data-id="opp-4"]')).toContainText('Still XL; split it into indexing and query work first');
  // The chart: one line per opportunity, a point per round; opp-1 climbs from rank 2 to rank 1.
  const lines = page.locator('svg.bump-chart g.bump-line');
  await expect(lines).toHaveCount(8);
  const opp1 = page.locator('svg.bump-chart g.bump-line[data-id="opp-1"] circle');
  await expect(opp1).toHaveCount(3);
  const ys = await opp1.evaluateAll((cs) => cs.map((c) => Number(c.getAttribute('cy'))));
  expect(ys[0]).toBeGreaterThan(ys[1]);
  expect(ys[1]).toBe(ys[2]);
  await expect(page.locator('svg.bump-chart')).toHaveAttribute('aria-label', /opp-1: up 1/);
  // Labelled with titles, not ids; and the outcome sentence comes first, the debate's id under Details.
  await expect(page.locator('svg.bump-chart g.bump-line[data-id="opp-1"] text')).toHaveText('Fix flaky checkout test');
  await expect(page.locator('.prioritize-summary > :nth-child(2)')).toHaveText('Consensus in round 3.');
  await expect(page.locator('.prioritize-facts')).not.toContainText('Session');
  // The table alternative follows the chosen partner's rankings.
  await page.getByText('Rank movement as a table').click();
  const opp1Row = page.locator('table.rank-movement-table tr[data-id="opp-1"] td');
  await expect(opp1Row).toHaveText(['2', '1', '1', 'up 1']);
  await page.getByLabel('Rankings of').selectOption('champion');
  await expect(page.locator('table.rank-movement-table caption')).toHaveText('Champion rank per round');
  await expect(page.locator('table.rank-movement-table tr[data-id="opp-3"] td').first()).toHaveText('1');
  // Round 2's claim of consensus was refused by the rule: the ranking had moved.
  await expect(page.locator('#round-2 .round-status')).toHaveText(/Consensus not accepted: .*rankings changed/);
  // Exports: the seed's JSON, the ranked CSV, the Markdown report.
  const json = JSON.parse(await download(page, 'Debate JSON'));
  expect(json.rounds_used).toBe(3);
  expect(json.session.consensus_reached).toBe(true);
  expect(json.session.rounds[1].moderator_dispositions['opp-4']).toBe('defer');
  expect(json.ranked_opportunities[0]).toMatchObject({ id: 'opp-1', priority_rank: 1 });
  expect(json.demo).toBe(true);
  const csv = await download(page, 'Ranked backlog (CSV)');
  expect(csv.split('\r\n')[1]).toMatch(/^1,opp-1,Fix flaky checkout test,test_failure,PRIORITIZE,S,/);
  const markdown = await download(page, 'Markdown report');
  expect(markdown).toContain('# Consilium prioritization');
  expect(markdown).toContain('> **Demo**');
  // History finds it.
  await page.getByRole('button', { name: 'History' }).click();
  await expect(page.locator('.history')).toContainText('Prioritize 8 opportunities');
  expect(errors).toEqual([]);
});

test.describe('against aimock', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/');
    await addCompatibleProvider(page, 'Mock', `${MOCK_URL}/v1`, 'prio');
  });

  test('consensus in round 2, asked first because the partners have no price', async ({ page }) => {
    await debateWith(page, '[consensus-case]', ['prio', 'prio-critic', 'prio']);
    const consent = page.getByRole('alertdialog');
    await expect(consent).toContainText('have no price, so the cost cannot be known and the $2.50 budget cannot limit them');
    await consent.getByRole('button', { name: 'Start anyway' }).click();
    await expect(badge(page)).toHaveText('complete', { timeout: 60_000 });
    await expect(page.getByTestId('rounds-used')).toHaveText('2 / 3');
    await expect(page.getByTestId('consensus')).toHaveText('yes');
    await expect(page.locator('#round-1 .round-status')).toContainText('in round 1, but the rankings must hold for a second round first');
    await expect(page.locator('table.ranked-backlog tbody tr').first()).toHaveAttribute('data-id', 'opp-2');
    await expect(page.locator('table.ranked-backlog tr[data-id="opp-6"]')).toContainText('Reject');
  });

  test('max rounds without consensus while an INVESTIGATE remains', async ({ page }) => {
    await debateWith(page, '[maxrounds-case]', ['prio', 'prio-critic', 'prio'], { maxRounds: '2' });
    await page.getByRole('alertdialog').getByRole('button', { name: 'Start anyway' }).click();
    await expect(badge(page)).toHaveText('complete', { timeout: 60_000 });
    await expect(page.getByTestId('rounds-used')).toHaveText('2 / 2');
    await expect(page.getByTestId('consensus')).toHaveText('no');
    await expect(page.getByTestId('outcome')).toContainText('No consensus within 2 rounds');
    await expect(page.locator('table.ranked-backlog tr[data-id="opp-4"]')).toContainText('Investigate');
  });

  test('a stalemate when the budget runs out, ranked as the last complete round', async ({ page }) => {
    await debateWith(page, '[budget-case]', ['gpt-4o-mini', 'gpt-4o-mini', 'gpt-4o-mini'], { budget: '0.002' });
    const consent = page.getByRole('alertdialog');
    await expect(consent).toContainText('so its review is not independent');
    await consent.getByRole('button', { name: 'Start anyway' }).click();
    await expect(badge(page)).toHaveText('complete', { timeout: 60_000 });
    await expect(page.getByTestId('stalemate')).toHaveText('yes: the budget ran out');
    await expect(page.getByTestId('rounds-used')).toHaveText('1 / 3');
    await expect(page.getByTestId('outcome')).toContainText('Stalemate: the budget ran out');
    await expect(page.getByTestId('outcome')).toContainText('ranked as round 1');
    // No call was made that the budget could not cover: what was spent stays within it.
    const stored = await storedSessionIn(page, openSessionId(page), 'complete');
    expect(stored.cost.spent_usd).toBeGreaterThan(0);
    expect(stored.cost.spent_usd).toBeLessThanOrEqual(0.002);
    expect(stored.body.debate.stalemate).toBe(true);
    expect(stored.body.debate.final_rankings).toEqual(stored.body.debate.rounds[0].moderator_final_rankings);
    await expect(page.getByText('The critic shares a model with another partner')).toBeVisible();
  });

  test('a malformed moderator reply is re-asked and the debate goes on', async ({ page }) => {
    await debateWith(page, '[reask-case]', ['prio', 'prio-critic', 'prio']);
    await page.getByRole('alertdialog').getByRole('button', { name: 'Start anyway' }).click();
    await expect(badge(page)).toHaveText('complete', { timeout: 60_000 });
    await expect(page.getByTestId('consensus')).toHaveText('yes');
    await expect(page.locator('.failed-calls')).toContainText('no JSON object');
  });
});

test('an import that fails names the line and keeps what was typed', async ({ page }) => {
  await page.goto('/');
  await openForm(page);
  await page.getByLabel('Title of opportunity 1').fill('Typed by hand');
  await page.getByLabel('Title of opportunity 1').blur();
  await importBacklog(page, 'id,title\nopp-2,Fine\n,Missing id\n');
  await expect(page.locator('.import-status')).toHaveText('Nothing was imported: Line 3 has no id.');
  await expect(page.getByLabel('Title of opportunity 1')).toHaveValue('Typed by hand');
  await page.getByLabel('Paste it here').fill('- opp-1: Clash with the typed one');
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.locator('.import-status')).toContainText('"opp-1" is already in the backlog');
  await page.getByLabel('Paste it here').fill('[{"id": "opp-2", "title": "From JSON", "effort": "M"}]');
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.locator('.import-status')).toHaveText('Imported 1 opportunity.');
  await expect(page.getByLabel('Title of opportunity 2')).toHaveValue('From JSON');
  // Two opportunities: ranked by score with no call unless a debate is asked for.
  await expect(page.getByRole('button', { name: 'Rank by score' })).toBeVisible();
  await page.getByRole('button', { name: 'Rank by score' }).click();
  await expect(badge(page)).toHaveText('complete');
  await expect(page.getByTestId('outcome')).toHaveText('Ranked by evidence per unit of effort, with no debate.');
  await expect(page.locator('table.ranked-backlog tbody tr')).toHaveCount(2);
});

test('a debate by the real model on llama-server ends in a ranking or a recorded failure', async ({ page }) => {
  test.setTimeout(MODEL_TEST_MS);
  await page.goto('/');
  await addCompatibleProvider(page, 'Local', LLAMA_URL, LLAMA_MODEL, LLAMA_KEY);
  await showAdvancedSettings(page);
  await page.getByLabel('Max tokens per reply').fill('384');
  await page.getByLabel('Max tokens per reply').blur();
  await openForm(page);
  await importBacklog(page, backlog(''));
  await openCouncil(page);
  await page.getByLabel('Max rounds').fill('1');
  await page.getByRole('button', { name: 'Start the debate' }).click();
  const consent = page.getByRole('alertdialog');
  await expect(consent).toContainText('not independent');
  await consent.getByRole('button', { name: 'Start anyway' }).click();
  await expect(badge(page)).toHaveText(/complete|failed/, { timeout: MODEL_TEST_MS });
  if ((await badge(page).textContent()) === 'complete') {
    await expect(page.locator('table.ranked-backlog tbody tr')).toHaveCount(6);
    await expect(page.getByTestId('rounds-used')).toHaveText('1 / 1');
  } else {
    await expect(page.locator('.failure')).toContainText(/Round 1's (champion|critic|moderator) failed/);
  }
});

test('a finished prioritization opens again with the network off, from History', async ({ page, context }) => {
  await page.goto('/');
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await openForm(page);
  await page.getByRole('button', { name: 'Run the demo prioritization' }).click();
  await expect(badge(page)).toHaveText('complete', { timeout: 60_000 });
  await context.setOffline(true);
  await page.reload();
  await page.getByRole('button', { name: 'History' }).click();
  await page.locator('.session-item', { hasText: 'Prioritize 8 opportunities' }).locator('button.link').click();
  await expect(page.getByTestId('consensus')).toHaveText('yes');
  await expect(page.locator('table.ranked-backlog tbody tr')).toHaveCount(8);
  await expect(page.locator('svg.bump-chart g.bump-line')).toHaveCount(8);
  await context.setOffline(false);
});
