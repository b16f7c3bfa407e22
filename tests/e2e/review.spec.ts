// Review in Chromium: the demo review (veto, compromise, REQUEST_CHANGES) and its downloads, then
// reviews against aimock reaching APPROVED, REQUEST_CHANGES by an irreconcilable veto (its share
// link masking the key, then amended code approved in a new deliberation), and INCONCLUSIVE at the
// round limit, and one against the real model on llama-server.
import { Page } from '@playwright/test';
import { expect, test } from './guard';
import * as fs from 'fs';
import { LLAMA_KEY, LLAMA_MODEL, LLAMA_URL, MOCK_URL, MODEL_TEST_MS } from './servers';
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

async function download(page: Page, item: string): Promise<string> {
  const file = await exportAs(page, item);
  return fs.readFileSync((await file.path())!, 'utf8');
}

test('the demo review vetoes, compromises and requests changes, with grounded findings and both reports', async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto('/');
  await openReviewForm(page);
  // Watched through the whole run: "Now" never names one member twice (issue 46.10).
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
