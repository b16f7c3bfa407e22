// Search the web in a Consult, against a scripted OpenRouter of the tests'
// own (search-server.mjs: the `web` plugin's `url_citation` annotations, streamed or whole as the
// app asks): the local seat is named before the start as answering without search, the consent
// says the search fees, the session page lists the Sources (deduplicated, who found and cited
// each, links opening with rel="noopener noreferrer nofollow"), the page panelist 2 made up is
// marked "not from this search" and not linked, the cost line says the fees, 390 px fits, and
// the Markdown and HTML exports and a share link carry the sources.
import * as fs from 'fs';
import AxeBuilder from '@axe-core/playwright';
import { Page } from '@playwright/test';
import { expect, test } from './guard';
import { QUESTION } from './aimock-council';
import { copiedShareLink, exportAs, openCouncil, watchConsole } from './helpers';
import { expectFitsPhone, PHONE } from './layout';
import {
  ALSO_FOUND, FOUND, INVENTED, SEARCH_LOCAL, SEARCH_OPENROUTER, searchJournal, useSearchServer,
} from './search-server';

useSearchServer();

const SEATS = [
  { seat: 'Panelist 1', provider: 'OpenRouter', model: 'council-alpha' },
  { seat: 'Panelist 2', provider: 'OpenRouter', model: 'council-beta' },
  { seat: 'Panelist 3', provider: 'Local council', model: 'council-gamma' },
  { seat: 'Judge', provider: 'Local council', model: 'council-judge' },
];

/** An OpenRouter (the search server, with a key) and a local server, and "Search the web" on. */
async function searchingCouncil(page: Page) {
  await page.goto('/');
  await page.evaluate(({ openRouter, local }) => {
    localStorage.setItem('consilium.settings', JSON.stringify({
      version: 1,
      search_web: true,
      providers: [
        { id: 'p-or', name: 'OpenRouter', kind: 'open_router', base_url: openRouter, default_model: 'council-alpha' },
        { id: 'p-local', name: 'Local council', kind: 'open_ai_compatible', base_url: local, default_model: 'council-gamma' },
      ],
    }));
  }, { openRouter: SEARCH_OPENROUTER, local: SEARCH_LOCAL });
  await page.reload();
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const key = page.getByRole('article', { name: 'OpenRouter' }).getByLabel('API key');
  await key.fill('sk-or-v1-search-e2e');
  await key.blur();
  await page.getByRole('button', { name: 'New session' }).click();
  await page.getByLabel('Question', { exact: true }).fill(QUESTION);
  for (const { seat, provider, model } of SEATS) {
    await openCouncil(page);
    const editor = page.getByRole('group', { name: seat, exact: true });
    await editor.getByLabel('Provider').selectOption({ label: provider });
    await editor.getByLabel('Model').fill(model);
    if (seat !== 'Judge') await editor.getByLabel('Persona').selectOption('');
  }
}

