// Accessibility: axe-core (every rule it runs by default: WCAG 2.x A and AA, and best practices) on every view, in light and dark: the new
// session form of each protocol, settings, history, a live run, and each protocol's finished
// session. Zero violations; each failure lists the rule, the element and why.
import AxeBuilder from '@axe-core/playwright';
import { Page } from '@playwright/test';
import { expect, test } from './guard';
import { MOCK_URL } from './servers';
import { addCompatibleProvider } from './helpers';

async function expectNoViolations(page: Page, view: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const found = results.violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n` +
    v.nodes.slice(0, 5).map((n) => `    ${n.target.join(' ')}: ${n.failureSummary?.split('\n').join(' ')}`).join('\n'));
  expect(found, `axe violations on ${view}`).toEqual([]);
}

async function newSession(page: Page, protocol: string) {
  await page.getByRole('button', { name: 'New session' }).click();
  await page.getByRole('button', { name: protocol }).click();
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} scheme`, () => {
    test.use({ colorScheme });

    test('new session forms, settings and a first run with no provider', async ({ page }) => {
      await page.goto('/');
      await expectNoViolations(page, 'first run (consult form, no provider)');
      await newSession(page, 'Review: a code change');
      await expectNoViolations(page, 'review form, no provider');
      await newSession(page, 'Prioritize: a backlog');
      await expectNoViolations(page, 'prioritize form, no provider');
      await addCompatibleProvider(page, 'Mock', `${MOCK_URL}/v1`, 'prio');
      await expectNoViolations(page, 'settings with a provider');
      await newSession(page, 'Consult: a question');
      await expectNoViolations(page, 'consult form with a provider');
      await newSession(page, 'Review: a code change');
      await page.getByLabel('Diff or code').fill('diff --git a/a.py b/a.py\n--- a/a.py\n+++ b/a.py\n@@ -1,1 +1,2 @@\n x = 1\n+y = 2\n');
      await expectNoViolations(page, 'review form with a committee');
      await newSession(page, 'Prioritize: a backlog');
      await page.getByText('Import a backlog').click();
      await page.getByLabel('Paste it here').fill(['- a: A', '- b: B', '- c: C', '- d: D', '- e: E', '- f: F'].join('\n'));
      await page.getByRole('button', { name: 'Import', exact: true }).click();
      await expectNoViolations(page, 'prioritize form with a backlog and partners');
    });

    test('a live run, each protocol finished, and history', async ({ page }) => {
      await page.goto('/');
      await page.getByRole('button', { name: 'Run the demo council' }).click();
      await expect(page.locator('.live-calls').first()).toBeVisible();
      await expectNoViolations(page, 'live run');
      await expect(page.locator('.session-meta .badge').first()).toHaveText('complete', { timeout: 90_000 });
      await expectNoViolations(page, 'finished consult');
      await newSession(page, 'Review: a code change');
      await page.getByRole('button', { name: 'Run the demo review' }).click();
      await expect(page.locator('.review-verdict-label')).toBeVisible({ timeout: 60_000 });
      await expectNoViolations(page, 'finished review');
      await page.locator('.export-menu summary').click();
      await expect(page.getByRole('button', { name: 'Fix requests (Markdown)' })).toBeVisible();
      await expectNoViolations(page, 'finished review with the Export menu open');
      await page.keyboard.press('Escape');
      await newSession(page, 'Prioritize: a backlog');
      await page.getByRole('button', { name: 'Run the demo prioritization' }).click();
      await expect(page.getByTestId('outcome')).toBeVisible({ timeout: 60_000 });
      await page.getByText('Rank movement as a table').click();
      await expectNoViolations(page, 'finished prioritization');
      await page.getByRole('button', { name: 'History' }).click();
      await expect(page.locator('.session-item')).toHaveCount(3);
      await expectNoViolations(page, 'history');
    });
  });
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`${colorScheme} scheme: the benchmark form, a file with errors, a finished demo benchmark and its results`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    await page.goto('/');
    await newSession(page, 'Benchmark: is the council worth it?');
    await expect(page.getByRole('button', { name: 'Run the demo benchmark' })).toBeVisible();
    await expectNoViolations(page, 'benchmark form, no provider');
    await addCompatibleProvider(page, 'Mock', `${MOCK_URL}/v1`, 'bench');
    await newSession(page, 'Benchmark: is the council worth it?');
    await page.getByLabel('My file (JSONL or CSV)').check();
    await page.getByLabel('Question file').setInputFiles({ name: 'bad.jsonl', mimeType: 'application/json', buffer: Buffer.from('{"question": "1+1?"}\n') });
    await expect(page.locator('.bench-file-errors li')).toHaveCount(1);
    await page.locator('details.council').evaluate((d) => { (d as HTMLDetailsElement).open = true; });
    await expectNoViolations(page, 'benchmark form with a provider and a bad file');
    await page.getByRole('button', { name: 'Run the demo benchmark' }).click();
    await expect(page.locator('.bench-progress')).toBeVisible();
    await expectNoViolations(page, 'benchmark, live');
    await expect(page.locator('.session-meta .badge').first()).toHaveText('complete', { timeout: 120_000 });
    await page.locator('details').evaluateAll((all) => all.forEach((d) => { (d as HTMLDetailsElement).open = true; }));
    await expect(page.locator('.bench-headline')).toBeVisible();
    await expectNoViolations(page, 'finished benchmark with its charts and tables');
    await page.getByRole('button', { name: 'History' }).click();
    await expect(page.locator('.session-item').filter({ hasText: 'Benchmark' })).toHaveCount(1);
    await expectNoViolations(page, 'history with a benchmark');
  });
}

