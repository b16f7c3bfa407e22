// The key vault shared by two tabs of one browser: a tab never writes the vault back from its
// memory. A key removed in one tab leaves the other's memory (it hears of the change) and is not
// written back by the other's next change; "Forgot" in one tab is not undone by the other; a reload
// keeps both so. Each write re-reads the stored vault and stores over the revision it read.
import { Page } from '@playwright/test';
import { expect, test } from './guard';
import { watchConsole } from './helpers';
import { useOpenRouterMock } from './openrouter-mock';
import { KEY_PREFIX, PASSPHRASE, signedIn } from './remembered-key';
import { everythingStored } from './web-storage';

useOpenRouterMock();

const LOCAL_KEY = 'sk-local-typed-in-the-second-tab';

/** Settings with the OpenRouter mock (signed in, key remembered) and a local server whose key is
 * remembered too. */
async function signedInWithALocalServer(page: Page) {
  await signedIn(page, '/', [
    { id: 'p-local', name: 'Local', kind: 'open_ai_compatible', base_url: 'http://127.0.0.1:9/v1', default_model: 'm', remember_key: true },
  ]);
}

function region(page: Page) {
  return {
    vault: page.getByRole('region', { name: 'Remembered keys' }),
    openRouter: page.getByRole('article', { name: 'OpenRouter' }).getByLabel('API key'),
    local: page.getByRole('article', { name: 'Local' }).getByLabel('API key'),
  };
}

async function unlockIn(page: Page) {
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const { vault } = region(page);
  await expect(vault).toContainText('Remembered keys are locked.');
  await vault.getByLabel('Passphrase').fill(PASSPHRASE);
  await vault.getByRole('button', { name: 'Unlock', exact: true }).click();
  await expect(vault).toContainText('Remembered keys are unlocked in this tab.');
}

const stored = (page: Page) => page.evaluate(() => localStorage.getItem('consilium.key-vault'));

test('two tabs: a key removed in one is not written back by the other, Forgot in one is not undone by the other, across a reload', async ({ page, context }) => {
  const errors = watchConsole(page);
  await signedInWithALocalServer(page);
  const first = region(page);
  await first.vault.getByLabel('New passphrase').fill(PASSPHRASE);
  await first.vault.getByLabel('Passphrase again').fill(PASSPHRASE);
  await first.vault.getByRole('button', { name: 'Encrypt and remember' }).click();
  await expect(first.vault).toContainText('Remembered keys are unlocked in this tab.');

  // The second tab unlocks the same vault: it holds the OpenRouter key too.
  const other = await context.newPage();
  const otherErrors = watchConsole(other);
  await other.goto('/');
  await unlockIn(other);
  const second = region(other);
  await expect(second.openRouter).toHaveAttribute('placeholder', 'key set (type to replace)');

  // The first tab stops remembering the OpenRouter key: the second tab hears of it and lets it go.
  await page.getByRole('article', { name: 'OpenRouter' }).getByLabel('Remember the key on this device').uncheck();
  await expect(second.vault.getByRole('status')).toHaveText('The remembered keys were changed in another tab; this tab now has them as stored.');
  await expect(second.openRouter).toHaveAttribute('placeholder', 'paste your API key');

  // The second tab's next change (a key for the local server) is applied to what is stored: the
  // removed key does not come back, not even after a reload.
  await second.local.fill(LOCAL_KEY);
  await second.local.blur();
  await expect(second.local).toHaveAttribute('placeholder', 'key set (type to replace)');
  await expect.poll(async () => JSON.parse((await stored(other))!).revision).toBe(3);
  await other.reload();
  await unlockIn(other);
  await expect(second.local).toHaveAttribute('placeholder', 'key set (type to replace)');
  await expect(second.openRouter).toHaveAttribute('placeholder', 'paste your API key');

  // "Forgot" in the first tab: the second, unlocked, is told and locked out of the deleted vault;
  // its next remembered key waits for a new passphrase instead of bringing the vault back.
  await first.vault.getByRole('button', { name: 'Lock' }).click();
  await first.vault.getByRole('button', { name: 'Forgot passphrase: delete the remembered keys' }).click();
  await expect(second.vault.getByRole('status')).toHaveText('The remembered keys were deleted in another tab (“Forgot”); enter a key again to use it.');
  await expect(second.local).toHaveAttribute('placeholder', 'none needed for a local server');
  await second.local.fill('sk-local-typed-after-forgot');
  await second.local.blur();
  await expect(second.vault).toContainText('choose a passphrase');
  expect(await stored(other)).toBeNull();
  await other.reload();
  await other.getByRole('button', { name: 'Settings', exact: true }).click();
  await expect(second.vault).toContainText('Keys you ask to remember are stored encrypted');
  expect(await stored(other)).toBeNull();
  expect(await everythingStored(other)).not.toContain(KEY_PREFIX);
  expect(await everythingStored(other)).not.toContain('sk-local');
  expect(errors).toEqual([]);
  expect(otherErrors).toEqual([]);
});
