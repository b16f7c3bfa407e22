// "Did it hold?": three demo decisions judged (Right, Wrong, Partly) on their pages and saved to
// their records; History's "Awaiting an outcome"; the track record's refusal below 10 judged
// decisions, then its figures once an import of the test's own judged records brings enough; the
// outcome in the HTML export and in a share link (without the note unless ticked); the judging
// control and the track record at phone width without sideways scroll, and axe clean; the first
// screen's reminder of decisions not judged after 14 days, until dismissed.
import AxeBuilder from '@axe-core/playwright';
import * as fs from 'fs';
import { Page } from '@playwright/test';
import { expect, test } from './guard';
import { runThreeDemos, skipToTheDecision } from './demos';
import { copiedShareLink, exportAs } from './helpers';
import { expectFitsPhone } from './layout';
import { openSessionId, storedSession, storedSessionIn } from './stored';

async function expectNoViolations(page: Page, view: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const found = results.violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n` +
    v.nodes.slice(0, 5).map((n) => `    ${n.target.join(' ')}: ${n.failureSummary?.split('\n').join(' ')}`).join('\n'));
  expect(found, `axe violations on ${view}`).toEqual([]);
}

const JUDGED = /judged \d{4}-\d{2}-\d{2}/;

async function openSession(page: Page, id: string) {
  await page.goto(`/#/session/${id}`);
  await expect(page.locator('.outcome-judge')).toBeVisible();
}

async function judge(page: Page, verdict: string, note = '') {
  const control = page.locator('.outcome-judge');
  const open = control.getByRole('button', { name: 'Judge this decision' });
  if (await open.isVisible()) await open.click();
  await control.getByRole('radio', { name: verdict, exact: true }).check();
  if (note) await control.getByLabel('Note (optional)').fill(note);
  await control.getByRole('button', { name: 'Save the outcome' }).click();
}

const count = (page: Page) => page.locator('.history-actions [role=status]');

/** A judged copy of `template` (a stored consult record) under its own id. */
function judgedCopy(template: any, index: number, verdict: string): any {
  const copy = structuredClone(template);
  copy.id = `judged-${index}`;
  copy.title = `Imported decision ${index}`;
  copy.outcome = { verdict, judged_at: '2026-11-20T09:00:00.000Z' };
  return copy;
}

