// The walking skeleton, for real: a real model (Gemma 3 270M on llama-server) answers round 1 for two
// panelists in parallel, streamed into Chromium, stored in local storage, and found again after reload.
import { expect, test } from './guard';
import { FEW_TOKENS, LLAMA_KEY, LLAMA_MODEL, LLAMA_URL, MODEL_TEST_MS } from './servers';
import { addCompatibleProvider, askTheCouncil, watchConsole, openCouncil, showAdvancedSettings } from './helpers';
import { allBrowserStorage, storedSessions } from './stored';

test('first run is usable with no key: demo council and local presets, no console errors', async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Run the demo council' })).toBeVisible();
  await expect(page.getByText('Ollama (local)')).toBeVisible();
  await expect(page.getByText('llama.cpp server (local)')).toBeVisible();
  await page.getByRole('button', { name: 'Run the demo council' }).click();
  await expect(page.locator('.demo-label')).toContainText('Demo');
  await expect(page.locator('.verdict .recommendation')).not.toBeEmpty({ timeout: 60_000 });
  expect(errors).toEqual([]);
});

test('round 1 against a real model streams two answers, is saved, and survives a reload', async ({ page }) => {
  test.setTimeout(MODEL_TEST_MS);
  const errors = watchConsole(page);
  await page.goto('/');
  await addCompatibleProvider(page, 'Gemma local', LLAMA_URL, LLAMA_MODEL, LLAMA_KEY);
  // Short replies: what is tested is streaming, saving and reloading, not the answer.
  await showAdvancedSettings(page);
  await page.getByLabel('Max tokens per reply').fill(FEW_TOKENS);
  await page.getByLabel('Max tokens per reply').blur();

  await page.getByRole('button', { name: 'New session' }).click();
  await page.getByLabel('Question', { exact: true }).fill('Should a small team write its web front end in Rust?');
  await openCouncil(page);
  await page.getByRole('button', { name: 'Remove Panelist 3' }).click();
  await page.getByLabel('Depth').selectOption('1');
  await askTheCouncil(page);

  // Both panelists stream at once: each card's text grows while the other is still answering.
  const cards = page.locator('.round[data-round="1"] .call-card');
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0).locator('.stream')).not.toBeEmpty({ timeout: MODEL_TEST_MS });
  await expect(cards.nth(1).locator('.stream')).not.toBeEmpty({ timeout: MODEL_TEST_MS });

  // The run ends (complete, or failed with what each model sent on record).
  await expect(page.locator('.session-meta .badge')).toHaveText(/complete|failed/, { timeout: MODEL_TEST_MS });
  const sessionUrl = page.url();
  const shownBefore = await page.locator('.session').innerText();
  await page.screenshot({ path: 'test-results/slice-llama-round1.png', fullPage: true });

  const stored = await allBrowserStorage(page);
  expect(stored).toContain('Should a small team write its web front end in Rust?');
  expect(stored).not.toContain(LLAMA_KEY);

  await page.reload();
  await expect(page).toHaveURL(sessionUrl);
  await expect(page.locator('.session-question')).toHaveText('Should a small team write its web front end in Rust?');
  expect(await page.locator('.session').innerText()).toBe(shownBefore);
  await page.getByRole('button', { name: 'History' }).click();
  await expect(page.locator('.session-item')).toContainText('Should a small team write its web front end in Rust?');
  expect(errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
});

test('a wrong base URL is explained and nothing stored is lost', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Run the demo council' }).click();
  await expect(page.locator('.verdict .recommendation')).not.toBeEmpty({ timeout: 60_000 });
  const before = await storedSessions(page);

  await addCompatibleProvider(page, 'Nowhere', 'http://127.0.0.1:9/v1', LLAMA_MODEL);
  const card = page.getByRole('article', { name: 'Nowhere' });
  await card.getByRole('button', { name: 'Check connection' }).click();
  await expect(card.locator('.health-line')).toContainText(/could not reach|no server is running|CORS/i, { timeout: 60_000 });

  await page.getByRole('button', { name: 'History' }).click();
  await expect(page.locator('.session-item')).toHaveCount(1);
  expect(await storedSessions(page)).toEqual(before);
});

test('a wrong key is explained, and the key is never stored', async ({ page }) => {
  await page.goto('/');
  const wrongKey = 'sk-wrong-key-000111222';
  const card = await addCompatibleProvider(page, 'Gemma wrong key', LLAMA_URL, LLAMA_MODEL, wrongKey);
  await card.getByRole('button', { name: 'Check connection' }).click();
  await expect(card.locator('.health-line')).toContainText(/key/i, { timeout: MODEL_TEST_MS });
  await expect(card.locator('.health-line')).not.toContainText(wrongKey);
  expect(await allBrowserStorage(page)).not.toContain(wrongKey);
});
