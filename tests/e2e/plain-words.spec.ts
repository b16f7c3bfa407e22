// Plain words everywhere: every view of the three demos and the benchmark demo (each form, the
// finished session, History, Settings, the sidebar) reads in words. Raw names (snake_case, ALL-CAPS
// enum values, internal ids) are allowed only inside <details>.
import { Page } from '@playwright/test';
import { expect, test } from './guard';
import { newSession, skipToTheDecision } from './demos';
import { rawNames, rawNamesOnPage } from './plain-words';

async function expectPlainWords(page: Page, view: string) {
  // Soft: one run lists every view's raw names, not only the first view's.
  expect.soft(await rawNamesOnPage(page), `raw names on ${view}`).toEqual([]);
}

test('the check itself finds snake_case, enum values and ids, and lets words and acronyms pass', () => {
  expect(rawNames('Round 3 · cross_exam')).toEqual(['cross_exam']);
  expect(rawNames('opp-3 Add search · PRIORITIZE')).toEqual(['PRIORITIZE', 'opp-3']);
  expect(rawNames('REQUEST_CHANGES: a secret in code')).toEqual(['REQUEST_CHANGES']);
  expect(rawNames('with 3 fix item(s) to address')).toEqual(['item(s)']);
  expect(rawNames('The API returns JSON; the PR is OK. Changes requested.')).toEqual([]);
  expect(rawNames('Start Ollama with OLLAMA_ORIGINS=* · the round-1 vote')).toEqual([]);
});

test('every view of the demos and the benchmark demo reads in plain words', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await expectPlainWords(page, 'the Consult form');
  await page.getByRole('button', { name: 'Run the demo council' }).click();
  await expect(page.locator('.run-stepper')).toBeVisible();
  await expectPlainWords(page, 'the live Consult demo');
  // The stage the header names while the panel cross-examines (the record calls it cross_exam).
  await expect(page.locator('.session-meta .badge[data-state="cross_exam"]')).toBeVisible({ timeout: 60_000 });
  await expectPlainWords(page, 'the Consult demo cross-examining');
  await skipToTheDecision(page);
  await expect(page.locator('.session-meta .badge').first()).toHaveText('complete', { timeout: 90_000 });
  await expectPlainWords(page, 'the finished Consult demo');

  await newSession(page, 'Review: a code change');
  await expectPlainWords(page, 'the Review form');
  await page.getByRole('button', { name: 'Run the demo review' }).click();
  await skipToTheDecision(page);
  await expect(page.locator('.review-verdict-label')).toBeVisible({ timeout: 60_000 });
  await expect(page.locator('.run-stepper')).toHaveCount(0, { timeout: 60_000 });
  await expectPlainWords(page, 'the finished Review demo');

  await newSession(page, 'Prioritize: a backlog');
  await expectPlainWords(page, 'the Prioritize form');
  await page.getByRole('button', { name: 'Run the demo prioritization' }).click();
  await skipToTheDecision(page);
  await expect(page.locator('.session-meta .badge').first()).toHaveText('complete', { timeout: 90_000 });
  await expectPlainWords(page, 'the finished Prioritize demo');

  await newSession(page, 'Benchmark: is the council worth it?');
  await expectPlainWords(page, 'the Benchmark form');
  await page.getByRole('button', { name: 'Run the demo benchmark' }).click();
  await expect(page.getByText('10 of 10 questions done')).toBeVisible({ timeout: 90_000 });
  await expectPlainWords(page, 'the finished Benchmark demo');

  await page.getByRole('button', { name: 'History' }).click();
  await expect(page.locator('.session-item')).toHaveCount(4);
  await expectPlainWords(page, 'History with the four demos');
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
  await expectPlainWords(page, 'Settings');
});
