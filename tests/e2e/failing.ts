// A run that fails for a reason the user can fix: every panelist gets "401 Invalid API key" from the
// wire-format mock (fixtures/aimock/verdict.json answers so for model verdict-gamma in round 1).
import { expect, Page } from '@playwright/test';
import { MOCK_URL } from './servers';
import { addCompatibleProvider, askTheCouncil } from './helpers';

export async function failedConsult(page: Page, question = 'Failure: should we move our CI to GitHub Actions?') {
  await page.goto('/');
  await addCompatibleProvider(page, 'Mock', `${MOCK_URL}/v1`, 'verdict-gamma');
  await page.getByRole('button', { name: 'New session' }).click();
  await page.getByLabel('Question', { exact: true }).fill(question);
  await askTheCouncil(page);
  await expect(page.locator('.session-meta .badge').first()).toHaveText('failed', { timeout: 60_000 });
}
