// The run off the main thread, its risky part proved first: the page's own split build
// starts in a dedicated module worker (public/run-worker.js), its main module finds no page to
// mount, and the run's wasm part loads there as on the page: "ready" is said from inside that part.
import { expect, test } from './guard';
import { skipToTheDecision } from './demos';
import { openSessionId, storedSessionIn } from './stored';

test('the page\'s build starts in a module worker and loads the run\'s wasm part there', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'New session' })).toBeVisible();
  const said = await page.evaluate(async () => {
    const tag = document.querySelector('script[data-wasm]') as HTMLScriptElement;
    const js = new URL(tag.dataset.js!, location.href).href;
    const wasm = new URL(tag.dataset.wasm!, location.href).href;
    const worker = new Worker(`/run-worker.js?js=${encodeURIComponent(js)}&wasm=${encodeURIComponent(wasm)}`, { type: 'module' });
    const messages: Record<string, string>[] = [];
    const next = () => new Promise<Record<string, string>>((resolve) => {
      worker.addEventListener('message', (event) => resolve(event.data), { once: true });
    });
    messages.push(await next());
    worker.terminate();
    return messages;
  });
  expect(said).toEqual([{ kind: 'ready' }]);
  expect(errors).toEqual([]);
});

test('a run goes in the worker: the page renders its reports, Cancel reaches it, and the record is saved from there', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (m) => { if (m.type() === 'warning' || m.type() === 'error') warnings.push(m.text()); });
  await page.goto('/');
  await page.getByRole('button', { name: 'Run the demo council' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-runs', 'worker');
  expect(page.workers().some((w) => w.url().includes('/run-worker.js'))).toBe(true);
  // Streamed text reaches the page from the worker.
  await expect(page.locator('.run-stepper')).toBeVisible();
  await skipToTheDecision(page);
  await expect(page.locator('.session-meta .badge').first()).toHaveText('complete', { timeout: 90_000 });
  const id = openSessionId(page);
  await storedSessionIn(page, id, 'complete');
  expect(warnings.filter((w) => w.includes('Consilium'))).toEqual([]);

  // A second run in the same worker, cancelled mid-way: the worker aborts it and says so.
  await page.evaluate(() => { location.hash = '#/'; });
  await page.getByRole('button', { name: 'Run the demo council' }).click();
  await expect(page.locator('.round[data-round="1"] .position-card').first()).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.locator('.session-meta .badge')).toHaveText('cancelled');
  expect(openSessionId(page)).not.toBe(id);
  await storedSessionIn(page, openSessionId(page), 'aborted');
  expect(page.workers().filter((w) => w.url().includes('/run-worker.js'))).toHaveLength(1);
});

test('where the worker cannot start, the run goes on the page, and one console line says why', async ({ page }) => {
  const lines: string[] = [];
  page.on('console', (m) => { if (m.text().includes('Consilium')) lines.push(m.text()); });
  await page.route(/\/run-worker\.js/, (route) => route.abort('failed'));
  await page.goto('/');
  await page.getByRole('button', { name: 'Run the demo council' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-runs', 'page');
  await skipToTheDecision(page);
  await expect(page.locator('.session-meta .badge').first()).toHaveText('complete', { timeout: 90_000 });
  await storedSessionIn(page, openSessionId(page), 'complete');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain('Consilium runs on the page, not in a worker');
});
