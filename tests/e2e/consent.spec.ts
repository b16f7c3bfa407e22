// The consent gate: a council with any unpriced participant is asked about before it runs (its
// estimate cannot be trusted), whatever the threshold; a fully priced council under the threshold
// runs at once. aimock serves the models; no price is known for them until one is set.
import { Page } from '@playwright/test';
import { expect, test } from './guard';
import { MOCK_URL } from './servers';
import { addCompatibleProvider, confirmConsent, watchConsole, openCouncil, showAdvancedSettings } from './helpers';
import { storedSummaries } from './stored';

const MODEL = 'format-compatible';

async function newQuestion(page: Page, question: string) {
  await page.getByRole('button', { name: 'New session' }).click();
  await page.getByLabel('Question', { exact: true }).fill(question);
  await openCouncil(page);
  await page.getByLabel('Depth').selectOption('1');
}

test('consent asked for an unpriced council: why, and nothing runs until the user agrees', async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto('/');
  await addCompatibleProvider(page, 'Mock unpriced', `${MOCK_URL}/v1`, MODEL);
  await newQuestion(page, 'Consent: an unpriced council?');
  await page.getByRole('button', { name: 'Ask the council' }).click();

  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading')).toHaveText('The cost of this run cannot be trusted');
  // Depth 1: the three panelists are the participants asked, none of them priced.
  const reason = (await dialog.locator('.consent-reason').innerText()).trim();
  expect(reason).toMatch(/^3 participants have no price \(.+\), so the estimate cannot be trusted and the budget cannot limit them\. Set prices in Settings, or run it knowing that\.$/);
  expect(reason).toContain(`Panelist 1 · ${MODEL}`);
  await expect(dialog).toContainText('price unknown');

  // "Not now": nothing ran, nothing was stored.
  await dialog.getByRole('button', { name: 'Not now' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/#\/new$/);
  expect(JSON.stringify(await storedSummaries(page))).not.toContain('Consent');

  // Asked again, and agreed to: the run starts.
  await page.getByRole('button', { name: 'Ask the council' }).click();
  await confirmConsent(page);
  await expect(page).toHaveURL(/#\/session\//);
  await expect(page.locator('.session-question')).toHaveText('Consent: an unpriced council?');
  await expect(page.locator('.session-meta .badge').first()).toHaveText('complete', { timeout: 30_000 });
  expect(errors).toEqual([]);
});

test('a priced council under the threshold runs without asking', async ({ page }) => {
  await page.goto('/');
  await addCompatibleProvider(page, 'Mock priced', `${MOCK_URL}/v1`, MODEL);
  await showAdvancedSettings(page);
  await page.getByLabel('Model', { exact: true }).fill(MODEL);
  await page.getByLabel('Input $/M').fill('0.01');
  await page.getByLabel('Output $/M').fill('0.01');
  await page.getByRole('button', { name: 'Set price' }).click();
  await expect(page.getByText(`Price for ${MODEL} saved.`)).toBeVisible();
  await newQuestion(page, 'Consent: a priced council?');
  await page.getByRole('button', { name: 'Ask the council' }).click();
  await expect(page).toHaveURL(/#\/session\//);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(page.locator('.session-meta .badge').first()).toHaveText('complete', { timeout: 30_000 });
});
