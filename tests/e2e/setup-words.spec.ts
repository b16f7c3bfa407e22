// Setup in plain words: a hosted provider's key field asks for the key (it is never
// "none"), a local server's says it needs none; an unreachable server's message carries no raw
// "TypeError: Failed to fetch".
import { expect, test } from './guard';
import { addCompatibleProvider } from './helpers';

test('the key hint asks a hosted provider for its key and tells a local server it needs none', async ({ page }) => {
  await page.goto('/');
  const card = await addCompatibleProvider(page, 'Hint box', 'http://127.0.0.1:9/v1', 'm');
  const key = card.getByLabel('API key');
  await expect(key).toHaveAttribute('placeholder', 'none needed for a local server');
  await card.getByLabel('Kind').selectOption({ label: 'OpenAI' });
  await expect(key).toHaveAttribute('placeholder', 'paste your API key');
  await expect(card).not.toContainText('local servers need none');
});

test('an unreachable server is explained without the browser\'s raw TypeError', async ({ page }) => {
  await page.goto('/');
  const card = await addCompatibleProvider(page, 'Nobody home', 'http://127.0.0.1:9/v1', 'm');
  await card.getByRole('button', { name: 'Check connection' }).click();
  // One line: the server is not running at that address, and how to fix it.
  await expect(card.locator('.health-line')).toContainText(
    'Not connected: No server is running at http://127.0.0.1:9/v1. Start the server, or fix the base URL and port in Settings.');
  await expect(card).not.toContainText('TypeError');
  await expect(card).not.toContainText('Failed to fetch');
});
