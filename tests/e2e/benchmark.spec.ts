// The Benchmark mode end to end in Chromium against tests/e2e/bench-server.mjs, whose scripted
// models have known accuracies (tests/e2e/bench/models.mjs): every arm's measured accuracy must
// fall inside the 95% Wilson interval around its closed-form expectation (bench/expected.mjs);
// a run reloaded mid-way resumes where it stopped and asks no question's calls twice (counted at
// the server); a malformed question file names its lines and fields and imports nothing; the
// results export as CSV and HTML; the views fit a phone.
import * as path from 'path';
import { Page } from '@playwright/test';
import { expect, test } from './guard';
import { benchmarkForm } from './bench-form';
import { benchJournal, BenchEntry, useBenchServer } from './bench-server';
import { confirmConsent, exportAs, watchConsole } from './helpers';
// @ts-ignore: plain ES modules shared with the server's node test.
import { DEFAULT_CONFIG } from './bench/models.mjs';
// @ts-ignore
import { expectedAccuracies, wilson } from './bench/expected.mjs';

useBenchServer();

const PANEL = [55, 65, 80];
/** Questions of the accuracy run: the intervals are about ±9 points wide at 100, a real check. */
const QUESTIONS = Number(process.env.BENCH_E2E_QUESTIONS ?? 100);
/** The normal quantile of a familywise 95% over the six arms (two-sided, Bonferroni). */
const FAMILY_Z = 2.638257;

const nonce = () => Math.random().toString(36).slice(2, 8);

async function run(page: Page) {
  await page.getByRole('button', { name: 'Run the benchmark' }).click();
  await confirmConsent(page);
  await expect(page.locator('.bench-progress')).toBeVisible();
}

async function finished(page: Page, count: number) {
  await expect(page.locator('.bench-progress-counts strong')).toHaveText(`${count} of ${count} questions done`, { timeout: 8 * 60_000 });
  await expect(page.locator('.session-meta .badge').first()).toHaveText('complete');
}

/** Each arm's "x of n right", by its label in the accuracy table. */
async function scores(page: Page): Promise<Map<string, { right: number; answered: number }>> {
  const rows = page.locator('table.bench-arms tbody tr');
  const out = new Map();
  for (const row of await rows.all()) {
    const label = (await row.locator('th').innerText()).trim();
    const score = (await row.locator('td[data-label="Score"]').innerText()).trim();
    const [, right, answered] = score.match(/^(\d+) of (\d+) right/) ?? [];
    out.set(label, { right: Number(right), answered: Number(answered) });
  }
  return out;
}

