// Bias controls: with anonymous peers (the default) rounds 2-4 reach the models with the panelists
// as "Panelist A/B/C", never by id or model, while the stored session keeps the real ids; the
// checkbox turns it off. And the form warns before the start when the judge runs on a panelist's
// model. A full Consult against aimock's scripted council (fixtures/aimock/consult.json), whose
// request journal shows what went over the wire.
import { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './guard';
import { MOCK_URL } from './servers';
import { addCompatibleProvider, askTheCouncil, openCouncil, watchConsole } from './helpers';
import { storedSessionIn } from './stored';

const QUESTION = 'Should our 12-person team migrate the billing service to microservices this year? (anonymity)';
const PANEL = ['council-alpha', 'council-beta', 'council-gamma'];
// Phrases only the round-2, round-3 and round-4 user prompts contain.
const LATE_ROUNDS = ['Synthesise them.', 'Cross-examine it.', 'Judge the cross-examination.', 'Now decide.'];

async function chatJournal(request: APIRequestContext): Promise<any[]> {
  const response = await request.get(`${MOCK_URL}/__aimock/journal?path=/v1/chat/completions`);
  expect(response.ok()).toBe(true);
  return response.json();
}

function message(entry: any, role: string): string {
  return (entry.body.messages ?? []).filter((m: any) => m.role === role).map((m: any) => String(m.content)).join('\n');
}

async function setUpCouncil(page: Page) {
  await page.goto('/');
  await addCompatibleProvider(page, 'aimock anonymity', `${MOCK_URL}/v1`, PANEL[0]);
  await page.getByRole('button', { name: 'New session' }).click();
  await page.getByLabel('Question', { exact: true }).fill(QUESTION);
  await openCouncil(page);
  const seats = [...PANEL.map((model, i) => ({ seat: `Panelist ${i + 1}`, model })), { seat: 'Judge', model: PANEL[0] }];
  for (const { seat, model } of seats) {
    const editor = page.getByRole('group', { name: seat, exact: true });
    await editor.getByLabel('Model').fill(model);
    await expect(editor.getByLabel('Model')).toHaveValue(model);
  }
  // The judge on panelist 1's model: warned about before the start, until it gets its own.
  const warning = page.locator('.judge-warning');
  await expect(warning).toHaveText(/^The judge runs on council-alpha, like Panelist 1; models favour their own answers/);
  await page.getByRole('group', { name: 'Judge', exact: true }).getByLabel('Model').fill('council-judge');
  await expect(warning).toBeHidden();
}

/** The round 2-4 requests of the consult that ran since `before` entries. */
async function lateRequests(request: APIRequestContext, before: number): Promise<any[]> {
  const ours = (await chatJournal(request)).slice(before);
  expect(ours).toHaveLength(9);
  return ours.filter((entry) => LATE_ROUNDS.some((phrase) => message(entry, 'user').includes(phrase)));
}

async function finished(page: Page) {
  await expect(page.locator('.session-meta .badge')).toHaveText('complete', { timeout: 60_000 });
  const id = decodeURIComponent(page.url().split('#/session/')[1] ?? '');
  return storedSessionIn(page, id, 'complete');
}

test('rounds 2-4 go out with the panelists as Panelist A/B/C; the record keeps their ids', async ({ page, request }) => {
  const errors = watchConsole(page);
  await setUpCouncil(page);
  await expect(page.getByLabel('Anonymous peers: rounds 2-4 see Panelist A, B…')).toBeChecked();
  const before = (await chatJournal(request)).length;
  await askTheCouncil(page);
  const session = await finished(page);

  const late = await lateRequests(request, before);
  expect(late).toHaveLength(6);
  for (const entry of late) {
    const user = message(entry, 'user');
    const system = message(entry, 'system');
    expect(user, entry.body.model).toContain('Panelist A');
    for (const [index, model] of PANEL.entries()) {
      const id = `panelist-${index + 1}`;
      // A panelist is told who it is in its own system prompt; no one else's id or model is sent.
      const own = entry.body.model === model;
      expect(user, `${entry.body.model} is not shown ${id}`).not.toContain(id);
      if (!own) expect(system, `${entry.body.model} is not told of ${id}`).not.toContain(id);
      if (!own) expect(user + system, `${entry.body.model} is not shown ${model}`).not.toContain(model);
    }
  }
  // Mapped back: the record names the panelists by id.
  expect(session.body.config.anonymous_peers).toBeUndefined();
  expect(typeof session.body.peer_label_seed).toBe('number');
  expect(session.body.round2.consensus_points[0].supporting_agents).toEqual(['panelist-1', 'panelist-2', 'panelist-3']);
  expect(session.body.round3.challenges.map((c: any) => c.challenger)).toEqual(['panelist-1', 'panelist-3']);
  expect(errors).toEqual([]);
});

test('with anonymous peers off, rounds 2-4 name the panelists', async ({ page, request }) => {
  const errors = watchConsole(page);
  await setUpCouncil(page);
  await page.getByLabel('Anonymous peers: rounds 2-4 see Panelist A, B…').uncheck();
  const before = (await chatJournal(request)).length;
  await askTheCouncil(page);
  const session = await finished(page);
  const late = await lateRequests(request, before);
  const synthesis = late.find((entry) => message(entry, 'user').includes('Synthesise them.'));
  expect(message(synthesis, 'user')).toContain('panelist-1: ');
  expect(late.every((entry) => !message(entry, 'user').includes('Panelist A'))).toBe(true);
  expect(session.body.config.anonymous_peers).toBe(false);
  expect(session.body.peer_label_seed).toBeUndefined();
  expect(errors).toEqual([]);
});
