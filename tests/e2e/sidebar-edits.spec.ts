// The sidebar as people expect it: a search over titles and decisions, sessions under date headings
// (Today, Yesterday, Last 7 days, Older), an inline rename saved to the record (Escape cancels), a
// deletion with "Undo" instead of a browser confirm (committed only when the toast expires or is
// dismissed, so a reload before then keeps the session), and "+ New session" kept at the top while
// a long list scrolls.
import { Page } from '@playwright/test';
import { expect, test } from './guard';
import { seedSessions, skipToTheDecision } from './demos';
import { expectFitsPhone, PHONE } from './layout';
import { openSessionId, storedSession, storedSessionIn } from './stored';

async function seededLibrary(page: Page) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Run the demo council' }).click();
  await skipToTheDecision(page);
  await expect(page.locator('.session-meta .badge').first()).toHaveText('complete', { timeout: 90_000 });
  const consult = await storedSessionIn(page, openSessionId(page), 'complete');
  // One a day, from a minute ago back to 11 days ago.
  await seedSessions(page, [consult], 12, { index: 0, word: 'zirconium' });
  await page.goto('/#/new');
  await page.reload();
}

function sidebarOf(page: Page) {
  return page.getByRole('complementary', { name: 'Sessions' });
}

/** The titles listed (a demo's carries a demo mark before it). */
function titles(page: Page) {
  return sidebarOf(page).locator('.recent-item .recent-title');
}

test.describe('desktop', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('date headings, a search, "+ New session" kept at the top', async ({ page }) => {
    test.setTimeout(180_000);
    await seededLibrary(page);
    const sidebar = sidebarOf(page);
    await expect(sidebar.locator('.sidebar-group')).toHaveText(['Today', 'Yesterday', 'Last 7 days', 'Older']);
    // Today: the demo and the session of a minute ago; Yesterday: the one a day before.
    const today = sidebar.locator('.sidebar-group:text-is("Today") + .recent-list .recent-title');
    await expect(today).toHaveCount(2);
    await expect(sidebar.locator('.sidebar-group:text-is("Yesterday") + .recent-list .recent-title'))
      .toHaveText([/Seeded session 1:/]);
    await expect(sidebar.locator('.sidebar-group:text-is("Last 7 days") + .recent-list .recent-item')).toHaveCount(5);

    // The list scrolls inside the sidebar; "+ New session" and the search stay at its top.
    await sidebar.locator('.sidebar-all').scrollIntoViewIfNeeded();
    const newSession = sidebar.getByRole('link', { name: '+ New session' });
    await expect(newSession).toBeInViewport();
    const box = await newSession.boundingBox();
    expect(box!.y).toBeLessThan(40);
    await page.mouse.wheel(0, 3000);
    await expect(newSession).toBeInViewport();

    // A search by title, in any case; by the decision's words too; nothing found says so.
    const search = sidebar.getByRole('searchbox', { name: 'Search sessions' });
    await search.fill('seeded SESSION 4:');
    await expect(titles(page)).toHaveText([/Seeded session 4:/]);
    await expect(sidebar.locator('.sidebar-group')).toHaveText(['Last 7 days']);
    await search.fill('zirconium-that-is-not-there');
    await expect(titles(page)).toHaveCount(0);
    await expect(sidebar.getByText('No session matches.')).toBeVisible();
    await search.fill('');
    await expect(titles(page)).toHaveCount(13);
  });

  test('rename inline (Escape cancels), saved to the record, kept after a reload', async ({ page }) => {
    test.setTimeout(180_000);
    await seededLibrary(page);
    const sidebar = sidebarOf(page);
    await sidebar.getByRole('button', { name: /^Rename Seeded session 2:/ }).click();
    const field = sidebar.getByRole('textbox', { name: 'Title' });
    await expect(field).toBeFocused();
    await field.fill('Not this one');
    await field.press('Escape');
    await expect(field).toBeHidden();
    await expect(sidebar.getByText('Not this one')).toHaveCount(0);
    await expect(sidebar.getByRole('button', { name: /^Rename Seeded session 2:/ })).toBeFocused();

    await sidebar.getByRole('button', { name: /^Rename Seeded session 2:/ }).click();
    await field.fill('  Our quokka   plan ');
    await field.press('Enter');
    await expect(field).toBeHidden();
    await expect(titles(page).filter({ hasText: 'Our quokka plan' })).toHaveCount(1);
    await expect.poll(async () => (await storedSession(page, 'seed-0002'))?.title).toBe('Our quokka plan');
    await page.reload();
    await expect(titles(page).filter({ hasText: 'Our quokka plan' })).toHaveCount(1);
    // Its place and its group do not change.
    await expect(sidebar.locator('.sidebar-group:text-is("Last 7 days") + .recent-list .recent-title').first())
      .toHaveText(/Our quokka plan$/);
    // History lists it by its new title, and its search finds it by it.
    await sidebar.getByRole('link', { name: 'All history' }).click();
    await page.getByRole('searchbox', { name: 'Search', exact: true }).fill('quokka');
    await expect(page.locator('.session-item')).toHaveCount(1);
    await expect(page.locator('.session-item')).toContainText('Our quokka plan');
    // Opened, it is headed by its new name (the tab too), its question on the line below.
    await page.locator('.session-item').getByRole('button', { name: /^Our quokka plan/ }).click();
    await expect(page.locator('#session-title')).toHaveText('Our quokka plan');
    await expect(page.locator('.session-asked')).toContainText(/^Asked: Seeded session 2\. /);
    await expect(page).toHaveTitle('Our quokka plan · Consilium');
  });

  test('delete with undo: no confirm, undone or committed, and a reload before the end keeps it', async ({ page }) => {
    test.setTimeout(180_000);
    await seededLibrary(page);
    page.on('dialog', (dialog) => { throw new Error(`a browser dialog: ${dialog.message()}`); });
    const sidebar = sidebarOf(page);
    const toast = page.getByRole('status').filter({ hasText: 'Deleted' });
    const seeded3 = titles(page).filter({ hasText: /Seeded session 3:/ });

    // Deleted, then undone: back in its place, and still stored after a reload.
    await sidebar.getByRole('button', { name: /^Delete Seeded session 3:/ }).click();
    await expect(seeded3).toHaveCount(0);
    await expect(toast).toContainText('Deleted');
    await expect(toast.getByRole('button', { name: 'Undo' })).toBeFocused();
    await toast.getByRole('button', { name: 'Undo' }).click();
    await expect(toast).toBeHidden();
    await expect(seeded3).toHaveCount(1);
    await page.reload();
    await expect(seeded3).toHaveCount(1);
    expect(await storedSession(page, 'seed-0003')).not.toBeNull();

    // Deleted, then the page reloads before the toast ends: nothing was lost.
    await sidebar.getByRole('button', { name: /^Delete Seeded session 3:/ }).click();
    await expect(seeded3).toHaveCount(0);
    await page.reload();
    await expect(seeded3).toHaveCount(1);

    // Deleted and dismissed: gone from the store, and after a reload.
    await sidebar.getByRole('button', { name: /^Delete Seeded session 3:/ }).click();
    await toast.getByRole('button', { name: 'Dismiss' }).click();
    await expect(toast).toBeHidden();
    await expect.poll(() => storedSession(page, 'seed-0003')).toBeNull();
    await page.reload();
    await expect(titles(page)).toHaveCount(12);
    await expect(seeded3).toHaveCount(0);

    // Deleted and left alone: the toast ends by itself and the deletion is committed.
    const seeded4 = titles(page).filter({ hasText: /Seeded session 4:/ });
    await sidebar.getByRole('button', { name: /^Delete Seeded session 4:/ }).click();
    await expect(toast).toBeVisible();
    await expect(toast).toBeHidden({ timeout: 20_000 });
    await expect.poll(() => storedSession(page, 'seed-0004')).toBeNull();
    await page.reload();
    await expect(seeded4).toHaveCount(0);
    await expect(titles(page)).toHaveCount(11);
  });
});

