// A benchmark's storage in Chromium: its record keeps the configuration and summary,
// each question is stored apart (IndexedDB store `outcomes`), and the run still reads whole: a run
// reloaded mid-way resumes without a finished step asked again, and after another reload its
// results and exports show every question; a run stored whole by an earlier version opens and is
// stored split. Its consent shows the expected cost beside the bound; a smallest council of one is
// said in words, not offered to keep.
import * as fs from 'fs';
import * as path from 'path';
import { Page } from '@playwright/test';
import { expect, test } from './guard';
import { benchmarkForm, downloadedText } from './bench-form';
import { benchJournal, BenchEntry, BENCH_URL, useBenchServer } from './bench-server';
import { addCompatibleProvider, confirmConsent, exportAs, openCouncil, showAdvancedSettings, watchConsole } from './helpers';
import { overwriteStoredSession, storedQuestions, storedQuestionTexts, storedSession } from './stored';

useBenchServer();

const nonce = () => Math.random().toString(36).slice(2, 8);

const done = (page: Page) => page.locator('.bench-progress-counts strong');

/** Stores `fixture` (a benchmark's record) and opens it: its "which council to keep" section. */
async function openStoredRun(page: Page, fixture: any) {
  await page.getByRole('button', { name: 'History' }).click();
  await expect(page.locator('#history-title')).toBeVisible();
  await overwriteStoredSession(page, fixture);
  await page.goto(`/#/session/${encodeURIComponent(fixture.id)}`);
  const choice = page.locator('.bench-council-choice');
  await expect(choice).toBeVisible();
  return choice;
}

test('a run stored question by question resumes after a reload, then shows and exports every question', async ({ page, request }) => {
  test.setTimeout(8 * 60_000);
  const errors = watchConsole(page);
  const group = nonce();
  const count = 16;
  await benchmarkForm(page, { group, count, seed: 13 });
  await page.getByRole('button', { name: 'Run the benchmark' }).click();
  await confirmConsent(page);
  await expect(page.locator('.bench-progress')).toBeVisible();
  await expect(done(page)).toHaveText(/^([3-9]|1[0-2]) of 16 questions done$/, { timeout: 3 * 60_000 });
  await page.reload();
  await expect(done(page)).toHaveText(/^\d+ of 16 questions done$/);
  await page.getByRole('button', { name: /^Resume/ }).click();
  await expect(done(page)).toHaveText('16 of 16 questions done', { timeout: 5 * 60_000 });
  await expect(page.locator('.session-meta .badge').first()).toHaveText('complete');

  // No finished call asked again: every question took a full run's calls, but the one under way
  // at the reload, whose logged calls are read back: only replies not yet saved at the reload
  // are asked again: the requests in flight (4, one provider) and, on a busy machine, as many
  // replies again whose saves were still queued (benchmark.spec.ts says more).
  const delivered = (await benchJournal(request)).filter((e: BenchEntry) => e.model.endsWith(`-${group}`) && e.delivered);
  const perQuestion = new Map<string, number>();
  for (const entry of delivered) perQuestion.set(entry.question, (perQuestion.get(entry.question) ?? 0) + 1);
  expect(perQuestion.size).toBe(count);
  const counts = [...perQuestion.values()];
  const full = counts.sort((a, b) => counts.filter((c) => c === b).length - counts.filter((c) => c === a).length)[0];
  const over = [...perQuestion.entries()].filter(([, n]) => n !== full);
  expect(over.length, `calls per question: ${JSON.stringify([...perQuestion.entries()])}`).toBeLessThanOrEqual(1);
  for (const [, n] of over) expect(n - full, `calls asked twice: ${n - full}`).toBeLessThanOrEqual(2 * 4);

  // Stored split: the record has no results, each question its entry with its samples' calls.
  const id = decodeURIComponent(page.url().split('#/session/')[1] ?? '');
  await expect.poll(async () => (await storedSession(page, id))?.state).toBe('complete');
  const record = await storedSession(page, id);
  expect(record.body.results).toEqual([]);
  expect(record.body.results_apart).toBe(count);
  // The questions' text is in an entry of its own, not in the record rewritten after each question.
  expect(record.body.questions).toEqual([]);
  expect(record.body.questions_apart).toBe(true);
  const texts = await storedQuestionTexts(page, id);
  expect(texts?.map((q: any) => q.id)).toEqual(Array.from({ length: count }, (_, i) => `q${i + 1}`));
  const questions = await storedQuestions(page, id);
  expect(questions.map((q) => q.result.question_id)).toEqual(Array.from({ length: count }, (_, i) => `q${i + 1}`));
  expect(questions.every((q) => q.calls.length >= 9)).toBe(true);

  // Read back whole after a reload: the results, the CSV, the JSON and the report.
  await page.reload();
  await expect(done(page)).toHaveText('16 of 16 questions done');
  const council = page.locator('table.bench-arms tbody tr').filter({ has: page.locator('th', { hasText: /^Council$/ }) });
  await expect(council.locator('td[data-label="Score"]')).toHaveText(/^\d+ of 16 right/);
  const csv = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV (per question)' }).click();
  const rows = (await downloadedText(csv)).trim().split('\n').slice(1);
  for (let i = 1; i <= count; i++) expect(rows.some((row) => row.startsWith(`q${i},`)), `q${i} in the CSV`).toBe(true);
  const json = JSON.parse(await downloadedText(exportAs(page, 'JSON (full record)')));
  const exported = json.sessions?.[0] ?? json;
  expect(exported.body.results).toHaveLength(count);
  expect(exported.body.results_apart).toBeUndefined();
  expect(exported.calls.filter((c: any) => /-best-\d+$/.test(c.call_id)).length).toBeGreaterThanOrEqual(count * 9);
  const html = await downloadedText(exportAs(page, 'HTML report'));
  expect(html).toContain('<th scope="row">Council</th>');
  expect(html).toMatch(/of 16 right/);
  expect(errors).toEqual([]);
});

