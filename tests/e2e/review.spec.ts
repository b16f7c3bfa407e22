// Review in Chromium: the demo review (veto, compromise, REQUEST_CHANGES) and its downloads, then
// reviews against aimock reaching APPROVED, REQUEST_CHANGES by an irreconcilable veto (its share
// link masking the key, then amended code approved in a new deliberation), and INCONCLUSIVE at the
// round limit, and one against the real model on llama-server.
import { Page } from '@playwright/test';
import { expect, test } from './guard';
import * as fs from 'fs';
import { LLAMA_KEY, LLAMA_MODEL, LLAMA_URL, MOCK_URL, MODEL_TEST_MS } from './servers';
import { journal, userPrompt } from './aimock-council';
import { addCompatibleProvider, copiedShareLink, exportAs, startTheReview, watchConsole, openCouncil, showAdvancedSettings } from './helpers';

const CLEAN_DIFF = `diff --git a/src/math.py b/src/math.py
--- a/src/math.py
+++ b/src/math.py
@@ -1,2 +1,5 @@
 def add(a, b):
     return a + b
+
+def double(x: int) -> int:
+    return add(x, x)
`;

const SECRET_DIFF = `diff --git a/settings.py b/settings.py
--- a/settings.py
+++ b/settings.py
@@ -1,1 +1,2 @@
 DEBUG = False
+AWS_ACCESS_KEY_ID = "AKIAQ3EGRU7XK5N2ZD4W"
`;

/** A context file beside CLEAN_DIFF: the limit the helpers run under, and a key the scan masks. */
const LIMITS_PY = `# Limits the math helpers run under.
MAX_RETRIES = 0
AWS_ACCESS_KEY_ID = "AKIAQ3EGRU7XK5N2ZD4W"
TIMEOUT_SECONDS = 30
`;

const AMENDED_DIFF = `diff --git a/settings.py b/settings.py
--- a/settings.py
+++ b/settings.py
@@ -1,1 +1,3 @@
 DEBUG = False
+import os
+AWS_ACCESS_KEY_ID = os.environ["AWS_ACCESS_KEY_ID"]
`;

const verdictLabel = (page: Page) => page.locator('.review-verdict-label');
const badge = (page: Page) => page.locator('.session-meta .badge').first();

async function openReviewForm(page: Page) {
  await page.getByRole('button', { name: 'New session' }).click();
  await page.getByRole('button', { name: 'Review: a code change' }).click();
  await expect(page.getByRole('heading', { name: 'Review a change' })).toBeVisible();
}

async function reviewWith(page: Page, provider: string, model: string, diff: string) {
  await openReviewForm(page);
  await page.getByLabel('Diff or code').fill(diff);
  await expect(page.locator('.review-summary')).toContainText('1 changed file, a small change');
  for (const persona of ['Engineering Architect', 'Operations/SRE']) {
    await openCouncil(page);
    const seat = page.getByRole('group', { name: persona, exact: true });
    await seat.getByLabel('Provider').selectOption({ label: provider });
    await seat.getByLabel('Model').fill(model);
  }
  await startTheReview(page);
}

/** With REVIEW_SHOTS set to a folder: `part` at 390 and 1440 px, light and dark, as PNGs there. */
async function shots(page: Page, name: string, part: import('@playwright/test').Locator) {
  const folder = process.env.REVIEW_SHOTS;
  if (!folder) return;
  const size = page.viewportSize();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await part.screenshot({ path: `${folder}/${name}-${width}-${scheme}.png` });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  if (size) await page.setViewportSize(size);
}

async function download(page: Page, item: string): Promise<string> {
  const file = await exportAs(page, item);
  return fs.readFileSync((await file.path())!, 'utf8');
}

