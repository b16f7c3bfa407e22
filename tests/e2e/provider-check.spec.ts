// Setup that just works: one provider action, "Check connection", with one result line
// (the model list where the provider has one, then one short timed test call); a local preset's
// guessed address is never probed before the user confirms or edits it; and every seat's model
// picker offers the provider's listed models with their prices, and any other name typed freely.
import * as http from 'http';
import { AddressInfo } from 'net';
import { Page } from '@playwright/test';
import { expect, test } from './guard';
import { MOCK_URL } from './servers';
import { addCompatibleProvider, openCouncil, showBasicSettings } from './helpers';
import { OPENROUTER_BASE, configureOpenRouter, useOpenRouterMock } from './openrouter-mock';

useOpenRouterMock();

test('one action checks a provider: its model count and the test reply in one line, or what to do', async ({ page }) => {
  await page.goto('/');
  // A model of its own, so the mock's journal other specs count is not touched.
  const card = await addCompatibleProvider(page, 'Mock check', `${MOCK_URL}/v1`, 'provider-check-e2e');
  // One action where there were three.
  await expect(card.getByRole('button', { name: /Test connection|Load models|Check provider/ })).toHaveCount(0);
  const line = card.locator('.health-line');
  await expect(line).toContainText('Not checked yet');
  await card.getByRole('button', { name: 'Check connection' }).click();
  await expect(line).toHaveText(/^ready Connected · \d+ models · test reply from provider-check-e2e in (under )?[\d.]+ s$/);
  // The list reached the default model's picker.
  await expect(card.locator('datalist option').first()).toBeAttached();
  await expect(card.locator('.model-hint')).toHaveText(/^\d+ listed models: type to search, or any name\.$/);

  // Nothing at the address: said in plain words, with what to do, and no raw browser error.
  await card.getByLabel('Base URL').fill('http://127.0.0.1:9/v1');
  await card.getByLabel('Base URL').blur();
  await expect(line).toContainText('Not checked yet');
  await card.getByRole('button', { name: 'Check connection' }).click();
  await expect(line).toHaveText(
    'not reachable Not connected: No server is running at http://127.0.0.1:9/v1. Start the server, or fix the base URL and port in Settings. '
    + 'Tried: GET http://127.0.0.1:9/v1/models: no answer.');
  await expect(card).not.toContainText('TypeError');
  await expect(card).not.toContainText('Failed to fetch');
});

test('adding the llama.cpp preset probes nothing until its address is confirmed, and logs nothing', async ({ page }) => {
  const toDefault: string[] = [];
  const toMock: string[] = [];
  page.on('request', (r) => {
    if (r.url().startsWith('http://127.0.0.1:8080/')) toDefault.push(r.url());
    if (r.url().startsWith(MOCK_URL)) toMock.push(r.url());
  });
  const logged: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.text().includes('127.0.0.1:8080')) logged.push(m.text());
  });
  await page.goto('/#/settings');
  await showBasicSettings(page);
  await page.getByRole('button', { name: 'Add llama.cpp server (local)' }).click();
  const preset = page.locator('.preset', { hasText: 'llama.cpp server (local)' });
  const address = preset.getByLabel('Address of your llama.cpp server (local)');
  await expect(address).toHaveValue('http://127.0.0.1:8080/v1');
  await expect(preset.locator('.health-chip')).toHaveText('not checked');
  await expect(page.locator('.provider-card .health-line')).toContainText('Not checked yet');
  // Give a probe every chance to have been sent: the card and the default council are drawn.
  await expect(page.locator('.default-council')).toHaveText(/^3 panelists · llama\.cpp/);
  expect(toDefault).toEqual([]);

  // The user's own address, typed: checked there, and only there.
  await address.fill(`${MOCK_URL}/v1`);
  await address.press('Enter');
  // The provider now has the user's address (no longer the preset's guess) and its check ran
  // there: the card's line says what it found.
  const card = page.locator('.provider-card');
  await expect(card.getByLabel('Base URL')).toHaveValue(`${MOCK_URL}/v1`);
  await expect(card.locator('.health-line')).toContainText(/Connected|Not connected/);
  // The preset's row that asked keeps it at the user's address: its form, chip and check line stay,
  // and adding the preset again shows this one rather than a copy.
  await expect(address).toHaveValue(`${MOCK_URL}/v1`);
  await expect(preset.locator('.health-line')).toContainText(/Connected|Not connected/);
  await expect(preset.locator('.health-chip')).not.toHaveText('not checked');
  await page.getByRole('button', { name: 'Add llama.cpp server (local)' }).click();
  await expect(page.getByText('llama.cpp server (local) is already added.')).toBeVisible();
  await expect(page.locator('.provider-card')).toHaveCount(1);
  expect(toMock.some((url) => url === `${MOCK_URL}/v1/models`)).toBe(true);
  expect(toDefault).toEqual([]);
  expect(logged).toEqual([]);
});