test('every arm scores inside the Wilson interval of its expected accuracy', async ({ page }) => {
  test.setTimeout(10 * 60_000);
  const errors = watchConsole(page);
  // A fixed group: the bench server's answers follow from the model's name, the question and the
  // seed, so this walks one known branch every run (a random group would make it a sample that
  // misses its Bonferroni interval in about 5% of honest runs).
  const group = 'wilson';
  await benchmarkForm(page, { group, count: QUESTIONS, seed: 7, panel: PANEL });
  const started = Date.now();
  await run(page);
  await finished(page, QUESTIONS);
  const wallMs = Date.now() - started;
  await expect(page.locator('.bench-headline')).toHaveText(/^On these \d+ questions the council/);

  const measured = await scores(page);
  const bestLabel = [...measured.keys()].find((label) => /, majority of \d+ samples$/.test(label))!;
  const k = Number(bestLabel.match(/, majority of (\d+) samples$/)![1]);
  const expected = expectedAccuracies({ panel: PANEL.map((p) => p / 100), best: 0.8, k, ...DEFAULT_CONFIG });
  const arms: [string, number][] = [
    ...PANEL.map((accuracy, i): [string, number] => [`sim-${accuracy}-${group} alone`, expected.alone[i]]),
    [bestLabel, expected.sampled],
    ['Round-1 vote', expected.vote],
    ['Council', expected.council],
  ];
  const report: string[] = [];
  for (const [label, p] of arms) {
    const score = measured.get(label);
    expect(score, `arm ${label} in ${[...measured.keys()].join(', ')}`).toBeTruthy();
    expect(score!.answered, `${label} answered every question`).toBe(QUESTIONS);
    const share = score!.right / score!.answered;
    // Six arms checked at once: each interval is Bonferroni's 1 - 0.05/6 (z = 2.6383, Python's
    // statistics.NormalDist().inv_cdf(1 - 0.05/12)), so all six hold together 95% of the time;
    // at 95% each, one of six would fall outside in about a quarter of honest runs.
    const { low, high } = wilson(p, score!.answered, FAMILY_Z);
    report.push(`${label}: ${score!.right}/${score!.answered} = ${share.toFixed(3)}, expected ${p.toFixed(3)} [${low.toFixed(3)}, ${high.toFixed(3)}]`);
    expect(share, `${label}: measured ${share}, expected ${p} (Wilson ${low.toFixed(3)} to ${high.toFixed(3)})`).toBeGreaterThanOrEqual(low);
    expect(share, `${label}: measured ${share}, expected ${p} (Wilson ${low.toFixed(3)} to ${high.toFixed(3)})`).toBeLessThanOrEqual(high);
  }
  console.log(`benchmark e2e: ${QUESTIONS} questions, k=${k}, ${(wallMs / 1000).toFixed(1)} s\n  ${report.join('\n  ')}`);

  // The council against each arm, the flips, calibration: all there, in words and numbers.
  // Against each panelist alone, the best single model, the round-1 vote, and the Vote and Adaptive
  // depths read from the council's own record.
  await expect(page.locator('table.bench-comparisons tbody tr')).toHaveCount(PANEL.length + 4);
  await expect(page.locator('table.bench-comparisons td[data-label="McNemar p"]').first()).toHaveText(/^(< 0\.001|[01]\.\d{3})$/);
  await expect(page.locator('.bench-brier')).toHaveText(/^Brier score: 0\.\d{3} /);
  await expect(page.locator('[data-flips="wrong-to-right"] summary')).toHaveText(/: [1-9]\d*$/);
  // Exports: the per-question CSV and the HTML report with the same tables.
  const csv = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV (per question)' }).click();
  const csvText = await (await (await csv).createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'));
  expect(csvText.trim().split('\n').length).toBeGreaterThan(QUESTIONS);
  expect(errors).toEqual([]);
});

test('a run reloaded mid-way resumes where it stopped and asks nothing twice', async ({ page, request }) => {
  test.setTimeout(8 * 60_000);
  const group = nonce();
  const count = 24;
  await benchmarkForm(page, { group, count, seed: 11, panel: PANEL });
  await run(page);
  // Reload once a few questions are in: the run stops with the page.
  await expect(page.locator('.bench-progress-counts strong')).toHaveText(/^([4-9]|1\d) of 24 questions done$/, { timeout: 3 * 60_000 });
  await page.reload();
  await expect(page.locator('.bench-progress-counts strong')).toHaveText(/^\d+ of 24 questions done$/);
  const resume = page.getByRole('button', { name: /^Resume/ });
  await expect(resume).toBeVisible();
  await resume.click();
  await finished(page, count);

  const ours = (await benchJournal(request)).filter((e: BenchEntry) => e.model.endsWith(`-${group}`));
  const delivered = ours.filter((e) => e.delivered);
  const perQuestion = new Map<string, number>();
  for (const entry of delivered) perQuestion.set(entry.question, (perQuestion.get(entry.question) ?? 0) + 1);
  expect(perQuestion.size).toBe(count);
  // Every question took the calls of a full run (the most common count) and no more, except the
  // one under way at the reload. Each of its calls that had ended was stored with it as it ended
  // (the per-call log: a council round under way resumes with its logged calls read back, not
  // asked again; each best-single sample is stored as itself), and a save writes one question,
  // not the whole run. What can be asked twice is only a reply that reached the page in its last
  // moments, before its save was written: the requests in flight (4 per provider, one provider
  // here) and, on a busy machine, as many replies again whose saves were still queued. No other
  // question repeats at all. (The log's own rule is tested natively, exactly:
  // `a_step_resumed_mid_round_asks_only_the_calls_it_did_not_log`.)
  const counts = [...perQuestion.values()];
  const full = counts.sort((a, b) => counts.filter((c) => c === b).length - counts.filter((c) => c === a).length)[0];
  const over = [...perQuestion.entries()].filter(([, n]) => n !== full);
  expect(over.length, `answered calls per question: ${JSON.stringify([...perQuestion.entries()])}`).toBeLessThanOrEqual(1);
  for (const [, n] of over) expect(n - full, `calls asked twice: ${n - full}`).toBeLessThanOrEqual(2 * 4);
  for (const [, n] of over) expect(n).toBeGreaterThan(full);
});

test('a malformed question file names each bad line and field, and nothing is imported', async ({ page }) => {
  await benchmarkForm(page, { group: nonce(), count: 5, seed: 1, panel: PANEL });
  await page.getByLabel('My file (JSONL or CSV)').check();
  const lines = [
    '{"question": "What is 2+3*4?", "answer": "14", "grader": "numeric"}',
    '{"question": "What is 9-2*3?"}',
    '{"question": "Pick one", "answer": "B", "grader": "guess"}',
    'not json at all',
  ];
  await page.getByLabel('Question file').setInputFiles({ name: 'bad.jsonl', mimeType: 'application/json', buffer: Buffer.from(lines.join('\n')) });
  const problems = page.locator('.bench-file-errors');
  await expect(problems).toContainText('Nothing was imported from bad.jsonl');
  await expect(problems.locator('li')).toHaveText([
    'line 2, field "answer": missing or empty',
    'line 3, field "grader": "guess" is not one of exact, numeric, choice, regex',
    /^line 4: not JSON/,
  ]);
  await page.getByRole('button', { name: 'Run the benchmark' }).click();
  await expect(page.locator('.new-session > .error')).toHaveText('The question file has problems (listed above): fix them and open it again.');
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  // The fixed file imports whole.
  await page.getByLabel('Question file').setInputFiles({ name: 'good.csv', mimeType: 'text/csv', buffer: Buffer.from('question,answer,grader\n"What is 2+3*4?",14,numeric\n"What is 9-2*3?",3,numeric\n') });
  await expect(page.locator('.bench-file-ok')).toHaveText('good.csv: 2 questions ready.');
  await expect(problems).toHaveCount(0);
});

test('a stored benchmark opens on its results: the sentence, charts with tables, comparisons, flips, calibration, exports', async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto('/');
  await page.getByRole('button', { name: 'History' }).click();
  await page.getByLabel('Import sessions').setInputFiles(path.join(__dirname, 'fixtures', 'benchmark-results.json'));
  const item = page.locator('.session-item').filter({ hasText: 'Benchmark: 40 arithmetic questions' });
  await expect(item).toHaveCount(1);
  await item.locator('button.link').click();
  await expect(page.locator('.bench-headline')).toHaveText(/^On these 40 questions the council /);
  await expect(page.locator('.bench-progress-counts strong')).toHaveText('40 of 40 questions done');
  // Every arm in the chart (its text alternative names each) and in the table.
  const chart = page.locator('.bench-chart [role="img"]').first();
  await expect(chart).toHaveAttribute('aria-label', /^Accuracy per arm, with 95% intervals\. Council: \d+%, 95% interval \d+% to \d+%; llama3\.2:3b alone: /);
  await expect(page.locator('.bench-bar-row:not(.bench-axis)')).toHaveCount(6);
  await expect(page.locator('table.bench-arms tbody tr')).toHaveCount(6);
  await expect(page.locator('table.bench-arms tbody tr').first().locator('th')).toHaveText('Council');
  await expect(page.locator('table.bench-comparisons tbody tr')).toHaveCount(5);
  await expect(page.locator('table.bench-comparisons tbody tr').filter({ hasText: 'Round-1 vote' }).locator('td[data-label="Reading"]'))
    .toHaveText(/^(Council better|Council worse|No clear difference)$/);
  await expect(page.locator('.bench-reliability svg')).toHaveAttribute('aria-label', /^Reliability of the council's confidence: .*Confidence 60–70%: \d+ answers, \d+% right/);
  await expect(page.locator('.bench-brier')).toHaveText(/^Brier score: 0\.\d{3} over 40 answers \(0 is perfect; always saying 50% scores 0\.250\)\.$/);
  await page.locator('[data-flips="right-to-wrong"] summary').click();
  await expect(page.locator('[data-flips="right-to-wrong"] li').first()).toHaveText(/^q\d+: What is the result of \d+\+\d+\*\d+\+\d+-\d+\*\d+\? .* \(answer: -?\d+\)$/);
  // The HTML report holds the same tables, and no script.
  const download = exportAs(page, 'HTML report');
  const html = await (await (await download).createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'));
  expect(html).toContain('<h2>Accuracy per arm</h2>');
  expect(html).toContain('<th scope="row">Council</th>');
  expect((html.match(/<table>/g) ?? []).length).toBe(3);
  expect(html).not.toContain('<script');
  expect(errors).toEqual([]);
});

test('a running benchmark offers one Cancel, the stepper\'s, and it stops the run where it stands', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'New session' }).click();
  await page.getByRole('button', { name: 'Benchmark: is the council worth it?' }).click();
  await page.getByRole('button', { name: 'Run the demo benchmark' }).click();
  await expect(page.locator('.bench-progress')).toBeVisible();
  const cancels = page.getByRole('button', { name: /^Cancel/ });
  await expect(cancels).toHaveCount(1);
  await expect(page.locator('.run-stepper').getByRole('button', { name: 'Cancel' })).toBeVisible();
  await cancels.click();
  await expect(page.locator('.session-meta .badge').first()).toHaveText('cancelled');
  await expect(cancels).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Resume/ })).toBeVisible();
});
