// Remembered keys encrypted at rest: a key signed in and remembered is sealed under a passphrase,
// gone from the tab after a reload until unlocked (the question form says the keys are locked), refused with a wrong passphrase, usable again
// after the right one, and never found in clear in local storage, session storage, IndexedDB or
// Cache Storage. Storage that lasts: persistence asked once, at the first saved session, History
// says whether it was granted and advises once; the web app manifest is served and complete.
import { expect, test } from './guard';
import { watchConsole } from './helpers';
import { skipToTheDecision, newSession } from './demos';
import { useOpenRouterMock } from './openrouter-mock';
import { KEY_PREFIX, PASSPHRASE, signedIn } from './remembered-key';
import { everythingStored } from './web-storage';

useOpenRouterMock();


test('a remembered key is sealed under a passphrase, locked after a reload, refused with a wrong passphrase and usable after the right one', async ({ page }) => {
  const errors = watchConsole(page);
  const { card, vault } = await signedIn(page);
  await expect(card.locator('.key-limit')).toContainText('Key “Consilium on 127.0.0.1');

  // Remembered, but not stored until a passphrase seals it.
  await expect(vault).toContainText('choose a passphrase');
  expect(await everythingStored(page)).not.toContain(KEY_PREFIX);
  await vault.getByLabel('New passphrase').fill(PASSPHRASE);
  // Typed twice: a typo in the second is said, and nothing is sealed with either.
  await vault.getByLabel('Passphrase again').fill(`${PASSPHRASE}x`);
  await expect(vault.getByRole('status').filter({ hasText: 'The two passphrases differ.' })).toBeVisible();
  await expect(vault.getByRole('button', { name: 'Encrypt and remember' })).toBeDisabled();
  await vault.getByLabel('Passphrase again').fill(PASSPHRASE);
  await expect(vault.getByText('The two passphrases differ.')).toHaveCount(0);
  await vault.getByRole('button', { name: 'Encrypt and remember' }).click();
  await expect(vault).toContainText('Remembered keys are unlocked in this tab.');
  const sealed = await page.evaluate(() => JSON.parse(localStorage.getItem('consilium.key-vault')!));
  expect(Object.keys(sealed)).toEqual(expect.arrayContaining(['version', 'iv', 'ciphertext', 'locks']));
  expect(sealed.locks).toHaveLength(1);
  expect(Object.keys(sealed.locks[0])).toEqual(expect.arrayContaining(['method', 'salt', 'iterations', 'iv', 'wrapped']));
  expect(sealed.locks[0].method).toBe('passphrase');
  expect(await everythingStored(page)).not.toContain(KEY_PREFIX);

  // A reload leaves the key locked: the provider has none until the passphrase is given, and the
  // question form says so where the key is asked for, with the way to Settings.
  await page.goto('/');
  const lockedLine = page.locator('.vault-locked');
  await expect(lockedLine).toContainText('Your remembered keys are locked.');
  await lockedLine.getByRole('button', { name: 'Unlock them in Settings' }).click();
  await expect(vault).toContainText('Remembered keys are locked.');
  await expect(card.getByLabel('API key')).toHaveAttribute('placeholder', 'paste your API key');
  await vault.getByLabel('Passphrase').fill('not the passphrase');
  await vault.getByRole('button', { name: 'Unlock' }).click();
  await expect(vault.getByRole('status')).toHaveText('Wrong passphrase: the remembered keys stay locked (nothing was changed).');
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('consilium.key-vault')!))).toEqual(sealed);

  await vault.getByLabel('Passphrase').fill(PASSPHRASE);
  await vault.getByRole('button', { name: 'Unlock' }).click();
  await expect(vault).toContainText('Remembered keys are unlocked in this tab.');
  await expect(card.getByLabel('API key')).toHaveAttribute('placeholder', 'key set (type to replace)');
  // The unlocked key works: the provider check calls the mock with it and is accepted.
  await card.getByRole('button', { name: 'Check connection' }).click();
  await expect(card.locator('.health-line')).toContainText(/^ready Connected · 1 model · test reply from mock\/priced in /);

  await vault.getByRole('button', { name: 'Lock' }).click();
  await expect(vault).toContainText('Remembered keys are locked.');
  await expect(card.getByLabel('API key')).toHaveAttribute('placeholder', 'paste your API key');
  expect(await everythingStored(page)).not.toContain(KEY_PREFIX);
  expect(errors).toEqual([]);
});

