// aimock's scripted council (fixtures/aimock/consult.json): its question, a follow-up, the seats'
// models, and the request journal the specs read what went over the wire from.
import { APIRequestContext, expect } from '@playwright/test';
import { MOCK_URL } from './servers';

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