/** An OpenRouter provider at the mock (one priced model), signed in: the check after it lists the model. */
async function signedInOpenRouter(page: Page) {
  await configureOpenRouter(page.request, { limit: 5, remaining: 4.9, mode: 'allow' });
  await page.goto('/');
  await page.evaluate((base) => {
    localStorage.setItem('consilium.settings', JSON.stringify({
      version: 1,
      providers: [{ id: 'p-or', name: 'OpenRouter', kind: 'open_router', base_url: base, default_model: 'mock/priced' }],
    }));
  }, OPENROUTER_BASE);
  await page.reload();
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const card = page.getByRole('article', { name: 'OpenRouter' });
  await card.getByRole('button', { name: 'Sign in with OpenRouter' }).click();
  await expect(card.locator('.health-line')).toContainText(/Connected · 1 model · test reply from mock\/priced in /);
  return card;
}

test('every seat picks its model from the list with its price, or takes any name typed', async ({ page }) => {
  const card = await signedInOpenRouter(page);
  // The default model's picker shows the list's price.
  await expect(card.locator('.model-price')).toHaveText('mock/priced: $10.00 in · $30.00 out per million tokens');

  await page.getByRole('button', { name: 'New session' }).click();
  await openCouncil(page);
  const seat = page.getByRole('group', { name: 'Panelist 1', exact: true });
  const model = seat.getByLabel('Model', { exact: true });
  await expect(seat.locator('datalist option')).toHaveCount(1);
  await expect(seat.locator('datalist option[value="mock/priced"]')).toHaveAttribute('label', '$10.00 in · $30.00 out per million tokens');
  await expect(seat.locator('.model-hint')).toHaveText('1 listed model, or type any name.');

  // A listed model, picked: its price from the list.
  await model.fill('mock/priced');
  await expect(seat.locator('.model-price')).toHaveText('mock/priced: $10.00 in · $30.00 out per million tokens');
  // A model the list does not show, typed: taken as typed, priced from the same table the ledger uses.
  await model.fill('openai/gpt-4o-mini');
  await expect(model).toHaveValue('openai/gpt-4o-mini');
  await expect(seat.locator('.model-price')).toHaveText('openai/gpt-4o-mini: $0.15 in · $0.60 out per million tokens');
  await model.fill('my-own-fine-tune');
  await expect(seat.locator('.model-price')).toHaveText('my-own-fine-tune: price unknown');
  // The field is described by its price and hint, and named by its label alone.
  await expect(model).toHaveAccessibleName('Model');
});

test('a provider whose address redirects never takes the key along: the request stops there', async ({ page }) => {
  // The browser re-sends headers such as x-api-key to wherever a redirect points, so
  // a request that carries a key refuses to follow one. The new host must see nothing at all.
  const seenElsewhere: string[] = [];
  const elsewhere = http.createServer((req, res) => {
    // The page's keyless reachability probe (no-cors, nothing to leak) may follow a redirect;
    // a keyed request is a cors one, and none may arrive here, with its key or without (the
    // browser drops Authorization on a cross-origin redirect but keeps x-api-key and the like).
    if (req.headers['sec-fetch-mode'] === 'cors' || req.headers.authorization) {
      seenElsewhere.push(`${req.method} ${req.url} ${req.headers.authorization ?? ''}`);
    }
    res.writeHead(200, { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Headers': '*' });
    res.end('{"data": []}');
  });
  await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
  const elsewherePort = (elsewhere.address() as AddressInfo).port;
  let redirected = 0;
  const moved = http.createServer((req, res) => {
    const cors = { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Headers': '*', 'Access-Control-Allow-Methods': 'GET, POST, OPTIONS' };
    if (req.method === 'OPTIONS') { res.writeHead(204, cors); res.end(); return; }
    redirected++;
    res.writeHead(307, { ...cors, Location: `http://127.0.0.1:${elsewherePort}${req.url}` });
    res.end();
  });
  await new Promise<void>((resolve) => moved.listen(0, '127.0.0.1', resolve));
  const movedPort = (moved.address() as AddressInfo).port;
  try {
    await page.goto('/');
    const card = await addCompatibleProvider(page, 'Moved box', `http://127.0.0.1:${movedPort}/v1`, 'moved-model', 'sk-test-moved-box-9876');
    await card.getByRole('button', { name: 'Check connection' }).click();
    const line = card.locator('.health-line');
    // Said for what it is, not as CORS or a server that is not running.
    await expect(line).toHaveText(new RegExp(`^redirects elsewhere Not connected: http://127\\.0\\.0\\.1:${movedPort}/v1 answers with a redirect to another address, and your key is never sent after a redirect`));
    await expect(line).toContainText(`Tried: GET http://127.0.0.1:${movedPort}/v1/models: a redirect to another address, not followed (it would take the key along).`);
    expect(redirected).toBeGreaterThan(0);
    expect(seenElsewhere).toEqual([]);
    await expect(card).not.toContainText('sk-test-moved-box-9876');
  } finally {
    moved.close();
    elsewhere.close();
  }
});
