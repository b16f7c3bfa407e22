// Ask in one box: the first screen says what Consilium does with a picture of a
// finished decision, the demo and the question box; a free local server reaches a decision in one
// click after typing (Ctrl+Enter too); providers are checked when added, a seat known to fail stops
// the run with the seat and the fix named; a preset is added once; a hosted provider's missing key
// is asked for inline; importing a backlog keeps the rows already typed; the demo costs nothing.
import { Page } from '@playwright/test';
import { expect, test } from './guard';
import { LLAMA_MODEL, LLAMA_URL, MOCK_URL } from './servers';
import { addCompatibleProvider, openCouncil, watchConsole } from './helpers';

/** aimock answers every round for the model "one-box" (tests/e2e/fixtures/aimock/one-box.json). */
async function freeMockProvider(page: Page) {
  await page.goto('/');
  await addCompatibleProvider(page, 'Mock one box', `${MOCK_URL}/v1`, 'one-box', '', true);
  await page.getByRole('button', { name: 'New session' }).click();
}

/** Counts the clicks the page receives from now on. */
async function countClicks(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    (window as unknown as { clicks: number }).clicks = 0;
    document.addEventListener('click', () => { (window as unknown as { clicks: number }).clicks += 1; }, true);
  });
  return () => page.evaluate(() => (window as unknown as { clicks: number }).clicks);
}

