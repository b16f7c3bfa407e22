// History at 1,000 sessions: bytes per stored session, the time to show the list, the time to
// answer a search, and the time to import them all from one export-all file (first search, which reads the search texts, and later ones), in the page, from
// the click or keystroke to the DOM showing the result.
import { expect, Page, test } from '@playwright/test';
import * as fs from 'fs';
import { runThreeDemos, seedSessions } from '../e2e/demos';

const SESSIONS = 1_000;
const REPEATS = Number(process.env.BENCH_RUNS ?? 5);

const n = (count: number) => count.toLocaleString('en-US');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** ms from `act` to `done()` being true in the page (checked on every DOM change). */
async function timeUntil(page: Page, done: string, act: () => Promise<void>): Promise<number> {
  await page.evaluate((done) => {
    const check = new Function(`return (${done})`) as () => boolean;
    (window as any).__doneAt = 0;
    (window as any).__startAt = performance.now();
    new MutationObserver((_, observer) => {
      if (check()) { (window as any).__doneAt = performance.now(); observer.disconnect(); }
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  }, done);
  await act();
  await expect.poll(() => page.evaluate(() => (window as any).__doneAt), { timeout: 60_000 }).toBeGreaterThan(0);
  return Math.round(await page.evaluate(() => (window as any).__doneAt - (window as any).__startAt));
}

const usage = (page: Page) => page.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0);

test('history at 1,000 sessions', async ({ page }) => {
  await page.goto('/');
  const templates = await runThreeDemos(page);
  const recordBytes = templates.map((t) => JSON.stringify(t).length);
  const before = await usage(page);
  await seedSessions(page, templates, SESSIONS, { index: 300, word: 'quetzalcoatlite' });
  // The app builds the seeded records' summaries and search texts when it opens.
  const reindexStart = Date.now();
  await page.reload();
  await page.getByRole('button', { name: 'History' }).click();
  const countText = page.locator('.history-actions [role=status]');
  await expect(countText).toHaveText(`${n(SESSIONS + 3)} sessions`);
  const reindexMs = Date.now() - reindexStart;
  const after = await usage(page);

  const listMs: number[] = [];
  const listFirstMs: number[] = [];
  const firstSearchMs: number[] = [];
  const searchMs: number[] = [];
  const listDone = `document.querySelectorAll('.session-item').length === 100`;
  const oneHit = `document.querySelector('.history-actions [role=status]')?.textContent === '1 of ${n(SESSIONS + 3)} sessions match'`;
  const search = (word: string) => page.evaluate((word) => {
    const box = document.querySelector('.history input[type=search]') as HTMLInputElement;
    box.value = word;
    box.dispatchEvent(new Event('input', { bubbles: true }));
  }, word);
  for (let i = 0; i < REPEATS; i++) {
    // A fresh page: the database opens, the summaries are read and the first page of rows drawn.
    await page.goto('/#/new');
    await page.reload();
    await page.getByRole('button', { name: 'New session' }).waitFor();
    listFirstMs.push(await timeUntil(page, listDone, () => page.getByRole('button', { name: 'History' }).click()));
    firstSearchMs.push(await timeUntil(page, oneHit, () => search('quetzalcoatlite')));
    await search('');
    await expect(countText).toHaveText(`${n(SESSIONS + 3)} sessions`);
    searchMs.push(await timeUntil(page, oneHit, () => search('QUETZALCOATLITE')));
    // Back to New and to History again: the summaries are in memory.
    await page.getByRole('button', { name: 'New session' }).click();
    listMs.push(await timeUntil(page, listDone, () => page.getByRole('button', { name: 'History' }).click()));
  }

  // A session saved in another tab while a search is shown here: from the other tab's import to this
  // tab's results including it (the save, the announcement, and the search texts read again).
  const other = await page.context().newPage();
  await other.goto('/#/history');
  await expect(other.locator('.history-actions [role=status]')).toHaveText(`${n(SESSIONS + 3)} sessions`);
  await search('quetzalcoatlite');
  await expect(countText).toHaveText(`1 of ${n(SESSIONS + 3)} sessions match`);
  const refreshMs: number[] = [];
  for (let i = 0; i < REPEATS; i++) {
    const session = structuredClone(templates[0]);
    session.id = `bench-other-tab-${i}`;
    session.updated_at = new Date().toISOString();
    session.body.round4.recommendation += ' Use the quetzalcoatlite rollout.';
    const file = `test-results/bench-history-other-${i}.json`;
    fs.writeFileSync(file, JSON.stringify(session));
    const matching = `${i + 2} of ${n(SESSIONS + 4 + i)} sessions match`;
    await page.evaluate((matching) => {
      (window as any).__doneAt = 0;
      new MutationObserver((_, observer) => {
        if (document.querySelector('.history-actions [role=status]')?.textContent === matching) {
          (window as any).__doneAt = Date.now();
          observer.disconnect();
        }
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    }, matching);
    const started = Date.now();
    await other.getByLabel('Import sessions').setInputFiles(file);
    await expect.poll(() => page.evaluate(() => (window as any).__doneAt), { timeout: 60_000 }).toBeGreaterThan(0);
    refreshMs.push((await page.evaluate(() => (window as any).__doneAt)) - started);
  }
  // Everything exported in one file, then imported into a fresh browser profile: from choosing the
  // file to "Imported N of N sessions".
  await page.goto('/#/history');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export all' }).click(),
  ]);
  const exportFile = 'test-results/bench-history-export-all.json';
  await download.saveAs(exportFile);
  const exported = JSON.parse(fs.readFileSync(exportFile, 'utf8')).sessions.length;
  const importMs: number[] = [];
  for (let i = 0; i < Math.min(REPEATS, 3); i++) {
    const fresh = await page.context().browser()!.newContext();
    const importer = await fresh.newPage();
    await importer.goto('/#/history');
    await importer.getByRole('button', { name: 'Export all' }).waitFor();
    const started = Date.now();
    await importer.getByLabel('Import sessions').setInputFiles(exportFile);
    await expect(importer.getByText(`Imported ${exported.toLocaleString('en-US')} of ${exported.toLocaleString('en-US')} sessions`))
      .toBeVisible({ timeout: 600_000 });
    importMs.push(Date.now() - started);
    await fresh.close();
  }
  const result = {
    measured_at: new Date().toISOString(),
    export_bytes: fs.statSync(exportFile).size,
    exported_sessions: exported,
    import_ms: importMs,
    sessions: SESSIONS + 3,
    repeats: REPEATS,
    record_bytes: recordBytes,
    stored_bytes_per_session: Math.round((after - before) / SESSIONS),
    reindex_ms: reindexMs,
    list_first_ms: listFirstMs,
    list_ms: listMs,
    first_search_ms: firstSearchMs,
    search_ms: searchMs,
    other_tab_refresh_ms: refreshMs,
    medians: {
      list_first: median(listFirstMs), list: median(listMs),
      first_search: median(firstSearchMs), search: median(searchMs),
      other_tab_refresh: median(refreshMs),
      import: median(importMs),
    },
  };
  console.log(JSON.stringify(result, null, 2));
  fs.writeFileSync(process.env.BENCH_OUT ?? 'test-results/bench-history.json', JSON.stringify(result, null, 2));
});
