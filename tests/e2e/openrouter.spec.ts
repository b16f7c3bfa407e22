// Sign in with OpenRouter (OAuth PKCE, S256) against a loopback mock of its auth page and its two
// endpoints: the round trip, the key and its limit beside the provider, an address with no code
// left in it, each failure named; and spend before it happens: a run whose worst case passes what
// the key has left is stopped before its first call, and a run within it is told what remains.
import { Page } from '@playwright/test';
import { expect, test } from './guard';
import { watchConsole } from './helpers';
import { APP_URL } from './servers';
import { configureOpenRouter, OPENROUTER_BASE, OPENROUTER_SITE, useOpenRouterMock } from './openrouter-mock';

/** The name the app gives a signed-in key (OpenRouter shows it in its key list; the app beside the provider). */
const LABEL = `Consilium on ${new URL(APP_URL).host}`;

useOpenRouterMock();

type Asked = { method: string; path: string; query: Record<string, string> };

async function journal(page: Page): Promise<Asked[]> {
  return (await page.request.get(`${OPENROUTER_SITE}/__journal`)).json();
}

/** An OpenRouter provider whose base URL is the mock, then Settings. */
async function openRouterAtTheMock(page: Page, extra: Record<string, unknown> = {}) {
  await page.goto('/');
  await page.evaluate(({ base, extra }) => {
    localStorage.setItem('consilium.settings', JSON.stringify({
      version: 1,
      providers: [{ id: 'p-or', name: 'OpenRouter', kind: 'open_router', base_url: base, default_model: 'mock/priced' }],
      ...extra,
    }));
  }, { base: OPENROUTER_BASE, extra });
  // Reload so the app reads the stored settings, then open them.
  await page.reload();
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  return page.getByRole('article', { name: 'OpenRouter' });
}

async function signIn(page: Page) {
  const card = page.getByRole('article', { name: 'OpenRouter' });
  await card.getByRole('button', { name: 'Sign in with OpenRouter' }).click();
  await expect(card.locator('.sign-in-status')).toContainText('Signed in: a key for OpenRouter is set.');
  return card;
}

test('sign in: the mock auth page sends a code back, the key is exchanged and shown with its limit, the address is clean', async ({ page }) => {
  const errors = watchConsole(page);
  await configureOpenRouter(page.request, { limit: 5, remaining: 4.9, mode: 'allow' });
  await openRouterAtTheMock(page);
  // The service worker is in charge before the sign-in leaves and comes back with its code.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  const card = await signIn(page);
  await expect(card.locator('.key-limit')).toHaveText(`Key “${LABEL}”: $4.90 of its $5.00 limit left.`);
  await expect(card.getByLabel('API key')).toHaveAttribute('placeholder', 'key set (type to replace)');
  // The check after the sign-in listed the models (with their prices) and made its test call.
  await expect(card.locator('.health-line')).toContainText(/Connected · 1 model · test reply from .+ in (under )?[\d.]+ s/);

  // Back on the route the sign-in left from, with no code (nor key) in the address.
  await expect(page).toHaveURL(`${APP_URL}#/settings`);
  // The challenge went to the auth page as S256 of a verifier that stayed in this tab.
  const auth = (await journal(page)).filter((asked) => asked.path === '/auth').at(-1)!;
  expect(auth.query.code_challenge_method).toBe('S256');
  expect(auth.query.code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(auth.query.callback_url).toBe(APP_URL);
  expect(auth.query.key_label, 'the key is named after the app and its site').toBe(LABEL);
  // Tab-only (not remembered): the key is in no storage, and the verifier is gone.
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
  expect(stored).not.toContain('sk-or-v1-mock');
  expect(stored).not.toContain('sign-in-pending');
  // Nor in the service worker's caches: the address the code came back on is never stored.
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    }
    return urls;
  });
  expect(cached.length, 'the service worker cached the app').toBeGreaterThan(0);
  expect(cached.filter((url) => url.includes('code='))).toEqual([]);
  expect(errors).toEqual([]);
});

test('each failed sign-in is named: refused exchange, cancelled, opened without the verifier', async ({ page }) => {
  await configureOpenRouter(page.request, { mode: 'refuse' });
  const card = await openRouterAtTheMock(page);
  await card.getByRole('button', { name: 'Sign in with OpenRouter' }).click();
  await expect(card.locator('.sign-in-status')).toHaveText(
    'OpenRouter refused the sign-in: Invalid code or code_verifier (HTTP 403). Sign in again.');
  await expect(page).toHaveURL(`${APP_URL}#/settings`);
  await expect(card.locator('.key-limit')).toHaveCount(0);

  await configureOpenRouter(page.request, { mode: 'cancel' });
  await card.getByRole('button', { name: 'Sign in with OpenRouter' }).click();
  await expect(card.locator('.sign-in-status')).toHaveText('Sign-in cancelled: OpenRouter sent no code back, so no key was made.');

  // A code arriving in a tab that never started a sign-in (no verifier in its session storage).
  await page.goto('/?code=stray#/settings');
  await expect(page.getByText('without the secret this tab keeps for it').first()).toBeVisible();
  await expect(page).toHaveURL(`${APP_URL}#/settings`);
});

test('a run whose worst case passes what the key has left is stopped before its first call', async ({ page }) => {
  await configureOpenRouter(page.request, { limit: 1, remaining: 0.01, mode: 'allow' });
  const card = await openRouterAtTheMock(page);
  await signIn(page);
  await expect(card.locator('.health-line')).toContainText('Connected · 1 model');
  const before = await journal(page);

  await page.getByRole('button', { name: 'New session' }).click();
  await page.getByLabel('Question', { exact: true }).fill('Stopped by the key: may this run spend more than is left?');
  await page.getByRole('button', { name: 'Ask the council' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Stopped before the first call' })).toContainText(
    /this run may cost up to \$\d+\.\d+, more than the \$0\.01 left of the OpenRouter key “Consilium on 127\.0\.0\.1:\d+”'s \$1\.00 limit/);
  await expect(page).toHaveURL(/#\/new$/);
  const after = (await journal(page)).slice(before.length);
  expect(after.filter((asked) => asked.path === '/api/v1/key').length, 'the limit is read again before the run').toBeGreaterThan(0);
  expect(after.filter((asked) => asked.path === '/api/v1/chat/completions')).toEqual([]);
});

test('the consent of a run within the limit states its worst case and what the key keeps after it', async ({ page }) => {
  await configureOpenRouter(page.request, { limit: 5, remaining: 4.9, mode: 'allow' });
  const card = await openRouterAtTheMock(page, { consent_threshold_usd: 0.01 });
  await signIn(page);
  await expect(card.locator('.health-line')).toContainText('Connected · 1 model');
  const before = await journal(page);

  await page.getByRole('button', { name: 'New session' }).click();
  await page.getByLabel('Question', { exact: true }).fill('Within the key: what remains after this run?');
  await page.getByRole('button', { name: 'Ask the council' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(
    /At worst this run costs \$\d+\.\d+; the OpenRouter key “Consilium on 127\.0\.0\.1:\d+” then has \$4\.\d\d of its \$5\.00 limit left\./);
  await dialog.getByRole('button', { name: 'Not now' }).click();
  await expect(dialog).toHaveCount(0);
  const after = (await journal(page)).slice(before.length);
  expect(after.filter((asked) => asked.path === '/api/v1/chat/completions')).toEqual([]);
});
