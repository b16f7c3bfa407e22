// Phones: a Review committee member's opened "Opinion" stays within 390 px, Prioritize's
// rank chart prints its labels at a legible size (at least 11 px), and the protocol switch is one
// compact row of four named segments above the form instead of four stacked full-width buttons.
import { expect, test } from './guard';
import { newSession, skipToTheDecision } from './demos';
import { expectFitsPhone, openAllDetails, PHONE } from './layout';

test.use({ viewport: PHONE, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

const scrollWidth = (page: import('@playwright/test').Page) =>
  page.evaluate(() => document.documentElement.scrollWidth);

test('Review: an opened Opinion stays within the phone width', async ({ page }) => {
  await page.goto('/');
  await newSession(page, 'Review: a code change');
  await page.getByRole('button', { name: 'Run the demo review' }).click();
  await skipToTheDecision(page);
  await expect(page.locator('.review-verdict-label')).toBeVisible({ timeout: 60_000 });
  const opinion = page.locator('.committee-grid summary', { hasText: 'Opinion' }).first();
  await opinion.scrollIntoViewIfNeeded();
  await opinion.click();
  await expect(opinion.locator('xpath=..')).toHaveAttribute('open', '');
  expect(await scrollWidth(page)).toBeLessThanOrEqual(390);
  // Every opinion open at once, with its findings and cited lines.
  await openAllDetails(page);
  expect(await scrollWidth(page)).toBeLessThanOrEqual(390);
  await expectFitsPhone(page, 'review, every opinion open');
});

test('Prioritize: the rank chart labels are at least 11 px high', async ({ page }) => {
  await page.goto('/');
  await newSession(page, 'Prioritize: a backlog');
  await page.getByRole('button', { name: 'Run the demo prioritization' }).click();
  await skipToTheDecision(page);
  await expect(page.locator('.session-meta .badge').first()).toHaveText('complete', { timeout: 90_000 });
  const chart = page.locator('svg.bump-chart');
  await expect(chart).toBeVisible();
  const sizes = await chart.evaluate((svg: SVGSVGElement) => {
    const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    return [...svg.querySelectorAll('text')].map((t) => parseFloat(getComputedStyle(t).fontSize) * scale);
  });
  expect(sizes.length).toBeGreaterThan(0);
  expect(Math.min(...sizes)).toBeGreaterThanOrEqual(11);
  // The chart scrolls in its own box; the page does not.
  expect(await scrollWidth(page)).toBeLessThanOrEqual(390);
  await expectFitsPhone(page, 'prioritize with its chart');
});

test('the protocol switch is one compact row that keeps each protocol\'s full name', async ({ page }) => {
  await page.goto('/');
  const group = page.getByRole('group', { name: 'What to put before the council' });
  const names = ['Consult: a question', 'Review: a code change', 'Prioritize: a backlog', 'Benchmark: is the council worth it?'];
  const boxes = [];
  for (const name of names) {
    const button = group.getByRole('button', { name, exact: true });
    await expect(button).toBeVisible();
    boxes.push((await button.boundingBox())!);
  }
  // One row: the same top for all four, no taller than one line of buttons.
  expect(new Set(boxes.map((b) => Math.round(b.y))).size).toBe(1);
  expect((await group.boundingBox())!.height).toBeLessThan(56);
  await expect(group.getByRole('button', { name: 'Consult: a question' })).toHaveText('Consult: a question');
  await expect(group.getByRole('button', { name: 'Consult: a question' })).toHaveAttribute('aria-pressed', 'true');
  await group.getByRole('button', { name: 'Review: a code change' }).click();
  await expect(group.getByRole('button', { name: 'Review: a code change' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('heading', { name: 'Review a change' })).toBeVisible();
  await expectFitsPhone(page, 'new session with the protocol switch');
});
