// A full Consult with a real model: Gemma 3 270M on llama-server, with structured output (the JSON
// schema becomes a grammar), through all four rounds to a verdict, in Chromium.
import { expect, test } from './guard';
import { LLAMA_KEY, LLAMA_MODEL, LLAMA_URL, MODEL_TEST_MS } from './servers';
import { addCompatibleProvider, askTheCouncil, openCouncil, openRounds, watchConsole, showAdvancedSettings } from './helpers';

test('a full consult against a real model reaches a verdict', async ({ page }) => {
  // The longest real-model test (4 rounds, 3 panelists and a judge, up to 1536 tokens a reply): 7 minutes
  // with one core busy, so it gets one and a half times a real-model test's bound.
  const limit = 1.5 * MODEL_TEST_MS;
  test.setTimeout(limit);
  const errors = watchConsole(page);
  await page.goto('/');
  await addCompatibleProvider(page, 'Gemma local', LLAMA_URL, LLAMA_MODEL, LLAMA_KEY);
  // Room for the grammar to close every bounded field of the largest reply.
  await showAdvancedSettings(page);
  await page.getByLabel('Max tokens per reply').fill('1536');
  await page.getByLabel('Max tokens per reply').blur();

  await page.getByRole('button', { name: 'New session' }).click();
  await page.getByLabel('Question', { exact: true }).fill('Should our team adopt trunk-based development?');
  // All four rounds, whatever the panel's agreement (Adaptive could stop after the synthesis).
  await openCouncil(page);
  await page.getByLabel('Depth').selectOption('full');
  await askTheCouncil(page);

  // A base model often copies the reply template's placeholders: such replies are re-asked, then
  // recorded as failed. So the run ends complete with no placeholder anywhere, or failed with the
  // reason on record, never "complete" with placeholders as positions and verdict.
  const badge = page.locator('.session-meta .badge').first();
  await expect(badge).toHaveText(/^(complete|failed)$/, { timeout: limit });
  const outcome = (await badge.innerText()).trim();
  await openRounds(page); // a finished record is folded under the decision
  const shown = await page.locator('.session').innerText();
  if (outcome === 'complete') {
    for (const round of [1, 2, 3, 4]) {
      await expect(page.locator(`.round[data-round="${round}"]`)).toHaveAttribute('data-complete', 'true');
    }
    await expect(page.locator('.verdict .recommendation')).not.toBeEmpty();
    await expect(page.locator('.decision .confidence .chip')).toContainText('%');
    await expect(page.locator('.efficiency')).toContainText('filtered rounds: 3, 4');
    expect(shown).not.toMatch(/<your answer|<a point that supports it>|<why, briefly>/);
  } else {
    await expect(page.locator('.failure')).not.toBeEmpty();
    await expect(page.locator('.failed-calls li').first()).toBeAttached();
    for (const position of await page.locator('.position-card .position').allInnerTexts()) {
      expect(position).not.toMatch(/^<.*>$/);
    }
  }
  console.log(`[consult-llama] ${outcome}: ${(await page.locator('.failure').allInnerTexts()).join(' ').slice(0, 400)}`);
  await page.screenshot({ path: 'test-results/consult-llama-verdict.png', fullPage: true });
  expect(errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
});
