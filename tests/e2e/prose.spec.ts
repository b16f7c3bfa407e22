// A model that cannot write JSON is still heard: every reply of `fault-prose-*` is plain
// prose. The panelists' answers are taken as free text (marked so on their cards, never counted as
// agreement), and the judge, whose synthesis needs the schema, fails after its one re-ask with a
// message that names the model, not the server: one banner, one card per call, no server button.
import { expect, test } from './guard';
import { FAULT_URL, useFaultServer } from './fault-server';
import { addCompatibleProvider, askTheCouncil, openRounds, watchConsole, twoPanelistsOn } from './helpers';

useFaultServer();

test('a prose-only model: panelists heard as free text, the judge fails naming the model', async ({ page }) => {
  const errors = watchConsole(page);
  const model = `fault-prose-${Math.random().toString(36).slice(2, 10)}`;
  await page.goto('/');
  const name = 'Prose server';
  await addCompatibleProvider(page, name, `${FAULT_URL}/v1`, model);
  await twoPanelistsOn(page, name, 'Should we adopt Rust for the new service?');
  await askTheCouncil(page);

  const badge = page.locator('.session-meta .badge').first();
  await expect(badge).toHaveText('failed', { timeout: 60_000 });
  const banner = page.locator('.failure-banner');
  await expect(banner).toHaveCount(1);
  await expect(banner.locator('h3')).toContainText(`${model} answered in prose, not the JSON this step needs, even when asked again`);
  await expect(banner.getByRole('button', { name: /server settings/i })).toHaveCount(0);

  // Round 1: both panelists heard, each answer one card marked free text, with the model's words.
  await openRounds(page);
  const cards = page.locator('.round[data-round="1"] .position-card');
  await expect(cards).toHaveCount(2);
  for (const card of await cards.all()) {
    await expect(card).toHaveAttribute('data-free-text', 'true');
    await expect(card.locator('.badge.free-text')).toHaveText('free text');
    await expect(card).toContainText('memory safety removes a whole class of incidents');
  }
  expect(errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
});