test('a benchmark stored whole by an earlier version opens with every question and is stored split', async ({ page }) => {
  const errors = watchConsole(page);
  const fixture = JSON.parse(fs.readFileSync(path.join(__dirname, 'fixtures', 'benchmark-results.json'), 'utf8'));
  fixture.id = `bench-old-${nonce()}`;
  expect(fixture.body.results).toHaveLength(40);
  await page.goto('/');
  await page.getByRole('button', { name: 'History' }).click();
  await expect(page.locator('#history-title')).toBeVisible();
  // Written as the version before this one kept it: one record with everything, no summary yet.
  await overwriteStoredSession(page, fixture);
  expect((await storedSession(page, fixture.id))?.body.results).toHaveLength(40);
  await page.reload();
  await page.getByRole('button', { name: 'History' }).click();
  const item = page.locator('.session-item').filter({ hasText: 'Benchmark: 40 arithmetic questions' });
  await expect(item).toHaveCount(1);
  await item.locator('button.link').click();
  await expect(done(page)).toHaveText('40 of 40 questions done');
  await expect(page.locator('table.bench-arms tbody tr')).toHaveCount(6);
  await expect(page.locator('.bench-headline')).toHaveText(/^On these 40 questions the council /);
  // Opening it stored it split.
  await expect.poll(async () => (await storedSession(page, fixture.id))?.body.results_apart).toBe(40);
  expect((await storedSession(page, fixture.id)).body.results).toEqual([]);
  expect(await storedQuestions(page, fixture.id)).toHaveLength(40);
  // And it opens the same from there.
  await page.reload();
  await expect(done(page)).toHaveText('40 of 40 questions done');
  await expect(page.locator('table.bench-arms tbody tr')).toHaveCount(6);
  expect(errors).toEqual([]);
});

