// The run off the main thread (issue 40), its risky part proved first: the page's own split build
// starts in a dedicated module worker (public/run-worker.js), its main module finds no page to
// mount, and the run's wasm part loads there as on the page: "ready" is said from inside that part.
import { expect, test } from './guard';

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
