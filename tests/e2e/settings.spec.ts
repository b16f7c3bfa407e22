// Settings are never lost: one unreadable field keeps every other setting (providers included) and
// says what it could not read; an invalid or zero budget is refused with a message.
import { expect, test } from './guard';
import { addCompatibleProvider, watchConsole, showAdvancedSettings } from './helpers';
import { expectFitsPhone, openAllDetails, PHONE } from './layout';

test('one mistyped stored field keeps the providers and every other setting, and says so', async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto('/');
  await page.evaluate(() => {
    localStorage.setItem('consilium.settings', JSON.stringify({
      version: 1,
      providers: [
        { id: 'p-1', name: 'My local llama', kind: 'open_ai_compatible', base_url: 'http://127.0.0.1:8080/v1', default_model: 'gemma' },
        { id: 'p-2', name: 'Half broken', kind: 42, base_url: 'x', default_model: 'm' },
      ],
      max_tokens: 'a lot',
      timeout_secs: 45,
      verbose: true,
    }));
  });
  await page.reload();
  await expect(page.locator('.settings-problems')).toContainText('could not be read');
  await page.locator('.settings-problems').getByRole('button', { name: 'See which in Settings' }).click();
  const problems = page.locator('.settings .error');
  await expect(problems).toContainText('max_tokens');
  await expect(problems).toContainText('provider 2 "Half broken"');
  await expect(page.getByRole('article', { name: 'My local llama' })).toHaveCount(1);
  await showAdvancedSettings(page);
  await expect(page.getByLabel('Give up on a silent call after (seconds)')).toHaveValue('45');
  await expect(page.getByLabel('Max tokens per reply')).toHaveValue('1024');
  const kept = await page.evaluate(() => localStorage.getItem('consilium.settings.unreadable'));
  expect(kept).toContain('Half broken');
  expect(errors).toEqual([]);
});

test('a zero, negative or unreadable budget is refused with a message and the budget stays', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Settings' }).click();
  await showAdvancedSettings(page);
  const budget = page.getByLabel('Budget per session (USD, empty for none)');
  await expect(budget).toHaveValue('2.5');
  for (const typed of ['0', '-2']) {
    await budget.fill(typed);
    await budget.blur();
    await expect(page.getByRole('status').filter({ hasText: 'The budget must be more than $0' })).toBeVisible();
    await expect(budget).toHaveValue('2.5');
  }
  await page.reload();
  await showAdvancedSettings(page);
  await expect(page.getByLabel('Budget per session (USD, empty for none)')).toHaveValue('2.5');
  await budget.fill('4');
  await budget.blur();
  await page.reload();
  await showAdvancedSettings(page);
  await expect(page.getByLabel('Budget per session (USD, empty for none)')).toHaveValue('4');
});

test('debate filter limits are number fields: a change saves and says so beside it, a bad value is refused there', async ({ page }) => {
  await page.goto('/#/settings');
  await showAdvancedSettings(page);
  const round4 = page.getByRole('group', { name: 'Round 4: what the judge sees' });
  const rebuttals = round4.getByLabel('Rebuttals');
  await expect(rebuttals).toHaveValue('5');
  await rebuttals.fill('8');
  await rebuttals.press('Tab');
  await expect(round4.locator('label', { hasText: 'Rebuttals' }).getByRole('status')).toHaveText('Saved.');
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('consilium.settings') ?? '{}').filtering);
  expect(stored.filtering.round4.rebuttals).toBe(8);

  const tensions = page.getByRole('group', { name: 'Round 3: what panelists see of the synthesis' }).getByLabel('Tensions');
  await tensions.fill('2.5');
  await tensions.press('Tab');
  await expect(page.getByText('Use a whole number from 0 to 100.')).toBeVisible();
  await page.reload();
  await showAdvancedSettings(page);
  await expect(page.getByRole('group', { name: 'Round 4: what the judge sees' }).getByLabel('Rebuttals')).toHaveValue('8');
  await expect(page.getByRole('group', { name: 'Round 3: what panelists see of the synthesis' }).getByLabel('Tensions')).toHaveValue('2');
  await page.getByRole('button', { name: 'Restore the defaults' }).click();
  await expect(page.getByRole('group', { name: 'Round 4: what the judge sees' }).getByLabel('Rebuttals')).toHaveValue('5');
});

