// The session library: IndexedDB at scale (1,000 sessions listed, filtered and searched), two tabs
// kept consistent, a full quota that loses nothing, delete many.
import { Page } from '@playwright/test';
import * as fs from 'fs';
import { chromium } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './chromium';
import { expect, test } from './guard';
import { runThreeDemos, seedSessions } from './demos';
import { openSessionId, storedSessions, storedSummaries } from './stored';
import { exportAs } from './helpers';

const items = (page: Page) => page.locator('.session-item');
const count = (page: Page) => page.locator('.history-actions [role=status]');

test('1,000 sessions: listed, filtered, and a word from one verdict finds that one session', async ({ page }) => {
  test.setTimeout(240_000);
  await page.goto('/');
  const templates = await runThreeDemos(page);
  // Clone the consult only where the verdict word goes; the rest cycle through all three.
  await seedSessions(page, templates, 1_000, { index: 300, word: 'quetzalcoatlite' });
  expect(300 % 3).toBe(0); // session 300 is a consult (templates[0])
  await page.reload();
  await page.getByRole('button', { name: 'History' }).click();
  await expect(count(page)).toHaveText('1,003 sessions', { timeout: 60_000 });
  // The list shows a page at a time, newest first.
  await expect(items(page)).toHaveCount(100);
  await expect(page.getByRole('button', { name: /Show more \(903 not shown\)/ })).toBeVisible();

  // Content search: the word is in exactly one verdict, and is marked in its snippet.
  const search = page.getByRole('searchbox', { name: 'Search', exact: true });
  await search.fill('QUETZALCOATLITE');
  await expect(count(page)).toHaveText('1 of 1,003 sessions match');
  await expect(items(page)).toHaveCount(1);
  await expect(items(page).first()).toContainText('Seeded session 300:');
  await expect(items(page).first().locator('mark')).toHaveText('quetzalcoatlite');
  // State names are filters, not content: "complete" does not match every finished session.
  await search.fill('aborted');
  await expect(items(page)).toHaveCount(0);
  // Every word must appear: a question word plus the verdict word still finds the one session.
  const firstWord = templates[0].subject.split(/\s+/)[0];
  await search.fill(`${firstWord} quetzalcoatlite`);
  await expect(items(page)).toHaveCount(1);
  await search.fill('');
  await expect(count(page)).toHaveText('1,003 sessions');

  // Filters: protocol, date, state; sort.
  await page.getByLabel('Protocol').selectOption('review');
  await expect(count(page)).toHaveText('334 of 1,003 sessions match');
  await page.getByLabel('Protocol').selectOption('');
  await page.getByLabel('Date').selectOption('week');
  // The three demos (today) and seeds 0..6 (0..6 days and a minute ago).
  await expect(count(page)).toHaveText('10 of 1,003 sessions match');
  await page.getByLabel('State').selectOption('stopped');
  await expect(count(page)).toHaveText('0 of 1,003 sessions match');
  await page.getByLabel('State').selectOption('');
  await page.getByLabel('Sort').selectOption('oldest');
  await expect(items(page).first()).toContainText('Seeded session 6:');
  await page.getByLabel('Date').selectOption('');
  await expect(items(page).first()).toContainText('Seeded session 999:');

  // Open the found session from the search, as a newcomer would.
  await search.fill('quetzalcoatlite');
  await items(page).first().locator('button.link').click();
  await expect(page.locator('.verdict .recommendation')).toContainText('quetzalcoatlite');
  expect(openSessionId(page)).toBe('seed-0300');
});

