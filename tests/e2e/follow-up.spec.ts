// A follow-up of a finished Consult (asked inline: the composer under
// the decision, no new form), against aimock's scripted council (fixtures/aimock/consult.json): the
// council is told the earlier question and decision in rounds 1 and 4 (and not in 2 and 3), the
// follow-up names what it follows, and the earlier session shows it in its thread, after a reload
// too. The thread itself is tests/e2e/thread.spec.ts.
import { expect, test } from './guard';
import { decideOnAimock, FOLLOW_UP, journal, QUESTION, userPrompt } from './aimock-council';
import { confirmConsent, watchConsole } from './helpers';
import { openSessionId, storedSessionIn } from './stored';
import { expectFitsPhone, PHONE } from './layout';

test('a follow-up is asked inline with the earlier decision as context, and linked both ways', async ({ page, request }) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  await decideOnAimock(page);
  const earlierId = openSessionId(page);
  const answer = (await page.locator('[data-decision] .answer').innerText()).trim();

  // No form page: the composer under the decision asks on the same council.
  const composer = page.getByRole('region', { name: 'Ask the council a follow-up' });
  await composer.getByLabel('Ask the council a follow-up').fill(FOLLOW_UP);
  const before = (await journal(request)).length;
  await composer.getByRole('button', { name: 'Ask', exact: true }).click();
  await confirmConsent(page);
  await expect(page).not.toHaveURL(new RegExp(`#/session/${earlierId}$`));
  await expect(page.locator('.session-meta .badge')).toHaveText('complete', { timeout: 60_000 });
  const laterId = openSessionId(page);

  // Rounds 1 and 4 carry the earlier question and decision; rounds 2 and 3 do not.
  const calls = (await journal(request)).slice(before);
  expect(calls.length).toBeGreaterThanOrEqual(8);
  for (const call of calls) {
    const prompt = userPrompt(call);
    const answersTheQuestion = /Answer on your own|Now decide\./.test(prompt);
    expect(prompt.includes(`Earlier question:\n${QUESTION}`), prompt.slice(0, 200)).toBe(answersTheQuestion);
    expect(prompt.includes(`Its decision: ${answer}`)).toBe(answersTheQuestion);
  }
  const stored = await storedSessionIn(page, laterId, 'complete');
  expect(stored.body.follows.session_id).toBe(earlierId);
  expect(stored.body.follows.question).toBe(QUESTION);

  // The follow-up's page is the conversation: the earlier question and decision above it, after a
  // reload too; its link opens the earlier one, which lists it.
  const conversation = page.getByRole('region', { name: 'The conversation' }).locator('.thread-turn');
  await expect(conversation.nth(0).locator('.turn-question')).toHaveText(QUESTION);
  await expect(conversation.nth(0).locator('[data-turn-decision] .answer')).toHaveText(answer);
  await page.reload();
  await expect(conversation.nth(1).locator('.turn-question')).toHaveText(FOLLOW_UP);
  await conversation.nth(0).getByRole('link', { name: 'Open this turn' }).click();
  await expect(page).toHaveURL(new RegExp(`#/session/${earlierId}$`));
  const turn = conversation.nth(1);
  await expect(turn.locator('.turn-question')).toHaveText(FOLLOW_UP);
  await page.reload();
  await turn.getByRole('link', { name: 'Open this turn' }).click();
  await expect(page).toHaveURL(new RegExp(`#/session/${laterId}$`));
  expect(errors).toEqual([]);
});

test.describe('phone', () => {
  test.use({ viewport: PHONE, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

  test('a decided demo with its follow-up composer fits a phone', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Run the demo council' }).click();
    await page.locator('.run-stepper').getByRole('button', { name: 'Skip to the decision' }).click();
    await expect(page.locator('.session-meta .badge').first()).toHaveText('complete', { timeout: 90_000 });
    // A demo's follow-up can be asked: the scripted council answers it.
    const composer = page.getByRole('region', { name: 'Ask the council a follow-up' });
    await expect(composer.getByRole('button', { name: 'Ask', exact: true })).toBeVisible();
    await expectFitsPhone(page, 'decided, with the follow-up composer');
  });
});