test('a searching consult lists its Sources, marks a made-up page and says the fees', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const errors = watchConsole(page);
  await searchingCouncil(page);
  // Named before the start: the local seat answers without search.
  await expect(page.locator('.search-warning')).toContainText(
    'Panelist 3 · council-gamma cannot search the web (its provider has no search): it answers without it.');

  await page.getByRole('button', { name: 'Ask the council' }).click();
  const consent = page.getByRole('alertdialog');
  // Two searching seats in rounds 1 and 3, each call up to 5 results at OpenRouter's $4 per 1,000.
  await expect(consent).toContainText(
    'Web search: 4 searching calls, up to $0.08 in search fees (Panelist 1 · council-alpha, ' +
    'Panelist 2 · council-beta: $4 per 1,000 results, up to 5 a call), included above.');
  await consent.getByRole('button', { name: 'Run it' }).click();
  await expect(page.locator('.session-meta .badge')).toHaveText('complete', { timeout: 90_000 });

  const sources = page.getByRole('region', { name: 'Sources' });
  await expect(sources).toContainText('3 sources · 1 not from this search');
  const rows = sources.getByRole('listitem').filter({ has: page.locator('.web-url') });
  await expect(rows).toHaveCount(3);
  // Found by both OpenRouter seats, cited by both: one row, a link that opens nothing of ours.
  const found = rows.filter({ hasText: FOUND.url });
  const link = found.getByRole('link', { name: FOUND.title });
  await expect(link).toHaveAttribute('href', FOUND.url);
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  await expect(found.locator('.web-who')).toHaveText(
    'found by Panelist 1 · council-alpha, Panelist 2 · council-beta; cited by Panelist 1 · council-alpha, Panelist 2 · council-beta');
  await expect(found.locator('.web-snippet')).toHaveText(/gradually create a new system around the edges/);
  // A title with markup is text, never HTML.
  const also = rows.filter({ hasText: ALSO_FOUND.url });
  await expect(also.getByRole('link', { name: ALSO_FOUND.title })).toBeVisible();
  await expect(also.locator('boundaries')).toHaveCount(0);
  // The page panelist 2 named that no search returned: marked, and not a link.
  const invented = rows.filter({ hasText: INVENTED });
  await expect(invented.locator('.web-mark')).toHaveText('not from this search');
  await expect(invented.getByRole('link')).toHaveCount(0);
  await expect(invented).toContainText('cited by Panelist 2 · council-beta');
  // The decision card strikes the evidence entry resting only on that link, and says why.
  const struck = page.locator('.decision .evidence-entry', { hasText: INVENTED });
  await expect(struck).toHaveAttribute('data-not-evidence', 'true');
  await expect(struck.locator('.not-evidence-flag')).toHaveText('not evidence: its only links are not from this search');
  await expect(page.locator('.decision .evidence-entry[data-not-evidence=true]')).toHaveCount(1);
  await expect(sources).toContainText(
    'Answered without search (no search at their provider): Panelist 3 · council-gamma.');

  const axe = await new AxeBuilder({ page }).include('#sources').analyze();
  expect(axe.violations.map((v) => v.id), 'the Sources list passes axe').toEqual([]);

  // The fees on the ledger: four calls searched, 5 results each at $4 per 1,000, charged by the
  // app (the server reports no cost). Panelist 1's round-3 search cited nothing, so its reply lists
  // no page, but the plugin billed the results it fetched: charged at its most, 5.
  await expect(page.locator('.session-meta')).toContainText('of that, web search fees $0.08');

  // Only the OpenRouter seats' rounds 1 and 3 asked for the web plugin; the judge never did.
  const asked = await searchJournal(page.request);
  const searched = asked.filter((a) => a.plugins?.some((p) => p.id === 'web')).map((a) => a.model).sort();
  expect(searched).toEqual(['council-alpha', 'council-alpha', 'council-beta', 'council-beta']);
  expect(asked.filter((a) => a.path.startsWith('/local/')).every((a) => a.plugins === null)).toBe(true);
  // The run streams: the citations came in `delta.annotations`.
  expect(asked.filter((a) => a.plugins).every((a) => a.stream)).toBe(true);

  // Looked at: the list at 1440 and 390 px, light and dark.
  const shots = process.env.WEB_SOURCES_SHOTS;
  for (const width of [1440, 390]) {
    await page.setViewportSize(width === 390 ? PHONE : { width, height: 900 });
    if (width === 390) await expectFitsPhone(page, 'the session page with its Sources');
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      if (shots) {
        fs.mkdirSync(shots, { recursive: true });
        await sources.screenshot({ path: `${shots}/sources-${width}-${colorScheme}.png` });
        if (width === 1440 && colorScheme === 'light') await page.screenshot({ path: `${shots}/session-1440.png`, fullPage: true });
      }
    }
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });

  // The exports carry the sources: the Markdown as text, the HTML with its links as on the page.
  const markdown = fs.readFileSync(await (await exportAs(page, 'Markdown report')).path(), 'utf8');
  expect(markdown).toContain('## Sources from the web');
  expect(markdown).toContain(`**${FOUND.title}** ${FOUND.url}`);
  expect(markdown).toContain(`${INVENTED} · **not from this search** · cited by Panelist 2 · council-beta`);
  const html = fs.readFileSync(await (await exportAs(page, 'HTML report')).path(), 'utf8');
  expect(html).toContain(`<a href="${FOUND.url}" rel="noopener noreferrer nofollow">${FOUND.title}</a>`);
  expect(html).toContain('Invoicing &lt;boundaries&gt; in billing systems');
  expect(html).not.toContain(`href="${INVENTED}`);

  // A share link carries them too: opened in a fresh browser, the same Sources.
  const shareLink = await copiedShareLink(page);
  const other = await browser.newContext();
  const fresh = await other.newPage();
  await fresh.goto(shareLink);
  await expect(fresh.getByText('A shared session, read-only')).toBeVisible();
  const shared = fresh.getByRole('region', { name: 'Sources' });
  await expect(shared).toContainText('3 sources · 1 not from this search');
  await expect(shared.getByRole('link', { name: FOUND.title })).toHaveAttribute('href', FOUND.url);
  await expect(shared.locator('.web-source', { hasText: INVENTED }).locator('.web-mark')).toHaveText('not from this search');
  await other.close();
  expect(errors).toEqual([]);
});