test('delete many at once: the selected go, the others stay', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/');
  const templates = await runThreeDemos(page);
  await seedSessions(page, templates, 12, { index: 0, word: 'zirconium' });
  await page.reload();
  await page.getByRole('button', { name: 'History' }).click();
  await expect(count(page)).toHaveText('15 sessions');
  await page.getByRole('searchbox', { name: 'Search', exact: true }).fill('Seeded');
  await expect(items(page)).toHaveCount(12);
  await page.getByRole('button', { name: 'Select all shown' }).click();
  await page.getByRole('checkbox', { name: /^Select Seeded session 3:/ }).uncheck();
  page.once('dialog', (dialog) => dialog.accept());
  await page.getByRole('button', { name: 'Delete selected (11)' }).click();
  await expect(page.getByText('Deleted 11 sessions.')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search', exact: true }).fill('');
  await expect(count(page)).toHaveText('4 sessions');
  const stored = Object.keys(await storedSessions(page)).filter((id) => id.startsWith('seed-'));
  expect(stored).toEqual(['seed-0003']);
  await page.reload();
  await expect(count(page)).toHaveText('4 sessions');
});

test('two tabs: a finished run appears in both, a deletion in one is seen in the other, nothing resurrects', async ({ context }) => {
  test.setTimeout(120_000);
  const runner = await context.newPage();
  const viewer = await context.newPage();
  await runner.goto('/');
  await viewer.goto('/#/history');
  await expect(viewer.getByText('No sessions yet.')).toBeVisible();

  // A run in one tab shows up in the other's History as it goes, and ends there complete.
  await runner.getByRole('button', { name: 'Run the demo council' }).click();
  await expect(items(viewer)).toHaveCount(1, { timeout: 10_000 });
  await expect(runner.locator('.session-meta .badge').first()).toHaveText('complete', { timeout: 90_000 });
  await expect(items(viewer).first()).toContainText('complete');
  const finishedId = openSessionId(runner);

  // A second run; while it runs, the other tab deletes it: the run stops and is not written back.
  await runner.getByRole('button', { name: 'New session' }).click();
  await runner.getByRole('button', { name: 'Run the demo council' }).click();
  await expect(items(viewer)).toHaveCount(2, { timeout: 10_000 });
  const runningId = openSessionId(runner);
  viewer.once('dialog', (dialog) => dialog.accept());
  await viewer.getByRole('checkbox', { name: /^Select / }).first().check();
  await viewer.getByRole('button', { name: 'Delete selected (1)' }).click();
  await expect(items(viewer)).toHaveCount(1);
  await expect(runner.getByText(/This session was deleted (in another tab, so its run was stopped|\(here or in another tab\), so it was not saved again)/)).toBeVisible();
  await expect(runner.locator('.session-meta .badge').first()).toHaveText('cancelled', { timeout: 10_000 });
  // Still shown where it was open, and said to be deleted; never stored again.
  await expect(runner.getByText('This session was deleted from this browser\'s history')).toBeVisible();
  await runner.waitForTimeout(500);
  const stored = await storedSummaries(viewer);
  expect(Object.keys(stored)).toEqual([finishedId]);
  expect(runningId).not.toBe(finishedId);
  await viewer.reload();
  await expect(items(viewer)).toHaveCount(1);

  // A deletion in the runner's tab is seen in the viewer's open session page.
  await viewer.goto(`/#/session/${finishedId}`);
  await expect(viewer.locator('.verdict .recommendation')).not.toBeEmpty();
  await runner.getByRole('button', { name: 'History' }).click();
  await expect(items(runner)).toHaveCount(1);
  runner.once('dialog', (dialog) => dialog.accept());
  await runner.getByRole('button', { name: 'Select all shown' }).click();
  await runner.getByRole('button', { name: 'Delete selected (1)' }).click();
  await expect(viewer.getByText('This session was deleted from this browser\'s history')).toBeVisible();
  expect(Object.keys(await storedSessions(viewer))).toEqual([]);
});

