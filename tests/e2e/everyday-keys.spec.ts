// Everyday use: the time a run took on the session and in History; keyboard
// shortcuts (a new session, search, cancel the run) listed in a "?" panel; a light/dark choice
// beside following the system, kept across a reload. At phone and desktop widths, axe clean.
import AxeBuilder from '@axe-core/playwright';
import { Page } from '@playwright/test';
import { expect, test } from './guard';
import { skipToTheDecision } from './demos';
import { expectFitsPhone } from './layout';
import { watchConsole } from './helpers';

const TOOK = /^took (under 1 s|\d+ s|\d+ min( \d+ s)?)$/;

async function expectNoViolations(page: Page, view: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const found = results.violations.map((v) => `${v.id}: ${v.nodes.slice(0, 5).map((n) => n.target.join(' ')).join(', ')}`);
  expect(found, `axe violations on ${view}`).toEqual([]);
}

const background = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--bg').trim());

for (const size of [{ width: 390, height: 844 }, { width: 1440, height: 900 }]) {
  test.describe(`at ${size.width} px`, () => {
    test.use({ viewport: size });

    test('the time a run took, on the session and in History', async ({ page }) => {
      const errors = watchConsole(page);
      await page.goto('/');
      await page.getByRole('button', { name: 'Run the demo council' }).click();
      await skipToTheDecision(page);
      await expect(page.locator('.session-meta .badge').first()).toHaveText('complete', { timeout: 90_000 });
      await expect(page.locator('.session-meta .run-time')).toHaveText(TOOK);
      await page.getByRole('button', { name: 'History' }).click();
      await expect(page.locator('.session-item .run-time').first()).toHaveText(TOOK);
      if (size.width < 800) await expectFitsPhone(page, 'History with run times');
      expect(errors).toEqual([]);
    });

    test('shortcuts: ? lists them, Ctrl+K searches, Ctrl+Shift+O starts anew, Ctrl+Shift+X cancels', async ({ page }) => {
      const errors = watchConsole(page);
      await page.goto('/');
      await expect(page.getByLabel('Question', { exact: true })).toBeVisible();
      // "?" typed in the question box is a character, not the panel.
      await page.getByLabel('Question', { exact: true }).press('Shift+?');
      await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toHaveCount(0);
      await expect(page.getByLabel('Question', { exact: true })).toHaveValue('?');
      await page.getByLabel('Question', { exact: true }).fill('');
      await page.locator('h2#new-title').click();
      await page.keyboard.press('Shift+?');
      const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
      await expect(help).toBeVisible();
      await expect(help.locator('tr')).toContainText(['New session', 'Search the history', 'Cancel the run', 'Show these shortcuts']);
      await expect(help.getByRole('button', { name: 'Close' })).toBeFocused();
      if (size.width < 800) await expectFitsPhone(page, 'the shortcuts panel');
      await expectNoViolations(page, 'the shortcuts panel');
      await page.keyboard.press('Escape');
      await expect(help).toHaveCount(0);

      await page.keyboard.press('Control+k');
      await expect(page.locator('#history-title')).toBeVisible();
      await expect(page.locator('#history-search')).toBeFocused();
      await page.keyboard.press('Control+Shift+O');
      await expect(page.locator('#new-title')).toHaveText('Consult the council');

      // A paced demo, cancelled from the keyboard.
      await page.getByRole('button', { name: 'Run the demo council' }).click();
      await expect(page.locator('.run-stepper').getByRole('button', { name: 'Cancel' })).toBeVisible();
      await page.keyboard.press('Control+Shift+X');
      await expect(page.locator('.session-meta .badge').first()).toHaveText('cancelled', { timeout: 30_000 });
      expect(errors).toEqual([]);
    });

    test('a light or dark choice beside following the system, kept across a reload', async ({ page }) => {
      const errors = watchConsole(page);
      await page.emulateMedia({ colorScheme: 'light' });
      await page.goto('/');
      const light = await background(page);
      await page.getByRole('button', { name: 'Settings' }).click();
      const colours = page.getByRole('group', { name: 'Colours' });
      await expect(colours.getByLabel('Follow the system')).toBeChecked();
      await colours.getByLabel('Dark').check();
      const dark = await background(page);
      expect(dark).not.toBe(light);
      await page.reload();
      expect(await background(page)).toBe(dark);
      await expect(page.getByRole('group', { name: 'Colours' }).getByLabel('Dark')).toBeChecked();
      await expectNoViolations(page, 'settings, dark by choice on a light system');
      // Light by choice on a dark system.
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.getByRole('group', { name: 'Colours' }).getByLabel('Light').check();
      expect(await background(page)).toBe(light);
      await page.getByRole('group', { name: 'Colours' }).getByLabel('Follow the system').check();
      expect(await background(page)).toBe(dark);
      if (size.width < 800) await expectFitsPhone(page, 'settings with the colour choice');
      expect(errors).toEqual([]);
    });
  });
}

// Lists that agree: History follows the sidebar's rename and delete at once.
for (const size of [{ width: 390, height: 844 }, { width: 1440, height: 900 }]) {
  test(`at ${size.width} px History follows a rename and a delete in the sidebar at once`, async ({ page }) => {
    const errors = watchConsole(page);
    await page.setViewportSize(size);
    await page.goto('/');
    for (let i = 0; i < 2; i++) {
      if (i > 0) await page.getByRole('button', { name: 'New session' }).click();
      await page.getByRole('button', { name: 'Run the demo council' }).click();
      await skipToTheDecision(page);
      await expect(page.locator('.session-meta .badge').first()).toHaveText('complete', { timeout: 90_000 });
    }
    await page.getByRole('button', { name: 'History' }).click();
    const rows = page.locator('.session-item');
    await expect(rows).toHaveCount(2);
    await expect(page.locator('.history-actions [role=status]')).toHaveText('2 sessions');
    const openSidebar = async () => {
      const toggle = page.getByRole('button', { name: 'Sessions', exact: true });
      if (size.width < 800 && (await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
      // On a phone the sidebar is a drawer (a dialog); on a desktop, the complementary landmark.
      return page.getByRole(size.width < 800 ? 'dialog' : 'complementary', { name: 'Sessions' });
    };
    let sidebar = await openSidebar();
    await sidebar.locator('.recent-row').first().hover();
    await sidebar.getByRole('button', { name: /^Rename / }).first().click();
    const field = sidebar.getByRole('textbox', { name: 'Title' });
    await field.fill('Our quokka plan');
    await field.press('Enter');
    await expect(rows.filter({ hasText: 'Our quokka plan' })).toHaveCount(1);
    sidebar = await openSidebar();
    await sidebar.locator('.recent-row').first().hover();
    await sidebar.getByRole('button', { name: /^Delete Our quokka plan/ }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows.filter({ hasText: 'Our quokka plan' })).toHaveCount(0);
    await expect(page.locator('.history-actions [role=status]')).toHaveText('1 session');
    if (size.width < 800) await expectFitsPhone(page, 'History after a sidebar delete');
    expect(errors).toEqual([]);
  });
}
