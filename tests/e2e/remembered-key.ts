// The vault specs' start: an OpenRouter provider on the loopback mock (openrouter-mock.ts) whose
// key is remembered, signed in from Settings.
import { expect, Page } from '@playwright/test';
import { configureOpenRouter, OPENROUTER_BASE } from './openrouter-mock';

/** Every issued mock key starts so (tests/e2e/openrouter-mock.mjs); the rest is random. */
export const KEY_PREFIX = 'sk-or-v1-mock-';
export const PASSPHRASE = 'a long enough passphrase';

/** Settings with an OpenRouter provider (the loopback mock) whose key is remembered, signed in,
 * and `others` after it: its card and the "Remembered keys" region. */
export async function signedIn(page: Page, app = '/', others: object[] = []) {
  await configureOpenRouter(page.request, { limit: 5, remaining: 4.9, mode: 'allow' });
  await page.goto(app);
  await page.evaluate(({ base, others }) => {
    localStorage.setItem('consilium.settings', JSON.stringify({
      version: 1,
      providers: [
        { id: 'p-or', name: 'OpenRouter', kind: 'open_router', base_url: base, default_model: 'mock/priced', remember_key: true },
        ...others,
      ],
    }));
  }, { base: OPENROUTER_BASE, others });
  await page.reload();
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const card = page.getByRole('article', { name: 'OpenRouter' });
  await card.getByRole('button', { name: 'Sign in with OpenRouter' }).click();
  await expect(card.locator('.sign-in-status')).toContainText('Signed in: a key for OpenRouter is set.');
  return { card, vault: page.getByRole('region', { name: 'Remembered keys' }) };
}