test.describe('phone', () => {
  test.use({ viewport: PHONE, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

  test('in the drawer: search, rename and delete within the phone width', async ({ page }) => {
    test.setTimeout(180_000);
    await seededLibrary(page);
    await page.getByRole('button', { name: 'Sessions', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Sessions' });
    await expect(drawer.locator('.sidebar-group')).toHaveText(['Today', 'Yesterday', 'Last 7 days', 'Older']);
    await expectFitsPhone(page, 'drawer with date groups');
    await drawer.getByRole('searchbox', { name: 'Search sessions' }).fill('Seeded session 5:');
    await expect(drawer.locator('.recent-title')).toHaveCount(1);
    // Touch screens show the actions without a hover.
    await expect(drawer.getByRole('button', { name: /^Rename Seeded session 5:/ })).toBeVisible();
    await drawer.getByRole('button', { name: /^Rename Seeded session 5:/ }).tap();
    const field = drawer.getByRole('textbox', { name: 'Title' });
    await field.fill('Phone title');
    await field.press('Enter');
    await drawer.getByRole('searchbox', { name: 'Search sessions' }).fill('phone');
    await expect(drawer.locator('.recent-title')).toHaveText([/Phone title$/]);
    await drawer.getByRole('button', { name: 'Delete Phone title' }).tap();
    const toast = page.getByRole('status').filter({ hasText: 'Deleted' });
    await expect(toast).toBeVisible();
    await expectFitsPhone(page, 'undo toast');
    await toast.getByRole('button', { name: 'Undo' }).tap();
    await expect(drawer.locator('.recent-title')).toHaveText([/Phone title$/]);
  });
});
