// Any OpenAI-compatible server in one step: beside the presets, on the first-run card
// and in Settings, a name, an address and an optional key add a server and check it at once; the
// check lists its models and keeps the one that answered as its default, so the council names a
// real model (never the placeholder "default"); a bad address, or one already added, is said by
// name. Against the real llama-server (which lists one model and wants its key).
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './guard';
import { LLAMA_KEY, LLAMA_MODEL, LLAMA_URL } from './servers';
import { watchConsole } from './helpers';
import { allBrowserStorage } from './stored';
import { expectFitsPhone, PHONE } from './layout';

async function openTheForm(page: import('@playwright/test').Page) {
  await page.getByRole('button', { name: 'Add an OpenAI-compatible server' }).click();
  const form = page.locator('.any-server-form');
  await expect(form.getByLabel('Address')).toBeVisible();
  return form;
}

test('a server is added from the first-run card in one step and the council names the model it lists', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  await page.goto('/');
  const form = await openTheForm(page);

  // What is wrong is said by name, and nothing is added.
  await form.getByLabel('Address').fill('127.0.0.1:8000/v1');
  await form.getByRole('button', { name: 'Add and check' }).click();
  await expect(form.getByRole('alert')).toHaveText(/is not a web address: it starts with http:\/\/ or https:\/\//);

  await form.getByLabel('Name (optional)').fill('Lab box');
  await form.getByLabel('Address').fill(`${LLAMA_URL}/`);
  await form.getByLabel('API key (optional)').fill(LLAMA_KEY);
  await form.getByRole('button', { name: 'Add and check' }).click();
  // The first-run card gives way to the council on it, its check under way and then done.
  await expect(page.locator('.seats-health li', { hasText: 'Lab box' }).locator('.health-chip')).toHaveText('ready', { timeout: 60_000 });

  // Saved with the model that answered, never the placeholder; the key stays in this tab only.
  const settings = JSON.parse((await page.evaluate(() => localStorage.getItem('consilium.settings')))!);
  const added = settings.providers.find((p: any) => p.name === 'Lab box');
  expect(added).toMatchObject({ base_url: LLAMA_URL, default_model: LLAMA_MODEL, free: true });
  expect(await allBrowserStorage(page)).not.toContain(LLAMA_KEY);

  // The question form's council is on it, by the model's name.
  await page.getByRole('button', { name: 'New session' }).click();
  await expect(page.locator('.council-chip')).toContainText('Lab box');
  await page.locator('.council-chip').click();
  await expect(page.locator('.council')).not.toContainText(/\bdefault\b/);
  await expect(page.locator('.council')).toContainText(LLAMA_MODEL);

  // In Settings, the check's line says what answered; the same address again is refused by name.
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByRole('article', { name: 'Lab box' })).toContainText(
    new RegExp(`Connected · 1 model · test reply from ${LLAMA_MODEL} in `));
  const again = await openTheForm(page);
  await again.getByLabel('Address').fill(LLAMA_URL);
  await again.getByRole('button', { name: 'Add and check' }).click();
  await expect(again.getByRole('alert')).toHaveText(`A provider at ${LLAMA_URL} is already added.`);
  const axe = await new AxeBuilder({ page }).include('.any-server-form').analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  expect(errors).toEqual([]);
});

test.describe('phone', () => {
  test.use({ viewport: PHONE, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

  test('the one-step server form fits a phone', async ({ page }) => {
    await page.goto('/');
    const form = await openTheForm(page);
    await form.getByLabel('Address').fill('not an address');
    await form.getByRole('button', { name: 'Add and check' }).click();
    await expect(form.getByRole('alert')).toBeVisible();
    await expectFitsPhone(page, 'the one-step server form, with its error');
  });
});