test('Settings open on Basic (providers, keys, the default council); Advanced holds the rest; each control answers beside itself', async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto('/#/settings');
  const basic = page.getByRole('tab', { name: 'Basic' });
  const advanced = page.getByRole('tab', { name: 'Advanced' });
  await expect(basic).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', 'settings-tab-basic');
  await expect(page.getByRole('heading', { name: 'Providers' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Default council' })).toBeVisible();
  await expect(page.locator('.default-council')).toHaveText('Add a provider: new consults seat their panelists on it.');
  await expect(page.getByLabel('Max tokens per reply')).toHaveCount(0);
  await page.getByRole('button', { name: 'Add llama.cpp server (local)' }).click();
  await expect(page.locator('.default-council')).toHaveText(/^3 panelists · llama\.cpp/);

  await advanced.click();
  await expect(advanced).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Providers' })).toHaveCount(0);
  for (const heading of ['Runs and budgets', 'Backup models (hedging)', 'Review and Prioritize', 'Debate filtering', 'Prices']) {
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  }
  // Feedback beside the control that caused it, and only there.
  const maxTokens = page.locator('label', { hasText: 'Max tokens per reply' });
  await maxTokens.getByRole('spinbutton').fill('512');
  await maxTokens.getByRole('spinbutton').blur();
  await expect(maxTokens.getByRole('status')).toHaveText('Saved.');
  const budget = page.locator('label', { hasText: 'Budget per session' });
  await budget.getByRole('spinbutton').fill('0');
  await budget.getByRole('spinbutton').blur();
  await expect(budget.getByRole('status')).toContainText('The budget must be more than $0');
  await expect(maxTokens.getByRole('status')).toHaveText('Saved.');
  await expect(page.locator('label', { hasText: 'Give up on a silent call' }).getByRole('status')).toHaveText('');
  const verbose = page.locator('label', { hasText: 'Verbose by default' });
  await verbose.getByRole('checkbox').check();
  await expect(verbose.getByRole('status')).toHaveText('Saved.');

  // Arrow keys move between the tabs.
  await advanced.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(basic).toBeFocused();
  await expect(basic).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Providers' })).toBeVisible();
  expect(errors).toEqual([]);
});

test.describe('phone', () => {
  test.use({ viewport: PHONE, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

  test('both tabs of Settings fit a phone', async ({ page }) => {
    await page.goto('/#/settings');
    await page.getByRole('button', { name: 'Add llama.cpp server (local)' }).click();
    await expectFitsPhone(page, 'settings, basic');
    await showAdvancedSettings(page);
    await openAllDetails(page);
    await expectFitsPhone(page, 'settings, advanced');
  });
});

test('a key goes to a new host only on the user\'s word: keep the old address, send it, or change and remove it', async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto('/');
  const card = await addCompatibleProvider(page, 'Keyed box', 'http://127.0.0.1:9/v1', 'm', 'sk-test-keyed-box-1234');
  const address = card.getByLabel('Base URL');
  const key = card.getByLabel('API key');
  await expect(key).toHaveAttribute('placeholder', 'key set (type to replace)');
  // Taken, the key is out of the page's field.
  await expect(key).toHaveValue('');
  const asked = card.getByRole('alertdialog', { name: 'Send the key to a new address?' });

  // Another path on the same host: nothing to ask.
  await address.fill('http://127.0.0.1:9/api/v1');
  await address.blur();
  await expect(asked).toHaveCount(0);
  await expect(address).toHaveValue('http://127.0.0.1:9/api/v1');

  // Another host: asked, naming where the key has gone and where it would go; nothing saved yet.
  await address.fill('http://127.0.0.2:9/v1');
  await address.blur();
  await expect(asked).toContainText('Your API key for Keyed box has gone only to http://127.0.0.1:9. With this address it would go to http://127.0.0.2:9.');
  await asked.getByRole('button', { name: 'Keep the old address' }).click();
  await expect(asked).toHaveCount(0);
  await expect(address).toHaveValue('http://127.0.0.1:9/api/v1');
  const saved = await page.evaluate(() => JSON.stringify({ ...localStorage }));
  expect(saved).toContain('http://127.0.0.1:9/api/v1');
  expect(saved).not.toContain('127.0.0.2');

  // Sent there on the user's word: the key stays.
  const again = page.getByRole('article', { name: 'Keyed box' });
  await again.getByLabel('Base URL').fill('http://127.0.0.2:9/v1');
  await again.getByLabel('Base URL').blur();
  await again.getByRole('button', { name: 'Send my key to http://127.0.0.2:9' }).click();
  await expect(again.getByLabel('Base URL')).toHaveValue('http://127.0.0.2:9/v1');

  // Or changed with the key removed: the key is gone, the address saved.
  await again.getByLabel('API key').fill('sk-test-keyed-box-5678');
  await again.getByLabel('API key').blur();
  await again.getByLabel('Base URL').fill('https://elsewhere.example/v1');
  await again.getByLabel('Base URL').blur();
  await again.getByRole('button', { name: 'Change it and remove the key' }).click();
  await expect(again.getByLabel('Base URL')).toHaveValue('https://elsewhere.example/v1');
  await expect(again.getByLabel('API key')).not.toHaveAttribute('placeholder', 'key set (type to replace)');
  expect(errors).toEqual([]);
});
