// Councils of every allowed size can be built and run, and model text never makes the page scroll
// sideways.
import { Page } from '@playwright/test';
import { expect, test } from './guard';
import { MOCK_URL } from './servers';
import { addCompatibleProvider, askTheCouncil, openRounds, watchConsole, openCouncil } from './helpers';

async function councilOf(page: Page, size: number) {
  await page.getByRole('button', { name: 'New session' }).click();
  await page.getByLabel('Question', { exact: true }).fill(`Council of ${size}: adopt Rust?`);
  const seats = page.locator('.seats .seat');
  // The panel builder is fetched when the chip is first opened.
  await openCouncil(page);
  await expect(seats).toHaveCount(3);
  const add = page.getByRole('button', { name: 'Add panelist' });
  while ((await seats.count()) > size) {
    await page.getByRole('button', { name: `Remove Panelist ${await seats.count()}` }).click();
  }
  while ((await seats.count()) < size) {
    await expect(add).toBeEnabled();
    await add.click();
  }
  await expect(seats).toHaveCount(size);
  await page.getByLabel('Depth').selectOption('1');
}

test('councils of 2, 4 and 5 panelists are built and each answers; a sixth seat is refused', async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto('/');
  await addCompatibleProvider(page, 'Mock council', `${MOCK_URL}/v1`, 'format-compatible');
  for (const size of [2, 4, 5]) {
    await councilOf(page, size);
    if (size === 5) {
      await expect(page.getByRole('button', { name: 'Add panelist' })).toBeDisabled();
    }
    await expect(page.getByRole('button', { name: 'Remove Panelist 1' })).toBeEnabled({ enabled: size > 2 });
    await askTheCouncil(page);
    await expect(page.locator('.session-meta .badge').first()).toHaveText('complete', { timeout: 30_000 });
    await expect(page.locator('.position-card')).toHaveCount(size);
  }
  // Removing down to two leaves the remove buttons disabled: a council needs two.
  await councilOf(page, 2);
  await expect(page.getByRole('button', { name: 'Remove Panelist 1' })).toBeDisabled();
  expect(errors).toEqual([]);
});

test('a 10,000-character word in a reply wraps instead of widening the page', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 900 });
  await page.goto('/');
  await addCompatibleProvider(page, 'Mock long', `${MOCK_URL}/v1`, 'long-word');
  await councilOf(page, 2);
  await askTheCouncil(page);
  await expect(page.locator('.session-meta .badge').first()).toHaveText('complete', { timeout: 30_000 });
  await expect(page.locator('.position-card')).toHaveCount(2);
  await openRounds(page);
  await page.locator('.position-card details summary').first().click();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