test('the first screen: one sentence, a picture of a decision, the demo and the question box', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('.tagline').first()).toContainText('Put a question before a council of models');
  await expect(page.getByRole('img', { name: /A finished decision/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Run the demo council' })).toBeVisible();
  await expect(page.getByLabel('Question', { exact: true })).toBeVisible();
  // With no model yet, the local presets are offered below the question, not instead of it.
  await expect(page.getByRole('button', { name: 'Add Ollama (local)' })).toBeVisible();
});

test('a free local server: from the typed question to a decision in one click, no consent asked', async ({ page }) => {
  await freeMockProvider(page);
  // The council is a chip; its seats have distinct personas.
  await expect(page.locator('.council-chip')).toHaveText('3 panelists · Adaptive · Mock one box · Edit');
  await openCouncil(page);
  // The panel builder is its own part, fetched when the chip is first opened.
  await expect(page.locator('.seat-editor').getByLabel('Persona')).toHaveCount(3);
  const personas = await page.locator('.seat-editor').getByLabel('Persona').evaluateAll(
    (all) => all.map((select) => (select as HTMLSelectElement).value));
  expect(new Set(personas).size).toBe(3);
  expect(personas).not.toContain('');
  await page.locator('details.council').evaluate((d) => { (d as HTMLDetailsElement).open = false; });

  await page.getByLabel('Question', { exact: true }).fill('One box: should we split the billing monolith this year?');
  const clicks = await countClicks(page);
  await page.getByRole('button', { name: 'Ask the council' }).click();
  await expect(page).toHaveURL(/#\/session\//);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(page.locator('.session-meta .badge').first()).toHaveText('complete', { timeout: 60_000 });
  expect(await clicks()).toBeLessThanOrEqual(2);
  await expect(page.locator('.session-meta')).toContainText('Spent $0.00');
});

test('Ctrl+Enter asks the council', async ({ page }) => {
  await freeMockProvider(page);
  await page.getByLabel('Question', { exact: true }).fill('One box: Ctrl+Enter, should we split the billing monolith?');
  await page.getByLabel('Question', { exact: true }).press('Control+Enter');
  await expect(page).toHaveURL(/#\/session\//);
  await expect(page.locator('.session-question')).toHaveText('One box: Ctrl+Enter, should we split the billing monolith?');
});

test.describe('the council area still loading', () => {
  test.use({ serviceWorkers: 'block' });

  test('Ctrl+Enter pressed before the council area has loaded asks once it is there', async ({ page }) => {
    // The council area is a part of its own: hold it back until the question is asked.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => { release = resolve; });
    let asked = false;
    await page.route(/\/split_council_area\.wasm$/, async (route) => { asked = true; await held; await route.continue(); });
    await freeMockProvider(page);
    await expect.poll(() => asked).toBe(true);
    await expect(page.locator('.council-chip')).toHaveCount(0);
    await page.getByLabel('Question', { exact: true }).fill('One box, early: should we split the billing monolith?');
    await page.getByLabel('Question', { exact: true }).press('Control+Enter');
    release();
    await expect(page).toHaveURL(/#\/session\//);
    await expect(page.locator('.session-question')).toHaveText('One box, early: should we split the billing monolith?');
  });
});

test('nothing listening: adding a local preset probes nothing; its check says the server is not running, and the run does not start', async ({ page }) => {
  const probes: string[] = [];
  page.on('request', (r) => { if (r.url().startsWith('http://127.0.0.1:11434/')) probes.push(r.url()); });
  const errors = watchConsole(page);
  const logged: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error' || m.text().includes('11434')) logged.push(m.text()); });
  await page.goto('/');
  await page.getByRole('button', { name: 'Add Ollama (local)' }).click();
  // The form takes its place and offers the check: the guessed address is not probed on its own.
  const health = page.locator('.seats-health');
  await expect(health).toContainText('Ollama (local) not checked at http://127.0.0.1:11434/v1');
  expect(probes).toEqual([]);
  expect(logged).toEqual([]);
  await health.getByRole('button', { name: 'Check Ollama (local)' }).click();
  await expect(health).toContainText(
    'Ollama (local) not reachable No server is running at http://127.0.0.1:11434/v1.', { timeout: 30_000 });
  // The app logs nothing about the refusal it expected (only the browser's own network line, which a
  // page cannot silence, and which now comes only after the user asked).
  expect(errors).toEqual([]);
  // Added twice: not duplicated.
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.locator('.preset', { hasText: 'Ollama (local)' }).locator('.health-chip')).toHaveText('not reachable');
  await page.getByRole('button', { name: 'Add Ollama (local)' }).click();
  await expect(page.getByText('Ollama (local) is already added.')).toBeVisible();
  await expect(page.locator('.provider-card')).toHaveCount(1);
  await expect(page.locator('.provider-card .health-line')).toContainText(
    'Not connected: No server is running at http://127.0.0.1:11434/v1. Start Ollama allowing this page, '
    + `e.g. “OLLAMA_ORIGINS=${new URL(page.url()).origin} ollama serve”.`);

  await page.getByRole('button', { name: 'New session' }).click();
  await openCouncil(page);
  await expect(page.getByRole('group', { name: 'Panelist 2', exact: true }).locator('.health-chip')).toHaveText('not reachable');
  await page.getByLabel('Question', { exact: true }).fill('Nothing listening: adopt Rust?');
  await page.getByRole('button', { name: 'Ask the council' }).click();
  await expect(page.locator('.error[role=alert]')).toContainText(
    'Not started: Panelist 1, Panelist 2, Panelist 3 and Judge (Ollama (local)): No server is running at http://127.0.0.1:11434/v1.');
  await expect(page).toHaveURL(/#\/new$/);
});

test('a bad key: the check names it, and the run does not start', async ({ page }) => {
  await page.goto('/');
  const card = await addCompatibleProvider(page, 'Gemma wrong key', LLAMA_URL, LLAMA_MODEL, 'sk-not-the-key', true);
  await card.getByRole('button', { name: 'Check connection' }).click();
  await expect(card.locator('.health-line')).toContainText('key refused', { timeout: 60_000 });
  await expect(card.locator('.health-line')).toContainText('The key was refused (HTTP 401). Paste a valid key for this provider.');
  await page.getByRole('button', { name: 'New session' }).click();
  await page.getByLabel('Question', { exact: true }).fill('Bad key: adopt Rust?');
  await page.getByRole('button', { name: 'Ask the council' }).click();
  await expect(page.locator('.error[role=alert]')).toContainText('(Gemma wrong key): The key was refused (HTTP 401).');
  await expect(page).toHaveURL(/#\/new$/);
});

test('a hosted provider without its key asks for it inline', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Add OpenAI' }).click();
  await page.getByLabel('Question', { exact: true }).fill('Missing key: adopt Rust?');
  const key = page.getByLabel('API key for OpenAI');
  await expect(key).toBeVisible();
  await page.getByRole('button', { name: 'Ask the council' }).click();
  await expect(page.locator('.error[role=alert]')).toHaveText('Paste the API key for OpenAI first (above the button).');
  await expect(page).toHaveURL(/#\/new$/);
});

test('importing a backlog keeps every row already typed, even one without a title', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Prioritize: a backlog' }).click();
  await page.getByLabel('Description of opportunity 1').fill('Typed before the import, no title yet');
  await page.getByLabel('Description of opportunity 1').blur();
  await page.getByText('Import a backlog').click();
  await page.getByLabel('Paste it here').fill('- fix-ci: Fix the flaky test\n- faster-build: Halve the build time');
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.locator('.import-status')).toHaveText('Imported 2 opportunities.');
  await expect(page.getByLabel('Description of opportunity 1')).toHaveValue('Typed before the import, no title yet');
  await expect(page.getByLabel('Title of opportunity 2')).toHaveValue('Fix the flaky test');
  await expect(page.getByLabel('Title of opportunity 3')).toHaveValue('Halve the build time');
});

test('the demo says it costs nothing', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Run the demo council' }).click();
  await expect(page.locator('.session-meta')).toContainText('Demo · no cost');
});
