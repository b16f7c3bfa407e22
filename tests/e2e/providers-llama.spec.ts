// OpenAI Chat and Anthropic Messages from the browser against a real model: llama-server (Gemma 3 270M)
// serves both `/v1/chat/completions` and `/v1/messages`, and takes the key as Bearer or as x-api-key.
// The base model rarely follows a format, so a round may end complete or failed with what the model
// sent on record: what is asserted is that the text streamed in and that the outcome is shown. Each
// reply is limited to a few dozen tokens (enough to stream in several steps): the tests are about the
// wire format, not the answer, and must finish on a busy 2-core machine.
import { Page } from '@playwright/test';
import { expect, test } from './guard';
import { FEW_TOKENS, LLAMA_KEY, LLAMA_MODEL, LLAMA_URL, MODEL_TEST_MS } from './servers';
import { addCompatibleProvider, askTheCouncil, watchConsole, showAdvancedSettings, showBasicSettings, twoPanelistsOn } from './helpers';
import { allBrowserStorage } from './stored';

/** Adds llama-server as `kind`, with few tokens per reply. */
async function addProvider(page: Page, name: string, kind: string) {
  const card = await addCompatibleProvider(page, name, LLAMA_URL, LLAMA_MODEL, LLAMA_KEY);
  await card.getByLabel('Kind').selectOption({ label: kind });
  await expect(card.getByLabel('Kind').locator('option:checked')).toHaveText(kind);
  await expect(card.getByLabel('Base URL')).toHaveValue(LLAMA_URL);
  await showAdvancedSettings(page);
  await page.getByLabel('Max tokens per reply').fill(FEW_TOKENS);
  await page.getByLabel('Max tokens per reply').blur();
  await showBasicSettings(page); // back to the provider's card
  return card;
}

/** Every request to llama-server with the headers the browser really sent. */
function captureLlamaRequests(page: Page) {
  const seen: Promise<{ url: string; headers: Record<string, string>; body: string }>[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(LLAMA_URL) || request.method() !== 'POST') return;
    seen.push(request.allHeaders().then((headers) => ({ url: request.url(), headers, body: request.postData() ?? '' })));
  });
  return () => Promise.all(seen);
}

/** Records how each call card's text length changes, every 15 ms, to prove the text streamed in. */
async function sampleCallCards(page: Page) {
  await page.evaluate(() => {
    const w = window as any;
    w.__pe2e = {};
    w.__pe2eTimer = setInterval(() => {
      document.querySelectorAll<HTMLElement>('.call-card').forEach((card) => {
        const s = (w.__pe2e[card.dataset.callId ?? '?'] ??= { lengths: [], statuses: [] });
        const length = card.querySelector('.stream')?.textContent?.length ?? 0;
        if (s.lengths[s.lengths.length - 1] !== length) s.lengths.push(length);
        const status = card.dataset.status ?? '';
        if (s.statuses[s.statuses.length - 1] !== status) s.statuses.push(status);
      });
    }, 15);
  });
  return async (): Promise<Record<string, { lengths: number[]; statuses: string[] }>> =>
    page.evaluate(() => {
      const w = window as any;
      clearInterval(w.__pe2eTimer);
      return w.__pe2e;
    });
}

async function askRoundOne(page: Page, provider: string, question: string, structured: boolean) {
  await twoPanelistsOn(page, provider, question);
  await page.getByLabel('Depth').selectOption('1');
  const structuredBox = page.getByLabel('Structured output (JSON schema)');
  if ((await structuredBox.isChecked()) !== structured) await structuredBox.click();
  const samples = await sampleCallCards(page);
  await askTheCouncil(page);
  return samples;
}

/** Both panelists' text grew in several steps, and the run ended with its outcome on screen. */
async function expectStreamedAndShown(page: Page, samples: () => Promise<Record<string, { lengths: number[]; statuses: string[] }>>, label: string) {
  const badge = page.locator('.session-meta .badge');
  await expect(badge).toHaveText(/^(complete|failed)$/, { timeout: MODEL_TEST_MS });
  const seen = await samples();
  for (const call of ['r1-panelist-1', 'r1-panelist-2']) {
    const steps = seen[call]?.lengths.filter((l) => l > 0) ?? [];
    expect(steps.length, `${call} streamed in several steps: ${seen[call]?.lengths.slice(0, 20)}`).toBeGreaterThanOrEqual(3);
    expect(seen[call].statuses).toContain('answering…');
  }
  const outcome = (await badge.innerText()).trim();
  if (outcome === 'complete') {
    const positions = page.locator('.position-card .position');
    await expect(positions).toHaveCount(2);
    for (const text of await positions.allInnerTexts()) expect(text.trim()).not.toBe('');
    console.log(`[${label}] complete: ${JSON.stringify(await positions.allInnerTexts())}`);
  } else {
    // Failed: the reason is shown, and each failed call is listed with what the model sent.
    await expect(page.locator('.error.failure')).toContainText('Round 1 needs at least 2 usable answers');
    await expect(page.locator('.failed-calls li').first()).toBeAttached();
    console.log(`[${label}] failed: ${(await page.locator('.failed-calls').innerText()).slice(0, 600)}`);
  }
  return outcome;
}

