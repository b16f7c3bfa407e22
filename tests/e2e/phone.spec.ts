// A phone that works: at 390x844 no view of any protocol scrolls sideways, and no button, badge,
// pill or table header breaks inside a word (buttons, badges, chips and column headers keep to one
// line). Each protocol's form, its demo live and finished (with every <details> opened), a failed
// run, Settings and History; tables turn into cards.
import { Page } from '@playwright/test';
import { expect, test } from './guard';
import { expectFitsPhone, openAllDetails, PHONE } from './layout';
import { failedConsult } from './failing';

test.use({ viewport: PHONE, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

async function newSession(page: Page, protocol: string) {
  await page.getByRole('button', { name: 'New session' }).click();
  await page.getByRole('button', { name: protocol }).click();
}

/** Checks the view as it opens, then again with every <details> open. */
async function checkBothWays(page: Page, view: string) {
  await expectFitsPhone(page, view);
  await openAllDetails(page);
  await expectFitsPhone(page, `${view}, details open`);
}

test('each protocol\'s form, live run and decision fit a phone', async ({ page }) => {
  await page.goto('/');
  await expectFitsPhone(page, 'first screen');
  await newSession(page, 'Review: a code change');
  await expectFitsPhone(page, 'review form');
  await newSession(page, 'Prioritize: a backlog');
  await expectFitsPhone(page, 'prioritize form');

  await newSession(page, 'Consult: a question');
  await page.getByRole('button', { name: 'Run the demo council' }).click();
  // The live view while the demo runs (a fast demo may already be past its cards: then the page
  // as it is).
  await page.locator('.call-card').first().waitFor({ timeout: 10_000 }).catch(() => {});
  await expectFitsPhone(page, 'consult, live');
  await expect(page.locator('.session-meta .badge').first()).toHaveText('complete', { timeout: 90_000 });
  await checkBothWays(page, 'consult, decided');
  // The stance matrix in its phone form: one card per panelist, each column a labelled line.
  const row = page.locator('.stance-matrix tbody tr').first();
  expect(await row.evaluate((el) => getComputedStyle(el).display)).toBe('block');
  expect(await row.locator('td').first().evaluate((el) => getComputedStyle(el, '::before').content)).not.toBe('none');

  await newSession(page, 'Review: a code change');
  await page.getByRole('button', { name: 'Run the demo review' }).click();
  await expect(page.locator('.review-verdict-label')).toBeVisible({ timeout: 60_000 });
  await checkBothWays(page, 'review, decided');

  await newSession(page, 'Prioritize: a backlog');
  await page.getByRole('button', { name: 'Run the demo prioritization' }).click();
  await expect(page.getByTestId('outcome')).toBeVisible({ timeout: 60_000 });
  await expect(page.locator('.session-meta .badge').first()).toHaveText('complete', { timeout: 90_000 });
  await checkBothWays(page, 'prioritize, decided');
  // The ranked backlog is a list of cards.
  expect(await page.locator('.ranked-backlog tbody tr').first().evaluate((el) => getComputedStyle(el).display)).toBe('block');

  await page.getByRole('button', { name: 'History' }).click();
  await expect(page.locator('.session-item')).toHaveCount(3);
  await expectFitsPhone(page, 'history');
  await page.getByRole('button', { name: 'Settings' }).click();
  await expectFitsPhone(page, 'settings');
});

test('the benchmark form, a demo benchmark live and its results fit a phone', async ({ page }) => {
  await page.goto('/');
  await newSession(page, 'Benchmark: is the council worth it?');
  await expect(page.getByRole('button', { name: 'Run the demo benchmark' })).toBeVisible();
  await checkBothWays(page, 'benchmark form');
  await page.getByRole('button', { name: 'Run the demo benchmark' }).click();
  await expect(page.locator('.bench-progress')).toBeVisible();
  await expectFitsPhone(page, 'benchmark, live');
  await expect(page.locator('.session-meta .badge').first()).toHaveText('complete', { timeout: 120_000 });
  await expect(page.locator('.bench-headline')).toBeVisible();
  await checkBothWays(page, 'benchmark results');
  // The results' tables are cards on a phone.
  expect(await page.locator('table.bench-arms tbody tr').first().evaluate((el) => getComputedStyle(el).display)).toBe('block');
});

test('a failed run fits a phone, its banner first', async ({ page }) => {
  await failedConsult(page, 'Phone failure: should we move our CI from Jenkins to GitHub Actions this quarter?');
  const banner = page.locator('.failure-banner h3');
  await expect(banner).toBeInViewport();
  await checkBothWays(page, 'failed consult');
});

test('Settings with no provider yet (the presets and their addresses) fits a phone', async ({ page }) => {
  await page.goto('/#/settings');
  await expect(page.getByRole('button', { name: 'Add' }).first()).toBeVisible();
  await expectFitsPhone(page, 'settings, no provider');
});
