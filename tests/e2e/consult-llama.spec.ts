// A full Consult with a real model: Gemma 3 270M on llama-server, with structured output (the JSON
// schema becomes a grammar), through all four rounds to a verdict, in Chromium.
import { expect, test } from '@playwright/test';
import { LLAMA_KEY, LLAMA_MODEL, LLAMA_URL } from './servers';
import { addCompatibleProvider, watchConsole } from './helpers';

test('a full consult against a real model reaches a verdict', async ({ page }) => {
  test.setTimeout(15 * 60_000);
  const errors = watchConsole(page);
  await page.goto('/');
  await addCompatibleProvider(page, 'Gemma local', LLAMA_URL, LLAMA_MODEL, LLAMA_KEY);
  // Room for the grammar to close every bounded field of the largest reply.
  await page.getByLabel('Max tokens per reply').fill('1536');
  await page.getByLabel('Max tokens per reply').blur();

  await page.getByRole('button', { name: 'New session' }).click();
  await page.getByLabel('Question').fill('Should our team adopt trunk-based development?');
  await page.getByRole('button', { name: 'Ask the council' }).click();

  for (const round of [1, 2, 3, 4]) {
    await expect(page.locator(`.round[data-round="${round}"]`)).toHaveAttribute('data-complete', 'true', { timeout: 6 * 60_000 });
  }
  await expect(page.locator('.session-meta .badge')).toHaveText('complete');
  await expect(page.locator('.verdict .recommendation')).not.toBeEmpty();
  await expect(page.locator('.verdict-confidence')).toContainText('%');
  await expect(page.locator('.efficiency')).toContainText('filtered rounds: 3, 4');
  await page.screenshot({ path: 'test-results/consult-llama-verdict.png', fullPage: true });
  expect(errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
});
