// A reload in the middle of a run loses nothing: the partial session is shown, and it resumes from
// the last complete round (or is discarded). Uses the scripted demo council, so it is deterministic.
import { expect, test } from './guard';
import { watchConsole } from './helpers';
import { openSessionId, overwriteStoredSession, storedSessionIn, storedSessions } from './stored';

test('reload mid-run shows the partial session and resumes it to a verdict', async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto('/');
  await page.getByRole('button', { name: 'Run the demo council' }).click();
  await expect(page.locator('.round[data-round="1"]')).toHaveAttribute('data-complete', 'true', { timeout: 30_000 });
  await page.reload();

  const banner = page.locator('.interrupted');
  await expect(banner).toContainText('interrupted');
  await expect(page.locator('.round[data-round="1"] .position-card')).toHaveCount(3);
  await expect(page.locator('.verdict')).toHaveCount(0);
  const resume = banner.getByRole('button', { name: /Resume from round [23]/ });
  await resume.click();
  await expect(page.locator('.verdict .recommendation')).not.toBeEmpty({ timeout: 60_000 });
  await expect(page.locator('.session-meta .badge')).toHaveText('complete');
  await expect(page.locator('.interrupted')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('an interrupted session can be discarded', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Run the demo council' }).click();
  await expect(page.locator('.round[data-round="1"]')).toHaveAttribute('data-complete', 'true', { timeout: 30_000 });
  await page.reload();
  await page.locator('.interrupted').getByRole('button', { name: 'Discard it' }).click();
  await expect(page.getByRole('heading', { name: 'History' })).toBeVisible();
  await expect(page.locator('.session-item')).toHaveCount(0);
});

test('cancel stops the run and keeps the completed rounds', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Run the demo council' }).click();
  await expect(page.locator('.round[data-round="1"]')).toHaveAttribute('data-complete', 'true', { timeout: 30_000 });
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.locator('.session-meta .badge')).toHaveText('cancelled');
  await expect(page.locator('.round[data-round="1"] .position-card')).toHaveCount(3);
  await page.reload();
  await expect(page.locator('.session-meta .badge')).toHaveText('cancelled');
  await expect(page.locator('.interrupted')).toContainText('resume');
});

test('a hand-edited invalid session says so when opened and does not offer to resume', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Run the demo council' }).click();
  await expect(page.locator('.round[data-round="1"]')).toHaveAttribute('data-complete', 'true', { timeout: 30_000 });
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.locator('.interrupted')).toContainText('resume');

  // Edit the stored record by hand: a round-1 answer now names someone who is not on the panel.
  const session = await storedSessionIn(page, openSessionId(page), 'aborted');
  session.body.round1[1].agent_id = 'panelist-9';
  await overwriteStoredSession(page, session);
  await page.reload();

  const invalid = page.locator('.invalid-record');
  await expect(invalid).toHaveText(
    'This session\'s record is invalid: Round 1 names "panelist-9", who is not on the panel. It cannot be resumed.',
  );
  await expect(page.locator('.interrupted')).toHaveCount(0);
  // Nothing is deleted: the edited answer is still shown, and the record is still stored (the
  // panelist it no longer names is shown as giving no answer).
  await expect(page.locator('.round[data-round="1"] .position-card:not(.no-answer)')).toHaveCount(3);
  await expect(page.locator('.round[data-round="1"] .position-card.no-answer')).toHaveCount(1);
  expect(Object.keys(await storedSessions(page))).toHaveLength(1);
});
