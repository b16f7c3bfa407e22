// Every provider wire format, from the browser, against aimock: a plain call (Check connection), a
// streamed round-1 consult, a 429 that is retried, a stream cut off mid-way (fault-server.mjs: no end
// marker) and a connection dropped mid-stream (aimock).
import { Page } from '@playwright/test';
import { expect, test } from './guard';
import { FEW_TOKENS, LLAMA_KEY, LLAMA_MODEL, LLAMA_URL, MOCK_URL, MODEL_TEST_MS } from './servers';
import { addCompatibleProvider, askTheCouncil, showAdvancedSettings, showBasicSettings, twoPanelistsOn } from './helpers';
import { allBrowserStorage } from './stored';
import { faultJournal, FAULT_URL, useFaultServer } from './fault-server';

useFaultServer();

const FORMATS = [
  { kind: 'OpenAI-compatible', id: 'compatible', base: `${MOCK_URL}/v1` },
  { kind: 'OpenAI', id: 'openai', base: `${MOCK_URL}/v1` },
  { kind: 'Anthropic', id: 'anthropic', base: `${MOCK_URL}/v1` },
  { kind: 'Google Gemini', id: 'gemini', base: `${MOCK_URL}/v1beta` },
  { kind: 'OpenRouter', id: 'openrouter', base: `${MOCK_URL}/api/v1` },
];

async function addProvider(page: Page, name: string, kind: string, base: string, model: string, key: string) {
  const card = await addCompatibleProvider(page, name, base, model, key);
  await card.getByLabel('Kind').selectOption({ label: kind });
  await expect(card.getByLabel('Base URL')).toHaveValue(base);
  return card;
}

async function roundOneWith(page: Page, providerName: string, question: string, structured = true) {
  await twoPanelistsOn(page, providerName, question);
  await page.getByLabel('Depth').selectOption('1');
  if (!structured) await page.getByLabel('Structured output (JSON schema)').uncheck();
  // OpenRouter's list (aimock's) prices its models at $0 and the check saved those prices: a run
  // of priced models asks no consent.
  if (providerName.includes('openrouter')) await page.getByRole('button', { name: 'Ask the council' }).click();
  else await askTheCouncil(page);
}

for (const format of FORMATS) {
  test(`${format.kind}: plain call and streamed round 1`, async ({ page }) => {
    const key = `sk-format-${format.id}-secret`;
    await page.goto('/');
    const card = await addProvider(page, `Mock ${format.id}`, format.kind, format.base, `format-${format.id}`, key);
    await card.getByRole('button', { name: 'Check connection' }).click();
    await expect(card.locator('.health-line')).toContainText(/Connected · .+ · test reply from .+ in (under )?[\d.]+ s/);

    await roundOneWith(page, `Mock ${format.id}`, `Formats ${format.id}: adopt Rust?`);
    await expect(page.locator('.session-meta .badge')).toHaveText('complete', { timeout: 60_000 });
    await expect(page.locator('.position-card .position')).toHaveText([
      'Adopt it for the new service only', 'Adopt it for the new service only',
    ]);
    await expect(page.locator('.position-card .confidence').first()).toHaveText('72%');
    expect(await allBrowserStorage(page)).not.toContain(key);
  });
}

test('a 429 is retried with backoff and the answer still arrives', async ({ page, request }) => {
  await page.goto('/');
  await addProvider(page, 'Mock retry', 'OpenAI-compatible', `${MOCK_URL}/v1`, 'format-retry', 'sk-retry');
  await roundOneWith(page, 'Mock retry', 'Formats retry: adopt Rust?');
  await expect(page.locator('.session-meta .badge')).toHaveText('complete', { timeout: 60_000 });
  await expect(page.locator('.position-card')).toHaveCount(2);
  const journal = await (await request.get(`${MOCK_URL}/__aimock/journal?path=/v1/chat/completions`)).json();
  const statuses = journal.filter((e: any) => e.body?.model === 'format-retry').map((e: any) => e.response.status);
  expect(statuses.filter((s: number) => s === 429)).toHaveLength(1);
  expect(statuses.filter((s: number) => s === 200)).toHaveLength(2);
});

