// Every fault in every wire format, from the browser, against tests/e2e/fault-server.mjs (started here on
// loopback): for OpenAI, Anthropic, Gemini, OpenRouter and OpenAI-compatible, a Consult round 1 with two
// panelists meets a 401, a 404 unknown model, a 429 then success, a 500 then success, a 503 always, a
// disconnect mid-stream, a stream without its end marker, and a 200 with a garbage body. Each either
// completes or stops with a message that names the problem and the fix (never the key, never a raw
// body), and leaves the session resumable: "Resume from round 1" is offered and survives a reload. The
// banner names each seat once, in order, however the retried calls ended.
import { Page } from '@playwright/test';
import { expect, test } from './guard';
import { faultJournal, FAULT_URL, useFaultServer } from './fault-server';
import { addCompatibleProvider, askTheCouncil, twoPanelistsOn } from './helpers';
import { allBrowserStorage, storedSessionIn, openSessionId } from './stored';

const FORMATS = [
  { id: 'compatible', kind: 'OpenAI-compatible', base: `${FAULT_URL}/v1` },
  { id: 'openai', kind: 'OpenAI', base: `${FAULT_URL}/v1` },
  { id: 'anthropic', kind: 'Anthropic', base: `${FAULT_URL}/v1` },
  { id: 'gemini', kind: 'Google Gemini', base: `${FAULT_URL}/v1beta` },
  { id: 'openrouter', kind: 'OpenRouter', base: `${FAULT_URL}/api/v1` },
];
type Format = (typeof FORMATS)[number];

/** What each fault must end in: a complete run, or a failure whose message matches. */
type Outcome = { complete: true } | { message: (provider: string, format: Format) => RegExp; retried: boolean };
const FAULTS: Record<string, Outcome> = {
  'auth': { message: (p) => new RegExp(`${p} refused the API key \\(HTTP 401\\)\\. Check the key for ${p} in Settings\\.`), retried: false },
  'unknown-model': { message: (p) => new RegExp(`${p} does not know the model "fault-unknown-model-\\w+" \\(HTTP 404\\)\\. Pick one`), retried: false },
  '429-then-ok': { complete: true },
  '500-then-ok': { complete: true },
  '503-always': { message: (p) => new RegExp(`${p} is overloaded \\(HTTP 503\\)`), retried: true },
  'disconnect': { message: (p) => new RegExp(`${p}'s reply stopped before it was finished|Could not reach ${p}`), retried: true },
  'no-end-marker': { message: (p) => new RegExp(`${p}'s reply stopped before it was finished \\(the stream ended without its end marker, after [1-9]\\d* characters\\)`), retried: true },
  'garbage': { message: (p, f) => new RegExp(`${p} sent a reply Consilium could not read: check that the base URL \\(${f.base.replace(/[./]/g, '\\$&')}\\) points at an? .+ API\\.`), retried: false },
};

useFaultServer();

const nonce = () => Math.random().toString(36).slice(2, 10);

const journal = (page: Page, model: string) => faultJournal(page.request, model);

async function startRoundOne(page: Page, format: Format, model: string, key: string, question: string) {
  const name = `Fault ${format.id}`;
  const card = await addCompatibleProvider(page, name, format.base, model, key);
  await card.getByLabel('Kind').selectOption({ label: format.kind });
  await expect(card.getByLabel('Base URL')).toHaveValue(format.base);
  await twoPanelistsOn(page, name, question);
  await page.getByLabel('Depth').selectOption('1');
  await askTheCouncil(page);
  return name;
}

