// Prompt caching against a real server: llama-server keeps each slot's prompt
// (`cache_prompt` is on by default) and reports the reused part as
// usage.prompt_tokens_details.cached_tokens. Gemma 3 270M alone (a one-model council, one call a
// consult) is asked the same question twice: the second consult's prompt is the first's, so the
// session's cost line shows the cached tokens the server reported.
import { expect, test } from './guard';
import { LLAMA_KEY, LLAMA_MODEL, LLAMA_URL, MODEL_TEST_MS } from './servers';
import { addCompatibleProvider, askTheCouncil, showAdvancedSettings, showBasicSettings, watchConsole } from './helpers';

const QUESTION = 'Should a team of forty engineers shipping weekly adopt trunk-based development?';

test('a repeated prompt to llama-server shows its cached tokens on the ledger', async ({ page }) => {
  test.setTimeout(MODEL_TEST_MS);
  const errors = watchConsole(page);
  await page.goto('/');
  await addCompatibleProvider(page, 'Gemma alone', LLAMA_URL, LLAMA_MODEL, LLAMA_KEY);
  await showAdvancedSettings(page);
  await page.getByLabel('Max tokens per reply').fill('256');
  await page.getByLabel('Max tokens per reply').blur();
  await page.evaluate((model) => {
    const settings = JSON.parse(localStorage.getItem('consilium.settings') ?? '{}');
    const provider = settings.providers.find((p: any) => p.name === 'Gemma alone');
    settings.alone = { provider_id: provider.id, model };
    localStorage.setItem('consilium.settings', JSON.stringify(settings));
  }, LLAMA_MODEL);
  await page.reload();
  // Keys stay in the tab unless remembered: the reload forgot it.
  await page.getByRole('button', { name: 'Settings' }).click();
  await showBasicSettings(page);
  const key = page.getByRole('article', { name: 'Gemma alone' }).getByLabel('API key');
  await key.fill(LLAMA_KEY);
  await key.blur();

  const meta = page.locator('.session-meta');
  for (const run of [1, 2]) {
    await page.getByRole('button', { name: 'New session' }).click();
    await page.getByLabel('Question', { exact: true }).fill(QUESTION);
    await expect(page.locator('.council-chip')).toHaveText(`1 model · ${LLAMA_MODEL} · Edit`);
    await askTheCouncil(page);
    // A base model may not fill the fields: then the run fails after its re-asks, with its
    // calls (and their usage) on record all the same.
    await expect(page.locator('.session-meta .badge').first()).toHaveText(/^(complete|failed)$/, { timeout: MODEL_TEST_MS });
    if (run === 2) await expect(meta).toContainText(/cached: [\d,]+ tokens/);
    await page.getByText('Participants, tokens and cost').click();
    const ledger = (await page.locator('.session').innerText()).split('\n').filter((line) => /token|cached/i.test(line));
    console.log(`[alone-llama] run ${run}: ${(await meta.innerText()).replace(/\s+/g, ' ').slice(0, 300)} | ${ledger.join(' | ').slice(0, 600)}`);
  }
  expect(errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
});
