import { expect, Page } from '@playwright/test';

/** Collects console errors and page errors so a test can assert there were none. */
export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => { if (msg.type() === 'error') errors.push(msg.text()); });
  page.on('pageerror', (err) => errors.push(String(err)));
  return errors;
}

/** Adds an OpenAI-compatible provider from the llama.cpp preset and points it at `baseUrl`. */
export async function addCompatibleProvider(page: Page, name: string, baseUrl: string, model: string, key = '') {
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'Add llama.cpp server (local)' }).click();
  const card = page.locator('.provider-card').last();
  await card.getByLabel('Name').fill(name);
  await card.getByLabel('Name').blur();
  await expect(page.locator('.provider-card').last().getByLabel('Name')).toHaveValue(name);
  const named = page.locator('.provider-card', { has: page.locator(`input[value="${name}"]`) });
  await named.getByLabel('Base URL').fill(baseUrl);
  await named.getByLabel('Base URL').blur();
  await named.getByLabel('Default model').fill(model);
  await named.getByLabel('Default model').blur();
  if (key) {
    await named.getByLabel('API key').fill(key);
    await named.getByLabel('API key').blur();
  }
  return named;
}

/** Every local-storage value as one string, to search for things that must never be stored. */
export async function allLocalStorage(page: Page): Promise<string> {
  return page.evaluate(() => {
    const parts: string[] = [];
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i)!;
      parts.push(key, localStorage.getItem(key) ?? '');
    }
    return parts.join('\n');
  });
}
