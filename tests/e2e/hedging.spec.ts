// A hedged call in the browser: panelist 1's model is slow (10x the server's latency, silent until its
// reply, as a queued request), its backup answers after the 1 s deadline without text. The call card says so, the record names the substitute and keeps the
// aborted call's cost on record, and the slow request is really aborted (the server sees it closed).
import { ChildProcess, spawn } from 'child_process';
import * as path from 'path';
import { expect, test } from './guard';
import { openSessionId, storedSessionIn } from './stored';
import { addCompatibleProvider, askTheCouncil, openCouncil, showAdvancedSettings } from './helpers';

const PORT = Number(process.env.E2E_PORT_BASE ?? 18000) + 90;
const URL = `http://127.0.0.1:${PORT}`;
let server: ChildProcess;

test.beforeAll(async () => {
  server = spawn('node', [path.join(__dirname, '..', 'bench', 'fixed-latency-server.mjs'), '--port', String(PORT), '--latency', '300'], { stdio: 'ignore' });
  for (let i = 0; i < 50; i++) {
    try { if ((await fetch(`${URL}/health`)).ok) return; } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the latency server did not start');
});
test.afterAll(() => { server?.kill(); });

test('a slow seat is answered by its backup, on the card and in the record', async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await addCompatibleProvider(page, 'Lagging', `${URL}/v1`, 'slow-model', 'lag-key-000');
  await showAdvancedSettings(page);
  const deadline = page.getByLabel("Ask a seat's backup model when it has sent no text after (seconds)");
  await deadline.fill('1');
  await deadline.blur();
  const adaptive = page.getByLabel(/Adapt the backup deadline/);
  await adaptive.uncheck();
  await expect(adaptive).not.toBeChecked();

  await page.getByRole('button', { name: 'New session' }).click();
  await page.getByLabel('Question', { exact: true }).fill('Should we adopt the proposal?');
  await openCouncil(page);
  const firstSeat = page.getByRole('group', { name: 'Panelist 1' });
  await firstSeat.getByLabel('Backup (asked when this seat is slow)').selectOption({ label: 'Lagging' });
  // The backup's model has the seat model's picker: the provider's list to choose from (its hint
  // says how many), the chosen model's price below; typed key by key, the field keeps the focus.
  const backupPicker = firstSeat.locator('.model-picker', { has: page.getByLabel('Backup model') });
  await expect(backupPicker.locator('.model-hint')).toHaveText(/listed model|Type a model name/);
  await firstSeat.getByLabel('Backup model').fill('');
  await firstSeat.getByLabel('Backup model').pressSequentially('fixed-latency');
  await expect(firstSeat.getByLabel('Backup model')).toHaveValue('fixed-latency');
  await expect(backupPicker.locator('.model-price')).toHaveText(/^fixed-latency: /);
  await askTheCouncil(page);

  const card = page.locator('.call-card[data-call-id="r1-panelist-1"]');
  await expect(card.locator('.substituted')).toHaveText('answered by backup Lagging · fixed-latency after 1.0 s');
  await expect(page.locator('.verdict .recommendation')).toBeVisible({ timeout: 90_000 });

  const session = await storedSessionIn(page, openSessionId(page), 'complete');
  expect(session.calls.some((c: any) => c.call_id === 'r1-panelist-1-attempt-own'), 'the session record holds the aborted call').toBe(true);
  const won = session.calls.find((c: any) => c.call_id === 'r1-panelist-1');
  expect(won.status).toBe('ok');
  expect(won.substituted).toEqual({ backup: 'Lagging · fixed-latency', after_ms: 1000 });
  expect(won.model).toBe('fixed-latency');
  const lost = session.calls.find((c: any) => c.call_id === 'r1-panelist-1-attempt-own');
  expect(lost.status).toBe('cancelled');
  expect(lost.model).toBe('slow-model');
  // Seats without a backup are never hedged.
  expect(session.calls.filter((c: any) => c.substituted).map((c: any) => c.participant_id)).toEqual(
    expect.arrayContaining(['panelist-1']));
  expect(session.calls.every((c: any) => !c.substituted || c.participant_id === 'panelist-1')).toBe(true);
  const stats = await (await request.get(`${URL}/__bench/stats`)).json();
  expect(stats.aborted, 'the slow requests were aborted, not left running').toBeGreaterThanOrEqual(1);
});
