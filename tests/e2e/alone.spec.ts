// One model alone (the Benchmark's "Use <model> alone"): a council of one seat is a
// single answer at any depth. With the council saved in the settings as the Benchmark's button
// saves it, the Consult form's chip says "1 model · <name>", the run asks that model once (no
// synthesis, no judge) and its answer is the decision, said to be one model's.
import { APIRequestContext } from '@playwright/test';
import { expect, test } from './guard';
import { MOCK_URL } from './servers';
import { addCompatibleProvider, askTheCouncil, watchConsole } from './helpers';

const QUESTION = 'Alone: should we ship the new checkout to every region at once?';

/** The chat completions aimock has served for `question` so far, as "model: messages". */
async function askedFor(request: APIRequestContext, question: string): Promise<string[]> {
  const response = await request.get(`${MOCK_URL}/__aimock/journal?path=/v1/chat/completions`);
  expect(response.ok()).toBe(true);
  const entries: any[] = await response.json();
  return entries
    .map((entry) => `${entry.body.model}: ${JSON.stringify(entry.body.messages)}`)
    .filter((call) => call.includes(question.slice(0, 40)));
}

test('a council of one model alone asks it once and its answer is the decision', async ({ page, request }, testInfo) => {
  const errors = watchConsole(page);
  await page.goto('/');
  await addCompatibleProvider(page, 'aimock alone', `${MOCK_URL}/v1`, 'verdict-alpha');
  // What "Use verdict-alpha alone" saves (its button is covered by tests/browser.rs).
  await page.evaluate(() => {
    const settings = JSON.parse(localStorage.getItem('consilium.settings') ?? '{}');
    const provider = settings.providers.find((p: any) => p.name === 'aimock alone');
    settings.alone = { provider_id: provider.id, model: 'verdict-alpha' };
    localStorage.setItem('consilium.settings', JSON.stringify(settings));
  });
  await page.reload();
  await page.getByRole('button', { name: 'New session' }).click();
  await page.getByLabel('Question', { exact: true }).fill(QUESTION);
  await expect(page.locator('.council-chip')).toHaveText('1 model · verdict-alpha · Edit');
  await expect(page.locator('.estimate')).toContainText(/^1 call, about/);
  await page.screenshot({ path: testInfo.outputPath('alone-form-1440.png') });
  await askTheCouncil(page);

  await expect(page.locator('.session-meta .badge')).toHaveText('complete', { timeout: 60_000 });
  const decision = page.locator('.decision');
  await expect(decision).toContainText('Run a one-quarter pilot of the new checkout before any rollout');
  await expect(decision.locator('.how-reached')).toContainText('One model · Asked alone: its answer is the decision.');
  await expect(decision.getByRole('button', { name: 'Cross-examine anyway' })).toHaveCount(0);
  // No panel: its own key points, not evidence a panel agreed on.
  await expect(decision.getByRole('heading', { name: 'Its key points' })).toBeVisible();
  await expect(decision).not.toContainText('Evidence the panel agreed on');
  // No panel, so the card does not claim "No dissent on record.".
  await expect(decision).toContainText('One model was asked alone: no panel to dissent.');
  await expect(decision).not.toContainText('No dissent on record.');
  // The chip and Why? speak of one model's own number: no band for "no dissent", no judge.
  await expect(decision.locator('.chip').first()).toHaveText(/^\d+% · asked alone$/);
  await expect(decision).not.toContainText("Judge's number");
  // One model alone asks round 1 only: the later rounds were not needed, not missed.
  for (const round of ['2', '3', '4']) {
    await expect(page.locator(`.round[data-round="${round}"] summary`)).toContainText('not needed at this depth');
  }
  // With "Why?" open, so the key points and the dissent line show.
  await decision.locator('summary', { hasText: 'Why?' }).first().click();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: testInfo.outputPath(`alone-decision-${width}-${scheme}.png`), fullPage: true });
    }
  }
  const asked = await askedFor(request, QUESTION);
  expect(asked).toHaveLength(1);
  expect(asked[0]).toMatch(/^verdict-alpha: /);
  expect(errors).toEqual([]);
});
