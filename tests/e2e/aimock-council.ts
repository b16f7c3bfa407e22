// aimock's scripted council (fixtures/aimock/consult.json): its question, a follow-up, the seats'
// models, and the request journal the specs read what went over the wire from.
import { APIRequestContext, expect, Page } from '@playwright/test';
import { MOCK_URL } from './servers';
import { addCompatibleProvider, askTheCouncil, openCouncil } from './helpers';

export const QUESTION = 'Should our 12-person team migrate the billing service from a monolith to microservices this year?';
export const FOLLOW_UP = 'If we migrate, which service should move first?';
export const SEATS = [
  { seat: 'Panelist 1', model: 'council-alpha' },
  { seat: 'Panelist 2', model: 'council-beta' },
  { seat: 'Panelist 3', model: 'council-gamma' },
  { seat: 'Judge', model: 'council-judge' },
];

/** Every chat request aimock has answered, oldest first. */
export async function journal(request: APIRequestContext): Promise<any[]> {
  const response = await request.get(`${MOCK_URL}/__aimock/journal?path=/v1/chat/completions`);
  expect(response.ok()).toBe(true);
  return response.json();
}

/** A journal entry's user messages, joined. */
export function userPrompt(entry: any): string {
  return entry.body.messages.filter((m: any) => m.role === 'user').map((m: any) => m.content).join('\n');
}

/** A fresh page asks QUESTION of aimock's council (each seat on its model, no personas) and waits
 * for the decision. */
export async function decideOnAimock(page: Page) {
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
