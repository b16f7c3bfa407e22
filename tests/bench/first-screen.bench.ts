// Every file the page fetches until the new-session page is interactive (the first screen), what it
// fetches next once idle without being asked (the sessions sidebar, src/lazy/sidebar.rs), then,
// from a fresh page each time, what opening each other view fetches on top of both. Writes the paths
// to BENCH_OUT; scripts/bench.sh sizes them. The service worker is blocked: its install precaches
// the whole build in the background, after the first screen (public/sw.js), which is not what the
// first screen needs. The browser asks to save data, so nothing is prefetched at idle
// (src/ui/prefetch.rs): each part is counted with the view that needs it.
import { BrowserContext, expect, Page, test } from '@playwright/test';
import * as fs from 'fs';
import { BENCH_APP_PORT } from './ports';
import { showAdvancedSettings } from '../e2e/helpers';

const APP = `http://127.0.0.1:${BENCH_APP_PORT}`;

test.use({ serviceWorkers: 'block' });

function fetched(page: Page): string[] {
  const paths: string[] = [];
  page.on('response', (r) => {
    const url = new URL(r.url());
    if (url.origin === APP && r.status() < 400) paths.push(url.pathname);
  });
  return paths;
}

/** The moment (performance.now()) the new-session page became interactive: its demo button enabled
 * and the static shell gone, seen by a MutationObserver in the page. */
async function markInteractive(context: BrowserContext) {
  await context.addInitScript(() => {
    const check = () => {
      const ready =
        !document.getElementById('app-shell') &&
        [...document.querySelectorAll('button')].some((b) => b.textContent === 'Run the demo council' && !b.disabled);
      if (ready && (window as any).__interactiveAt === undefined) (window as any).__interactiveAt = performance.now();
    };
    new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
  });
}

/** The paths fetched so far (growing), and how many of them the first screen took: the page itself
 * and every resource whose fetch started before the page was interactive (what starts later, once
 * the page is idle, is the sidebar's; response events reach the test too late to tell them apart). */
async function firstScreen(page: Page): Promise<{ paths: string[]; first: number }> {
  const paths = fetched(page);
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Run the demo council' })).toBeEnabled();
  await expect(page.locator('#app-shell')).toHaveCount(0);
  // Then, once the page is idle, the sidebar's part (its session list).
  await expect(page.locator('#recent-sessions')).toBeAttached();
  const early: string[] = await page.evaluate(() => {
    const at = (window as any).__interactiveAt as number;
    return performance
      .getEntriesByType('resource')
      .filter((e) => e.startTime < at)
      .map((e) => new URL(e.name).pathname);
  });
  const ordered = ['/', ...early.filter((p) => p !== '/')];
  const firstPaths = paths.filter((p) => ordered.includes(p));
  const later = paths.filter((p) => !ordered.includes(p));
  paths.splice(0, paths.length, ...firstPaths, ...later);
  return { paths, first: firstPaths.length };
}

/** navigator.connection.saveData: the app then prefetches nothing. */
async function saveData(context: BrowserContext) {
  await context.addInitScript(() =>
    Object.defineProperty(Navigator.prototype, 'connection', { configurable: true, get: () => ({ saveData: true }) }),
  );
}

const views: Record<string, (page: Page) => Promise<void>> = {
  // A returning user's form: once a model is connected the council area (its own part) loads.
  'consult form, a model connected': async (page) => {
    await page.getByRole('button', { name: 'Add OpenAI' }).click();
    await expect(page.getByRole('button', { name: 'Ask the council' })).toBeVisible();
  },
  history: async (page) => {
    await page.getByRole('button', { name: 'History' }).click();
    await expect(page.getByRole('searchbox', { name: 'Search', exact: true })).toBeVisible();
  },
  settings: async (page) => {
    await page.getByRole('button', { name: 'Settings' }).click();
    await showAdvancedSettings(page);
    await expect(page.getByLabel('Max tokens per reply')).toBeVisible();
  },
  'review form': async (page) => {
    await page.getByRole('button', { name: 'Review: a code change' }).click();
    await expect(page.getByRole('button', { name: 'Run the demo review' })).toBeEnabled();
  },
  'prioritize form': async (page) => {
    await page.getByRole('button', { name: 'Prioritize: a backlog' }).click();
    await expect(page.getByRole('button', { name: 'Run the demo prioritization' })).toBeEnabled();
  },
  session: async (page) => {
    await page.getByRole('button', { name: 'Run the demo council' }).click();
    await expect(page.locator('.verdict .recommendation')).not.toBeEmpty({ timeout: 120_000 });
  },
  shared: async (page) => {
    // A link made from the demo council's session (in another page, so this one fetches only the view).
    const maker = await page.context().newPage();
    await firstScreen(maker);
    await views.session(maker);
    // Share copies the link (this Chromium has no share sheet); the page never prints it.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await maker.getByRole('button', { name: 'Share', exact: true }).click();
    await expect(maker.locator('.share-status')).toContainText('Link copied');
    const link = await maker.evaluate(() => navigator.clipboard.readText());
    await maker.close();
    await page.goto(link);
    await expect(page.getByText('A shared session, read-only')).toBeVisible();
  },
};

test('files fetched by the first screen and by each view', async ({ browser }) => {
  const result: { first_screen: string[]; at_idle: string[]; views: Record<string, string[]> } = {
    first_screen: [],
    at_idle: [],
    views: {},
  };
  for (const [name, open] of Object.entries(views)) {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    await saveData(context);
    await markInteractive(context);
    const page = await context.newPage();
    const { paths, first } = await firstScreen(page);
    const before = paths.length;
    if (!result.first_screen.length) {
      result.first_screen = [...new Set(paths.slice(0, first))];
      result.at_idle = [...new Set(paths.slice(first, before))];
    }
    await open(page);
    const loaded = [...result.first_screen, ...result.at_idle];
    result.views[name] = [...new Set(paths.slice(before))].filter((p) => !loaded.includes(p));
    await context.close();
  }
  fs.writeFileSync(process.env.BENCH_OUT!, JSON.stringify(result, null, 2));
});
