import { expect, Locator, Page } from '@playwright/test';

/**
 * The local presets' own addresses: a check the user asks for there, with no server on those
 * ports, makes the browser log its refused request (a page cannot silence that line). Adding a
 * preset no longer probes them.
 */
const PRESET_ADDRESSES = ['http://127.0.0.1:8080/', 'http://127.0.0.1:11434/', 'http://127.0.0.1:1234/'];

/** Collects console errors and page errors so a test can assert there were none. */
export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const probe = msg.text().startsWith('Failed to load resource')
      && PRESET_ADDRESSES.some((address) => msg.location().url.startsWith(address));
    if (!probe) errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(String(err)));
  return errors;
}

/**
 * Adds an OpenAI-compatible provider from the llama.cpp preset and points it at `baseUrl`. A local
 * preset is free ($0 a call); the test servers stand for any provider, so they are unpriced unless
 * `free` is asked for (as before local presets were priced).
 */
export async function addCompatibleProvider(page: Page, name: string, baseUrl: string, model: string, key = '', free = false) {
  await page.getByRole('button', { name: 'Settings' }).click();
  await showBasicSettings(page); // providers are on Basic, whichever tab was open
  const cards = page.locator('.provider-card');
  // Counted before the click, the cards already saved may still be rendering (a busy machine):
  // wait for one more than that at least, and take the last (a new card is appended).
  const before = await cards.count();
  await page.getByRole('button', { name: 'Add llama.cpp server (local)' }).click();
  await expect.poll(() => cards.count()).toBeGreaterThan(before);
  const card = cards.last();
  for (const [label, value] of [['Name', name], ['Base URL', baseUrl], ['Default model', model], ['API key', key]]) {
    if (!value) continue;
    await card.getByLabel(label).fill(value);
    await card.getByLabel(label).blur();
  }
  // The card is labelled by its provider's name once the name is saved.
  const named = page.getByRole('article', { name });
  await expect(named).toHaveCount(1);
  const freeBox = named.getByLabel(/^Free: a server I run/);
  if (free) await freeBox.check(); else await freeBox.uncheck();
  return named;
}

/** Shows Settings' Basic tab (providers and keys, the default council). */
export async function showBasicSettings(page: Page) {
  await page.getByRole('tab', { name: 'Basic' }).click();
  await expect(page.getByRole('tab', { name: 'Basic' })).toHaveAttribute('aria-selected', 'true');
}

/** Shows Settings' Advanced tab (runs and budgets, hedging, thresholds, filtering, prices). */
export async function showAdvancedSettings(page: Page) {
  await page.getByRole('tab', { name: 'Advanced' }).click();
  await expect(page.getByRole('tab', { name: 'Advanced' })).toHaveAttribute('aria-selected', 'true');
}

/** Opens the form's council (the panel builder behind its chip) and its Advanced options. */
export async function openCouncil(page: Page) {
  await expect(page.locator('details.council, details.advanced').first()).toBeAttached();
  await page.locator('details.council, details.advanced')
    .evaluateAll((all) => all.forEach((d) => { (d as HTMLDetailsElement).open = true; }));
}

/** A new session asking `question` of two panelists and a judge, every seat on `provider` (and
 * `model`, when given). */
export async function twoPanelistsOn(page: Page, provider: string, question: string, model?: string) {
  await page.getByRole('button', { name: 'New session' }).click();
  await page.getByLabel('Question', { exact: true }).fill(question);
  await openCouncil(page);
  await page.getByRole('button', { name: 'Remove Panelist 3' }).click();
  for (const seat of ['Panelist 1', 'Panelist 2', 'Judge']) {
    const group = page.getByRole('group', { name: seat, exact: true });
    await group.getByLabel('Provider').selectOption({ label: provider });
    if (model !== undefined) await group.getByLabel('Model').fill(model);
  }
}

/** Confirms the consent dialog: asked before every run with an unpriced participant (local models). */
export async function confirmConsent(page: Page) {
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Run it' }).click();
  await expect(dialog).toHaveCount(0);
}

/** Asks the council (its models have no price, so the run is confirmed first). */
export async function askTheCouncil(page: Page) {
  await page.getByRole('button', { name: 'Ask the council' }).click();
  await confirmConsent(page);
}

/** Starts the review (its members have no price, so the run is confirmed first). */
export async function startTheReview(page: Page) {
  await page.getByRole('button', { name: 'Start the review' }).click();
  await confirmConsent(page);
}

/** Opens every round of a finished session's record (folded under the decision). */
export async function openRounds(page: Page) {
  const closed = page.locator('details.round:not([open]) > summary');
  while (await closed.count() > 0) await closed.first().click();
}

/** Opens the session's Export menu and saves `item` ("HTML report", "JSON (full record)", …). */
export async function exportAs(page: Page, item: string) {
  const menu = page.locator('.export-menu');
  if ((await menu.getAttribute('open')) === null) await menu.locator('summary').click();
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    menu.getByRole('button', { name: item, exact: true }).click(),
  ]);
  return file;
}

/**
 * The session's share link as the Share button hands it over: this Chromium has no share sheet,
 * so the button copies it (the page never prints it) and says so beside the button.
 */
export async function copiedShareLink(page: Page): Promise<string> {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(page.locator('.share-status')).toContainText('Link copied');
  return page.evaluate(() => navigator.clipboard.readText());
}

/**
 * Checks a decision card against the recommendation on record: its one-line answer is the
 * recommendation's opening words, and the paragraph below goes on with the rest (the
 * words are said once, not twice).
 */
export async function expectRecommendation(decision: Locator, recommendation: string) {
  await expect(decision.locator('.recommendation')).toContainText(recommendation.slice(-60));
  const answer = decision.locator('.answer');
  if (await answer.count() > 0) expect(recommendation.startsWith((await answer.innerText()).trim())).toBe(true);
}
