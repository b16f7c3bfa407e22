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

test('a weak passphrase is refused with the reason, and Change passphrase re-seals the keys so only the new one opens them', async ({ page }) => {
  const errors = watchConsole(page);
  const { card, vault } = await signedIn(page);
  await vault.getByLabel('New passphrase').fill('password');
  await vault.getByLabel('Passphrase again').fill('password');
  await vault.getByRole('button', { name: 'Encrypt and remember' }).click();
  await expect(vault.getByRole('status')).toContainText('This passphrase is too easy to guess: This is a top-10 common password.');
  expect(await page.evaluate(() => localStorage.getItem('consilium.key-vault'))).toBeNull();
  await vault.getByLabel('New passphrase').fill(PASSPHRASE);
  await vault.getByLabel('Passphrase again').fill(PASSPHRASE);
  await vault.getByRole('button', { name: 'Encrypt and remember' }).click();
  await expect(vault).toContainText('Remembered keys are unlocked in this tab.');
  const before = await page.evaluate(() => JSON.parse(localStorage.getItem('consilium.key-vault')!));

  const NEW = 'plum tractor velvet oyster';
  await vault.getByRole('button', { name: 'Change passphrase' }).click();
  const change = vault.getByRole('form', { name: 'Change passphrase' });
  await change.getByLabel('Current passphrase').fill(PASSPHRASE);
  await change.getByLabel('New passphrase', { exact: true }).fill('12345678');
  await change.getByLabel('New passphrase again').fill('12345678');
  await change.getByRole('button', { name: 'Change passphrase' }).click();
  await expect(vault.getByRole('status')).toContainText('This passphrase is too easy to guess');
  await change.getByLabel('New passphrase', { exact: true }).fill(NEW);
  await change.getByLabel('New passphrase again').fill(NEW);
  await change.getByRole('button', { name: 'Change passphrase' }).click();
  await expect(vault.getByRole('status')).toHaveText('Passphrase changed: the remembered keys are sealed again under a new key; the old passphrase no longer opens them.');
  await expect(change).toHaveCount(0);
  const after = await page.evaluate(() => JSON.parse(localStorage.getItem('consilium.key-vault')!));
  expect(after.ciphertext).not.toEqual(before.ciphertext);
  expect(after.locks[0].salt).not.toEqual(before.locks[0].salt);
  expect(await everythingStored(page)).not.toContain(KEY_PREFIX);

  await page.reload();
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await vault.getByLabel('Passphrase').fill(PASSPHRASE);
  await vault.getByRole('button', { name: 'Unlock' }).click();
  await expect(vault.getByRole('status')).toHaveText('Wrong passphrase: the remembered keys stay locked (nothing was changed).');
  await vault.getByLabel('Passphrase').fill(NEW);
  await vault.getByRole('button', { name: 'Unlock' }).click();
  await expect(vault).toContainText('Remembered keys are unlocked in this tab.');
  await expect(card.getByLabel('API key')).toHaveAttribute('placeholder', 'key set (type to replace)');
  expect(errors).toEqual([]);
});

test('the vault locks itself after the minutes set without use, and empties the key fields as Lock does', async ({ page }) => {
  // The page's clock is Playwright's: the idle time passes by fast-forwarding it, not by waiting.
  await page.clock.install();
  const { card, vault } = await signedIn(page);
  await vault.getByLabel('New passphrase').fill(PASSPHRASE);
  await vault.getByLabel('Passphrase again').fill(PASSPHRASE);
  await vault.getByRole('button', { name: 'Encrypt and remember' }).click();
  await expect(vault).toContainText('Remembered keys are unlocked in this tab.');
  const idle = page.getByLabel('Lock the remembered keys after (minutes without use, 0 for never)');
  await expect(idle).toHaveValue('15');
  await idle.fill('1');
  await idle.blur();
  await expect(page.locator('.field-status').filter({ hasText: 'Saved.' })).toBeVisible();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('consilium.settings')!).vault_idle_lock_minutes)).toBe(1);

  // Secrets typed and not yet taken: the current passphrase of a change, and a new key.
  await vault.getByRole('button', { name: 'Change passphrase' }).click();
  await vault.getByLabel('Current passphrase').fill(PASSPHRASE);
  await card.getByLabel('API key').fill('sk-typed-not-taken');
  // Half a minute of nothing: still open. Then past the minute: locked, said, fields empty.
  await page.clock.fastForward('00:30');
  await expect(vault).toContainText('Remembered keys are unlocked in this tab.');
  await page.clock.fastForward('00:40');
  await expect(vault).toContainText('Remembered keys are locked.');
  await expect(vault.getByRole('status')).toHaveText('Locked after 1 minute without use: the remembered keys are out of this tab\'s memory until you unlock them.');
  await expect(card.getByLabel('API key')).toHaveValue('');
  await expect(card.getByLabel('API key')).toHaveAttribute('placeholder', 'paste your API key');
  await expect(vault.getByLabel('Current passphrase')).toHaveCount(0);

  // Input keeps it open: 0 turns it off.
  await vault.getByLabel('Passphrase').fill(PASSPHRASE);
  await vault.getByRole('button', { name: 'Unlock' }).click();
  await expect(vault).toContainText('Remembered keys are unlocked in this tab.');
  await idle.fill('0');
  await idle.blur();
  await page.clock.fastForward('30:00');
  await expect(vault).toContainText('Remembered keys are unlocked in this tab.');
});
