// Sync through the user's own bucket (README, "Sync"), against a real S3-compatible server on loopback
// (moto, with the bucket's CORS rule set as a user would, behind a SigV4 check: tests/e2e/s3-server.ts).
// Two browser contexts are two devices with the same bucket and passphrase: a session made on one
// appears on the other after Sync now, a rename on one and an outcome judged on the other both
// survive, a deletion propagates, a wrong passphrase is refused with
// nothing written, and no object in the bucket holds the question's words or the key's secret.
import { Browser, Page } from '@playwright/test';
import { expect, test } from './guard';
import { newSession, seedSessions, skipToTheDecision } from './demos';
import { addCompatibleProvider, showAdvancedSettings, showBasicSettings } from './helpers';
import { openSessionId, storedSessionIn, storedSessions } from './stored';
import { BUCKET, KEY_ID, S3_ENDPOINT, SECRET, bucketObjects, s3Journal, useS3Server } from './s3-server';

useS3Server();

const PASSPHRASE = 'two devices, one passphrase';

async function device(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/');
  return page;
}

async function setUpSync(page: Page, passphrase: string, secret = SECRET) {
  await page.getByRole('button', { name: 'Settings' }).click();
  const sync = page.locator('.sync-settings');
  await sync.getByLabel('Endpoint').fill(S3_ENDPOINT);
  await sync.getByLabel('Region').fill('us-east-1');
  await sync.getByLabel('Bucket').fill(BUCKET);
  await sync.getByLabel('Access key id').fill(KEY_ID);
  await sync.getByLabel('Secret access key').fill(secret);
  await sync.getByLabel('Sync passphrase').fill(passphrase);
  await sync.getByLabel('Sync passphrase').blur();
  await expect(sync.getByLabel('Sync passphrase')).toHaveAttribute('placeholder', 'set (type to replace)');
}

/** Sync now, and the status it ends with. */
async function syncNow(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Settings' }).click();
  const status = page.locator('.sync-settings .sync-status');
  await page.locator('.sync-settings').getByRole('button', { name: 'Sync now' }).click();
  await expect(status).toHaveText(/^(Synced|Sync failed)/, { timeout: 60_000 });
  return (await status.textContent()) ?? '';
}