test('the demo review vetoes, compromises and requests changes, with grounded findings and both reports', async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto('/');
  await openReviewForm(page);
  // Watched through the whole run: "Now" never names one member twice.
  await page.evaluate(() => {
    const seen = { cards: 0, twice: [] as string[] };
    (window as unknown as { now: typeof seen }).now = seen;
    new MutationObserver(() => {
      const names = [...document.querySelectorAll('.round.live .call-card .participant')].map((e) => e.textContent ?? '');
      seen.cards = Math.max(seen.cards, names.length);
      for (const name of names.filter((n, i) => names.indexOf(n) !== i)) if (!seen.twice.includes(name)) seen.twice.push(name);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await page.getByRole('button', { name: 'Run the demo review' }).click();
  await expect(page.locator('.demo-label')).toBeVisible();
  await expect(verdictLabel(page)).toHaveAttribute('data-verdict', 'REQUEST_CHANGES', { timeout: 60_000 });
  const now = await page.evaluate(() => (window as unknown as { now: { cards: number; twice: string[] } }).now);
  expect(now.cards, '"Now" showed the calls under way').toBeGreaterThan(0);
  expect(now.twice, 'members named twice in "Now"').toEqual([]);
  // In plain words; the code names stay in the record and under Details.
  await expect(verdictLabel(page)).toHaveText('Changes requested');
  await expect(page.locator('.fix-items .finding .lines').first()).toHaveText(/^Lines? \d+(–\d+)?$/);
  await expect(page.locator('.deliberation-log')).not.toHaveAttribute('open', '');
  await expect(badge(page)).toHaveText('complete');
  await expect(page.locator('.session-question')).toHaveText('Review of app/config.py, app/db.py');

  // The committee grid: four personas, two rounds, the SRE's veto in round 1.
  const grid = page.locator('.committee-grid');
  await expect(grid.locator('thead th')).toHaveText(['Persona', 'Round 1', 'Round 2']);
  const sre = grid.locator('tbody tr', { hasText: 'Operations/SRE' });
  await expect(sre.locator('td').nth(0)).toHaveAttribute('data-vote', 'VETO');
  await expect(sre.locator('td').nth(1)).toHaveAttribute('data-vote', 'SYNTHESIS');
  await sre.locator('td').nth(0).locator('summary').click();
  await expect(sre.locator('td').nth(0)).toContainText('A live AWS access key');

  // The log: states, transitions and the chair's mediation.
  const log = page.locator('.deliberation-log');
  await expect(log.locator('.log-round')).toHaveCount(2);
  await expect(log.locator('.log-round').nth(0)).toContainText('Round 1 — VETO');
  await expect(log.locator('.log-round').nth(0)).toContainText('DEBATE → VETO');
  await expect(log.locator('.log-round').nth(0)).toContainText('(accepted)');
  await expect(log.locator('.log-round').nth(1)).toContainText('SYNTHESIS → CONCLUSION');

  // Fix items by file, each verified, beside the lines they cite.
  const findings = page.locator('.fix-items .finding');
  await expect(findings).toHaveCount(3);
  await expect(page.locator('.fix-items [data-verified="false"]')).toHaveCount(0);
  const secret = page.locator('.file-findings', { hasText: 'app/config.py' });
  await expect(secret.locator('pre.cited-lines')).toContainText('AWS_ACCESS_KEY_ID');
  await expect(secret).toContainText('secret scan');

  const report = await download(page, 'Markdown report');
  expect(report).toContain('### Round 1 — VETO\n\n- **State**: VETO\n');
  expect(report).toContain('- **Chairperson mediation**: "Ship invoice search this week');
  expect(report).toContain('**REQUEST_CHANGES**');
  const fixes = await download(page, 'Fix requests (Markdown)');
  expect(fixes).toContain('## FIX-001');
  expect(fixes).toContain('## FIX-003');
  expect(fixes).not.toContain('## FIX-004');

  await page.getByRole('button', { name: 'History' }).click();
  const item = page.locator('.session-item', { hasText: 'Review of app/config.py' });
  await expect(item).toContainText('review · complete');
  await expect(item.locator('.demo-badge')).toHaveText('demo');
  expect(errors).toEqual([]);
});

test.describe('against aimock', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/');
    await addCompatibleProvider(page, 'Mock reviewers', `${MOCK_URL}/v1`, 'review-approve');
  });

  test('APPROVED when the committee agrees with nothing to fix', async ({ page }) => {
    await reviewWith(page, 'Mock reviewers', 'review-approve', CLEAN_DIFF);
    await expect(verdictLabel(page)).toHaveAttribute('data-verdict', 'APPROVED', { timeout: 30_000 });
    await expect(page.locator('.fix-items')).toContainText('None.');
    await expect(page.locator('.committee-grid tbody td[data-vote="SYNTHESIS"]')).toHaveCount(2);
  });

  test('REQUEST_CHANGES when a grounded veto cannot be reconciled; amended code starts a new deliberation', async ({ page }) => {
    await reviewWith(page, 'Mock reviewers', 'review-veto', SECRET_DIFF);
    await expect(verdictLabel(page)).toHaveAttribute('data-verdict', 'REQUEST_CHANGES', { timeout: 30_000 });
    // The review is finished (History shows it so), and the code can still be amended.
    await expect(badge(page)).toHaveText('complete');
    await expect(page.locator('.awaiting')).toContainText('You can still submit amended code');
    await expect(page.getByRole('button', { name: 'Accept the verdict' })).toHaveCount(0);
    await expect(page.locator('.deliberation-log')).toContainText('no Business Driver');
    await expect(page.locator('.deliberation-log')).toContainText('VETO → CONCLUSION');
    // The Architect's finding cites lines the change does not show: listed as unverified, named in
    // the verdict, and not asked for.
    const architect = page.locator('.committee-grid tbody tr', { hasText: 'Engineering Architect' }).locator('td').first();
    await architect.locator('summary').click();
    await expect(architect.locator('[data-verified="false"]')).toContainText('outside the lines the change shows');
    await expect(page.locator('.fix-items .finding[data-verified="true"]')).toHaveCount(1);
    await expect(page.locator('.fix-items .finding[data-verified="false"]')).toHaveCount(1);
    await expect(page.locator('.verdict-reason')).toContainText('Not checked against the diff');
    await expect(page.locator('.verdict-reason')).toContainText('"document settings" at settings.py:40-41');

    // The share link masks the key the scan found; the JSON backup keeps it, and says so.
    const link = await copiedShareLink(page);
    const shared = await page.evaluate(async (link) => {
      const text = link.split('#/shared/')[1].replace(/-/g, '+').replace(/_/g, '/');
      const bytes = Uint8Array.from(atob(text + '='.repeat((4 - (text.length % 4)) % 4)), (c) => c.charCodeAt(0));
      const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
      return new Response(stream).text();
    }, link);
    expect(shared).toContain('AKIA…4W');
    expect(shared).not.toContain('AKIAQ3EGRU7XK5N2ZD4W');
    const backup = await download(page, 'JSON (full record)');
    expect(backup).toContain('AKIAQ3EGRU7XK5N2ZD4W');
    await expect(page.locator('.notice[role="status"]')).toContainText('keeps the code verbatim');

    await page.getByRole('button', { name: 'History' }).click();
    await expect(page.locator('.session-item', { hasText: 'Review of settings.py' })).toContainText('review · complete');
    await page.locator('.session-item', { hasText: 'Review of settings.py' }).locator('button.link').click();

    // Amended code: a new deliberation, here approved in its first round (the session's round 2).
    await page.getByLabel('Amended code (a new diff or the fixed code)').fill(AMENDED_DIFF);
    await page.getByRole('button', { name: 'Submit amended code' }).click();
    await expect(verdictLabel(page)).toHaveAttribute('data-verdict', 'APPROVED', { timeout: 30_000 });
    await expect(badge(page)).toHaveText('complete');
    await expect(page.locator('.awaiting')).toHaveCount(0);
    await expect(page.locator('.committee-grid thead th')).toHaveText(['Persona', 'Round 1', 'Round 2']);
    await expect(page.locator('.deliberation-log')).toContainText('CONCLUSION → PROPOSAL');
    await expect(page.locator('.deliberation-log .log-round').nth(1)).toContainText('SYNTHESIS → CONCLUSION');
    await expect(page.locator('.secret-scan')).toHaveCount(0);
  });

  test('context files beside the diff: every request carries them after it, the key masked, and the quotes a finding rests on are checked', async ({ page, request }) => {
    test.setTimeout(120_000);
    const errors = watchConsole(page);
    await openReviewForm(page);
    await page.getByLabel('Diff or code').fill(CLEAN_DIFF);
    const contextFiles = page.locator('fieldset.context-files');
    const chips = contextFiles.getByRole('list', { name: 'Attached material' }).locator('.attach-chip:not(.reading)');
    await contextFiles.locator('.attach input[type=file]').setInputFiles({ name: 'limits.py', mimeType: 'text/x-python', buffer: Buffer.from(LIMITS_PY) });
    await expect(chips).toHaveCount(1, { timeout: 60_000 });
    await expect(chips.first()).toContainText(/S1 · limits\.py · code · 117 bytes · \d+ tokens/);
    // A folder (Chromium offers the picker): its text files only, each named by its path in it,
    // and what was skipped said.
    const folder = test.info().outputPath('ctx');
    fs.mkdirSync(`${folder}/build`, { recursive: true });
    fs.writeFileSync(`${folder}/notes.md`, '# Notes\nThe helpers never retry.\n');
    fs.writeFileSync(`${folder}/logo.png`, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]));
    fs.writeFileSync(`${folder}/build/out.js`, 'console.log(1);\n');
    await contextFiles.locator('.attach-folder input[type=file]').setInputFiles(folder);
    await expect(chips).toHaveCount(2, { timeout: 60_000 });
    await expect(chips.nth(1)).toContainText('S2 · ctx/notes.md · Markdown');
    await expect(contextFiles.locator('.attach-refused')).toHaveText('Skipped 2 files of ctx: 1 that is not text (logo.png) and 1 in hidden or build folders.');
    for (const persona of ['Engineering Architect', 'Operations/SRE']) {
      await openCouncil(page);
      const seat = page.getByRole('group', { name: persona, exact: true });
      await seat.getByLabel('Provider').selectOption({ label: 'Mock reviewers' });
      await seat.getByLabel('Model').fill('review-context');
    }
    await shots(page, 'review-form-context', page.locator('.ask-box'));
    await startTheReview(page);
    await expect(verdictLabel(page)).toHaveAttribute('data-verdict', 'REQUEST_CHANGES', { timeout: 30_000 });

    // Every request carries both files after the diff, with ids and numbered lines, and the key masked.
    const calls = (await journal(request)).filter((entry) => entry.body.model === 'review-context' && userPrompt(entry).includes('MAX_RETRIES'));
    expect(calls.length).toBeGreaterThanOrEqual(2);
    for (const entry of calls) {
      const prompt = userPrompt(entry);
      const diffAt = prompt.indexOf('return add(x, x)');
      const first = prompt.indexOf('=== S1 · code · limits.py ===');
      expect(diffAt).toBeGreaterThan(0);
      expect(first).toBeGreaterThan(diffAt);
      expect(prompt.indexOf('=== S2 · Markdown · ctx/notes.md ===')).toBeGreaterThan(first);
      expect(prompt).toContain('[S1 lines 1-4]\n# Limits the math helpers run under.\nMAX_RETRIES = 0');
      expect(prompt).toContain('AKIA…4W');
      expect(JSON.stringify(entry.body)).not.toContain('AKIAQ3EGRU7XK5N2ZD4W');
    }

    // The finding quoting the file where it is counts; the one whose quote is not there does not.
    const found = page.locator('.fix-items .finding[data-verified="true"]');
    await expect(found).toHaveCount(1);
    await expect(found.locator('.checked-quote[data-mark="found"]')).toContainText('found on line 2');
    await expect(found.locator('.checked-quote .quote-source')).toHaveText('S1 · limits.py');
    await found.locator('.quote-passage summary').click();
    await expect(found.locator('.quote-passage mark')).toHaveText('MAX_RETRIES = 0');
    const unchecked = page.locator('.fix-items .finding[data-verified="false"]');
    await expect(unchecked.locator('.checked-quote[data-mark="not-found"]')).toContainText('not found in the material');
    await expect(unchecked.locator('.notice')).toHaveText('limits.py is not in the change. Its quote is not found in the context files either.');
    await expect(page.locator('.verdict-reason')).toContainText('"timeouts are documented" at limits.py:9-9');
    // What the council read, and the report says it too.
    const read = page.locator('.material-read');
    await expect(read.locator('h3')).toHaveText('What the council read');
    await expect(read.locator('.material-source .source-name')).toHaveText(['limits.py', 'ctx/notes.md']);
    await expect(read.locator('.material-tally')).toHaveText('2 quotes checked: 1 found, 1 not found in the material');
    // The JSON backup keeps the file as attached, key in clear, and the page names the file.
    const backup = await download(page, 'JSON (full record)');
    expect(backup).toContain('AKIAQ3EGRU7XK5N2ZD4W');
    await expect(page.locator('.notice[role="status"]', { hasText: 'JSON backup' })).toHaveText(
      'The JSON backup keeps the context files as attached, with the secret the scan found in limits.py in clear (the committee read it masked). Keep it private; the share link and the Markdown and HTML reports mask it.');
    const report = await download(page, 'Markdown report');
    expect(report).toContain('## What the council read');
    expect(report).toContain('- **S1** limits.py (code, 4 lines');
    await shots(page, 'review-read', read);
    await shots(page, 'review-fix-items', page.locator('.fix-items'));
    expect(errors).toEqual([]);
  });

  test('a member whose model cannot take the diff with its context files is named, and the cut of the files is offered', async ({ page }) => {
    test.setTimeout(120_000);
    const errors = watchConsole(page);
    await openReviewForm(page);
    await page.getByLabel('Diff or code').fill(CLEAN_DIFF);
    // The Architect on an aimock model (in no list or table: 32,768 tokens), the SRE on one the
    // table of known models gives 8,192: a log of 400 lines is too much for the SRE alone.
    for (const [persona, model] of [['Engineering Architect', 'review-context'], ['Operations/SRE', 'gpt-4']]) {
      await openCouncil(page);
      const seat = page.getByRole('group', { name: persona, exact: true });
      await seat.getByLabel('Provider').selectOption({ label: 'Mock reviewers' });
      await seat.getByLabel('Model').fill(model);
    }
    const lines = Array.from({ length: 400 }, (_, i) => `log line ${i + 1}: the invoicing worker retried a payment and wrote its ledger entry again`);
    const contextFiles = page.locator('fieldset.context-files');
    const chips = contextFiles.getByRole('list', { name: 'Attached material' }).locator('.attach-chip:not(.reading)');
    await contextFiles.locator('.attach input[type=file]').setInputFiles({ name: 'worker.log', mimeType: 'text/plain', buffer: Buffer.from(lines.join('\n') + '\n') });
    await expect(chips).toHaveCount(1, { timeout: 60_000 });
    const notices = page.locator('.material-seats');
    await expect(notices.locator('li')).toHaveCount(1);
    await expect(notices).toContainText(/^Operations\/SRE \(gpt-4\) reads at most 8,192 tokens and the diff with the context files needs [\d,]+ more: cut the context files or choose another model for this member\.$/);
    await expect(page.locator('.review-reads')).toContainText(/^Each reviewer's call reads about [\d,]+ tokens: [\d,]+ for the change, the rules and the instructions, [\d,]+ for the context files\.$/);
    const cut = page.locator('button.material-cut');
    await expect(cut).toHaveText(/^Cut the context files: lines \d+-400 of worker\.log left out$/);
    await shots(page, 'review-form-window', page.locator('.ask-box'));
    const tokensOf = (chip: string) => Number(chip.match(/([\d,]+) tokens/)![1].replace(/,/g, ''));
    const before = tokensOf(await chips.first().innerText());
    const from = Number((await cut.innerText()).match(/lines (\d+)-400/)![1]);
    expect((from - 1) % 40).toBe(0);
    await cut.click();
    // The files are cut, the diff is not, and the SRE takes what is left.
    await expect(notices).toHaveCount(0);
    await expect(cut).toHaveCount(0);
    await expect(page.getByLabel('Diff or code')).toHaveValue(CLEAN_DIFF);
    await expect.poll(async () => tokensOf(await chips.first().innerText())).toBeLessThan(before);
    expect(errors).toEqual([]);
  });

  test('the abstain threshold is a setting: above every confidence, all abstain and it is INCONCLUSIVE', async ({ page }) => {
    await page.getByRole('button', { name: 'Settings' }).click();
    await showAdvancedSettings(page);
    const threshold = page.getByLabel('Reviewers abstain below this confidence (%)');
    await expect(threshold).toHaveValue('50');
    await threshold.fill('90');
    await threshold.blur();
    await reviewWith(page, 'Mock reviewers', 'review-approve', CLEAN_DIFF);
    await expect(verdictLabel(page)).toHaveAttribute('data-verdict', 'INCONCLUSIVE', { timeout: 30_000 });
    await expect(page.locator('.committee-grid tbody td[data-vote="ABSTAIN"]')).toHaveCount(2);
    await expect(page.locator('.verdict-reason')).toContainText('Every member abstained');
  });

  test('INCONCLUSIVE at the five-round limit', async ({ page }) => {
    await reviewWith(page, 'Mock reviewers', 'review-limit', CLEAN_DIFF);
    await expect(verdictLabel(page)).toHaveAttribute('data-verdict', 'INCONCLUSIVE', { timeout: 60_000 });
    await expect(page.locator('.verdict-reason')).toContainText('5-round limit');
    await expect(page.locator('.committee-grid thead th')).toHaveCount(6);
  });
});

