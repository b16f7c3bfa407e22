// The split build (scripts/build.sh): the first screen fetches only the main wasm; the other views'
// parts load on demand, say so with Retry when they cannot load, and work offline after one visit
// because the service worker precaches every part at install.
import { Page } from '@playwright/test';
import { expect, test } from './guard';
import { copiedShareLink, showAdvancedSettings } from './helpers';

/** A wasm part of the build (dist/app-<hash>/), not the main module. */
const PART = /\/app-[0-9a-f]{16}\/(?!consilium_bg\.wasm$)[^/]+\.wasm$/;

function wasmRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (r) => { if (r.url().endsWith('.wasm')) urls.push(new URL(r.url()).pathname); });
  return urls;
}

test.describe('a part that fails to load', () => {
  test.use({ serviceWorkers: 'block' });

  test('says so with Retry, never a blank page, and Retry loads it once the network is back', async ({ page }) => {
    const wasm = wasmRequests(page);
    let failing = true;
    await page.route(PART, (route) => (failing ? route.abort('internetdisconnected') : route.continue()));
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Run the demo council' })).toBeVisible();
    expect(wasm.filter((u) => PART.test(u)), 'the first screen fetches no part').toEqual([]);
    expect(wasm.filter((u) => u.endsWith('/consilium_bg.wasm'))).toHaveLength(1);

    await page.getByRole('button', { name: 'Settings' }).click();
    const failed = page.locator('.part-failed');
    await expect(failed).toHaveAttribute('role', 'alert');
    await expect(failed).toContainText('could not be loaded');
    await expect(page.locator('header nav')).toBeVisible(); // the rest of the app still works
    expect(wasm.filter((u) => PART.test(u)).length).toBeGreaterThan(0);

    failing = false;
    await failed.getByRole('button', { name: 'Retry' }).click();
    await showAdvancedSettings(page);
    await showAdvancedSettings(page);
  await expect(page.getByLabel('Max tokens per reply')).toBeVisible();
    await expect(failed).toHaveCount(0);

    // Another view whose part failed once loads on its first try now.
    await page.getByRole('button', { name: 'History' }).click();
    await expect(page.locator('.part-failed')).toHaveCount(0);
    await expect(page.getByRole('searchbox', { name: 'Search' })).toBeVisible();
  });
});

test('after one visit every view loaded on demand works offline, even one never opened', async ({ page, context }) => {
  test.setTimeout(180_000);
  const wasm = wasmRequests(page);
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Run the demo council' })).toBeVisible();
  // Installed means precached: the worker's install waits for the whole build to be in its cache.
  await page.evaluate(() => navigator.serviceWorker.ready);
  expect(wasm.filter((u) => PART.test(u)), 'the page itself fetched no part').toEqual([]);

  await context.setOffline(true);
  await page.reload();
  await page.getByRole('button', { name: 'Run the demo council' }).click();
  await expect(page.locator('.verdict .recommendation')).not.toBeEmpty({ timeout: 90_000 });
  const link = await copiedShareLink(page);
  await page.getByRole('button', { name: 'History' }).click();
  await expect(page.locator('.session-item')).toHaveCount(1);
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByLabel('Max tokens per reply')).toBeVisible();
  await page.goto(link);
  await expect(page.getByText('A shared session, read-only')).toBeVisible();
  await expect(page.locator('.part-failed')).toHaveCount(0);
  await context.setOffline(false);
});