test('keys an earlier version remembered in clear move into the vault and the clear copy goes', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => {
    localStorage.setItem('consilium.settings', JSON.stringify({
      version: 1,
      providers: [{ id: 'p-old', name: 'Old server', kind: 'open_ai_compatible', base_url: 'http://127.0.0.1:9/v1', default_model: 'm', remember_key: true }],
    }));
    localStorage.setItem('consilium.remembered-keys', JSON.stringify({ 'p-old': 'sk-old-clear-key-123' }));
  });
  await page.reload();
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const vault = page.getByRole('region', { name: 'Remembered keys' });
  await expect(vault).toContainText('stored in clear');
  await vault.getByLabel('New passphrase').fill(PASSPHRASE);
  await vault.getByLabel('Passphrase again').fill(PASSPHRASE);
  await vault.getByRole('button', { name: 'Encrypt the keys' }).click();
  await expect(vault).toContainText('Remembered keys are unlocked in this tab.');
  expect(await everythingStored(page)).not.toContain('sk-old-clear-key-123');
  await page.reload();
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await vault.getByLabel('Passphrase').fill(PASSPHRASE);
  await vault.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByRole('article', { name: 'Old server' }).getByLabel('API key')).toHaveAttribute('placeholder', 'key set (type to replace)');
});

test('persistent storage is asked once, at the first saved session, and History says it was refused, once', async ({ page }) => {
  await page.addInitScript(() => {
    (window as any).__persistAsked = 0;
    const storage = navigator.storage;
    storage.persist = () => { (window as any).__persistAsked += 1; return Promise.resolve(false); };
    storage.persisted = () => Promise.resolve(false);
  });
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Run the demo council' })).toBeVisible();
  expect(await page.evaluate(() => (window as any).__persistAsked), 'not at page load').toBe(0);
  await page.getByRole('button', { name: 'Run the demo council' }).click();
  await skipToTheDecision(page);
  await expect(page.locator('.session-meta .badge').first()).toHaveText('complete', { timeout: 90_000 });
  await expect.poll(() => page.evaluate(() => (window as any).__persistAsked)).toBe(1);
  await newSession(page, 'Consult: a question');
  await page.getByRole('button', { name: 'Run the demo council' }).click();
  await skipToTheDecision(page);
  await expect(page.locator('.session-meta .badge').first()).toHaveText('complete', { timeout: 90_000 });
  expect(await page.evaluate(() => (window as any).__persistAsked), 'asked once').toBe(1);

  await page.getByRole('button', { name: 'History', exact: true }).click();
  await expect(page.locator('.storage-status')).toContainText('persistent storage not granted');
  const advice = page.getByRole('note').filter({ hasText: 'Add to Home Screen' });
  await expect(advice).toContainText('Export all');
  await advice.getByRole('button', { name: 'Got it' }).click();
  await expect(advice).toHaveCount(0);
  await page.reload();
  await expect(page.locator('.storage-status')).toContainText('persistent storage not granted');
  await expect(page.getByRole('note').filter({ hasText: 'Add to Home Screen' })).toHaveCount(0);
});

test('the web app manifest is linked, served and complete, with its icons', async ({ page, request }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const url = new URL(href!, page.url()).href;
  const manifest = await (await request.get(url)).json();
  expect(manifest.name).toBe('Consilium');
  expect(manifest.display).toBe('standalone');
  expect(manifest.start_url).toBeTruthy();
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
  const sizes = manifest.icons.map((icon: { sizes: string }) => icon.sizes);
  expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512', 'any']));
  for (const icon of manifest.icons) {
    const served = await request.get(new URL(icon.src, url).href);
    expect(served.ok(), icon.src).toBe(true);
    expect(served.headers()['content-type']).toContain(icon.type.split('+')[0]);
  }
});
