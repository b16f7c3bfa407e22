// Share links with no server: the report in the URL fragment, opened in a fresh browser (another
// machine, as far as storage goes) read-only, saved to that history; opened again offline.
import AxeBuilder from '@axe-core/playwright';
import { Page } from '@playwright/test';
import { expect, test } from './guard';
import { runThreeDemos, skipToTheDecision } from './demos';
import { storedSessions } from './stored';
import { copiedShareLink, expectRecommendation } from './helpers';

async function linkOf(page: Page): Promise<string> {
  const link = await copiedShareLink(page);
  expect(link).toMatch(/#\/shared\/[A-Za-z0-9_-]+$/);
  // The link (thousands of characters) is handed over, never printed on the page.
  await expect(page.locator('.share-status')).not.toContainText('#/shared/');
  expect(await page.locator('body').innerText()).not.toContain(link.split('#/shared/')[1].slice(0, 40));
  return link;
}

test('a link opens read-only in a fresh browser, is saved to its history, and opens offline once seen', async ({ page, browser }) => {
  test.setTimeout(240_000);
  await page.goto('/');
  const records = await runThreeDemos(page);
  const links: string[] = [];
  for (const record of records) {
    await page.goto(`/#/session/${record.id}`);
    links.push(await linkOf(page));
  }
  // Nothing secret or raw travels: a key typed in this browser is not in any link (the payload is
  // compressed, so check the decoded session in the other browser below).
  for (const link of links) expect(link.length).toBeLessThan(32_000);

  const other = await browser.newContext({ serviceWorkers: 'allow' });
  const fresh = await other.newPage();
  const requests: string[] = [];
  fresh.on('request', (r) => requests.push(r.url()));
  await fresh.goto(links[0]);
  await expect(fresh.getByText('A shared session, read-only')).toBeVisible();
  await expectRecommendation(fresh.locator('.verdict'), records[0].body.round4.recommendation);
  await expect(fresh.locator('.interrupted')).toHaveCount(0);
  // No server: only the app's own files were fetched, the link's data never left the page.
  expect(requests.every((u) => !u.includes('/shared/'))).toBe(true);
  const axe = await new AxeBuilder({ page: fresh }).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  // Review and prioritization links open too.
  await fresh.goto(links[1]);
  await expect(fresh.locator('.review-verdict-label')).toHaveAttribute('data-verdict', records[1].body.verdict.verdict);
  await fresh.goto(links[2]);
  await expect(fresh.getByTestId('outcome')).toContainText(records[2].body.outcome.split(':')[0]);
  expect(Object.keys(await storedSessions(fresh))).toEqual([]);

  // Saved: now in that browser's history, with the decision, and no raw replies.
  await fresh.goto(links[0]);
  await fresh.getByRole('button', { name: 'Save to my history' }).click();
  await expect(fresh).toHaveURL(new RegExp(`#/session/${records[0].id}$`));
  await expectRecommendation(fresh.locator('.verdict'), records[0].body.round4.recommendation);
  const saved = (await storedSessions(fresh))[records[0].id];
  expect(saved.body).toEqual(records[0].body);
  expect(saved.calls.every((c: any) => !c.reply_text)).toBe(true);
  await fresh.getByRole('button', { name: 'History' }).click();
  await expect(fresh.locator('.session-item')).toHaveCount(1);

  // A damaged link says so.
  await fresh.goto(links[1].slice(0, links[1].length - 25) + '$$');
  await expect(fresh.getByText('This link is damaged')).toBeVisible();

  // Offline: a link opened before opens again from the cached app shell.
  await fresh.goto(links[2]);
  await fresh.evaluate(() => navigator.serviceWorker.ready);
  await fresh.reload(); // now controlled by the worker, which caches what the page fetches
  await expect(fresh.getByTestId('outcome')).toBeVisible();
  await other.setOffline(true);
  await fresh.reload();
  await expect(fresh.getByTestId('outcome')).toContainText(records[2].body.outcome.split(':')[0]);
  await other.close();
});

test('Share opens the browser\'s share sheet where it has one, and copies where it has none', async ({ page, context }) => {
  test.setTimeout(120_000);
  // A share sheet, as phones and some desktops have: it receives the session's title and link.
  await page.addInitScript(() => {
    (window as any).__shared = [];
    (navigator as any).share = (data: ShareData) => { (window as any).__shared.push(data); return Promise.resolve(); };
  });
  await page.goto('/');
  await page.getByRole('button', { name: 'New session' }).click();
  await page.getByRole('button', { name: 'Review: a code change' }).click();
  await page.getByRole('button', { name: 'Run the demo review' }).click();
  await skipToTheDecision(page);
  await expect(page.locator('.review-verdict-label')).toBeVisible({ timeout: 60_000 });
  const share = page.getByRole('button', { name: 'Share', exact: true });
  await share.click();
  await expect(page.locator('.share-status')).toHaveText('Shared.');
  const [data] = await page.evaluate(() => (window as any).__shared);
  expect(data.url).toMatch(/#\/shared\/[A-Za-z0-9_-]+$/);
  expect(data.title).toContain('Review of app/config.py');
  // Closing the sheet (AbortError) says nothing; any other refusal falls back to copying.
  await page.evaluate(() => {
    (navigator as any).share = () => Promise.reject(new DOMException('closed', 'AbortError'));
  });
  await share.click();
  await expect(page.locator('.share-status')).toHaveText('');
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.evaluate(() => {
    (navigator as any).share = () => Promise.reject(new DOMException('no activation', 'NotAllowedError'));
  });
  await share.click();
  await expect(page.locator('.share-status')).toContainText('Link copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(data.url);

  // A browser that refuses the clipboard too: the link is offered to copy by hand, not printed.
  await page.evaluate(() => {
    delete (navigator as any).share;
    navigator.clipboard.writeText = () => Promise.reject(new DOMException('denied', 'NotAllowedError'));
  });
  await share.click();
  const byHand = page.locator('.share-status a');
  await expect(byHand).toHaveText('right-click or long-press this link to copy it');
  await expect(byHand).toHaveAttribute('href', data.url);
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
});
