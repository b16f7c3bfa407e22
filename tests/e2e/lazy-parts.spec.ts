// The split build (scripts/build.sh): the first screen fetches only the main wasm; the sessions
// sidebar's part loads once the page is idle, the other views' parts on demand (the run's, the
// session view's and the last protocol's form are prefetched once the page is idle, unless the
// browser asks to save data); they say so with Retry when they cannot load, and work offline after
// one visit because the service worker precaches every part at install.
import { Page } from '@playwright/test';
import { expect, test } from './guard';
import { copiedShareLink, showAdvancedSettings } from './helpers';

/** A wasm part of the build (dist/app-<hash>/), not the main module. */
const PART = /\/app-[0-9a-f]{16}\/(?!consilium_bg\.wasm$)[^/]+\.wasm$/;
/** A split point's own part other than the sidebar's (the chunks are shared, so not told apart). */
const VIEW_PART = /\/split_(?!sidebar\.)[^/]+\.wasm$/;

/** The browser asks to save data (Chromium's navigator.connection.saveData): nothing is prefetched. */
async function saveData(page: Page) {
  await page.addInitScript(() =>
    Object.defineProperty(Navigator.prototype, 'connection', { configurable: true, get: () => ({ saveData: true }) }),
  );
}

function wasmRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (r) => { if (r.url().endsWith('.wasm')) urls.push(new URL(r.url()).pathname); });
  return urls;
}

test.describe('a part that fails to load', () => {
  test.use({ serviceWorkers: 'block' });

  test('says so with Retry, never a blank page, and Retry loads it once the network is back', async ({ page }) => {
    await saveData(page); // no prefetch: the first screen's own requests are checked
    const wasm = wasmRequests(page);
    let failing = true;
    await page.route(PART, (route) => (failing ? route.abort('internetdisconnected') : route.continue()));
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Run the demo council' })).toBeEnabled();
    // The sidebar's part, fetched once the page is idle, fails in its place; the page works without it.
    const sidebar = page.getByRole('complementary', { name: 'Sessions' });
    const sidebarFailed = sidebar.locator('.part-failed');
    await expect(sidebarFailed).toHaveAttribute('role', 'alert');
    await expect(sidebarFailed).toContainText('could not be loaded');
    expect(wasm.filter((u) => VIEW_PART.test(u)), 'the first screen fetches no view\'s part').toEqual([]);
    expect(wasm.filter((u) => u.endsWith('/consilium_bg.wasm'))).toHaveLength(1);

    await page.getByRole('button', { name: 'Settings' }).click();
    const failed = page.locator('main .part-failed');
    await expect(failed).toHaveAttribute('role', 'alert');
    await expect(failed).toContainText('could not be loaded');
    await expect(page.locator('header nav')).toBeVisible(); // the rest of the app still works
    expect(wasm.filter((u) => PART.test(u)).length).toBeGreaterThan(0);

    failing = false;
    await failed.getByRole('button', { name: 'Retry' }).click();
    await showAdvancedSettings(page);
    await expect(page.getByLabel('Max tokens per reply')).toBeVisible();
    await expect(failed).toHaveCount(0);

    // The sidebar's Retry loads it too.
    await sidebarFailed.getByRole('button', { name: 'Retry' }).click();
    await expect(sidebar.getByText('Your sessions will be listed here.')).toBeVisible();

    // Another view whose part failed once loads on its first try now.
    await page.getByRole('button', { name: 'History' }).click();
    await expect(page.locator('.part-failed')).toHaveCount(0);
    await expect(page.getByRole('searchbox', { name: 'Search', exact: true })).toBeVisible();
  });
});