test('three decisions judged, the track record refuses below 10 and shows its figures after an import; the outcome travels in the HTML export and a share link', async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  await page.goto('/');
  const [consult, review, prioritize] = await runThreeDemos(page);

  await openSession(page, consult.id);
  await judge(page, 'Right', 'Shipped in March; it held.');
  await expect(page.locator('.outcome-line')).toHaveText(new RegExp(`^Outcome: right, ${JUDGED.source}$`));
  await expect(page.locator('.outcome-note')).toHaveText('Shipped in March; it held.');
  expect((await storedSession(page, consult.id)).outcome).toMatchObject({ verdict: 'right', note: 'Shipped in March; it held.' });

  await openSession(page, review.id);
  await judge(page, 'Wrong');
  await expect(page.locator('.outcome-line')).toHaveText(/^Outcome: wrong, judged/);

  // One decision still awaits its outcome.
  await page.goto('/#/history');
  await page.getByLabel('State').selectOption('awaiting');
  await expect(count(page)).toHaveText('1 of 3 sessions match');
  await expect(page.locator('.session-item')).toContainText(prioritize.title);

  await openSession(page, prioritize.id);
  await judge(page, 'Partly');
  await expect(page.locator('.outcome-line')).toHaveText(/^Outcome: partly right, judged/);
  expect((await storedSession(page, prioritize.id)).outcome.verdict).toBe('partly');

  // Judged again: the earlier judgment stays in the record's history.
  await page.getByRole('button', { name: 'Change the outcome' }).click();
  await judge(page, 'Too early to tell');
  await expect(page.locator('.outcome-line')).toHaveText(/^Outcome: too early to tell, judged/);
  await expect(page.locator('.outcome-judge')).toContainText('Judged once before; the record keeps it.');
  await page.getByRole('button', { name: 'Change the outcome' }).click();
  await judge(page, 'Partly');
  const judgedPrioritize = await storedSession(page, prioritize.id);
  expect(judgedPrioritize.outcome.history.map((j: any) => j.verdict)).toEqual(['partly', 'too_early']);

  // The track record, from History: three judged, so it refuses, once.
  await page.goto('/#/history');
  await page.getByRole('link', { name: 'Track record' }).first().click();
  await expect(page.locator('.track-record-refusal')).toHaveText(
    "Not enough judged decisions to tell how the council's decisions hold up: the track record needs at least 10 judged right, partly or wrong, and there are 3 so far.");
  await expect(page.locator('.track-record-intro')).toHaveText('3 decisions judged of 3 finished; 0 awaiting an outcome.');
  await expect(page.locator('.track-record-councils')).toHaveCount(0);

  // Nine more judged consults from a file of the test's own: six right, two wrong, one partly.
  const verdicts = ['right', 'right', 'right', 'right', 'right', 'right', 'wrong', 'wrong', 'partly'];
  const file = testInfo.outputPath('judged.json');
  fs.writeFileSync(file, JSON.stringify({
    format: 'consilium.sessions', version: 1, exported_at: '2026-12-01T10:00:00Z',
    sessions: verdicts.map((verdict, i) => judgedCopy(consult, i, verdict)),
  }));
  await page.goto('/#/history');
  await page.getByLabel('Import sessions').setInputFiles(file);
  await expect(page.getByText('Imported 9 of 9 sessions from judged.json.')).toBeVisible();
  await page.getByRole('link', { name: 'Track record' }).first().click();
  // 7 right, 2 partly, 3 wrong: (7 + 1) / 12 = 67%, Wilson's 95% interval of 8 of 12 (0.391, 0.862).
  await expect(page.locator('.track-record-headline')).toHaveText('Right 67% of the time (95% CI 39% to 86%), over 12 judged decisions.');
  await expect(page.locator('.track-record-refusal')).toHaveCount(0);
  const councilRows = page.locator('.track-record-councils tbody tr');
  await expect(councilRows).toHaveCount(3);
  // The demo consult and its nine copies are one council: 10 judged, 7 right, 1 partly, 2 wrong.
  await expect(councilRows.first()).toContainText('10 (7 right, 1 partly, 2 wrong)');
  await expect(page.locator('.track-record-depths tbody tr')).toHaveCount(3);
  await expect(page.locator('.track-record-brier')).toContainText('Brier score: ');
  // No thread here has a member asked alone beside a council decision: it says why there is no comparison.
  await expect(page.locator('.track-record-member')).toHaveText(/^No thread has both a judged answer of one member asked alone/);
  await expect(councilRows.first().locator('th')).toHaveText('scripted · Pragmatic engineer, scripted · Risk analyst, scripted · Skeptic; judge scripted');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectFitsPhone(page, 'track record with figures');
  await expectNoViolations(page, 'track record with figures');
  await page.setViewportSize({ width: 1280, height: 720 });

  // The HTML export says the outcome at the top.
  await openSession(page, consult.id);
  const html = await exportAs(page, 'HTML report');
  const htmlFile = testInfo.outputPath('report.html');
  await html.saveAs(htmlFile);
  expect(fs.readFileSync(htmlFile, 'utf8')).toMatch(new RegExp(`<p class="outcome">Outcome: right, ${JUDGED.source} · Shipped in March; it held.</p>`));

  // A share link carries the outcome and its date, not the note.
  const link = await copiedShareLink(page);
  await page.goto(link);
  await expect(page.locator('.outcome-line')).toHaveText(new RegExp(`^Outcome: right, ${JUDGED.source}$`));
  await expect(page.locator('.outcome-note')).toHaveCount(0);
  await expect(page.getByText('Shipped in March')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Change the outcome' })).toHaveCount(0);

  // Ticked, the link carries the note too.
  await openSession(page, consult.id);
  await page.getByRole('checkbox', { name: 'with my outcome note' }).check();
  const withNote = await copiedShareLink(page);
  await page.goto(withNote);
  await expect(page.locator('.outcome-note')).toHaveText('Shipped in March; it held.');
});

