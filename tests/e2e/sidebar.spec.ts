// The sessions sidebar: recent sessions of every protocol, newest first, each with its protocol, a
// plain chip and a relative time; the open session highlighted (aria-current); "New session" at the
// top and "All history" at the bottom; folded away on a desktop (remembered). On a phone it is a
// drawer opened from the header that holds the focus, closes on Escape (the focus back on its
// button) and after a navigation. "History" in the header is highlighted on History only, never on
// a new or stored session.
import { Page } from '@playwright/test';
import { expect, test } from './guard';
import { newSession, skipToTheDecision } from './demos';
import { expectFitsPhone, PHONE } from './layout';
import { openSessionId } from './stored';

async function demoCouncil(page: Page) {
  await page.getByRole('button', { name: 'Run the demo council' }).click();
  await skipToTheDecision(page);
  await expect(page.locator('.session-meta .badge').first()).toHaveText('complete', { timeout: 90_000 });
}

function nav(page: Page, name: string) {
  return page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name });
}

test.describe('desktop', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('recent sessions of every protocol, the open one highlighted, History highlighted on History only', async ({ page }) => {
    await page.goto('/');
    const sidebar = page.getByRole('complementary', { name: 'Sessions' });
    await expect(sidebar).toBeVisible();
    await expect(sidebar.getByText('Your sessions will be listed here.')).toBeVisible();
    await expect(nav(page, 'New session')).toHaveAttribute('aria-current', 'page');

    await page.getByRole('button', { name: 'Run the demo council' }).click();
    // A new run is not History.
    await expect(page.locator('#session-title')).toBeVisible();
    await expect(nav(page, 'History')).not.toHaveAttribute('aria-current', /./);
    await expect(nav(page, 'New session')).not.toHaveAttribute('aria-current', /./);
    const items = sidebar.locator('.recent-item');
    await expect(items).toHaveCount(1);
    await expect(items.first().locator('.chip')).toHaveText('Running');
    await skipToTheDecision(page);
    await expect(page.locator('.session-meta .badge').first()).toHaveText('complete', { timeout: 90_000 });
    const consultId = openSessionId(page);
    await expect(items.first()).toHaveAttribute('aria-current', 'page');
    await expect(items.first().locator('.recent-protocol')).toHaveText('Consult');
    await expect(items.first().locator('.chip')).toHaveText('Decided');
    await expect(items.first().locator('.recent-when')).toHaveText('just now');

    await newSession(page, 'Review: a code change');
    await page.getByRole('button', { name: 'Run the demo review' }).click();
    await skipToTheDecision(page);
    await expect(page.locator('.review-verdict-label')).toBeVisible({ timeout: 60_000 });
    await expect(items).toHaveCount(2);
    // Newest first, the open one highlighted, a review's verdict in plain words.
    await expect(items.first().locator('.recent-protocol')).toHaveText('Review');
    await expect(items.first().locator('.chip')).toHaveText('Changes requested');
    await expect(items.first()).toHaveAttribute('aria-current', 'page');
    await expect(items.nth(1)).not.toHaveAttribute('aria-current', /./);
    await expect(nav(page, 'History')).not.toHaveAttribute('aria-current', /./);

    // Opening a session from the sidebar moves the highlight with it.
    await items.nth(1).click();
    await expect(page).toHaveURL(new RegExp(`#/session/${consultId}$`));
    await expect(items.nth(1)).toHaveAttribute('aria-current', 'page');
    await expect(items.first()).not.toHaveAttribute('aria-current', /./);

    await sidebar.getByRole('link', { name: 'All history' }).click();
    await expect(page.getByRole('heading', { name: 'History' })).toBeVisible();
    await expect(nav(page, 'History')).toHaveAttribute('aria-current', 'page');
    await expect(sidebar.locator('[aria-current]')).toHaveCount(0);
    await sidebar.getByRole('link', { name: 'New session' }).click();
    await expect(page.getByRole('heading', { name: 'Consult the council' })).toBeVisible();

    // Folded away, and still folded after a reload.
    await sidebar.getByRole('button', { name: 'Hide recent sessions' }).click();
    await expect(items.first()).toBeHidden();
    await page.reload();
    await expect(sidebar.getByRole('button', { name: 'Show recent sessions' })).toBeVisible();
    await expect(items.first()).toBeHidden();
    await sidebar.getByRole('button', { name: 'Show recent sessions' }).click();
    await expect(items).toHaveCount(2);
    await expect(items.first()).toBeVisible();
  });
});

test.describe('phone', () => {
  test.use({ viewport: PHONE, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

  test('a drawer from the header: focus held, Escape closes, a navigation closes it', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Sessions', exact: true });
    await expect(page.getByRole('complementary', { name: 'Sessions' })).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await demoCouncil(page);
    await expectFitsPhone(page, 'session, drawer closed');

    await toggle.click();
    const drawer = page.getByRole('dialog', { name: 'Sessions' });
    await expect(drawer).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const close = drawer.getByRole('button', { name: 'Close sessions' });
    await expect(close).toBeFocused();
    await expect(drawer.locator('.recent-item')).toHaveCount(1);
    await expect(drawer.locator('.recent-item').first()).toHaveAttribute('aria-current', 'page');
    await expectFitsPhone(page, 'drawer open');
    // The focus stays inside: back from the first control to the last, on from the last to the first.
    await page.keyboard.press('Shift+Tab');
    await expect(drawer.getByRole('link', { name: 'All history' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(close).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(drawer.getByRole('link', { name: 'New session' })).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(toggle).toBeFocused();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');

    // A navigation closes it.
    await toggle.click();
    await page.getByRole('dialog', { name: 'Sessions' }).getByRole('link', { name: 'All history' }).click();
    await expect(page.getByRole('heading', { name: 'History' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Sessions' })).toBeHidden();
    await expect(nav(page, 'History')).toHaveAttribute('aria-current', 'page');
    // The backdrop closes it too.
    await toggle.click();
    await expect(page.getByRole('dialog', { name: 'Sessions' })).toBeVisible();
    await page.mouse.click(380, 600);
    await expect(page.getByRole('dialog', { name: 'Sessions' })).toBeHidden();
  });
});
