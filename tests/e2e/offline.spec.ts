// Past sessions open offline: the service worker keeps the app shell, local storage keeps the sessions.
import { expect, test } from './guard';

test('a finished session opens again with the network off', async ({ page, context }) => {
  await page.goto('/');
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload(); // now controlled by the worker, which caches what the page fetches
  await page.getByRole('button', { name: 'Run the demo council' }).click();
  await expect(page.locator('.verdict .recommendation')).not.toBeEmpty({ timeout: 60_000 });
  const recommendation = await page.locator('.verdict .recommendation').innerText();

  await context.setOffline(true);
  await page.reload();
  await expect(page.locator('.verdict .recommendation')).toHaveText(recommendation);
  await page.getByRole('button', { name: 'History' }).click();
  await expect(page.locator('.session-item')).toHaveCount(1);
  await context.setOffline(false);
});
