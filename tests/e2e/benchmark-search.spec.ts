// The Benchmark with web search on, against the search e2e's scripted
// OpenRouter (search-server.mjs, whose `bench-*` models answer a Benchmark's arithmetic right and
// cite a page when the `web` plugin is on) and its local server with no search: the setting is
// offered once a seat's provider can search, the local seat is named before the start with the
// fees, the consent says them, only the OpenRouter seats' round-1 answers, cross-examinations and
// the best single model's samples ask for the plugin, and the page, the cost line and every export
// say "with web search" and the fees. 390 px fits.
import * as fs from 'fs';
import { Locator, Page } from '@playwright/test';
import { expect, test } from './guard';
import { confirmConsent, exportAs, openCouncil, watchConsole } from './helpers';
import { expectFitsPhone, PHONE } from './layout';
import { SEARCH_LOCAL, SEARCH_OPENROUTER, searchJournal, useSearchServer } from './search-server';

useSearchServer();

const SEATS = [
  { seat: 'Panelist 1', provider: 'OpenRouter', model: 'bench-alpha' },
  { seat: 'Panelist 2', provider: 'OpenRouter', model: 'bench-beta' },
  { seat: 'Panelist 3', provider: 'Local council', model: 'bench-gamma' },
  { seat: 'Judge', provider: 'Local council', model: 'bench-judge' },
];
const SETTING = "Search the web (each provider's own search, priced per use)";
/** Per question: two searching seats in rounds 1 and 3, and the best single model's 9 samples
 * (2n+3 for three panelists); two questions; each call up to 5 results at $4 per 1,000. */
const FEES = 'Web search: 26 searching calls, up to $0.52 in search fees (Panelist 1 · bench-alpha, ' +
  'Panelist 2 · bench-beta: $4 per 1,000 results, up to 5 a call; Best single model: $4 per 1,000 ' +
  'results, up to 5 a call)';
const shots = process.env.BENCH_SEARCH_SHOTS;

/** At 1440 and 390 px, the view around `at` (which fits a phone); saved when BENCH_SEARCH_SHOTS
 * names a folder. */
