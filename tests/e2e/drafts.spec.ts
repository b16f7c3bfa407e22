// Drafts kept: a question typed and not asked survives a switch of protocol, a visit
// to another session and a reload, one draft per protocol (Consult's question, Review's diff) and
// one per thread (its follow-up composer); Ctrl/Cmd+Enter with no model connected says so right
// under the question box, in view. At phone and desktop widths, axe clean, no sideways scroll.
import AxeBuilder from '@axe-core/playwright';
import { Page } from '@playwright/test';
import { expect, test } from './guard';
import { skipToTheDecision } from './demos';
import { expectFitsPhone } from './layout';
import { addCompatibleProvider, watchConsole } from './helpers';
import { MOCK_URL } from './servers';

const QUESTION = 'Should we move the billing service to Postgres 17 this quarter?';
const DIFF = 'diff --git a/a.py b/a.py\n--- a/a.py\n+++ b/a.py\n@@ -1,1 +1,2 @@\n x = 1\n+y = 2\n';
const FOLLOW_UP = 'What would it take to do it next quarter instead?';

async function expectNoViolations(page: Page, view: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const found = results.violations.map((v) => `${v.id}: ${v.nodes.slice(0, 5).map((n) => n.target.join(' ')).join(', ')}`);
  expect(found, `axe violations on ${view}`).toEqual([]);
}

const question = (page: Page) => page.getByLabel('Question', { exact: true });
const chooseProtocol = (page: Page, name: string) => page.getByRole('button', { name }).click();

for (const size of [{ width: 390, height: 844 }, { width: 1440, height: 900 }]) {
  test.describe(`at ${size.width} px`, () => {
    test.use({ viewport: size });

    test('a question and a diff kept across a protocol switch, another session and a reload', async ({ page }) => {
      const errors = watchConsole(page);
      await page.goto('/');
      await question(page).fill(QUESTION);
      // Ctrl+Enter with no model: the message is under the box, in view, not below the presets.
      await question(page).press('Control+Enter');
      const noModel = page.locator('.ask-box .no-model');
      await expect(noModel).toHaveText('Connect a model first (just below), or run the demo council.');
      await expect(noModel).toBeInViewport();
      const box = (await question(page).boundingBox())!;
      const said = (await noModel.boundingBox())!;
      expect(said.y).toBeGreaterThan(box.y);
      expect(said.y - (box.y + box.height)).toBeLessThan(80);

      // A model connected (Settings is another view): the question is still there after it.
      await addCompatibleProvider(page, 'Mock', `${MOCK_URL}/v1`, 'prio');
      await page.getByRole('button', { name: 'New session' }).click();
      await expect(question(page)).toHaveValue(QUESTION);
      await expect(page.locator('.ask-box .no-model')).toHaveCount(0);

      // Each protocol its own draft.
      await chooseProtocol(page, 'Review: a code change');
      await page.getByLabel('Diff or code').fill(DIFF);
      await chooseProtocol(page, 'Consult: a question');
      await expect(question(page)).toHaveValue(QUESTION);
      await chooseProtocol(page, 'Review: a code change');
      await expect(page.getByLabel('Diff or code')).toHaveValue(DIFF);

      // A visit to another session (a demo, which asks nothing of the box) and back.
      await chooseProtocol(page, 'Consult: a question');
      await page.getByRole('button', { name: 'Run the demo council' }).click();
      await skipToTheDecision(page);
      await expect(page.locator('.decision[data-decision]')).toBeVisible({ timeout: 90_000 });
      await page.getByRole('button', { name: 'New session' }).click();
      await expect(question(page)).toHaveValue(QUESTION);

      // A reload.
      await page.reload();
      await expect(question(page)).toHaveValue(QUESTION);
      await chooseProtocol(page, 'Review: a code change');
      await expect(page.getByLabel('Diff or code')).toHaveValue(DIFF);
      if (size.width < 800) await expectFitsPhone(page, 'the review form with its kept diff');
      await expectNoViolations(page, 'the review form with its kept diff');

      // Emptied, the draft is gone after a reload too.
      await page.getByLabel('Diff or code').fill('');
      await page.reload();
      await chooseProtocol(page, 'Review: a code change');
      await expect(page.getByLabel('Diff or code')).toHaveValue('');
      expect(errors).toEqual([]);
    });

    test("a thread's follow-up kept across a reload, cleared once asked", async ({ page }) => {
      const errors = watchConsole(page);
      await page.goto('/');
      await page.getByRole('button', { name: 'Run the demo council' }).click();
      await skipToTheDecision(page);
      await expect(page.locator('.decision[data-decision]')).toBeVisible({ timeout: 90_000 });
      const composer = page.getByRole('region', { name: 'Ask the council a follow-up' });
      await composer.getByLabel('Ask the council a follow-up').fill(FOLLOW_UP);
      const url = page.url();
      await page.reload();
      await expect(page).toHaveURL(url);
      await expect(composer.getByLabel('Ask the council a follow-up')).toHaveValue(FOLLOW_UP);
      // The new-session form keeps its own draft, not the thread's.
      await page.getByRole('button', { name: 'New session' }).click();
      await expect(question(page)).toHaveValue('');
      await page.goBack();
      await expect(composer.getByLabel('Ask the council a follow-up')).toHaveValue(FOLLOW_UP);
      if (size.width < 800) await expectFitsPhone(page, 'a thread with its kept follow-up');
      await expectNoViolations(page, 'a thread with its kept follow-up');

      // Asked: the next turn runs, and the thread's composer opens empty.
      await composer.getByRole('button', { name: 'Ask', exact: true }).click();
      await expect(page).not.toHaveURL(url);
      await skipToTheDecision(page);
      await expect(page.locator('.decision[data-decision]')).toBeVisible({ timeout: 90_000 });
      // The thread shows turn 1's decision at once: the new turn is done when its badge says so
      // (a reload before that interrupts it, and an unfinished turn offers no composer).
      await expect(page.locator('.session-meta .badge').first()).toHaveText('complete', { timeout: 90_000 });
      await page.reload();
      await expect(composer.getByLabel('Ask the council a follow-up')).toHaveValue('');
      expect(errors).toEqual([]);
    });
  });
}
