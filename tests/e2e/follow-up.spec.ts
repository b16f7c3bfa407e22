// "Ask a follow-up" on a finished Consult (issue 20.8), against aimock's scripted council
// (fixtures/aimock/consult.json): the new form is prefilled (the earlier council's seats, the link
// shown above the question), the council is told the earlier question and decision in rounds 1 and
// 4 (and not in 2 and 3), and both sessions show the link, after a reload too.
import { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './guard';
import { MOCK_URL } from './servers';
import { addCompatibleProvider, askTheCouncil, openCouncil, watchConsole } from './helpers';
import { openSessionId, storedSessionIn } from './stored';
import { expectFitsPhone, PHONE } from './layout';

const QUESTION = 'Should our 12-person team migrate the billing service from a monolith to microservices this year?';
const FOLLOW_UP = 'If we migrate, which service should move first?';
// Lists and links show a question by its title: its first line, shortened.
const TITLE = 'Should our 12-person team migrate the billing service from a monolith to micros…';
const SEATS = [
  { seat: 'Panelist 1', model: 'council-alpha' },
  { seat: 'Panelist 2', model: 'council-beta' },
  { seat: 'Panelist 3', model: 'council-gamma' },
  { seat: 'Judge', model: 'council-judge' },
];

async function journal(request: APIRequestContext): Promise<any[]> {
  const response = await request.get(`${MOCK_URL}/__aimock/journal?path=/v1/chat/completions`);
  expect(response.ok()).toBe(true);
  return response.json();
}

function userPrompt(entry: any): string {
  return entry.body.messages.filter((m: any) => m.role === 'user').map((m: any) => m.content).join('\n');
}

async function decidedConsult(page: Page) {
  await page.goto('/');
  await addCompatibleProvider(page, 'aimock council', `${MOCK_URL}/v1`, SEATS[0].model);
  await page.getByRole('button', { name: 'New session' }).click();
  await page.getByLabel('Question', { exact: true }).fill(QUESTION);
  for (const { seat, model } of SEATS) {
    await openCouncil(page);
    const editor = page.getByRole('group', { name: seat, exact: true });
    await editor.getByLabel('Model').fill(model);
    if (seat !== 'Judge') await editor.getByLabel('Persona').selectOption('');
  }
  await askTheCouncil(page);
  await expect(page.locator('.session-meta .badge')).toHaveText('complete', { timeout: 60_000 });
}

test('a follow-up is prefilled, asked with the earlier decision as context, and linked both ways', async ({ page, request }) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  await decidedConsult(page);
  const earlierId = openSessionId(page);
  const answer = (await page.locator('.decision .answer').innerText()).trim();

  await page.getByRole('button', { name: 'Ask a follow-up' }).click();
  // The new form, linked and on the same council, also after a reload before Ask.
  const link = page.locator('.follow-up-of');
  for (const reloaded of [false, true]) {
    if (reloaded) await page.reload();
    await expect(link).toContainText(`Follow-up of “${TITLE}”`);
    await expect(link).toContainText(`which decided: ${answer}`);
    await expect(page.getByLabel('Question', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Question', { exact: true })).toHaveAttribute('placeholder', /Your follow-up question/);
    await openCouncil(page);
    for (const { seat, model } of SEATS) {
      await expect(page.getByRole('group', { name: seat, exact: true }).getByLabel('Model')).toHaveValue(model);
    }
  }
  await page.getByLabel('Question', { exact: true }).fill(FOLLOW_UP);
  const before = (await journal(request)).length;
  await askTheCouncil(page);
  await expect(page.locator('.session-meta .badge')).toHaveText('complete', { timeout: 60_000 });
  const laterId = openSessionId(page);
  expect(laterId).not.toBe(earlierId);
  // Asked: the next new consult is not linked.
  await page.getByRole('button', { name: 'New session' }).click();
  await expect(page.getByLabel('Question', { exact: true })).toBeVisible();
  await expect(link).toHaveCount(0);
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`#/session/${laterId}$`));

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

  // The follow-up names what it follows; the link opens the earlier one, which lists it.
  const follows = page.locator('.follow-up-links .follows');
  await expect(follows).toContainText(`Follow-up of “${TITLE}”, which decided: ${answer}`);
  await page.reload();
  await expect(follows.getByRole('link')).toHaveText(`Follow-up of “${TITLE}”`);
  await follows.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`#/session/${earlierId}$`));
  const followUps = page.locator('.follow-up-links .follow-ups');
  await expect(followUps).toContainText('Follow-ups:');
  await expect(followUps.getByRole('link', { name: FOLLOW_UP })).toBeVisible();
  await page.reload();
  await followUps.getByRole('link', { name: FOLLOW_UP }).click();
  await expect(page).toHaveURL(new RegExp(`#/session/${laterId}$`));
  expect(errors).toEqual([]);
});

test('"Ask without it" unlinks the form (a demo followed up with no provider yet)', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Run the demo council' }).click();
  await page.locator('.run-stepper').getByRole('button', { name: 'Skip to the decision' }).click();
  await expect(page.locator('.session-meta .badge').first()).toHaveText('complete', { timeout: 90_000 });
  await page.getByRole('button', { name: 'Ask a follow-up' }).click();
  await expect(page.locator('.follow-up-of')).toBeVisible();
  await page.getByRole('button', { name: 'Ask without it' }).click();
  await expect(page.locator('.follow-up-of')).toHaveCount(0);
  await expect(page.getByLabel('Question', { exact: true })).toHaveAttribute('placeholder', /What should the council decide/);
  // Unlinked for good: a reload does not bring the link back.
  await page.reload();
  await expect(page.getByLabel('Question', { exact: true })).toHaveAttribute('placeholder', /What should the council decide/);
  await expect(page.locator('.follow-up-of')).toHaveCount(0);
});

test.describe('phone', () => {
  test.use({ viewport: PHONE, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

  test('the follow-up form fits a phone', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Run the demo council' }).click();
    await page.locator('.run-stepper').getByRole('button', { name: 'Skip to the decision' }).click();
    await expect(page.locator('.session-meta .badge').first()).toHaveText('complete', { timeout: 90_000 });
    await expectFitsPhone(page, 'decided, with Ask a follow-up');
    await page.getByRole('button', { name: 'Ask a follow-up' }).click();
    await expect(page.locator('.follow-up-of')).toBeVisible();
    await expectFitsPhone(page, 'follow-up form');
  });
});
