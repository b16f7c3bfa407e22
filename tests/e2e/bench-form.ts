// The Benchmark form on the bench server's scripted models (tests/e2e/bench-server.mjs), shared by
// the benchmark specs: a provider on the server, a new benchmark of `count` questions, the panel's
// models by accuracy, the judge on sim-80, and the last panelist sampled as the best single model.
import { Download, Page } from '@playwright/test';
import { expect } from './guard';
import { BENCH_URL } from './bench-server';
import { addCompatibleProvider, openCouncil } from './helpers';

export type BenchForm = {
  /** Names this run's models (`sim-<accuracy>-<group>`), so its samples are counted apart. */
  group: string;
  count: number;
  seed: number;
  /** The panelists' accuracies (two or three), in seat order. */
  panel?: readonly number[];
  /** Adds the provider first (false: the page already has it). */
  fresh?: boolean;
};

export async function benchmarkForm(page: Page, { group, count, seed, panel = [55, 65, 80], fresh = true }: BenchForm) {
  if (fresh) {
    await page.goto('/');
    await addCompatibleProvider(page, 'Bench', `${BENCH_URL}/v1`, `sim-80-${group}`);
  }
  await page.getByRole('button', { name: 'New session' }).click();
  await page.getByRole('button', { name: 'Benchmark: is the council worth it?' }).click();
  await page.getByLabel('How many').fill(String(count));
  await page.getByLabel('How many').blur();
  await page.getByLabel(/^Seed/).fill(String(seed));
  await page.getByLabel(/^Seed/).blur();
  await openCouncil(page);
  if (panel.length < 3) {
    await page.getByRole('button', { name: 'Remove Panelist 3' }).click();
    await expect(page.getByRole('group', { name: 'Panelist 3', exact: true })).toHaveCount(0);
  }
  const seats = [...panel.map((accuracy, i) => [`Panelist ${i + 1}`, accuracy] as const), ['Judge', 80] as const];
  for (const [seat, accuracy] of seats) {
    const editor = page.getByRole('group', { name: seat, exact: true });
    await editor.getByLabel('Model').fill(`sim-${accuracy}-${group}`);
    await editor.getByLabel('Model').blur();
    await expect(editor.getByLabel('Model')).toHaveValue(`sim-${accuracy}-${group}`);
  }
  const best = panel.length;
  await page.getByLabel(/^Best single model/).selectOption({ label: `Panelist ${best}: sim-${panel[best - 1]}-${group}` });
}

/** A download's text. */
export async function downloadedText(download: Promise<Download>): Promise<string> {
  const stream = await (await download).createReadStream();
  return (await stream.toArray().then((chunks) => Buffer.concat(chunks))).toString('utf8');
}