test('two devices: a session made on one appears on the other, a deletion propagates, the bucket holds no plaintext', async ({ browser }) => {
  test.setTimeout(300_000);
  const a = await device(browser);
  await a.getByRole('button', { name: 'Run the demo council' }).click();
  await skipToTheDecision(a);
  await expect(a.locator('.session-meta .badge').first()).toHaveText('complete', { timeout: 90_000 });
  const id = openSessionId(a);
  const made = await storedSessionIn(a, id, 'complete');

  await setUpSync(a, PASSPHRASE);
  expect(await syncNow(a)).toContain('1 uploaded');

  // Nothing in the bucket says what the session is about, nor the key's secret.
  const objects = await bucketObjects();
  expect([...objects.keys()].sort()).toEqual(
    expect.arrayContaining(['consilium-sync/index', 'consilium-sync/keys.json']),
  );
  // The session and the settings, each an object of its own.
  expect(objects.size).toBe(4);
  const words = made.subject.split(/\W+/).filter((w: string) => w.length >= 6);
  expect(words.length).toBeGreaterThan(2);
  for (const [key, bytes] of objects) {
    const text = bytes.toString('latin1');
    for (const word of [...words, made.title, id, SECRET, PASSPHRASE]) {
      expect(text, `${key} holds “${word}”`).not.toContain(word);
    }
    expect(key).not.toContain(id);
  }

  // The second device, same bucket and passphrase: the session arrives whole.
  const b = await device(browser);
  await setUpSync(b, PASSPHRASE);
  expect(await syncNow(b)).toContain('1 downloaded');
  const arrived = (await storedSessions(b))[id];
  expect(arrived).toEqual(made);
  await b.getByRole('button', { name: 'History' }).click();
  await expect(b.locator('.session-item')).toHaveCount(1);
  await expect(b.locator('.session-item').first()).toContainText(made.title);
  // Syncing again changes nothing.
  expect(await syncNow(b)).toContain('0 uploaded, 0 downloaded, 0 merged');

  // Renamed on the second device: the first takes the new title at its next sync.
  const sidebar = b.locator('#session-sidebar');
  await sidebar.getByRole('button', { name: /^Rename / }).first().click();
  await sidebar.getByRole('textbox', { name: 'Title' }).fill('Renamed on the phone');
  await sidebar.getByRole('textbox', { name: 'Title' }).press('Enter');
  await expect.poll(async () => (await storedSessions(b))[id]?.title).toBe('Renamed on the phone');
  expect(await syncNow(b)).toContain('1 uploaded');
  expect(await syncNow(a)).toContain('1 downloaded');
  await expect.poll(async () => (await storedSessions(a))[id]?.title).toBe('Renamed on the phone');
  made.title = 'Renamed on the phone';

  // Judged on the first device while the second renames it again: each keeps the other's edit.
  await a.evaluate((session) => { location.hash = `#/session/${session}`; }, id);
  const judging = a.locator('.outcome-judge');
  await judging.getByRole('button', { name: 'Judge this decision' }).click();
  await judging.getByRole('radio', { name: 'Right', exact: true }).check();
  await judging.getByRole('button', { name: 'Save the outcome' }).click();
  await expect.poll(async () => (await storedSessions(a))[id]?.outcome?.verdict).toBe('right');
  await sidebar.getByRole('button', { name: /^Rename / }).first().click();
  await sidebar.getByRole('textbox', { name: 'Title' }).fill('Renamed twice');
  await sidebar.getByRole('textbox', { name: 'Title' }).press('Enter');
  await expect.poll(async () => (await storedSessions(b))[id]?.title).toBe('Renamed twice');
  expect(await syncNow(a)).toContain('1 uploaded');
  expect(await syncNow(b)).toContain('1 merged');
  expect(await syncNow(a)).toContain('1 downloaded');
  for (const page of [a, b]) {
    const record = (await storedSessions(page))[id];
    expect(record.title).toBe('Renamed twice');
    expect(record.outcome.verdict).toBe('right');
  }
  made.title = 'Renamed twice';

  // Deleted on the first device: gone from the second after both sync; its object leaves the bucket.
  await a.getByRole('button', { name: 'History' }).click();
  await a.getByRole('checkbox', { name: new RegExp(`^Select ${made.title.slice(0, 20).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }).check();
  a.once('dialog', (dialog) => dialog.accept());
  await a.getByRole('button', { name: 'Delete selected (1)' }).click();
  expect(await syncNow(a)).toContain('0 deleted here, 1 deleted in the bucket');
  // b may have synced by itself meanwhile (10 s after its last save): the deletion then came
  // with that sync, and this one has nothing left to do; either way b never sends it back.
  expect(await syncNow(b)).toContain('0 uploaded');
  await expect.poll(async () => (await storedSessions(b))[id]).toBeUndefined();
  // The settings' record stays.
  const left = [...(await bucketObjects()).keys()];
  expect(left).toEqual(expect.arrayContaining(['consilium-sync/index', 'consilium-sync/keys.json']));
  expect(left.length).toBe(3);

  // Every request the app made was signed right (the front refuses others before moto sees them).
  const journal = await s3Journal();
  expect(journal.length).toBeGreaterThan(5);
  expect(journal.every((r) => r.status < 500)).toBe(true);
});

test('offline, changes wait and the sidebar says so; back online they go, and the other device gets them', async ({ browser }) => {
  test.setTimeout(300_000);
  const a = await device(browser);
  await a.getByRole('button', { name: 'Run the demo council' }).click();
  await skipToTheDecision(a);
  await expect(a.locator('.session-meta .badge').first()).toHaveText('complete', { timeout: 90_000 });
  const renamed = openSessionId(a);
  await setUpSync(a, PASSPHRASE);
  expect(await syncNow(a)).toContain('1 uploaded');
  const b = await device(browser);
  await setUpSync(b, PASSPHRASE);
  expect(await syncNow(b)).toContain('1 downloaded');
  const line = a.locator('#session-sidebar .sync-line');
  await expect(line).toHaveText(/^Synced just now$/);

  // Offline: a rename and a new session wait here, and the sidebar counts them.
  await a.context().setOffline(true);
  const sidebar = a.locator('#session-sidebar');
  await sidebar.getByRole('button', { name: /^Rename / }).first().click();
  await sidebar.getByRole('textbox', { name: 'Title' }).fill('Renamed while offline');
  await sidebar.getByRole('textbox', { name: 'Title' }).press('Enter');
  await expect.poll(async () => (await storedSessions(a))[renamed]?.title).toBe('Renamed while offline');
  await expect(line).toHaveText(/ · 1 waiting$/, { timeout: 15_000 });
  await newSession(a, 'Consult: a question');
  await a.getByRole('button', { name: 'Run the demo council' }).click();
  await skipToTheDecision(a);
  await expect(a.locator('.session-meta .badge').first()).toHaveText('complete', { timeout: 90_000 });
  const made = openSessionId(a);
  await expect(line).toHaveText(/ · 2 waiting$/, { timeout: 15_000 });

  // Sync now says why nothing went, and the changes stay queued.
  await a.getByRole('button', { name: 'Settings' }).click();
  const sync = a.locator('.sync-settings');
  await sync.getByRole('button', { name: 'Sync now' }).click();
  await expect(sync.locator('.sync-status')).toHaveText('Offline: what changed here waits, and goes when you are back online.');
  await expect(sync.locator('.sync-waiting')).toHaveText('2 changes here are not in the bucket yet.');
  await expect(line).toHaveText('Offline: changes go when you are back online · 2 waiting');

  // Back online: the browser's online event syncs them at once.
  await a.context().setOffline(false);
  await expect(sync.locator('.sync-status')).toContainText('2 uploaded', { timeout: 60_000 });
  await expect(line).toHaveText(/^Synced just now$/);
  await expect(sync.locator('.sync-waiting')).toHaveText('');

  // The other device gets both.
  expect(await syncNow(b)).toContain('2 downloaded');
  const onB = await storedSessions(b);
  expect(onB[renamed]?.title).toBe('Renamed while offline');
  expect(onB[made]).toBeDefined();
});

test('a big first sync shows its progress, stores in batches, and a page left mid-sync keeps what it stored', async ({ browser }) => {
  test.setTimeout(600_000);
  const a = await device(browser);
  await a.getByRole('button', { name: 'Run the demo council' }).click();
  await skipToTheDecision(a);
  await expect(a.locator('.session-meta .badge').first()).toHaveText('complete', { timeout: 90_000 });
  const template = await storedSessionIn(a, openSessionId(a), 'complete');
  await seedSessions(a, [template], 299, { index: 0, word: 'zirconium' });
  await a.reload();
  await setUpSync(a, PASSPHRASE);
  const status = a.locator('.sync-settings .sync-status');
  await a.locator('.sync-settings').getByRole('button', { name: 'Sync now' }).click();
  await expect(status).toHaveText(/^Synced: 300 uploaded/, { timeout: 300_000 });
  // Everything in the bucket: these 300 and what the tests before this one left there.
  const total = Object.keys(await storedSessions(a)).length;
  expect(total).toBeGreaterThanOrEqual(300);
  const progress = new RegExp(`^Syncing… \\d+ of ${total}$`);

  // The second device: the sidebar and Settings say how far it is.
  const b = await device(browser);
  await setUpSync(b, PASSPHRASE);
  const line = b.locator('#session-sidebar .sync-line');
  await b.locator('.sync-settings').getByRole('button', { name: 'Sync now' }).click();
  await expect(line).toHaveText(progress);
  await expect(b.locator('.sync-settings .sync-status')).toHaveText(progress);
  // Left mid-way, once a batch is stored: what was stored stays.
  await expect.poll(() => storedCount(b), { timeout: 300_000, intervals: [50] }).toBeGreaterThanOrEqual(100);
  await b.reload();
  const kept = await storedCount(b);
  expect(kept).toBeGreaterThanOrEqual(100);
  expect(kept).toBeLessThan(total);
  // Stored a hundred per transaction: a batch is all there or not at all.
  expect(kept % 100).toBe(0);
  // The next sync (the secrets typed again: this tab held them) fetches only the rest, and takes
  // none of the kept ones for new here.
  await setUpSync(b, PASSPHRASE);
  expect(await syncNow(b)).toContain(`0 uploaded, ${total - kept} downloaded`);
  expect(Object.keys(await storedSessions(b)).length).toBe(total);
  expect(await syncNow(b)).toContain('0 uploaded, 0 downloaded, 0 merged');
});

test('settings sync without keys: a provider, a price and a limit changed on two devices all reach both', async ({ browser }) => {
  test.setTimeout(300_000);
  const KEY = 'sk-provider-key-canary-Qw8Zt2';
  const a = await device(browser);
  await addCompatibleProvider(a, 'Home server', 'http://127.0.0.1:9/v1', 'home-model', KEY);
  await setUpSync(a, PASSPHRASE);
  expect(await syncNow(a)).toMatch(/^Synced: 0 uploaded/);
  const b = await device(browser);
  await setUpSync(b, PASSPHRASE);
  expect(await syncNow(b)).toContain('Settings updated from the bucket.');
  await expect(b.getByRole('article', { name: 'Home server' })).toBeVisible();
  await expect(b.getByRole('article', { name: 'Home server' }).getByLabel('Base URL')).toHaveValue('http://127.0.0.1:9/v1');

  // A price typed on one device and a limit changed on the other, between two syncs: both survive.
  await showAdvancedSettings(a);
  await a.getByLabel('Model', { exact: true }).fill('home-model');
  await a.getByLabel('Input $/M').fill('1.25');
  await a.getByLabel('Output $/M').fill('2.5');
  await a.getByRole('button', { name: 'Set price' }).click();
  await expect(a.getByText('Price for home-model saved.')).toBeVisible();
  await showAdvancedSettings(b);
  await b.getByLabel('Max tokens per reply').fill('2048');
  await b.getByLabel('Max tokens per reply').blur();
  await expect.poll(async () => (await storedSettings(b)).max_tokens).toBe(2048);
  for (const page of [a, b]) await showBasicSettings(page);
  // Each device also syncs by itself 10 s after a change of its settings, so a Sync now may find
  // the other's change already taken: what counts is what each device holds after both synced.
  expect(await syncNow(a)).toMatch(/^Synced/);
  expect(await syncNow(b)).toMatch(/^Synced/);
  expect(await syncNow(a)).toMatch(/^Synced/);
  for (const page of [a, b]) {
    const settings = await storedSettings(page);
    expect(settings.max_tokens).toBe(2048);
    expect(JSON.stringify(settings.prices)).toContain('home-model');
  }
  // The page shows what arrived without a reload.
  await showAdvancedSettings(a);
  await expect(a.getByLabel('Max tokens per reply')).toHaveValue('2048');

  // A setting changed and left alone goes by itself, as a saved session does (no Sync now on A).
  await a.getByLabel('Max tokens per reply').fill('3072');
  await a.getByLabel('Max tokens per reply').blur();
  await expect.poll(async () => (await storedSettings(a)).max_tokens).toBe(3072);
  await expect.poll(async () => {
    await syncNow(b);
    return (await storedSettings(b)).max_tokens;
  }, { timeout: 90_000, intervals: [3_000] }).toBe(3072);

  // The key stayed on the device that has it: no object holds it.
  for (const [name, bytes] of await bucketObjects()) {
    expect(bytes.toString('latin1'), name).not.toContain(KEY);
  }
});

/** How many session records the page's IndexedDB holds (a count, cheap enough to poll). */
async function storedCount(page: Page): Promise<number> {
  return page.evaluate(() => new Promise<number>((resolve, reject) => {
    const open = indexedDB.open('consilium');
    open.onsuccess = () => {
      const request = open.result.transaction('sessions').objectStore('sessions').count();
      request.onsuccess = () => { open.result.close(); resolve(request.result); };
      request.onerror = () => reject(request.error);
    };
    open.onerror = () => reject(open.error);
  }));
}

async function storedSettings(page: Page): Promise<any> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('consilium.settings') ?? '{}'));
}

test('the server in front checks signatures: a tampered or unsigned request is refused as S3 refuses it', async () => {
  const unsigned = await fetch(`${S3_ENDPOINT}/${BUCKET}/consilium-sync/keys.json`);
  expect(unsigned.status).toBe(403);
  const forged = `${S3_ENDPOINT}/${BUCKET}/consilium-sync/keys.json?X-Amz-Algorithm=AWS4-HMAC-SHA256` +
    `&X-Amz-Credential=${KEY_ID}%2F20260101%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=${amzNow()}` +
    `&X-Amz-Expires=300&X-Amz-SignedHeaders=host&X-Amz-Signature=${'0'.repeat(64)}`;
  const refused = await fetch(forged);
  expect(refused.status).toBe(403);
  expect(await refused.text()).toContain('<Code>SignatureDoesNotMatch</Code>');
});

function amzNow(): string {
  return new Date().toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
}

/** Check, and the sentence it ends with. */
async function check(page: Page): Promise<string> {
  const sync = page.locator('.sync-settings');
  await sync.getByRole('button', { name: 'Check' }).click();
  const said = sync.locator('.sync-check');
  await expect(said).toHaveText(/^(The bucket works|Check failed)/, { timeout: 60_000 });
  return (await said.textContent()) ?? '';
}

test('Check: a working bucket says so; a wrong secret is named with its fix', async ({ browser }) => {
  test.setTimeout(120_000);
  const a = await device(browser);
  await setUpSync(a, PASSPHRASE);
  expect(await check(a)).toContain('a probe written, read back and deleted');
  const wrong = await device(browser);
  await setUpSync(wrong, PASSPHRASE, 'not-the-secret');
  expect(await check(wrong)).toContain('The bucket refused the credentials: check the access key id and its secret.');
  expect(await syncNow(wrong)).toContain('Sync failed: The bucket refused the credentials');
  // The probe is gone again.
  expect([...(await bucketObjects()).keys()]).not.toContain('consilium-sync/probe');
});

test('a wrong passphrase on another device is refused and nothing is written', async ({ browser }) => {
  test.setTimeout(120_000);
  const a = await device(browser);
  await setUpSync(a, PASSPHRASE);
  expect(await syncNow(a)).toMatch(/^Synced/);
  const before = await bucketObjects();
  const c = await device(browser);
  await setUpSync(c, 'not the passphrase the others use');
  expect(await syncNow(c)).toContain('This bucket was set up with another sync passphrase');
  const after = await bucketObjects();
  expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
  for (const [key, bytes] of after) expect(bytes.equals(before.get(key)!), key).toBe(true);
});
