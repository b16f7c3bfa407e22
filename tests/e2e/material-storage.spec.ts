// Browser storage full with a large attachment, against aimock's reading council
// (fixtures/aimock/material.json): a browser profile kept on disk stores one consult with a small
// file; a second browser on the same profile starts with this origin's quota a little above what
// is stored (Chromium honours the override only for storage not yet opened in that browser), and
// asks with a 1.5 MB file. The session cannot be stored whole: the page says so, the run completes
// in memory and its JSON export carries the whole file; the session is stored with the passages
// the council cited, so after a reload it is in History and every quote checks as it did.
import * as crypto from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import { chromium, Page } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './chromium';
import { expect, test } from './guard';
import { QUESTION } from './aimock-council';
import { MOCK_URL } from './servers';
import { addCompatibleProvider, askTheCouncil, exportAs, openCouncil, watchConsole } from './helpers';
import { openSessionId, storedSessions } from './stored';

const FILES = path.join(__dirname, 'fixtures', 'material');
const READERS = [
  { seat: 'Panelist 1', model: 'reader-alpha' },
  { seat: 'Panelist 2', model: 'reader-beta' },
  { seat: 'Panelist 3', model: 'reader-gamma' },
  { seat: 'Judge', model: 'reader-judge' },
];
const chips = (page: Page) => page.getByRole('list', { name: 'Attached material' }).locator('.attach-chip:not(.reading)');

/** The new-consult form with the question and the reading council (its provider already added). */
async function readingCouncil(page: Page) {
  await page.getByRole('button', { name: 'New session' }).click();
  await page.getByLabel('Question', { exact: true }).fill(QUESTION);
  for (const { seat, model } of READERS) {
    await openCouncil(page);
    const editor = page.getByRole('group', { name: seat, exact: true });
    await editor.getByLabel('Model').fill(model);
    if (seat !== 'Judge') await editor.getByLabel('Persona').selectOption('');
  }
}

async function askWith(page: Page, file: string) {
  await readingCouncil(page);
  await page.locator('.attach input[type=file]').setInputFiles([file]);
  await expect(chips(page)).toHaveCount(1, { timeout: 60_000 });
  await askTheCouncil(page);
}

const usage = (page: Page) => page.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0);

test('a large attachment that does not fit: said, kept with its cited passages, the run and its export whole', async ({ baseURL }, testInfo) => {
  test.setTimeout(300_000);
  // billing.txt (the passages the council cites) and 1.5 MB more of the report after it.
  const billing = fs.readFileSync(path.join(FILES, 'billing.txt'), 'utf8');
  // Ledger entries as random hex, which the browser's storage cannot compress away.
  const filler = Array.from({ length: 20_000 }, (_, n) => `Appendix line ${n + 1}: ${crypto.randomBytes(32).toString('hex')}`).join('\n');
  const big = testInfo.outputPath('billing-report.txt');
  fs.writeFileSync(big, `${billing}${filler}\n`);
  expect(fs.statSync(big).size).toBeGreaterThan(1_500_000);

  const profile = testInfo.outputPath('profile');
  const first = await chromium.launchPersistentContext(profile, { ...CHROMIUM_LAUNCH, baseURL });
  const page1 = await first.newPage();
  await page1.goto('/');
  await addCompatibleProvider(page1, 'aimock council', `${MOCK_URL}/v1`, READERS[0].model);
  await askWith(page1, path.join(FILES, 'billing.txt'));
  await expect(page1.locator('.session-meta .badge')).toHaveText('complete', { timeout: 90_000 });
  const before = await storedSessions(page1);
  expect(Object.keys(before)).toHaveLength(1);
  const used = await usage(page1);
  await first.close();

  const second = await chromium.launchPersistentContext(profile, { ...CHROMIUM_LAUNCH, baseURL, acceptDownloads: true });
  const page = await second.newPage();
  const errors = watchConsole(page);
  const cdp = await second.newCDPSession(page);
  // Room for a session with the cited passages, not for one with the whole 1.5 MB.
  await cdp.send('Storage.overrideQuotaForOrigin', { origin: new URL(baseURL!).origin, quotaSize: used + 700_000 });
  await page.goto('/');
  await askWith(page, big);
  const said = page.getByText(/^Browser storage is full, so this session was saved with only the passages the council cited from billing-report\.txt \([\d.]+ MB left out\)\. Nothing was deleted, and the whole material is still open here: export the session as JSON to keep it\.$/);
  await expect(said).toBeVisible({ timeout: 60_000 });
  await expect(page.locator('.session-meta .badge')).toHaveText('complete', { timeout: 120_000 });
  const id = openSessionId(page);
  const read = page.getByRole('region', { name: 'What the council read' });
  await expect(read).toContainText('4 quotes checked: 3 found, 1 not found in the material');
  await expect(said).toBeVisible();

  // The export is of the whole run: the whole file's text.
  const file = await exportAs(page, 'JSON (full record)');
  const exported = JSON.parse(fs.readFileSync((await file.path())!, 'utf8'));
  expect(exported.state).toBe('complete');
  expect(exported.body.config.material[0].text).toContain('Appendix line 20000:');

  // Stored: the earlier session untouched, this one with its cited passages only.
  const stored = await storedSessions(page);
  expect(stored[Object.keys(before)[0]]).toEqual(before[Object.keys(before)[0]]);
  const kept = stored[id];
  expect(kept.state).toBe('complete');
  expect(kept.body.config.material[0].cited_only).toBe(true);
  expect(kept.body.config.material[0].text).toContain('The invoicing module has the cleanest boundary in the billing monolith');
  expect(kept.body.config.material[0].text).not.toContain('Appendix line 20000:');

  // After a reload the session is there, its quotes checked as they were, the source saying why
  // only its cited passages are kept; History lists both sessions.
  await page.reload();
  await expect(page.locator('.session-meta .badge')).toHaveText('complete', { timeout: 30_000 });
  await expect(read).toContainText('4 quotes checked: 3 found, 1 not found in the material');
  await expect(read.locator('.source-kept')).toHaveText('Only the passages cited were stored with this session: the browser\'s storage was full when it was saved.');
  const found = page.locator('[data-decision] .checked-quote[data-mark="found"]');
  await expect(found.locator('.quote-mark')).toContainText('found on line 5');
  await found.locator('.quote-passage > summary').click();
  await expect(found.locator('.passage mark')).toHaveText('The invoicing module has the cleanest boundary in the billing monolith');
  // A follow-up can read the file whole again: attached once more, it takes the id its
  // citations name.
  const composer = page.locator('section.composer');
  await expect(composer.locator('.thread-material')).toHaveText('Already attached in this thread: S1 billing-report.txt (its cited passages only: attach it again to read it whole).');
  await composer.locator('.attach input[type=file]').setInputFiles([big]);
  const turnChips = composer.getByRole('list', { name: 'Attached material' }).locator('.attach-chip:not(.reading)');
  await expect(turnChips).toHaveCount(1, { timeout: 60_000 });
  await expect(turnChips.first()).toContainText('S1 · billing-report.txt · text');
  await expect(composer.locator('.attach-refused')).toHaveCount(0);
  const shots = process.env.MATERIAL_SHOTS;
  if (shots) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const width of [390, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        await read.screenshot({ path: path.join(shots, `material-kept-${width}-${scheme}.png`) });
      }
    }
  }
  await page.getByRole('button', { name: 'History' }).click();
  await expect(page.locator('.session-item')).toHaveCount(2);
  expect(errors).toEqual([]);
  await second.close();
});