for (const format of FORMATS) {
  for (const [fault, outcome] of Object.entries(FAULTS)) {
    test(`${format.kind}: ${fault}`, async ({ page }) => {
      const model = `fault-${fault}-${nonce()}`;
      const key = `sk-fault-${format.id}-${nonce()}`;
      const question = `Faults ${format.id} ${fault}: adopt Rust?`;
      await page.goto('/');
      const provider = await startRoundOne(page, format, model, key, question);
      const badge = page.locator('.session-meta .badge');
      const sent = () => journal(page, model);

      if ('complete' in outcome) {
        await expect(badge).toHaveText('complete', { timeout: 60_000 });
        await expect(page.locator('.position-card .position')).toHaveText([
          'Adopt it for the new service only', 'Adopt it for the new service only',
        ]);
        // One failure per panelist, each retried once.
        expect(await sent()).toHaveLength(4);
      } else {
        await expect(badge).toHaveText('failed', { timeout: 60_000 });
        // Each panelist's final failure (a stream cut off part-way is also on record, for its cost,
        // as the attempt it was; it is not listed as a failed call).
        const failures = page.locator('.failed-calls li');
        await expect(failures).toHaveCount(2);
        if (fault === 'disconnect' || fault === 'no-end-marker') {
          const stored = await storedSessionIn(page, openSessionId(page), 'failed');
          expect(stored.calls.filter((c: { call_id: string }) => c.call_id.includes('-attempt-')).length).toBeGreaterThan(0);
        }
        for (const failure of await failures.all()) {
          await expect(failure).toContainText(outcome.message(provider, format));
          await expect(failure).toContainText(outcome.retried
            ? 'Tried 3 times. Resume the session to try this call again; completed work is kept.'
            : 'Resume the session after fixing it; completed work is kept.');
          const text = (await failure.textContent()) ?? '';
          expect(text).not.toContain('retries it');
          for (const rawDump of ['{"', '<', 'DEADBEEF', 'data:']) expect(text).not.toContain(rawDump);
        }
        expect(await sent()).toHaveLength(outcome.retried ? 6 : 2);
        // The banner names each seat once, in seat order, in one sentence, whichever retried call
        // ended last.
        const line = (await page.locator('.failure-outcome').textContent()) ?? '';
        // (Two panelists whose streams broke differently are two problems, one seat each.)
        const oneProblem = (await page.locator('.failure-banner .other-problems li').count()) === 0;
        if (oneProblem) {
          expect(line).toMatch(/^Round 1 needs at least 2 usable answers and got 0\. Panelist 1 .+ and Panelist 2 .+ got no usable reply this way\.$/);
        }
        for (const seat of ['Panelist 1', 'Panelist 2']) {
          const times = line.split(seat).length - 1;
          if (oneProblem) expect(times, line).toBe(1);
          else expect(times, line).toBeLessThanOrEqual(1);
        }
        // Resumable, and nothing is lost on a reload.
        const resume = page.locator('.interrupted').getByRole('button', { name: 'Resume from round 1' });
        await expect(resume).toBeVisible();
        await page.reload();
        await expect(page.locator('.session-question')).toHaveText(question);
        await expect(page.locator('.interrupted').getByRole('button', { name: 'Resume from round 1' })).toBeVisible();
        await expect(page.locator('.failed-calls li')).toHaveCount(2);
      }

      const requests = await sent();
      for (const r of requests) {
        expect(r.url).not.toContain(key);
        expect(r.keyHeader).not.toBeNull();
        // The streamed Gemini URL arrives exactly as built (no stray "&" from the request builder).
        if (format.id === 'gemini') expect(r.url).toBe(`/v1beta/models/${model}:streamGenerateContent?alt=sse`);
      }
      expect(await page.locator('body').textContent()).not.toContain(key);
      expect(await allBrowserStorage(page)).not.toContain(key);
    });
  }
}

test('OpenAI-compatible: a 200 web page (captive portal) is named and not retried', async ({ page }) => {
  const format = FORMATS[0];
  const model = `fault-web-page-${nonce()}`;
  await page.goto('/');
  const provider = await startRoundOne(page, format, model, 'sk-portal', 'Faults portal: adopt Rust?');
  await expect(page.locator('.session-meta .badge')).toHaveText('failed', { timeout: 60_000 });
  const failure = page.locator('.failed-calls li').first();
  await expect(failure).toContainText(`${provider} answered with a web page ("Hotel WiFi - Sign in"), not an API reply`);
  await expect(failure).toContainText(`Fix the base URL in Settings.`);
  await expect(failure).not.toContainText('after 0 characters');
  expect(await journal(page, model)).toHaveLength(2);
});

test('OpenAI-compatible: llama-server without --jinja is asked again without structured output', async ({ page }) => {
  const format = FORMATS[0];
  const model = `fault-jinja-${nonce()}`;
  await page.goto('/');
  await startRoundOne(page, format, model, '', 'Faults jinja: adopt Rust?');
  await expect(page.locator('.session-meta .badge')).toHaveText('complete', { timeout: 60_000 });
  await expect(page.locator('.position-card')).toHaveCount(2);
  // Each panelist: one refused structured request, then one plain request that is answered.
  expect(await journal(page, model)).toHaveLength(4);
  // Once the calls are over, the session still says how each reply was obtained, after a reload too.
  for (const when of ['finished', 'reloaded']) {
    const notes = page.locator('section.call-notes li');
    await expect(notes, when).toHaveCount(2);
    for (const note of await notes.all()) {
      await expect(note).toContainText('refused structured output');
      await expect(note).toContainText('sent again without structured output');
    }
    if (when === 'finished') await page.reload();
  }
});

test('a check that fails on a working server\'s quirk says what it tried, each request and its answer, without the key', async ({ page }) => {
  await page.goto('/');
  const model = `fault-quirk-${nonce()}`;
  const card = await addCompatibleProvider(page, 'Quirky server', `${FAULT_URL}/v1`, model, 'sk-quirk-CANARY-42');
  await card.getByRole('button', { name: 'Check connection' }).click();
  const line = card.locator('.health-line');
  await expect(line).toContainText('Not connected: ');
  await expect(line).toContainText(
    `Tried: GET ${FAULT_URL}/v1/models: HTTP 200; POST ${FAULT_URL}/v1/chat/completions (model “${model}”): HTTP 400, `
    + '“Unsupported parameter: \'max_tokens\' is not supported with this model. Use \'max_completion_tokens\' instead.”.');
  await expect(line).not.toContainText('CANARY');
});