test('after one visit every view loaded on demand works offline, even one never opened', async ({ page, context }) => {
  test.setTimeout(180_000);
  const wasm = wasmRequests(page);
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Run the demo council' })).toBeVisible();
  // Installed means precached: the worker's install waits for the whole build to be in its cache.
  await page.evaluate(() => navigator.serviceWorker.ready);
  // The page itself prefetched only what a new session needs next (the worker fetched the rest).
  expect(wasm.filter((u) => /split_(history|settings|shared|review_form|prioritize_form)\.wasm$/.test(u))).toEqual([]);

  await context.setOffline(true);
  await page.reload();
  await page.getByRole('button', { name: 'Run the demo council' }).click();
  await expect(page.locator('.verdict .recommendation')).not.toBeEmpty({ timeout: 90_000 });
  const link = await copiedShareLink(page);
  await page.getByRole('button', { name: 'History' }).click();
  await expect(page.locator('.session-item')).toHaveCount(1);
  await page.getByRole('button', { name: 'Settings' }).click();
  await showAdvancedSettings(page);
  await expect(page.getByLabel('Max tokens per reply')).toBeVisible();
  await page.goto(link);
  await expect(page.getByText('A shared session, read-only')).toBeVisible();
  await expect(page.locator('.part-failed')).toHaveCount(0);
  await context.setOffline(false);
});

test.describe('the run\'s part', () => {
  test.use({ serviceWorkers: 'block' });

  test('when it cannot load, starting says so with Retry (no page change), and Retry runs the session', async ({ page }) => {
    await saveData(page); // not prefetched: the click is what fetches it
    let failing = true;
    let delayMs = 0;
    await page.route(/\/split_run\.wasm$/, async (route) => {
      if (failing) return route.abort('internetdisconnected');
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      return route.continue();
    });
    await page.goto('/');
    await page.getByRole('button', { name: 'Run the demo council' }).click();
    const failed = page.locator('.new-session .part-failed');
    await expect(failed).toHaveAttribute('role', 'alert');
    await expect(failed).toContainText('could not be loaded');
    await expect(failed).toBeInViewport(); // under the form, scrolled to from the demo's button above
    await expect(page).toHaveURL(/#\/new$/);
    await expect(page.getByRole('button', { name: 'Run the demo council' })).toBeEnabled();

    failing = false;
    delayMs = 1500;
    await failed.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Starting…' })).toBeVisible(); // the pending state
    await expect(page.locator('.verdict .recommendation')).not.toBeEmpty({ timeout: 90_000 });
    await expect(page).toHaveURL(/#\/session\//);
    await expect(page.locator('.part-failed')).toHaveCount(0);
  });
});

test.describe('prefetch', () => {
  test.use({ serviceWorkers: 'block' });

  test('once idle, the run\'s and the session view\'s parts are fetched without a click, and the form of the protocol last used', async ({ page }) => {
    const wasm = wasmRequests(page);
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Run the demo council' })).toBeEnabled();
    await expect.poll(() => wasm.filter((u) => /split_(run|session)\.wasm$/.test(u)).length).toBe(2);
    expect(wasm.filter((u) => /split_(history|settings|shared|review_form|prioritize_form)\.wasm$/.test(u))).toEqual([]);

    // A review started (Consult's form is the one shown first, so only the others are prefetched).
    await page.getByRole('button', { name: 'Review: a code change' }).click();
    await page.getByRole('button', { name: 'Run the demo review' }).click();
    await expect(page).toHaveURL(/#\/session\//);
    wasm.length = 0;
    await page.goto('/#/new');
    await page.reload();
    await expect.poll(() => wasm.filter((u) => /split_review_form\.wasm$/.test(u)).length).toBe(1);
    expect(wasm.filter((u) => /split_prioritize_form\.wasm$/.test(u))).toEqual([]);
  });
});

test('nothing is fetched ahead when the browser asks to save data', async ({ page }) => {
  // The worker is allowed here: it is registered after the prefetch step, so its being ready means
  // that step is over. The sidebar's part is not fetched ahead: the page shows it.
  await saveData(page);
  const wasm = wasmRequests(page);
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Run the demo council' })).toBeEnabled();
  await expect(page.locator('#recent-sessions')).toBeAttached();
  await page.evaluate(() => navigator.serviceWorker.ready);
  expect(wasm.filter((u) => VIEW_PART.test(u)), 'the page fetched no view\'s part').toEqual([]);
});
