// Passkey unlock of the key vault (WebAuthn's PRF extension), with Chromium's virtual authenticator
// (CDP WebAuthn domain, `hasPrf`): a remembered key sealed under a passkey alone, locked after a
// reload, opened with the passkey and accepted by the provider; a passkey added beside a passphrase,
// either opening the vault, then removed with the passphrase (the keys re-sealed under a new data key); a missing passkey and a passkey without PRF named; no passkey offered on
// an IP-address host (WebAuthn refuses those). Never a key in clear in any web storage.
// The app is opened on `localhost`: WebAuthn needs a host name.
import { CDPSession, Page } from '@playwright/test';
import { expect, test } from './guard';
import { watchConsole } from './helpers';
import { useOpenRouterMock } from './openrouter-mock';
import { KEY_PREFIX, PASSPHRASE, signedIn as signedInAt } from './remembered-key';
import { APP_PORT } from './servers';
import { everythingStored } from './web-storage';

useOpenRouterMock();

const APP = `http://localhost:${APP_PORT}/`;
/** Signed in at `app`: localhost by default, since WebAuthn refuses an IP address. */
const signedIn = (page: Page, app = APP) => signedInAt(page, app);

/** A platform authenticator with user verification, answering at once; `hasPrf` as asked. */
async function virtualAuthenticator(page: Page, hasPrf = true): Promise<{ cdp: CDPSession; id: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true,
      isUserVerified: true, automaticPresenceSimulation: true, hasPrf,
    },
  });
  return { cdp, id: authenticatorId };
}


async function storedVault(page: Page) {
  return page.evaluate(() => JSON.parse(localStorage.getItem('consilium.key-vault')!));
}

test('a remembered key sealed under a passkey is locked after a reload, opens with the passkey and works', async ({ page }) => {
  const errors = watchConsole(page);
  await virtualAuthenticator(page);
  const { card, vault } = await signedIn(page);
  await expect(vault).toContainText('choose a passphrase');
  await vault.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(vault.getByRole('status')).toHaveText('Encrypted: the remembered keys are stored under your passkey.');
  await expect(vault).toContainText('Remembered keys are unlocked in this tab. They unlock with your passkey.');
  const sealed = await storedVault(page);
  expect(sealed.version).toBe(2);
  expect(sealed.locks.map((l: { method: string }) => l.method)).toEqual(['passkey']);
  expect(Object.keys(sealed.locks[0])).toEqual(expect.arrayContaining(['credential', 'prf_salt', 'hkdf_salt', 'iv', 'wrapped']));
  expect(await everythingStored(page)).not.toContain(KEY_PREFIX);

  // After a reload the key is locked: the question form says so and leads to Settings.
  await page.goto(APP);
  const lockedLine = page.locator('.vault-locked');
  await expect(lockedLine).toContainText('Your remembered keys are locked.');
  await lockedLine.getByRole('button', { name: 'Unlock them in Settings' }).click();
  await expect(vault).toContainText('Remembered keys are locked.');
  await expect(card.getByLabel('API key')).toHaveAttribute('placeholder', 'paste your API key');
  await expect(vault.getByLabel('Passphrase')).toHaveCount(0);
  await expect(vault.getByRole('button', { name: 'Lost the passkey: delete the remembered keys' })).toBeVisible();

  await vault.getByRole('button', { name: 'Unlock with your passkey' }).click();
  await expect(vault.getByRole('status')).toHaveText('Unlocked: the remembered keys are usable in this tab.');
  await expect(card.getByLabel('API key')).toHaveAttribute('placeholder', 'key set (type to replace)');
  // The key works: the provider check calls the mock with it and the mock accepts only keys it issued.
  await card.getByRole('button', { name: 'Check connection' }).click();
  await expect(card.locator('.health-line')).toContainText(/^ready Connected · 1 model · test reply from mock\/priced in /);
  expect(await storedVault(page)).toEqual(sealed);

  await vault.getByRole('button', { name: 'Lock' }).click();
  await expect(vault).toContainText('Remembered keys are locked.');
  await expect(card.getByLabel('API key')).toHaveAttribute('placeholder', 'paste your API key');
  expect(await everythingStored(page)).not.toContain(KEY_PREFIX);
  expect(errors).toEqual([]);
});