test('OpenAI Chat (kind OpenAI) against llama-server: Test connection and a streamed round 1', async ({ page }) => {
  test.setTimeout(MODEL_TEST_MS);
  const errors = watchConsole(page);
  const sent = captureLlamaRequests(page);
  await page.goto('/');
  const card = await addProvider(page, 'Gemma as OpenAI', 'OpenAI');
  await card.getByRole('button', { name: 'Check connection' }).click();
  await expect(card.locator('.health-line')).toContainText(/Connected · .+ · test reply from .+ in (under )?[\d.]+ s$/, { timeout: MODEL_TEST_MS });

  const samples = await askRoundOne(page, 'Gemma as OpenAI', 'Should a small team write its next service in Rust?', true);
  await expectStreamedAndShown(page, samples, 'openai-llama');

  const requests = await sent();
  expect(requests.length).toBeGreaterThanOrEqual(3);
  for (const r of requests) {
    expect(r.url).toBe(`${LLAMA_URL}/chat/completions`);
    expect(r.headers['authorization']).toBe(`Bearer ${LLAMA_KEY}`);
    expect(r.headers['x-api-key']).toBeUndefined();
    // OpenAI's own name for the output limit (llama-server reads it as an alias of max_tokens).
    expect(JSON.parse(r.body).max_completion_tokens).toBeGreaterThan(0);
  }
  expect(await allBrowserStorage(page)).not.toContain(LLAMA_KEY);
  expect(errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
});

test('Anthropic Messages against llama-server: Test connection, tools refused with an explanation, then a streamed round 1', async ({ page }) => {
  test.setTimeout(MODEL_TEST_MS);
  const sent = captureLlamaRequests(page);
  await page.goto('/');
  const card = await addProvider(page, 'Gemma as Anthropic', 'Anthropic');
  await card.getByRole('button', { name: 'Check connection' }).click();
  await expect(card.locator('.health-line')).toContainText(/Connected · .+ · test reply from .+ in (under )?[\d.]+ s$/, { timeout: MODEL_TEST_MS });

  // Structured output on Anthropic is a forced tool, which llama-server started without --jinja refuses
  // (HTTP 500 "tools param requires --jinja flag"): that is a refusal, not a server error, so each call
  // is sent once more without structured output (never retried as is), and the run ends with its
  // outcome shown (the small base model may or may not give a usable answer).
  await askRoundOne(page, 'Gemma as Anthropic', 'Should a small team adopt Rust? (structured)', true);
  await expect(page.locator('.session-meta .badge')).toHaveText(/^(complete|failed)$/, { timeout: MODEL_TEST_MS });
  const structuredRun = await sent();
  const withTools = structuredRun.filter((r) => JSON.parse(r.body).tools !== undefined);
  const withoutTools = structuredRun.filter((r) => JSON.parse(r.body).tools === undefined);
  console.log(`[anthropic-llama structured] ${withTools.length} requests with tools, ${withoutTools.length} without`);
  expect(withTools.length).toBeGreaterThanOrEqual(2);
  expect(withTools.length).toBeLessThanOrEqual(4); // one refused request per call (and re-ask), never retried
  expect(withoutTools.length).toBeGreaterThanOrEqual(2);

  // Without structured output the text streams in, and the run ends with its outcome shown.
  const samples = await askRoundOne(page, 'Gemma as Anthropic', 'Should a small team adopt Rust?', false);
  await expectStreamedAndShown(page, samples, 'anthropic-llama');

  const requests = await sent();
  expect(requests.length).toBeGreaterThanOrEqual(5);
  for (const r of requests) {
    expect(r.url).toBe(`${LLAMA_URL}/messages`);
    expect(r.headers['x-api-key']).toBe(LLAMA_KEY);
    expect(r.headers['authorization']).toBeUndefined();
    expect(r.headers['anthropic-version']).toBe('2023-06-01');
    expect(r.headers['anthropic-dangerous-direct-browser-access']).toBe('true');
  }
  expect(await allBrowserStorage(page)).not.toContain(LLAMA_KEY);
});
