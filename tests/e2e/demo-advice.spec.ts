// Found as a new user: the demo Benchmark's "Use scripted alone" saved a one-seat
// council on the demo's scripted model, and nothing in the UI undid it. The demo's advice says
// what it would do and saves nothing; Settings shows every saved council choice with its undo.
import { expect, test } from './guard';
import { MOCK_URL } from './servers';
import { addCompatibleProvider, showBasicSettings } from './helpers';

test("the demo benchmark's advice changes no setting", async ({ page }) => {
  await page.goto('/');
  const before = await page.evaluate(() => localStorage.getItem('consilium.settings'));
  await page.getByRole('button', { name: 'Benchmark: is the council worth it?' }).click();
  await page.getByRole('button', { name: 'Run the demo benchmark' }).click();
  await expect(page.getByText('10 of 10 questions done')).toBeVisible({ timeout: 90_000 });
  await expect(page.locator('.bench-headline')).not.toHaveText(/yet/);
  // Whatever the demo advises is said as the demo's, with no button that would save it.
  for (const note of await page.locator('.bench-advice').allInnerTexts()) {
    expect(note.trim()).toMatch(/This is the demo: your settings stay as they are\.$/);
  }
  await expect(page.getByRole('button', { name: /alone$|^Use the vote$|^Use adaptive$|^Keep the full council$|^Keep / })).toHaveCount(0);
  const after = await page.evaluate(() => localStorage.getItem('consilium.settings'));
  expect(JSON.parse(after ?? '{}').alone).toBeUndefined();
  expect(JSON.parse(after ?? '{}').kept_council ?? null).toEqual(JSON.parse(before ?? '{}').kept_council ?? null);
});

test('Settings shows a saved one-model council and undoes it', async ({ page }) => {
  await page.goto('/');
  await addCompatibleProvider(page, 'aimock advice', `${MOCK_URL}/v1`, 'verdict-alpha');
  // What a real benchmark's "Use verdict-alpha alone" saves.
  await page.evaluate(() => {
    const settings = JSON.parse(localStorage.getItem('consilium.settings') ?? '{}');
    const provider = settings.providers.find((p: any) => p.name === 'aimock advice');
    settings.alone = { provider_id: provider.id, model: 'verdict-alpha' };
    localStorage.setItem('consilium.settings', JSON.stringify(settings));
  });
  await page.reload();
  await page.getByRole('button', { name: 'Settings' }).click();
  await showBasicSettings(page);
  await expect(page.locator('.default-council')).toHaveText('1 model · verdict-alpha');
  const saved = page.locator('.saved-choice[data-choice="alone"]');
  await expect(saved).toContainText('New consults ask verdict-alpha alone');
  await saved.getByRole('button', { name: 'Ask the council again' }).click();
  await expect(saved).toHaveCount(0);
  await expect(page.locator('.default-council')).not.toHaveText(/^1 model/);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('consilium.settings') ?? '{}'));
  expect(stored.alone).toBeUndefined();
});
