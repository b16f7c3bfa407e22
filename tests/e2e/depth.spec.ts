// Depth by need (docs/design.md, "Depth by need: convene only when in doubt"): a council that
// convenes only when in doubt. Against aimock's verdict fixtures
// (tests/e2e/fixtures/aimock/verdict.json), whose synthesis has no tension and a consensus point
// both panelists support: an Adaptive council of two stops after the synthesis, says how it decided
// and what it saved, and "Cross-examine anyway" runs rounds 3 and 4 on the same answers without
// asking anything again. The depth chosen in the panel builder is the council's: saved, named on
// the chip, and the run's.
import { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './guard';
import { MOCK_URL } from './servers';
import { addCompatibleProvider, askTheCouncil, openCouncil, watchConsole } from './helpers';

const QUESTION = 'Depth: should we ship the new checkout to every region at once?';
const SEATS = [
  { seat: 'Panelist 1', model: 'verdict-alpha' },
  { seat: 'Panelist 2', model: 'verdict-beta' },
  { seat: 'Judge', model: 'verdict-judge' },
];

/** The chat completions aimock has served for `question` so far, as "model: user prompt". */
async function askedFor(request: APIRequestContext, question: string): Promise<string[]> {
  const response = await request.get(`${MOCK_URL}/__aimock/journal?path=/v1/chat/completions`);
  expect(response.ok()).toBe(true);
  const entries: any[] = await response.json();
  return entries
    .map((entry) => `${entry.body.model}: ${JSON.stringify(entry.body.messages)}`)
    .filter((call) => call.includes(question.slice(0, 40)));
}

async function setUpTwoPanelists(page: Page, question: string, connect = true) {
  if (connect) {
    await page.goto('/');
    // OpenRouter's path: aimock reports a fixture's cached tokens (usage.prompt_tokens_details)
    // only there; the OpenAI-compatible codec reads them wherever they come.
    await addCompatibleProvider(page, 'aimock levels', `${MOCK_URL}/api/v1`, SEATS[0].model);
  }
  await page.getByRole('button', { name: 'New session' }).click();
  await page.getByLabel('Question', { exact: true }).fill(question);
  await openCouncil(page);
  await page.getByRole('button', { name: 'Remove Panelist 3' }).click();
  for (const { seat, model } of SEATS) {
    const editor = page.getByRole('group', { name: seat, exact: true });
    await editor.getByLabel('Model').fill(model);
    await expect(editor.getByLabel('Model')).toHaveValue(model);
    if (seat !== 'Judge') await editor.getByLabel('Persona').selectOption('');
  }
}

test('an Adaptive council that agrees stops after the synthesis; "Cross-examine anyway" asks nothing again', async ({ page, request }) => {
  const errors = watchConsole(page);
  await setUpTwoPanelists(page, QUESTION);
  // New councils are Adaptive, named on the chip and chosen under Advanced.
  await expect(page.locator('.council-chip')).toHaveText('2 panelists · Adaptive · aimock levels · Edit');
  await expect(page.getByLabel('Depth')).toHaveValue('adaptive');
  await askTheCouncil(page);

  await expect(page.locator('.session-meta .badge')).toHaveText('complete', { timeout: 60_000 });
  const decision = page.locator('.decision');
  await expect(decision.locator('.recommendation')).toHaveText('A pilot comes before any rollout');
  await expect(decision.locator('.how-reached')).toContainText(
    'Adaptive · The panel agreed after the synthesis: no cross-examination needed · 3 calls saved');
  await expect(decision.locator('.confidence .chip')).toContainText('%');
  // Rounds 3 and 4 were not needed, not missed; and nothing asked for them.
  await expect(page.locator('.round[data-round="3"] summary')).toContainText('not needed at this depth');
  const asked = await askedFor(request, QUESTION);
  expect(asked.filter((call) => call.includes('Cross-examine it.'))).toEqual([]);
  expect(asked).toHaveLength(3); // two answers and the synthesis

  // History names the depth and how it decided.
  await page.getByRole('button', { name: 'History' }).click();
  const item = page.locator('.session-item', { hasText: QUESTION.slice(0, 40) });
  await expect(item.locator('.depth-line')).toHaveText('Adaptive · agreed early');
  await item.getByRole('button', { name: new RegExp(`^${QUESTION.slice(0, 20)}`) }).click();

  // Cross-examine anyway: rounds 3 and 4 on the stored answers and synthesis.
  await decision.getByRole('button', { name: 'Cross-examine anyway' }).click();
  await expect(page.locator('.session-meta .badge')).toHaveText('complete', { timeout: 60_000 });
  await expect(decision.locator('.recommendation')).toHaveText(
    'Run a one-quarter pilot of the new checkout in one region, then decide on the rollout.');
  await expect(decision.locator('.how-reached')).toContainText('The judge decided after the cross-examination.');
  await expect(decision.getByRole('button', { name: 'Cross-examine anyway' })).toHaveCount(0);
  const after = await askedFor(request, QUESTION);
  expect(after.filter((call) => call.includes('Answer on your own'))).toHaveLength(2);
  expect(after.filter((call) => call.includes('Synthesise them.'))).toHaveLength(1);
  expect(after.filter((call) => call.includes('Cross-examine it.'))).toHaveLength(2);
  expect(after.filter((call) => call.includes('Now decide.'))).toHaveLength(1);
  // The verdict's reply reports 150 prompt tokens read from the provider's cache (OpenAI's
  // usage.prompt_tokens_details.cached_tokens): the session's cost line says so.
  await expect(page.locator('.session-meta')).toContainText('cached: 150 tokens');
  expect(errors).toEqual([]);
});

test('the depth chosen in the panel builder is the council\'s: saved, on the chip, and the run\'s', async ({ page }) => {
  const question = 'Depth vote: should we ship the new checkout to every region at once?';
  await setUpTwoPanelists(page, question);
  await page.getByRole('radio', { name: /^Vote/ }).check();
  await expect(page.locator('.council-chip')).toContainText('2 panelists · Vote ·');
  await expect(page.getByLabel('Depth')).toHaveValue('vote');
  // Round 1 alone is a choice for this run, named on the chip.
  await page.getByLabel('Depth').selectOption('1');
  await expect(page.locator('.council-chip')).toContainText('2 panelists · Answers only ·');
  await page.getByLabel('Depth').selectOption('vote');

  // Saved with the settings: a new form after a reload starts at Vote.
  await page.reload();
  await page.getByRole('button', { name: 'New session' }).click();
  await openCouncil(page);
  await expect(page.getByLabel('Depth')).toHaveValue('vote');
  await expect(page.getByRole('radio', { name: /^Vote/ })).toBeChecked();

  await setUpTwoPanelists(page, question, false);
  await askTheCouncil(page);
  await expect(page.locator('.session-meta .badge')).toHaveText('complete', { timeout: 60_000 });
  await expect(page.locator('.decision .how-reached')).toContainText('Vote · ');
  await expect(page.locator('.decision .recommendation')).toHaveText('A pilot comes before any rollout');
});