test('a search stays current while another tab runs: the session matches once its verdict is saved, and goes when deleted', async ({ context }) => {
  test.setTimeout(120_000);
  const runner = await context.newPage();
  const viewer = await context.newPage();
  await runner.goto('/');
  await runner.getByRole('button', { name: 'Run the demo council' }).click();
  await expect(runner.locator('.session-meta .badge').first()).toHaveText('complete', { timeout: 90_000 });
  await viewer.goto('/#/history');
  await expect(items(viewer)).toHaveCount(1);
  // Only the demo's verdict says "six-week": the first session matches; the texts are read now.
  const search = viewer.getByRole('searchbox', { name: 'Search', exact: true });
  await search.fill('"six-week pilot"');
  await expect(items(viewer)).toHaveCount(1);

  // A second run in the other tab: listed at once, matching only once its verdict is saved.
  await runner.getByRole('button', { name: 'New session' }).click();
  await runner.getByRole('button', { name: 'Run the demo council' }).click();
  await expect(count(viewer)).toHaveText('1 of 2 sessions match', { timeout: 10_000 });
  await expect(runner.locator('.session-meta .badge').first()).toHaveText('complete', { timeout: 90_000 });
  await expect(count(viewer)).toHaveText('2 sessions');
  await expect(items(viewer)).toHaveCount(2);
  await expect(viewer.locator('.session-item mark').first()).toHaveText(/six-week pilot/i);

  // Deleted in the runner's tab: gone from the viewer's results.
  await runner.getByRole('button', { name: 'History' }).click();
  runner.once('dialog', (dialog) => dialog.accept());
  await runner.getByRole('checkbox', { name: /^Select / }).first().check();
  await runner.getByRole('button', { name: 'Delete selected (1)' }).click();
  await expect(items(viewer)).toHaveCount(1);
  await expect(count(viewer)).toHaveText('1 session');
});

