// The demo benchmark (no key, no server): a new user's first look at the Benchmark mode must show
// results, not arms that never answered. Its scripted seats really work the arithmetic
// (crates/engine/src/benchmark_demo.rs), so every arm answers all 10 questions.
import { expect, test } from './guard';

test('the demo benchmark answers every question in every arm and reads as a result', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Benchmark: is the council worth it?' }).click();
  await page.getByRole('button', { name: 'Run the demo benchmark' }).click();
  await expect(page.getByText('10 of 10 questions done')).toBeVisible({ timeout: 90_000 });
  const rows = page.locator('table.bench-arms tbody tr');
  // Six arms the demo asks, and the Vote and Adaptive depths read from the council's record.
  await expect(rows).toHaveCount(8);
  for (const score of await rows.locator('td[data-label="Score"]').allInnerTexts()) {
    expect(score.trim()).toMatch(/^\d+ of 10 right$/);
  }
  await expect(page.locator('.bench-headline')).not.toHaveText(/yet/);
  await expect(page.locator('.bench-brier')).toHaveText(/^Brier score: 0\.\d{3} over 10 answers/);
  // A demo costs nothing: no warning about calls without a price, no cost left to estimate.
  await expect(page.getByText(/had no price/)).toHaveCount(0);
  // Ten questions are too few to choose a council: said once, not under each of its four titles.
  const choice = page.locator('.bench-council-choice');
  await expect(choice.locator('.bench-choice-refusal')).toHaveText(/^Not enough questions to tell which council to keep: .* there are 10 so far\.$/);
  await expect(choice.getByText(/Not enough questions/)).toHaveCount(1);
  await expect(choice.locator('h5')).toHaveCount(0);
  // Its failures banner would say a reply was unusable: none is.
  await expect(page.getByText("The reply's JSON is incomplete or wrong")).toHaveCount(0);
});
