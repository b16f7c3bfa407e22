// One error, one fix: a run whose every panelist gets a 401 from the wire-format mock shows one
// banner above the fold that names the problem once, with the provider's settings, a test of it and
// resume as its actions and the details collapsed; the rounds it never reached are not left open.
// Axe and the CSP hold on the failed page in light and dark.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './guard';
import { failedConsult } from './failing';

const HEADLINE = 'Mock refused the API key (HTTP 401)';

test('a failed run names its problem once, above the fold, with the fix one click away', async ({ page }) => {
  await failedConsult(page);
  const banner = page.locator('.failure-banner');
  await expect(banner).toHaveCount(1);
  await expect(banner.getByRole('heading', { level: 3 })).toHaveText(HEADLINE);
  await expect(banner).toContainText('Round 1 needs at least 2 usable answers and got 0.');
  await expect(banner).toContainText('got no usable reply this way.');
  await expect(banner.locator('.failure-advice')).toHaveText('Check the key for Mock in Settings. (Invalid API key for verdict-gamma.)');
  // Above the fold on this screen.
  const box = (await banner.getByRole('heading', { level: 3 }).boundingBox())!;
  expect(box.y + box.height).toBeLessThan(page.viewportSize()!.height);

  // Named once in what the page shows (the full reason and each call stay under Details).
  const shown = await page.evaluate(() => document.body.innerText);
  expect(shown.split('refused the API key').length - 1, shown).toBe(1);
  const details = banner.locator('details.failure-details');
  await expect(details).not.toHaveAttribute('open', '');
  await expect(details.locator('.failure')).toContainText('Round 1 needs at least 2 usable answers and got 0.');
  await expect(details.locator('.failed-calls li')).toHaveCount(3);
  // The cards of round 1 say there was no reply, not the message again.
  const cards = page.locator('.round[data-round="1"] .call-card .error');
  await expect(cards).toHaveCount(3);
  for (const card of await cards.all()) await expect(card).toHaveText('No usable reply.');

  // Rounds never reached are folded and say so; no "Tokens used 0".
  for (const n of [2, 3, 4]) {
    const round = page.locator(`.round[data-round="${n}"]`);
    await expect(round).not.toHaveAttribute('open', '');
    await expect(round.locator('summary')).toContainText('not reached');
  }
  await expect(page.getByText('Tokens used 0')).toHaveCount(0);

  // Resume is offered, after the fix.
  const actions = banner.locator('.actions button');
  expect(await actions.allInnerTexts()).toEqual(['Open Mock settings', 'Check Mock', 'Resume from round 1', 'Discard it']);

  // Check it: the banner says in the check's one line how the provider answers now.
  await banner.getByRole('button', { name: 'Check Mock' }).click();
  await expect(banner.locator('.provider-test')).toContainText(/^Connected · .+ · test reply from .+ in (under )?[\d.]+ s$/);

  // Fix the provider: its card in Settings, in view, with the focus in it.
  const sessionUrl = page.url();
  await banner.getByRole('button', { name: 'Open Mock settings' }).click();
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  const card = page.getByRole('article', { name: 'Mock' });
  await expect(card).toBeInViewport();
  await expect.poll(() => card.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await card.getByLabel('API key').fill('sk-a-new-key');
  await card.getByLabel('API key').blur();
  // Back to the session: resume is one click.
  await page.goto(sessionUrl);
  await expect(page.locator('.failure-banner').getByRole('button', { name: 'Resume from round 1' })).toBeVisible();
});

test('the tab names the session, and the app again once it is left', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Consilium');
  await page.getByRole('button', { name: 'Run the demo council' }).click();
  await expect(page).toHaveTitle(/^Should .* · Consilium$/);
  await expect(page.locator('.session-meta .badge').first()).toHaveText('complete', { timeout: 90_000 });
  await page.getByRole('button', { name: 'History' }).click();
  await expect(page).toHaveTitle('Consilium');
});

test('a finished consult opens on a one-line answer and one confidence chip whose Why? explains it', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Run the demo council' }).click();
  await expect(page.locator('.session-meta .badge').first()).toHaveText('complete', { timeout: 90_000 });
  const decision = page.locator('.decision');
  const answer = decision.locator('.answer');
  await expect(answer).toBeVisible();
  // Said once: the paragraph goes on from the one-line answer rather than repeating it.
  const paragraph = (await decision.locator('.recommendation').innerText()).replace(/\s+/g, ' ').trim();
  const line = (await answer.innerText()).trim();
  expect(paragraph.length).toBeGreaterThan(0);
  expect(paragraph).not.toContain(line);
  // One chip: the confidence and the dissent; stated once.
  const chip = decision.locator('.chip');
  await expect(chip).toHaveText(/^\d+% · (high|medium|low|no) dissent$/);
  const percent = (await chip.innerText()).split(' ')[0];
  const visible = await decision.evaluate((el) => (el as HTMLElement).innerText);
  expect(visible.split(percent).length - 1, visible).toBe(1);
  // Why? shows the band, the judge's number and the rule.
  await decision.getByText('Why?').click();
  const why = decision.locator('.why-lines');
  await expect(why.locator('dt')).toHaveText(['Allowed band', "Judge's number", 'Rule', 'The engine']);
  await expect(decision.getByRole('meter', { name: 'Confidence' })).toBeVisible();
  // The stance matrix is compact: icons and counts, short headers, the words on demand.
  const matrix = page.locator('.stance-matrix');
  const headers = await matrix.locator('thead th[scope="col"] [aria-hidden="true"]').allInnerTexts();
  for (const header of headers) expect(header.length).toBeLessThanOrEqual(29);
  await expect(matrix.locator('.stance-legend li')).toHaveCount(6);
  const tableHeight = (await matrix.locator('table').boundingBox())!.height;
  expect(tableHeight).toBeLessThan(500);
  await matrix.getByText('In words').click();
  await expect(matrix.locator('.stance-words')).toContainText('supported');
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`a failed run is axe-clean in the ${colorScheme} scheme, details open and closed`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    await failedConsult(page, `Failure ${colorScheme}: adopt Rust?`);
    for (const state of ['closed', 'open']) {
      if (state === 'open') await page.locator('.failure-details > summary').click();
      const results = await new AxeBuilder({ page }).analyze();
      const found = results.violations.map((v) => `${v.id}: ${v.help} ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
      expect(found, `axe violations on a failed run, details ${state}`).toEqual([]);
    }
  });
}