/** Presses Tab until `target` has the focus (at most `limit` presses): reached by keyboard, not by click. */
async function tabTo(page: Page, target: ReturnType<Page['locator']>, limit = 60) {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`could not reach ${target} with Tab`);
}

test('keyboard only: each protocol\'s demo is started, followed and its decision read', async ({ page }) => {
  await page.goto('/');
  // Every finished call and the end are announced in one polite live region; streamed text is not.
  const announcements: string[] = [];
  await page.exposeFunction('recordAnnouncement', (text: string) => announcements.push(text));
  await page.locator('#run-announcer').waitFor({ state: 'attached' });
  await page.evaluate(() => {
    const region = document.getElementById('run-announcer')!;
    new MutationObserver(() => (window as any).recordAnnouncement(region.textContent ?? '')).observe(region, { childList: true, subtree: true, characterData: true });
  });
  const demos: [string, string, () => Promise<void>][] = [
    ['Consult: a question', 'Run the demo council', async () => {
      await expect(page.locator('.session-meta .badge').first()).toHaveText('complete', { timeout: 90_000 });
    }],
    ['Review: a code change', 'Run the demo review', async () => {
      await expect(page.locator('.review-verdict-label')).toHaveAttribute('data-verdict', 'REQUEST_CHANGES', { timeout: 60_000 });
    }],
    ['Prioritize: a backlog', 'Run the demo prioritization', async () => {
      await expect(page.getByTestId('outcome')).toHaveText('Consensus in round 3.', { timeout: 60_000 });
    }],
  ];
  for (const [protocol, demo, finished] of demos) {
    await tabTo(page, page.getByRole('button', { name: 'New session' }));
    await page.keyboard.press('Enter');
    await tabTo(page, page.getByRole('button', { name: protocol }));
    await page.keyboard.press('Enter');
    await tabTo(page, page.getByRole('button', { name: demo }));
    await page.keyboard.press('Enter');
    // The run takes the focus to the session's heading, so a screen reader starts there.
    await expect(page.locator('#session-title')).toBeFocused();
    await finished();
    // The Export menu is reachable from the heading by keyboard, opens with Enter, its items
    // follow with Tab, and Escape closes it with the focus back on its button.
    const menu = page.locator('.export-menu');
    await tabTo(page, menu.locator('summary'));
    await page.keyboard.press('Enter');
    await expect(menu).toHaveAttribute('open', '');
    await page.keyboard.press('Tab');
    await expect(menu.getByRole('button', { name: 'HTML report' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).not.toHaveAttribute('open', '');
    await expect(menu.locator('summary')).toBeFocused();
  }
  expect(announcements).toContain('The session is complete.');
  expect(announcements.some((a) => / (answered|done|finished|failed)/.test(a))).toBe(true);
  // No live region inside the streaming cards: tokens are never announced one by one.
  await expect(page.locator('.live-calls [aria-live], .stream[aria-live]')).toHaveCount(0);
});
