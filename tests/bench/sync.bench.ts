// Sync at 1,000 sessions against the loopback S3 server (moto behind the SigV4-checking front,
// tests/e2e/s3-server.ts): the first sync of a device holding 1,000 sessions (time, requests, bytes
// up and down), an incremental sync of one new session, and a second device's first sync, which
// downloads all 1,000. Requests and bytes are what the front passed on to moto (its journal).
import * as fs from 'fs';
import { expect, Page, test } from '@playwright/test';
import { runThreeDemos, seedSessions, skipToTheDecision } from '../e2e/demos';
import { BUCKET, KEY_ID, S3_ENDPOINT, SECRET, s3Journal, useS3Server } from '../e2e/s3-server';

useS3Server();

const PASSPHRASE = 'bench passphrase';

async function setUpSync(page: Page) {
  await page.goto('/#/settings');
  const sync = page.locator('.sync-settings');
  await sync.getByLabel('Endpoint').fill(S3_ENDPOINT);
  await sync.getByLabel('Region').fill('us-east-1');
  await sync.getByLabel('Bucket').fill(BUCKET);
  await sync.getByLabel('Access key id').fill(KEY_ID);
  await sync.getByLabel('Secret access key').fill(SECRET);
  await sync.getByLabel('Sync passphrase').fill(PASSPHRASE);
  await sync.getByLabel('Sync passphrase').blur();
  await expect(sync.getByLabel('Sync passphrase')).toHaveAttribute('placeholder', 'set (type to replace)');
}

type Measured = { ms: number; requests: number; bytes_up: number; bytes_down: number; status: string };

/** Sync now in Settings -> Sync, timed from the click to its status, with what went over the wire. */
async function measuredSync(page: Page, expected: RegExp): Promise<Measured> {
  const sync = page.locator('.sync-settings');
  const before = (await s3Journal()).length;
  const started = Date.now();
  await sync.getByRole('button', { name: 'Sync now' }).click();
  await expect(sync.locator('.sync-status')).toHaveText(/^(Synced|Sync failed)/, { timeout: 20 * 60_000 });
  const ms = Date.now() - started;
  const status = (await sync.locator('.sync-status').textContent()) ?? '';
  expect(status).toMatch(expected);
  const requests = (await s3Journal()).slice(before);
  return {
    ms,
    requests: requests.length,
    bytes_up: requests.reduce((sum, r) => sum + r.bytesIn, 0),
    bytes_down: requests.reduce((sum, r) => sum + r.bytesOut, 0),
    status,
  };
}

test('sync: the first sync of 1,000 sessions, one new session, a second device', async ({ browser }) => {
  test.setTimeout(40 * 60_000);
  const a = await (await browser.newContext()).newPage();
  await a.goto('/');
  const templates = await runThreeDemos(a);
  await seedSessions(a, templates, 997, { index: 3, word: 'zirconium' });
  await a.reload();
  await setUpSync(a);
  const first = await measuredSync(a, /^Synced: 1,?000 uploaded/);

  await a.goto('/#/');
  await a.getByRole('button', { name: 'New session' }).click();
  await a.getByRole('button', { name: 'Consult: a question' }).click();
  await a.getByRole('button', { name: 'Run the demo council' }).click();
  await skipToTheDecision(a);
  await expect(a.locator('.session-meta .badge').first()).toHaveText('complete', { timeout: 90_000 });
  await a.goto('/#/settings');
  const incremental = await measuredSync(a, /^Synced: 1 uploaded, 0 downloaded/);

  const b = await (await browser.newContext()).newPage();
  await b.goto('/');
  await setUpSync(b);
  const second = await measuredSync(b, /^Synced: 0 uploaded, 1,?001 downloaded/);

  const result = {
    measured_at: new Date().toISOString(),
    sessions: 1000,
    first,
    incremental,
    second_device: second,
  };
  console.log(JSON.stringify(result, null, 2));
  if (process.env.BENCH_OUT) fs.writeFileSync(process.env.BENCH_OUT, JSON.stringify(result, null, 2));
});
