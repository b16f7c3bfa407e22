// The answer where the eyes are: when a demo's run ends, its decision is in
// the viewport and has the keyboard focus (so Tab goes on from it), on a phone and on a desktop,
// for each protocol; a user who scrolled away during the run is left where they are, and a
// "Decision ready" chip jumps to the decision. And "Skip to content" stays on the page it is on.
import { Locator, Page } from '@playwright/test';
import { expect, test } from './guard';
import { newSession, skipToTheDecision } from './demos';

const DEMOS = [
  { protocol: 'Consult: a question', button: 'Run the demo council' },
  { protocol: 'Review: a code change', button: 'Run the demo review' },
  { protocol: 'Prioritize: a backlog', button: 'Run the demo prioritization' },
];
const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
];

async function startDemo(page: Page, demo: (typeof DEMOS)[number]) {
  await page.goto('/');
  await newSession(page, demo.protocol);
  await page.getByRole('button', { name: demo.button }).click();
  await expect(page.locator('.run-stepper')).toBeVisible();
}

async function runEnded(page: Page) {
  await expect(page.locator('.run-stepper')).toHaveCount(0, { timeout: 90_000 });
}

/** Tab from the decision reaches what follows it on the page (or inside it), not the page's top. */
async function tabGoesOnFrom(decision: Locator) {
  await decision.page().keyboard.press('Tab');
  const after = await decision.evaluate((card) => {
    const active = document.activeElement;
    if (!active || active === document.body) return false;
    return card.contains(active) || !!(card.compareDocumentPosition(active) & Node.DOCUMENT_POSITION_FOLLOWING);
  });
  expect(after, 'Tab after the decision moves on from it').toBe(true);
}

for (const size of SIZES) {
  test.describe(`${size.name} (${size.width} px)`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    for (const demo of DEMOS) {
      test(`${demo.protocol}: the decision is in view and focused when the demo ends`, async ({ page }) => {
        await startDemo(page, demo);
        await skipToTheDecision(page);
        await runEnded(page);
        const decision = page.locator('[data-decision]');
        await expect(decision).toBeFocused();
        await expect(decision).toBeInViewport();
        await expect(page.getByRole('button', { name: 'Decision ready' })).toHaveCount(0);
        // Its focus is seen: an outline, not only the browser's default for a focused region.
        expect(await decision.evaluate((card) => getComputedStyle(card).outlineStyle)).toBe('solid');
        await tabGoesOnFrom(decision);
      });

      test(`${demo.protocol}: scrolled away during the run, a "Decision ready" chip jumps to it`, async ({ page }) => {
        await startDemo(page, demo);
        // The user's own scroll (a wheel) stops the page following the run.
        await page.mouse.move(size.width / 2, size.height / 2);
        await page.mouse.wheel(0, -600);
        await expect(page.getByRole('button', { name: 'Follow the run' })).toBeVisible();
        await skipToTheDecision(page);
        await runEnded(page);
        const chip = page.getByRole('button', { name: 'Decision ready' });
        await expect(chip).toBeVisible();
        await expect(chip).toBeInViewport();
        const decision = page.locator('[data-decision]');
        await expect(decision).not.toBeFocused();
        await chip.click();
        await expect(decision).toBeFocused();
        await expect(decision).toBeInViewport();
        await expect(chip).toHaveCount(0);
      });
    }
  });
}

test('"Skip to content" focuses the main content and leaves every route where it is', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Run the demo council' }).click();
  await skipToTheDecision(page);
  await runEnded(page);
  const session = new URL(page.url()).hash;
  expect(session).toMatch(/^#\/session\//);
  const routes = [
    { hash: '#/new', shows: page.getByRole('button', { name: 'Run the demo council' }) },
    { hash: session, shows: page.locator('[data-decision]') },
    { hash: '#/history', shows: page.locator('.session-item') },
    { hash: '#/settings', shows: page.getByRole('heading', { name: 'Settings', level: 2 }) },
  ];
  for (const route of routes) {
    await page.goto(`/${route.hash}`);
    await expect(route.shows.first()).toBeVisible();
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await skip.focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('main#main')).toBeFocused();
    expect(new URL(page.url()).hash, `the route stays ${route.hash}`).toBe(route.hash);
    await expect(route.shows.first()).toBeVisible();
    // A click does the same as the key.
    await skip.dispatchEvent('click');
    await expect(page.locator('main#main')).toBeFocused();
    expect(new URL(page.url()).hash).toBe(route.hash);
  }
});