async function shoot(page: Page, name: string, at: Locator) {
  for (const width of [1440, 390]) {
    await page.setViewportSize(width === 390 ? PHONE : { width, height: 900 });
    if (width === 390) await expectFitsPhone(page, name);
    await at.scrollIntoViewIfNeeded();
    if (shots) {
      fs.mkdirSync(shots, { recursive: true });
      await page.screenshot({ path: `${shots}/${name}-${width}.png` });
    }
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** An OpenRouter (the search server, with a key) and a local server; a Benchmark of 2 questions. */
async function benchmarkForm(page: Page) {
  await page.goto('/');
  await page.evaluate(({ openRouter, local }) => {
    localStorage.setItem('consilium.settings', JSON.stringify({
      version: 1,
      providers: [
        { id: 'p-or', name: 'OpenRouter', kind: 'open_router', base_url: openRouter, default_model: 'bench-alpha' },
        { id: 'p-local', name: 'Local council', kind: 'open_ai_compatible', base_url: local, default_model: 'bench-gamma' },
      ],
    }));
  }, { openRouter: SEARCH_OPENROUTER, local: SEARCH_LOCAL });
  await page.reload();
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const key = page.getByRole('article', { name: 'OpenRouter' }).getByLabel('API key');
  await key.fill('sk-or-v1-bench-search-e2e');
  await key.blur();
  await page.getByRole('button', { name: 'New session' }).click();
  await page.getByRole('button', { name: 'Benchmark: is the council worth it?' }).click();
  await page.getByLabel('How many').fill('2');
  await page.getByLabel('How many').blur();
  await openCouncil(page);
  for (const { seat, provider, model } of SEATS) {
    const editor = page.getByRole('group', { name: seat, exact: true });
    await editor.getByLabel('Provider').selectOption({ label: provider });
    await editor.getByLabel('Model').fill(model);
    await editor.getByLabel('Model').blur();
    if (seat !== 'Judge') await editor.getByLabel('Persona').selectOption('');
  }
  await page.getByLabel(/^Best single model/).selectOption({ label: 'Panelist 1: bench-alpha' });
}

test('a benchmark with web search searches where a Consult would, says so and charges the fees', async ({ page }) => {
  test.setTimeout(6 * 60_000);
  const errors = watchConsole(page);
  await benchmarkForm(page);
  const setting = page.getByLabel(SETTING);
  await expect(setting).not.toBeChecked();
  await expect(page.locator('.search-warning')).toHaveCount(0);
  await setting.check();
  // Named before the start: the local seat answers without search, and what search may cost.
  const warning = page.locator('.search-warning');
  await expect(warning).toContainText(
    'Panelist 3 · bench-gamma cannot search the web (its provider has no search): it answers without it.');
  await expect(warning).toContainText(`${FEES}.`);
  await shoot(page, 'benchmark-form-search', warning);

  await page.getByRole('button', { name: 'Run the benchmark' }).click();
  await expect(page.getByRole('alertdialog')).toContainText(`${FEES}, included above.`);
  await confirmConsent(page);
  await expect(page.locator('.bench-progress-counts strong')).toHaveText('2 of 2 questions done', { timeout: 4 * 60_000 });
  await expect(page.locator('.session-meta .badge').first()).toHaveText('complete');

  // Only the OpenRouter seats asked for the web plugin, in every one of their calls (their round-1
  // answers, cross-examinations and samples: none of their calls is a synthesis or a verdict);
  // the local seats never did.
  const asked = await searchJournal(page.request);
  const openRouter = asked.filter((a) => a.path.startsWith('/api/'));
  expect(openRouter.length).toBe(26);
  expect(openRouter.every((a) => a.plugins?.some((p) => p.id === 'web'))).toBe(true);
  expect(openRouter.filter((a) => a.model === 'bench-alpha').length).toBe(2 * (2 + 9));
  const local = asked.filter((a) => a.path.startsWith('/local/'));
  expect(local.length).toBeGreaterThan(0);
  expect(local.every((a) => a.plugins === null)).toBe(true);

  // The page says it: the title, the note above the figures, and the fees on the cost line
  // (5 results a call at $4 per 1,000, charged by the app: the server reports no cost).
  await expect(page.locator('#session-title')).toHaveText('Benchmark: 2 arithmetic questions (seed 1), with web search');
  const note = page.locator('.bench-search');
  await expect(note).toContainText('Run with web search: each panelist\'s round-1 answer and cross-examination');
  await expect(note).toContainText('Panelist 3 · bench-gamma cannot search the web');
  await expect(note).toContainText('Web search fees: $0.52 of the $0.52 spent.');
  await expect(page.locator('.session-meta')).toContainText('of that, web search fees $0.52');
  // Graded as always: the scripted models are right, and every arm has its score.
  await expect(page.locator('table.bench-arms tbody tr').first().locator('th')).toHaveText('Council');
  await expect(page.locator('table.bench-arms tbody tr').first().locator('td[data-label="Score"]')).toHaveText(/^2 of 2 right/);
  await shoot(page, 'benchmark-results-search', page.locator('#session-title'));

  // Every export says it.
  const csv = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV (per question)' }).click();
  const csvText = fs.readFileSync(await (await csv).path(), 'utf8').trim().split('\r\n');
  expect(csvText[0].endsWith(',web_search')).toBe(true);
  expect(csvText.length).toBeGreaterThan(2);
  expect(csvText.slice(1).every((line) => line.endsWith(',true'))).toBe(true);
  const markdown = fs.readFileSync(await (await exportAs(page, 'Markdown report')).path(), 'utf8');
  expect(markdown).toContain('# Benchmark: 2 arithmetic questions (seed 1), with web search');
  expect(markdown).toContain('## Web search');
  expect(markdown).toContain('Web search fees: $0.52');
  const html = fs.readFileSync(await (await exportAs(page, 'HTML report')).path(), 'utf8');
  expect(html).toContain('with web search');
  expect(html).toContain('<dt>Web search</dt><dd>Run with web search:');
  const json = JSON.parse(fs.readFileSync(await (await exportAs(page, 'JSON (full record)')).path(), 'utf8'));
  expect(JSON.stringify(json)).toContain('"search_web":true');
  expect(errors).toEqual([]);
});