test('the judging control and the track record fit a phone and pass axe', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/');
  const [consult] = await runThreeDemos(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await openSession(page, consult.id);
  await expectFitsPhone(page, 'judging control, closed');
  await page.getByRole('button', { name: 'Judge this decision' }).click();
  await expect(page.getByRole('radio', { name: 'Too early to tell' })).toBeVisible();
  await expectFitsPhone(page, 'judging control');
  await expectNoViolations(page, 'judging control');
  await judge(page, 'Right', 'A note that is long enough to wrap across the narrow screen of a phone.');
  await expect(page.locator('.outcome-line')).toBeVisible();
  await expectFitsPhone(page, 'judged outcome');
  await expectNoViolations(page, 'judged outcome');
  await page.goto('/#/track-record');
  await expect(page.locator('.track-record-refusal')).toBeVisible();
  await expectFitsPhone(page, 'track record');
  await expectNoViolations(page, 'track record');
});

test('a decision not judged 14 days after it was asked is recalled above the new-session form until dismissed', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  await page.goto('/');
  await page.getByRole('button', { name: 'Run the demo council' }).click();
  await skipToTheDecision(page);
  const template = await storedSessionIn(page, openSessionId(page), 'complete');
  // The user's own decisions (the demo's is no decision to recall): one due, one judged, one fresh.
  const asked = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
  const dueAsked = asked(30);
  const copy = (id: string, title: string, at: string, outcome?: any) => ({
    ...structuredClone(template), id, title, demo: false, created_at: at, updated_at: at,
    ...(outcome ? { outcome } : {}),
  });
  const file = testInfo.outputPath('decisions.json');
  fs.writeFileSync(file, JSON.stringify({
    format: 'consilium.sessions', version: 1, exported_at: asked(0),
    sessions: [
      copy('due', 'Which vendor for <billing>', dueAsked),
      copy('judged', 'Ship the new importer', asked(40), { verdict: 'right', judged_at: asked(2) }),
      copy('fresh', 'Hire a second designer', asked(3)),
    ],
  }));
  await page.goto('/#/history');
  await page.getByLabel('Import sessions').setInputFiles(file);
  await expect(page.getByText('Imported 3 of 3 sessions from decisions.json.')).toBeVisible();

  await page.getByRole('button', { name: 'New session' }).click();
  const note = page.locator('.outcome-reminder');
  await expect(note).toHaveText(/^A decision asked more than 14 days ago awaits its outcome: Which vendor for <billing>\s*Dismiss$/);
  await expect(note.getByRole('link')).toHaveCount(1);
  await expectNoViolations(page, 'new session with the reminder');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectFitsPhone(page, 'new session with the reminder');
  await page.setViewportSize({ width: 1280, height: 720 });

  // Its link opens the decision, where it is judged.
  await note.getByRole('link', { name: 'Which vendor for <billing>' }).click();
  await expect(page.locator('.outcome-judge')).toBeVisible();
  expect(openSessionId(page)).toBe('due');

  // Dismissed, it stays away, after a reload too.
  await page.getByRole('button', { name: 'New session' }).click();
  await note.getByRole('button', { name: 'Dismiss' }).click();
  await expect(note).toHaveCount(0);
  await page.reload();
  await expect(page.locator('#session-sidebar')).toContainText('Hire a second designer');
  await expect(page.getByRole('button', { name: 'Run the demo council' })).toBeEnabled();
  await expect(note).toHaveCount(0);
  const settings = JSON.parse((await page.evaluate(() => localStorage.getItem('consilium.settings')))!);
  expect(settings.outcome_reminder_days).toBe(14);
  // What Dismiss keeps: when the newest decision it named was asked.
  expect(Date.parse(settings.outcome_reminder_dismissed)).toBe(Date.parse(dueAsked));
});