test('a review by the real model on llama-server reaches a verdict or a recorded failure', async ({ page }) => {
  test.setTimeout(MODEL_TEST_MS);
  const errors = watchConsole(page);
  await page.goto('/');
  await page.getByRole('button', { name: 'Settings' }).click();
  await showAdvancedSettings(page);
  const maxTokens = page.getByLabel('Max tokens per reply');
  await maxTokens.fill('160');
  await maxTokens.blur();
  await addCompatibleProvider(page, 'Gemma reviewers', LLAMA_URL, LLAMA_MODEL, LLAMA_KEY);
  await reviewWith(page, 'Gemma reviewers', LLAMA_MODEL, CLEAN_DIFF);
  await expect(badge(page)).toHaveText(/^(complete|failed|veto)$/, { timeout: MODEL_TEST_MS });
  const state = (await badge(page).innerText()).trim();
  if (state === 'failed') {
    await expect(page.locator('.failure')).not.toBeEmpty();
  } else {
    await expect(verdictLabel(page)).toHaveAttribute('data-verdict', /^(APPROVED|REQUEST_CHANGES|INCONCLUSIVE)$/);
  }
  console.log(`[review-llama] ${state}: ${await page.locator('.review-verdict').innerText()}`);
  expect(errors).toEqual([]);
});

test('a finished review opens again with the network off, from History', async ({ page, context }) => {
  await page.goto('/');
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await openReviewForm(page);
  await page.getByRole('button', { name: 'Run the demo review' }).click();
  await expect(verdictLabel(page)).toHaveAttribute('data-verdict', 'REQUEST_CHANGES', { timeout: 60_000 });
  await context.setOffline(true);
  await page.reload();
  await page.getByRole('button', { name: 'History' }).click();
  await page.locator('.session-item', { hasText: 'Review of app/config.py' }).locator('button.link').click();
  await expect(verdictLabel(page)).toHaveAttribute('data-verdict', 'REQUEST_CHANGES');
  await expect(page.locator('.fix-items .finding')).toHaveCount(3);
  await context.setOffline(false);
});