test('a passkey added beside the passphrase opens the vault, and so does the passphrase; a missing passkey is named', async ({ page }) => {
  const { cdp, id } = await virtualAuthenticator(page);
  const { card, vault } = await signedIn(page);
  await vault.getByLabel('New passphrase').fill(PASSPHRASE);
  await vault.getByLabel('Passphrase again').fill(PASSPHRASE);
  await vault.getByRole('button', { name: 'Encrypt and remember' }).click();
  await expect(vault).toContainText('They unlock with your passphrase.');
  await vault.getByRole('button', { name: 'Use a passkey too' }).click();
  await expect(vault.getByRole('status')).toHaveText('Passkey added: it unlocks the remembered keys too.');
  await expect(vault).toContainText('They unlock with your passphrase or your passkey.');
  await expect(vault.getByRole('button', { name: 'Use a passkey too' })).toHaveCount(0);
  const sealed = await storedVault(page);
  expect(sealed.locks.map((l: { method: string }) => l.method)).toEqual(['passphrase', 'passkey']);
  expect(await everythingStored(page)).not.toContain(KEY_PREFIX);

  await page.reload();
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await expect(vault).toContainText('Remembered keys are locked.');
  await vault.getByLabel('Passphrase').fill(PASSPHRASE);
  await vault.getByRole('button', { name: 'Unlock', exact: true }).click();
  await expect(card.getByLabel('API key')).toHaveAttribute('placeholder', 'key set (type to replace)');
  await vault.getByRole('button', { name: 'Lock' }).click();
  await vault.getByRole('button', { name: 'Unlock with your passkey' }).click();
  await expect(card.getByLabel('API key')).toHaveAttribute('placeholder', 'key set (type to replace)');
  await vault.getByRole('button', { name: 'Lock' }).click();

  // The passkey gone from the device: no passkey answers, nothing changes, the passphrase still opens.
  await cdp.send('WebAuthn.clearCredentials', { authenticatorId: id });
  await vault.getByRole('button', { name: 'Unlock with your passkey' }).click();
  await expect(vault.getByRole('status')).toContainText('No passkey answered', { timeout: 150_000 });
  await expect(vault).toContainText('Remembered keys are locked.');
  expect(await storedVault(page)).toEqual(sealed);
  await vault.getByLabel('Passphrase').fill(PASSPHRASE);
  await vault.getByRole('button', { name: 'Unlock', exact: true }).click();
  await expect(card.getByLabel('API key')).toHaveAttribute('placeholder', 'key set (type to replace)');

  // The passkey removed, with the passphrase typed to be sure it still opens them: the keys are
  // sealed again under a new data key that only the passphrase wraps, across a reload.
  await vault.getByRole('button', { name: 'Remove the passkey' }).click();
  const removal = vault.getByRole('form', { name: 'Remove the passkey' });
  await removal.getByLabel('Your passphrase').fill('not the passphrase');
  await removal.getByRole('button', { name: 'Remove the passkey' }).click();
  await expect(vault.getByRole('status')).toHaveText("That is not the vault's passphrase: nothing was changed.");
  expect((await storedVault(page)).locks.map((l: { method: string }) => l.method)).toEqual(['passphrase', 'passkey']);
  await removal.getByLabel('Your passphrase').fill(PASSPHRASE);
  await removal.getByRole('button', { name: 'Remove the passkey' }).click();
  await expect(vault.getByRole('status')).toContainText('Passkey removed: the remembered keys are sealed again under a new key that only your passphrase opens.');
  await expect(vault).toContainText('They unlock with your passphrase.');
  await expect(vault.getByRole('button', { name: 'Remove the passkey' })).toHaveCount(0);
  const passphraseOnly = await storedVault(page);
  expect(passphraseOnly.locks.map((l: { method: string }) => l.method)).toEqual(['passphrase']);
  expect(passphraseOnly.ciphertext).not.toEqual(sealed.ciphertext);
  expect(passphraseOnly.locks[0].wrapped).not.toEqual(sealed.locks[0].wrapped);
  expect(await everythingStored(page)).not.toContain(KEY_PREFIX);
  await page.reload();
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await expect(vault).toContainText('Remembered keys are locked.');
  await expect(vault.getByRole('button', { name: 'Unlock with your passkey' })).toHaveCount(0);
  await vault.getByLabel('Passphrase').fill(PASSPHRASE);
  await vault.getByRole('button', { name: 'Unlock', exact: true }).click();
  await expect(card.getByLabel('API key')).toHaveAttribute('placeholder', 'key set (type to replace)');
});

test('a passkey without PRF is refused with the reason, and no passkey is offered on an IP-address host', async ({ page }) => {
  await virtualAuthenticator(page, false);
  const { vault } = await signedIn(page);
  await vault.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(vault.getByRole('status')).toHaveText('This passkey cannot encrypt (its authenticator lacks the WebAuthn PRF extension): use a passphrase instead.');
  expect(await page.evaluate(() => localStorage.getItem('consilium.key-vault'))).toBeNull();
  await expect(vault).toContainText('choose a passphrase');

  // On 127.0.0.1 WebAuthn refuses the relying party, so only the passphrase is offered.
  const other = await page.context().newPage();
  const { vault: there } = await signedIn(other, '/');
  await expect(there.getByLabel('New passphrase')).toBeVisible();
  await expect(there.locator('.passkey-note')).toHaveText('No passkey option here: Passkeys need a host name, not an IP address (open the app on localhost).');
  await expect(there.getByRole('button', { name: 'Use a passkey' })).toHaveCount(0);
});
