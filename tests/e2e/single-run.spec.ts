// Exactly one active run, in a tab and across tabs, and a live view that behaves while it runs:
// refusal of a second run, resume offered at once after cancel or failure, another session opened
// during a run, updates that keep open details and focus, announcements instead of a live region
// per token, cancel within a second during a Retry-After wait, focus on the run just started.
import { Page } from '@playwright/test';
import { expect, test } from './guard';
import * as http from 'http';
import { AddressInfo } from 'net';
import { addCompatibleProvider, askTheCouncil, watchConsole } from './helpers';
import { LLAMA_MODEL, LLAMA_URL, MODEL_TEST_MS } from './servers';

const ALREADY_RUNNING = 'A session is already running in this tab';

async function startDemo(page: Page) {
  await page.getByRole('button', { name: 'New session' }).click();
  await page.getByRole('button', { name: 'Run the demo council' }).click();
}

const badge = (page: Page) => page.locator('.session-meta .badge').first();

test('a second run is refused while one is active, and Cancel still stops the first', async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto('/');
  await startDemo(page);
  // The page changes once the run's part has loaded (src/app/runs/start.rs).
  await expect(page).toHaveURL(/#\/session\//);
  const firstUrl = page.url();
  await expect(page.locator('.call-card').first()).toBeVisible();
  await startDemo(page);
  await expect(page.getByRole('alert').filter({ hasText: ALREADY_RUNNING })).toBeVisible();
  await page.getByRole('button', { name: 'History' }).click();
  await expect(page.locator('.session-item')).toHaveCount(1);
  await page.locator('.session-item button.link').click();
  await expect(page).toHaveURL(firstUrl);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(badge(page)).toHaveText('cancelled');
  expect(errors).toEqual([]);
});

test('after Cancel, Resume is offered at once, without a reload, and finishes the session', async ({ page }) => {
  await page.goto('/');
  await startDemo(page);
  await expect(page.locator('.round[data-round="1"]')).toHaveAttribute('data-complete', 'true', { timeout: 30_000 });
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(badge(page)).toHaveText('cancelled');
  const resume = page.locator('.interrupted').getByRole('button', { name: /Resume from round [2-4]/ });
  await expect(resume).toBeVisible();
  await resume.click();
  await expect(page.locator('.verdict .recommendation')).not.toBeEmpty({ timeout: 60_000 });
  await expect(badge(page)).toHaveText('complete');
  await expect(page.locator('.interrupted')).toHaveCount(0);
});

test('after a failure, Resume is offered at once, without a reload', async ({ page }) => {
  await page.goto('/');
  // llama-server requires a key: without one every call is a real 401, which is not retried.
  await addCompatibleProvider(page, 'Keyless llama', LLAMA_URL, LLAMA_MODEL);
  await page.getByRole('button', { name: 'New session' }).click();
  await page.getByLabel('Question', { exact: true }).fill('Single run: does a failure offer resume?');
  await askTheCouncil(page);
  await expect(badge(page)).toHaveText('failed', { timeout: MODEL_TEST_MS });
  await expect(page.locator('.failure')).toContainText(/key/i);
  await expect(page.locator('.interrupted').getByRole('button', { name: 'Resume from round 1' })).toBeVisible();
});