test('the consent dialog shows the expected cost beside the most it may cost, and says which is which', async ({ page }) => {
  const errors = watchConsole(page);
  const group = nonce();
  await page.goto('/');
  await addCompatibleProvider(page, 'Bench', `${BENCH_URL}/v1`, `sim-80-${group}`);
  await showAdvancedSettings(page);
  for (const accuracy of [55, 65, 80]) {
    const model = `sim-${accuracy}-${group}`;
    await page.getByLabel('Model', { exact: true }).fill(model);
    await page.getByLabel('Input $/M').fill('5');
    await page.getByLabel('Output $/M').fill('15');
    await page.getByRole('button', { name: 'Set price' }).click();
    await expect(page.getByText(`Price for ${model} saved.`)).toBeVisible();
  }
  await benchmarkForm(page, { group, count: 60, seed: 13, fresh: false });
  await page.getByRole('button', { name: 'Run the benchmark' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toBeVisible();
  const reason = /This run is expected to cost about \$(\d+\.\d+) and may cost at most \$(\d+\.\d+) \(every reply at its full length\), above your \$0\.50 threshold\./;
  await expect(dialog).toContainText(reason);
  await expect(dialog).toContainText(/calls: about \$[\d.]+ expected · at most \$[\d.]+\. The expected cost counts replies of a typical length/);
  const [, expected, atMost] = (await dialog.textContent())!.match(reason)!;
  expect(Number(expected)).toBeGreaterThan(0);
  expect(Number(expected)).toBeLessThan(Number(atMost));
  // Declined: nothing runs.
  await dialog.getByRole('button', { name: 'Not now' }).click();
  await expect(dialog).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('a smallest council of one is said in words, not offered to keep', async ({ page }) => {
  const errors = watchConsole(page);
  const fixture = JSON.parse(fs.readFileSync(path.join(__dirname, 'fixtures', 'benchmark-results.json'), 'utf8'));
  fixture.id = `bench-keep-${nonce()}`;
  await page.goto('/');
  const choice = await openStoredRun(page, fixture);
  await expect(choice.locator('.bench-advice')).toHaveText('llama3.2:3b holds alone: ask that model directly for questions like these.');
  await expect(choice.getByRole('button', { name: /^Keep / })).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('"Keep this council" saves the smallest council that holds, the next consult starts with it, and Undo puts back the one before', async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto('/');
  await addCompatibleProvider(page, 'Bench', `${BENCH_URL}/v1`, `sim-80-${nonce()}`);
  const settings = () => page.evaluate(() => JSON.parse(localStorage.getItem('consilium.settings') ?? '{}'));
  const provider = (await settings()).providers.find((p: any) => p.name === 'Bench');
  expect((await settings()).kept_council ?? null).toBeNull();
  // The stored run of the test above, on this provider, with answers where two panelists hold
  // and none alone does: panelist 1 answers questions 1-24 right and gives no answer after,
  // panelist 2 gives none before question 17 and answers the rest right, panelist 3 is always
  // wrong. The full vote (ties to the earlier panelist) and panelists 1 and 2 together are right
  // on all 40; each alone on 24 at most, clearly worse.
  const fixture = JSON.parse(fs.readFileSync(path.join(__dirname, 'fixtures', 'benchmark-results.json'), 'utf8'));
  fixture.id = `bench-keep-two-${nonce()}`;
  const council = fixture.body.config.council;
  for (const seat of [...council.panelists, council.judge]) {
    seat.provider_id = provider.id;
    seat.provider_label = 'Bench';
  }
  const answers: Record<string, (i: number, right: string) => string | null> = {
    'panelist-1': (i, right) => (i < 24 ? right : null),
    'panelist-2': (i, right) => (i >= 16 ? right : null),
    'panelist-3': (_, right) => String(Number(right) + 1),
  };
  fixture.body.results.forEach((result: any, i: number) => {
    const right = fixture.body.questions.find((q: any) => q.id === result.question_id).answer;
    for (const outcome of result.arms) {
      const given = answers[outcome.arm.participant_id];
      if (outcome.arm.kind !== 'solo' || !given) continue;
      outcome.final_answer = given(i, right);
      // A silent member gives no answer and is graded wrong; an ungraded (null) outcome is a failed
      // call, and its question is left out of the council choice.
      outcome.correct = outcome.final_answer === null ? false : outcome.final_answer === right;
    }
  });
  const choice = await openStoredRun(page, fixture);
  const keep = choice.getByRole('button', { name: 'Keep llama3.2:3b and qwen2.5:7b' });
  await expect(keep).toBeVisible();

  // Kept: saved with the settings, and said.
  await keep.click();
  const kept = choice.locator('.bench-keep');
  await expect(kept).toContainText('New consults now start with llama3.2:3b and qwen2.5:7b, judged by');
  const saved = (await settings()).kept_council;
  expect(saved.panelists.map((p: any) => [p.model, p.provider_id])).toEqual([['llama3.2:3b', provider.id], ['qwen2.5:7b', provider.id]]);
  expect(saved.judge.model).toBe(council.judge.model);

  // Undo: the council before (none kept) is back, and the button offers it again.
  await kept.getByRole('button', { name: 'Undo' }).click();
  await expect(keep).toBeVisible();
  expect((await settings()).kept_council ?? null).toBeNull();

  // Kept again, a new consult's form starts with it: two panelists and the judge.
  await keep.click();
  await expect(kept).toContainText('New consults now start with');
  await page.getByRole('button', { name: 'New session' }).click();
  await page.getByRole('button', { name: 'Consult: a question' }).click();
  await openCouncil(page);
  for (const [seat, model] of [['Panelist 1', 'llama3.2:3b'], ['Panelist 2', 'qwen2.5:7b'], ['Judge', council.judge.model]]) {
    await expect(page.getByRole('group', { name: seat, exact: true }).getByLabel('Model')).toHaveValue(model);
  }
  await expect(page.getByRole('group', { name: 'Panelist 3', exact: true })).toHaveCount(0);
  expect(errors).toEqual([]);
});
