// Everyday use: model text is Markdown wherever it shows, and Copy is one click.
// A model that answers only in Markdown prose (`fault-markdown-*`: bold, a table, an indented code
// block, a link) is heard as free text: its card renders the table as a table in its own scrolling
// box and the code with its indentation, never raw pipes and backticks. Copy on a code block, on an
// answer and on the demo council's decision (as Markdown and as plain text) puts that text in the
// clipboard; the confirmation does not move the button, and the keyboard reaches it. At phone and
// desktop widths: no sideways scroll at 390 px, axe clean.
import AxeBuilder from '@axe-core/playwright';
import { Page } from '@playwright/test';
import { expect, test } from './guard';
import { FAULT_URL, useFaultServer } from './fault-server';
import { addCompatibleProvider, askTheCouncil, openRounds, watchConsole, twoPanelistsOn } from './helpers';
import { skipToTheDecision } from './demos';
import { expectFitsPhone } from './layout';

useFaultServer();

const CODE = 'fn main() {\n    if ready() {\n        ship();\n    }\n}';

async function expectNoViolations(page: Page, view: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const found = results.violations.map((v) => `${v.id}: ${v.nodes.slice(0, 5).map((n) => n.target.join(' ')).join(', ')}`);
  expect(found, `axe violations on ${view}`).toEqual([]);
}

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

for (const size of [{ width: 390, height: 844 }, { width: 1440, height: 900 }]) {
  test.describe(`at ${size.width} px`, () => {
    test.use({ viewport: size });

    test('a free-text answer in Markdown: its table and code rendered, each copied', async ({ page }) => {
      const errors = watchConsole(page);
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      const model = `fault-markdown-${Math.random().toString(36).slice(2, 10)}`;
      await page.goto('/');
      const name = 'Markdown server';
      await addCompatibleProvider(page, name, `${FAULT_URL}/v1`, model);
      await twoPanelistsOn(page, name, 'Should we adopt Rust for the new service?');
      await askTheCouncil(page);
      // The judge's synthesis needs JSON: the run stops there, with both answers on record.
      await expect(page.locator('.session-meta .badge').first()).toHaveText('failed', { timeout: 60_000 });
      await openRounds(page);
      const card = page.locator('.round[data-round="1"] .position-card').first();
      await expect(card).toHaveAttribute('data-free-text', 'true');
      const answer = card.locator('.position');
      await expect(answer.locator('strong').first()).toHaveText('Adopt Rust');
      await expect(answer.locator('table th')).toHaveText(['option', 'risk']);
      await expect(answer.locator('table tbody tr')).toHaveCount(2);
      await expect(answer.locator('table tbody tr').nth(1).locator('td')).toHaveText(['C++', 'high']);
      // The code block keeps its indentation; the link is a safe one.
      expect((await answer.locator('pre code').textContent())?.trimEnd()).toBe(CODE);
      const link = answer.getByRole('link', { name: 'the book' });
      await expect(link).toHaveAttribute('href', 'https://doc.rust-lang.org/book/');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
      expect(await answer.innerText()).not.toMatch(/\||```|\*\*/);

      // Copy the code block: by keyboard, and the button keeps its place and size.
      const copyCode = answer.getByRole('button', { name: 'Copy code' });
      // In view first: focusing would scroll the page and move the box for that reason alone.
      await copyCode.scrollIntoViewIfNeeded();
      const before = await copyCode.boundingBox();
      await copyCode.focus();
      await page.keyboard.press('Enter');
      await expect(copyCode).toHaveAttribute('data-copied', '');
      await expect(answer.locator('.code-block .copy-done')).toHaveText('Copied');
      await expect(card.getByRole('status').filter({ hasText: 'Copied to the clipboard' })).toHaveCount(1);
      expect(await copyCode.boundingBox()).toEqual(before);
      expect((await clipboard(page)).trimEnd()).toBe(CODE);
      // Copy the whole answer: its Markdown as the model wrote it, with who said it.
      await card.getByRole('button', { name: /^Copy Panelist 1.*'s answer$/ }).click();
      const copied = await clipboard(page);
      expect(copied).toMatch(/^Panelist 1[^:]*: \*\*Adopt Rust\*\*/);
      expect(copied).toContain('| C++ | high |');

      if (size.width < 800) await expectFitsPhone(page, 'a free-text answer with a table and code');
      await expectNoViolations(page, 'a free-text answer with a table and code');
      expect(errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
    });

    test('the decision copies as Markdown and as plain text', async ({ page }) => {
      const errors = watchConsole(page);
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      await page.goto('/');
      await page.getByRole('button', { name: 'Run the demo council' }).click();
      await skipToTheDecision(page);
      const decision = page.locator('.decision[data-decision]');
      await expect(decision).toBeVisible({ timeout: 90_000 });
      const recommendation = (await decision.locator('.recommendation').innerText()).trim();

      await decision.getByRole('button', { name: 'Copy the decision as Markdown' }).click();
      await expect(decision.getByRole('button', { name: 'Copy the decision as Markdown' })).toHaveAttribute('data-copied', '');
      const markdown = await clipboard(page);
      expect(markdown).toMatch(/^## Decision\n\n/);
      expect(markdown).toContain('Confidence: ');
      expect(markdown).toContain('### Dissent');
      expect(markdown).toContain(recommendation.slice(-40));

      await decision.getByRole('button', { name: 'Copy text of the decision, without Markdown' }).click();
      const plain = await clipboard(page);
      expect(plain).toMatch(/^Decision\n/);
      expect(plain).not.toMatch(/^#|\*\*|^- /m);
      expect(plain).toContain(recommendation.slice(-40));

      if (size.width < 800) await expectFitsPhone(page, 'a decision with its Copy buttons');
      await expectNoViolations(page, 'a decision with its Copy buttons');
      expect(errors).toEqual([]);
    });
  });
}
