// The page paints a static shell (index.html) before the wasm arrives, and the app replaces it as it
// mounts: the two are never on the page together, and nothing of the shell stays behind.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './guard';

test('a static page is painted while the wasm loads, then the app replaces it', async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/*_bg.wasm', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/');
  const shell = page.locator('#app-shell');
  await expect(shell.getByText('Loading the council')).toBeVisible();
  await expect(shell.getByText('Put a question, a code change or a backlog')).toBeVisible();
  await expect(page.locator('main#main')).toHaveCount(0);
  // Accessible on its own, in light and dark, since a slow phone shows it for seconds.
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.map((v) => `${v.id}: ${v.help}`), `axe on the shell (${colorScheme})`).toEqual([]);
  }

  release();
  await expect(page.locator('main#main')).toBeVisible();
  await expect(shell).toHaveCount(0);
  await expect(page.getByText('Loading the council')).toHaveCount(0);
  await expect(page.locator('header')).toHaveCount(1);
  await expect(page.locator('main')).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Consilium');
});