test('a full quota: the run goes on, says it was not saved, offers export, and loses nothing else', async ({ baseURL }, testInfo) => {
  test.setTimeout(180_000);
  // A browser profile kept on disk: one session is stored in a first browser, then a second browser
  // on the same profile starts with this origin's quota shrunk to almost nothing (Chromium honours
  // the override only for storage not yet opened in that browser).
  const profile = testInfo.outputPath('profile');
  const first = await chromium.launchPersistentContext(profile, { ...CHROMIUM_LAUNCH, baseURL, acceptDownloads: true });
  const page1 = await first.newPage();
  await page1.goto('/');
  await page1.getByRole('button', { name: 'Run the demo council' }).click();
  await expect(page1.locator('.session-meta .badge').first()).toHaveText('complete', { timeout: 90_000 });
  const firstId = openSessionId(page1);
  await expect.poll(async () => (await storedSummaries(page1))[firstId]?.state).toBe('complete');
  const before = await storedSessions(page1);
  await first.close();

  const second = await chromium.launchPersistentContext(profile, { ...CHROMIUM_LAUNCH, baseURL, acceptDownloads: true });
  const page = await second.newPage();
  const cdp = await second.newCDPSession(page);
  await cdp.send('Storage.overrideQuotaForOrigin', { origin: new URL(baseURL!).origin, quotaSize: 1_000 });
  await page.goto('/#/new');
  await page.getByRole('button', { name: 'Run the demo council' }).click();
  await expect(page.getByText('Browser storage is full, so this was not saved.')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.session-meta .badge').first()).toHaveText('complete', { timeout: 90_000 });
  // Still on screen, with the verdict, and exportable.
  await expect(page.locator('.verdict .recommendation')).not.toBeEmpty();
  await expect(page.getByText('Browser storage is full, so this was not saved.')).toBeVisible();
  const file = await exportAs(page, 'JSON (full record)');
  expect(JSON.parse(fs.readFileSync((await file.path())!, 'utf8')).state).toBe('complete');
  // Nothing else was evicted or overwritten.
  expect(await storedSessions(page)).toEqual(before);
  await page.getByRole('button', { name: 'History' }).click();
  await expect(items(page)).toHaveCount(1);
  await second.close();
});

test('export all, then import all: the same sessions come back; a second import skips identical sessions and keeps changed ones; a broken file loses nothing', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  await page.goto('/');
  await runThreeDemos(page);
  const original = await storedSessions(page);
  await page.getByRole('button', { name: 'History' }).click();
  await expect(count(page)).toHaveText('3 sessions');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export all' }).click();
  const exported = await download;
  expect(exported.suggestedFilename()).toMatch(/^consilium-sessions-\d{4}-\d{2}-\d{2}\.json$/);
  const file = testInfo.outputPath('all.json');
  await exported.saveAs(file);
  expect(JSON.parse(fs.readFileSync(file, 'utf8')).sessions).toHaveLength(3);

  // Everything deleted, then brought back from the file: identical records.
  page.once('dialog', (dialog) => dialog.accept());
  await page.getByRole('button', { name: 'Select all shown' }).click();
  await page.getByRole('button', { name: 'Delete selected (3)' }).click();
  await expect(page.getByText('No sessions yet.')).toBeVisible();
  await page.getByLabel('Import sessions').setInputFiles(file);
  await expect(page.getByText('Imported 3 of 3 sessions from all.json.')).toBeVisible();
  await expect(count(page)).toHaveText('3 sessions');
  expect(await storedSessions(page)).toEqual(original);

  // The same file again: identical records are skipped, and the message says so.
  await page.getByLabel('Import sessions').setInputFiles(file);
  await expect(page.getByText('Nothing new in all.json: its 3 sessions are already in History, identical.')).toBeVisible();
  await expect(count(page)).toHaveText('3 sessions');
  expect(await storedSessions(page)).toEqual(original);

  // A file where one session changed since: it comes in under a new id, nothing is overwritten.
  const edited = testInfo.outputPath('edited.json');
  const exportedAll = JSON.parse(fs.readFileSync(file, 'utf8'));
  exportedAll.sessions[0].title = 'Edited after the export';
  fs.writeFileSync(edited, JSON.stringify(exportedAll));
  await page.getByLabel('Import sessions').setInputFiles(edited);
  await expect(page.getByText(/Imported 1 of 3 sessions from edited\.json\. 2 were already in History, identical, and were skipped\. 1 had an id already in History and came in under a new one/)).toBeVisible();
  await expect(count(page)).toHaveText('4 sessions');
  const afterSecond = await storedSessions(page);
  for (const [id, record] of Object.entries(original)) expect(afterSecond[id]).toEqual(record);

  // A file cut short: a message naming the problem, and nothing changes.
  const cut = testInfo.outputPath('cut.json');
  const text = fs.readFileSync(file, 'utf8');
  fs.writeFileSync(cut, text.slice(0, text.length / 2));
  await page.getByLabel('Import sessions').setInputFiles(cut);
  await expect(page.getByText('Nothing was imported from cut.json: This file is cut short')).toBeVisible();
  await expect(count(page)).toHaveText('4 sessions');
  expect(await storedSessions(page)).toEqual(afterSecond);
});

test('an empty History offers the demos, and a missing session is not a dead end', async ({ page }) => {
  await page.goto('/#/history');
  await expect(page.getByText('No sessions yet.')).toBeVisible();
  // The transfer controls and the storage line come after the list, not before it.
  const listTop = await page.locator('.session-list').evaluate((el) => el.getBoundingClientRect().top);
  const importTop = await page.getByText('Import sessions').evaluate((el) => el.getBoundingClientRect().top);
  expect(importTop).toBeGreaterThan(listTop);
  await page.getByRole('button', { name: 'Review demo' }).click();
  await expect(page).toHaveURL(/#\/session\//);
  await page.getByRole('button', { name: 'History' }).click();
  await expect(items(page)).toHaveCount(1);

  await page.goto('/#/session/no-such-session');
  await expect(page.getByText("This session is not in this browser's storage.")).toBeVisible();
  await page.getByRole('button', { name: 'Open History' }).click();
  await expect(page).toHaveURL(/#\/history/);
  await expect(items(page)).toHaveCount(1);
  await page.goto('/#/session/no-such-session');
  await page.getByRole('button', { name: 'Start a new session' }).click();
  await expect(page).not.toHaveURL(/#\/session\//);
});