test('opening another session while one runs shows that session', async ({ page }) => {
  await page.goto('/');
  await startDemo(page);
  await expect(page.locator('.verdict .recommendation')).not.toBeEmpty({ timeout: 60_000 });
  const finishedUrl = page.url();
  await startDemo(page);
  await expect(page.locator('.call-card').first()).toBeVisible();
  expect(page.url()).not.toBe(finishedUrl);
  // In-app navigation: a page load would end the run.
  await page.getByRole('button', { name: 'History' }).click();
  await page.locator('.session-item', { hasText: 'complete' }).locator('button.link').click();
  await expect(page).toHaveURL(finishedUrl);
  await expect(badge(page)).toHaveText('complete');
  await expect(page.locator('.verdict .recommendation')).not.toBeEmpty();
  await expect(page.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  await expect(page.locator('.interrupted')).toHaveCount(0);
});

test('updates while running keep open details open and focus where it was; tokens are not announced', async ({ page }) => {
  await page.goto('/');
  await startDemo(page);
  // Focus moved to the run just started.
  await expect(page.locator('#session-title')).toBeFocused();
  await expect(page.locator('.round[data-round="1"]')).toHaveAttribute('data-complete', 'true', { timeout: 30_000 });
  const costs = page.locator('details.participants');
  await costs.locator('summary').click();
  const rationale = page.locator('.round[data-round="1"] .position-card details').first();
  await rationale.locator('summary').click();
  const exportButton = page.locator('.export-menu > summary');
  await exportButton.focus();
  await expect(page.locator('.round[data-round="3"]')).toHaveAttribute('data-complete', 'true', { timeout: 60_000 });
  await expect(costs).toHaveAttribute('open', '');
  await expect(rationale).toHaveAttribute('open', '');
  await expect(exportButton).toBeFocused();
  // Streamed text is no live region; finished calls are announced in the one status region.
  await expect(page.locator('.stream[aria-live]')).toHaveCount(0);
  await expect(page.locator('#run-announcer')).toHaveAttribute('aria-live', 'polite');
  await expect(page.locator('.verdict .recommendation')).not.toBeEmpty({ timeout: 60_000 });
  await expect(page.locator('#run-announcer')).toHaveText('The session is complete.');
});

test('Cancel takes effect within a second during a Retry-After wait', async ({ page }) => {
  // A server that always answers 429 with Retry-After: 30 (and lets the page read the header).
  let requests = 0;
  const server = http.createServer((req, res) => {
    const cors = {
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Headers': '*',
      'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
      'Access-Control-Expose-Headers': 'Retry-After',
    };
    if (req.method === 'OPTIONS') { res.writeHead(204, cors); res.end(); return; }
    requests++;
    res.writeHead(429, { ...cors, 'Content-Type': 'application/json', 'Retry-After': '30' });
    res.end(JSON.stringify({ error: { message: 'Rate limit reached.', type: 'rate_limit_error' } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  try {
    await page.goto('/');
    await addCompatibleProvider(page, 'Always busy', `http://127.0.0.1:${port}/v1`, 'busy-model');
    await page.getByRole('button', { name: 'New session' }).click();
    await page.getByLabel('Question', { exact: true }).fill('Single run: cancel during a wait?');
    await askTheCouncil(page);
    // All three panelists have asked once and are waiting out the 30 s Retry-After.
    await expect.poll(() => requests, { timeout: 15_000 }).toBe(3);
    await expect(page.locator('.call-card .notice')).toHaveCount(3);
    await expect(page.locator('.call-card .notice').first()).toContainText('Retrying in');
    const asked = requests;
    await page.getByRole('button', { name: 'Cancel' }).click();
    // Well before the 30 s wait would have ended.
    await expect(badge(page)).toHaveText('cancelled', { timeout: 1_500 });
    await page.waitForTimeout(500);
    expect(requests).toBe(asked);
  } finally {
    server.close();
  }
});

test('a session running in another tab shows as running there, and resume is offered once that tab closes', async ({ context }) => {
  const runner = await context.newPage();
  await runner.goto('/');
  await startDemo(runner);
  await expect(runner.locator('.round[data-round="1"]')).toHaveAttribute('data-complete', 'true', { timeout: 30_000 });
  const url = runner.url();

  const watcher = await context.newPage();
  await watcher.goto(url);
  await expect(watcher.locator('.session-meta')).toContainText('running in another tab');
  await expect(watcher.locator('.interrupted')).toHaveCount(0);
  await expect(watcher.getByText('interrupted')).toHaveCount(0);
  // It follows the other tab's progress through storage.
  await expect(watcher.locator('.round[data-round="2"]')).toHaveAttribute('data-complete', 'true', { timeout: 30_000 });

  await runner.close();
  const resume = watcher.locator('.interrupted').getByRole('button', { name: /Resume from round/ });
  await expect(resume).toBeVisible({ timeout: 5_000 });
  await expect(watcher.locator('.session-meta')).not.toContainText('running in another tab');
  await resume.click();
  await expect(watcher.locator('.verdict .recommendation')).not.toBeEmpty({ timeout: 60_000 });
  await expect(watcher.locator('.session-meta .badge').first()).toHaveText('complete');
});
