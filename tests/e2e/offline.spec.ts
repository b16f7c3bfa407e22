// Past sessions of every protocol open offline: the service worker keeps the app shell, IndexedDB
// keeps the sessions.
import { expect, test } from './guard';
import { runThreeDemos } from './demos';
import { expectRecommendation } from './helpers';

test('a finished session of each protocol opens again with the network off', async ({ page, context }) => {
  test.setTimeout(180_000);
  await page.goto('/');
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload(); // now controlled by the worker, which caches what the page fetches
  const records = await runThreeDemos(page);
  const [consult, review, prioritize] = records;

  await context.setOffline(true);
  await page.goto(`/#/session/${consult.id}`);
  await page.reload();
  await expectRecommendation(page.locator('.verdict'), consult.body.round4.recommendation);
  await page.goto(`/#/session/${review.id}`);
  await expect(page.locator('.review-verdict-label')).toHaveAttribute('data-verdict', review.body.verdict.verdict);
  await page.goto(`/#/session/${prioritize.id}`);
  await expect(page.getByTestId('outcome')).toContainText(prioritize.body.outcome.split(':')[0]);
  await page.getByRole('button', { name: 'History' }).click();
  await expect(page.locator('.session-item')).toHaveCount(3);
  await page.getByRole('searchbox', { name: 'Search', exact: true }).fill(review.subject.split('\n').find((l: string) => l.startsWith('+'))!.slice(1, 30));
  await expect(page.locator('.session-item')).toHaveCount(1);
  await context.setOffline(false);
});