test('a stream cut off mid-way (no end marker) is never taken as an answer', async ({ page, request }) => {
  await page.goto('/');
  const model = `fault-no-end-marker-${Math.random().toString(36).slice(2, 10)}`;
  await addProvider(page, 'Mock cut', 'OpenAI-compatible', `${FAULT_URL}/v1`, model, 'sk-cut');
  await roundOneWith(page, 'Mock cut', 'Formats cut: adopt Rust?');
  await expect(page.locator('.session-meta .badge')).toHaveText('failed', { timeout: 60_000 });
  await expect(page.locator('.position-card')).toHaveCount(0);
  // The whole body arrived, well formed, without its [DONE]: text was streamed, and it is not an answer.
  await expect(page.locator('.failed-calls li').first()).toContainText(
    /stopped before it was finished \(the stream ended without its end marker, after [1-9]\d* characters\)/,
  );
  expect(await faultJournal(request, model)).toHaveLength(6);
});

test('a connection dropped mid-stream is explained and never taken as an answer', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await addProvider(page, 'Mock drop', 'OpenAI-compatible', `${MOCK_URL}/v1`, 'format-disconnect', 'sk-cut');
  await roundOneWith(page, 'Mock drop', 'Formats disconnect: adopt Rust?');
  await expect(page.locator('.session-meta .badge')).toHaveText('failed', { timeout: 90_000 });
  await expect(page.locator('.position-card')).toHaveCount(0);
  // The browser cannot tell a dropped connection from an unreachable server; either way it is explained.
  await expect(page.locator('.failed-calls')).toContainText(/stopped before it was finished|dropped the connection/);
});

test('Anthropic Messages against the real model on llama-server: plain and streamed', async ({ page }) => {
  test.setTimeout(MODEL_TEST_MS);
  await page.goto('/');
  const card = await addProvider(page, 'Gemma as Anthropic', 'Anthropic', LLAMA_URL, LLAMA_MODEL, LLAMA_KEY);
  await showAdvancedSettings(page);
  await page.getByLabel('Max tokens per reply').fill(FEW_TOKENS); // the wire format is tested, not the answer
  await page.getByLabel('Max tokens per reply').blur();
  await showBasicSettings(page); // back to the provider's card
  await card.getByRole('button', { name: 'Check connection' }).click();
  await expect(card.locator('.health-line')).toContainText(/Connected · .+ · test reply from .+ in (under )?[\d.]+ s/, { timeout: MODEL_TEST_MS });

  // llama-server started without --jinja refuses Anthropic tools, so structured output is turned off.
  await roundOneWith(page, 'Gemma as Anthropic', 'Should a small team adopt Rust?', false);
  const cards = page.locator('.round[data-round="1"] .call-card .stream');
  await expect(cards.first()).not.toBeEmpty({ timeout: MODEL_TEST_MS });
  await expect(page.locator('.session-meta .badge')).toHaveText(/complete|failed/, { timeout: MODEL_TEST_MS });
});

test('cancel aborts the requests in flight and keeps the session', async ({ page }) => {
  await page.goto('/');
  await addProvider(page, 'Mock slow', 'OpenAI-compatible', `${MOCK_URL}/v1`, 'format-slow', 'sk-slow');
  await roundOneWith(page, 'Mock slow', 'Formats cancel: adopt Rust?');
  // The slow stream (2 characters every 300 ms) is under way when the user cancels.
  await expect(page.locator('.call-card .stream').first()).not.toBeEmpty({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.locator('.session-meta .badge')).toHaveText('cancelled', { timeout: 5_000 });
  await expect(page.locator('.position-card')).toHaveCount(0);
  await page.reload();
  await expect(page.locator('.session-question')).toHaveText('Formats cancel: adopt Rust?');
  await expect(page.locator('.session-meta .badge')).toHaveText('cancelled');
});
