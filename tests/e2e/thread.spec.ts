// Follow-ups as a thread: under a decision, "Ask the council a follow-up" asks the next
// turn inline on the same council and depth (no new form), the council is told the earlier turns'
// decisions, and the thread reads as one conversation: each turn's question, decision, depth and
// cost; one entry in the sidebar and History (the latest question as its subtitle), found by any
// turn's words, exported and shared with every turn. On the demo council (scripted) and on aimock.
import { Page } from '@playwright/test';
import * as fs from 'fs';
import { expect, test } from './guard';
import { decideOnAimock, FOLLOW_UP, journal, QUESTION, SEATS, userPrompt } from './aimock-council';
import { copiedShareLink, exportAs, watchConsole } from './helpers';
import { skipToTheDecision } from './demos';
import { openSessionId, storedSessionIn } from './stored';
import { expectFitsPhone, PHONE } from './layout';

const DEMO_QUESTION = 'Should our team adopt Rust for the new ingestion service?';
const DEMO_FOLLOW_UP = 'Which teammates should staff the Rust pilot first?';
const SHOTS = process.env.THREAD_SHOTS;

function composerOf(page: Page) {
  return page.getByRole('region', { name: 'Ask the council a follow-up' });
}

function threadOf(page: Page) {
  return page.getByRole('region', { name: 'The conversation' });
}

function sidebarOf(page: Page) {
  return page.getByRole('complementary', { name: 'Sessions' });
}

/** Asks `question` in the composer under the decision; the page moves to the new turn. */
async function askFollowUp(page: Page, question: string) {
  const composer = composerOf(page);
  await composer.getByLabel('Ask the council a follow-up').fill(question);
  await composer.getByRole('button', { name: 'Ask', exact: true }).click();
}

async function demoThread(page: Page): Promise<{ firstId: string; secondId: string }> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Run the demo council' }).click();
  await skipToTheDecision(page);
  await expect(page.locator('.session-meta .badge').first()).toHaveText('complete', { timeout: 90_000 });
  const firstId = openSessionId(page);
  // No form page: the composer is under the decision, and Ctrl+Enter asks too.
  const composer = composerOf(page);
  await expect(composer).toBeVisible();
  await composer.getByLabel('Ask the council a follow-up').fill(DEMO_FOLLOW_UP);
  await composer.getByLabel('Ask the council a follow-up').press('Control+Enter');
  await expect(page).not.toHaveURL(new RegExp(`#/session/${firstId}$`));
  await skipToTheDecision(page);
  await expect(page.locator('.session-meta .badge').first()).toHaveText('complete', { timeout: 90_000 });
  const secondId = openSessionId(page);
  return { firstId, secondId };
}

test.describe('desktop', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('a two-turn thread on the demo council reads as one conversation, one entry, exported, shared and searched', async ({ page, browser }) => {
    test.setTimeout(300_000);
    const errors = watchConsole(page);
    const { firstId, secondId } = await demoThread(page);

    // The second turn is on the same scripted council and depth, carrying the first decision.
    const first = await storedSessionIn(page, firstId, 'complete');
    const second = await storedSessionIn(page, secondId, 'complete');
    expect(second.body.config).toEqual(first.body.config);
    expect(second.body.follows.session_id).toBe(firstId);
    expect(second.body.follows.question).toBe(DEMO_QUESTION);
    expect(second.body.follows.answer.length).toBeGreaterThan(10);

    // On the new turn's page: one conversation, oldest first, each turn's decision once: the
    // earlier one's, then this page's own (the one its run brought into view), in its place.
    const thread = threadOf(page);
    const turns = thread.locator('.thread-turn');
    await expect(turns).toHaveCount(2);
    await expect(turns.nth(0).locator('.turn-question')).toHaveText(DEMO_QUESTION);
    await expect(turns.nth(0).locator('[data-turn-decision]')).toBeVisible();
    await expect(turns.nth(1).locator('.turn-question')).toHaveText(DEMO_FOLLOW_UP);
    await expect(turns.nth(1)).toHaveAttribute('aria-current', 'page');
    await expect(turns.nth(1).locator('[data-decision]')).toBeVisible();
    await expect(page.locator('.decision.verdict')).toHaveCount(2);
    await expect(page.locator('.follow-up-links')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Turn 2 in detail' })).toBeVisible();

    // On the first turn's page, under its decision: turn 2's question, decision card, depth and cost.
    await turns.nth(0).getByRole('link', { name: 'Open this turn' }).click();
    await expect(page).toHaveURL(new RegExp(`#/session/${firstId}$`));
    const later = threadOf(page).locator('.thread-turn').nth(1);
    await expect(later.locator('.turn-head h4')).toHaveText('Turn 2');
    await expect(later.locator('.turn-question')).toHaveText(DEMO_FOLLOW_UP);
    await expect(later.locator('.turn-head .chip')).toHaveText(/Adaptive|Vote|Full/);
    await expect(later.locator('.turn-cost')).toHaveText('Demo · no cost');
    await expect(later.locator('[data-turn-decision] .confidence .chip')).toContainText('%');
    // The page's own decision is still the one a finished run brings into view, in turn 1's place.
    await expect(page.locator('[data-decision]')).toHaveCount(1);
    await expect(threadOf(page).locator('.thread-turn').nth(0).locator('[data-decision]')).toBeVisible();
    await expect(composerOf(page)).toBeVisible();
    if (SHOTS) {
      for (const scheme of ['light', 'dark'] as const) {
        for (const width of [1440, 390]) {
          await page.emulateMedia({ colorScheme: scheme });
          await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
          await expect(threadOf(page)).toBeVisible();
          await threadOf(page).scrollIntoViewIfNeeded();
          await page.screenshot({ path: `${SHOTS}/thread-${width}-${scheme}.png`, fullPage: false });
        }
      }
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.emulateMedia({ colorScheme: 'light' });
    }

    // One entry in the sidebar, its subtitle the latest turn's question; found by the later turn's words.
    const entries = sidebarOf(page).locator('.recent-item', { hasText: DEMO_QUESTION });
    await expect(entries).toHaveCount(1);
    await expect(entries.locator('.recent-subtitle')).toHaveText(DEMO_FOLLOW_UP);
    await sidebarOf(page).getByRole('searchbox', { name: 'Search sessions' }).fill('teammates staff');
    await expect(sidebarOf(page).locator('.recent-item')).toHaveCount(1);
    await expect(sidebarOf(page).locator('.recent-item .recent-title')).toHaveText(DEMO_QUESTION);
    await sidebarOf(page).getByRole('searchbox', { name: 'Search sessions' }).fill('');

    // One row in History; its full-text search finds the thread by the later turn's words.
    await page.getByRole('button', { name: 'History' }).click();
    const rows = page.locator('.session-item');
    await expect(rows).toHaveCount(1);
    await expect(rows.locator('.latest-turn')).toHaveText(`Latest follow-up: ${DEMO_FOLLOW_UP}`);
    await page.getByRole('searchbox', { name: 'Search', exact: true }).fill('teammates');
    await expect(rows).toHaveCount(1);
    // The row shows where the later turn matched.
    await expect(rows.locator('.snippet mark').first()).toHaveText(/^teammates$/i);
    await expect(rows.getByRole('button', { name: new RegExp(`^${DEMO_QUESTION.slice(0, 30)}`) })).toBeVisible();
    await rows.getByRole('button', { name: new RegExp(`^${DEMO_QUESTION.slice(0, 30)}`) }).click();
    await expect(page).toHaveURL(new RegExp(`#/session/${firstId}$`));

    // Exports carry every turn.
    const markdown = fs.readFileSync(await (await exportAs(page, 'Markdown report')).path(), 'utf8');
    expect(markdown).toContain(DEMO_QUESTION);
    expect(markdown).toContain('## Turn 2: follow-up');
    expect(markdown).toContain(DEMO_FOLLOW_UP);
    const html = fs.readFileSync(await (await exportAs(page, 'HTML report')).path(), 'utf8');
    expect(html).toContain(`<h2>Turn 2: ${DEMO_FOLLOW_UP}</h2>`);
    const json = JSON.parse(fs.readFileSync(await (await exportAs(page, 'JSON (full record)')).path(), 'utf8'));
    expect(json.sessions.map((s: any) => s.id)).toEqual([firstId, secondId]);

    // A share link carries both turns: opened in a fresh browser, the thread is there, read-only.
    const link = await copiedShareLink(page);
    const other = await browser.newContext();
    const fresh = await other.newPage();
    await fresh.goto(link);
    await expect(fresh.getByText('A shared session, read-only')).toBeVisible();
    const sharedTurns = threadOf(fresh).locator('.thread-turn');
    await expect(sharedTurns).toHaveCount(2);
    await expect(sharedTurns.nth(1).locator('.turn-question')).toHaveText(DEMO_FOLLOW_UP);
    await expect(sharedTurns.nth(1).locator('[data-turn-decision]')).toBeVisible();
    await expect(composerOf(fresh)).toHaveCount(0);
    await other.close();
    expect(errors).toEqual([]);
  });
});

test.describe('desktop, edited', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('a question edited and asked again is the thread\'s third turn, read oldest first, the earlier turn kept', async ({ page }) => {
    test.setTimeout(300_000);
    const errors = watchConsole(page);
    const { firstId } = await demoThread(page);
    const EDITED = 'Should our team adopt Go for the new ingestion service?';

    // Turn 1's question, edited from turn 2's page; the same question again is refused by name.
    const turns = threadOf(page).locator('.thread-turn');
    await turns.nth(0).getByRole('button', { name: 'Edit the question' }).click();
    const edit = turns.nth(0).getByRole('region', { name: 'Edit the question' });
    await expect(edit.getByRole('textbox')).toHaveValue(DEMO_QUESTION);
    await edit.getByRole('button', { name: 'Ask again' }).click();
    await expect(edit.getByRole('alert')).toHaveText(/Change the question first/);
    await edit.getByRole('textbox').fill(EDITED);
    const secondUrl = page.url();
    await edit.getByRole('textbox').press('Control+Enter');
    await expect(page).not.toHaveURL(secondUrl);
    await skipToTheDecision(page);
    await expect(page.locator('.session-meta .badge').first()).toHaveText('complete', { timeout: 90_000 });
    const editedId = openSessionId(page);

    // The record: the same council, told nothing of the decision it replaces, and what it edits.
    const stored = await storedSessionIn(page, editedId, 'complete');
    expect(stored.subject).toBe(EDITED);
    expect(stored.body.edit_of).toEqual({ turn_id: firstId, question: DEMO_QUESTION, thread: firstId });
    expect(stored.body.follows ?? null).toBeNull();

    // One conversation, oldest first: turn 1 kept as asked, turn 3 saying what it asks again, the
    // page on its newest turn with its decision in view.
    await expect(turns).toHaveCount(3);
    await expect(turns.nth(0).locator('.turn-question')).toHaveText(DEMO_QUESTION);
    await expect(turns.nth(1).locator('.turn-question')).toHaveText(DEMO_FOLLOW_UP);
    await expect(turns.nth(2).locator('.turn-question')).toHaveText(EDITED);
    await expect(turns.nth(2).locator('.turn-edited')).toHaveText(`Turn 1 asked again, edited: it was ${DEMO_QUESTION}`);
    await expect(turns.nth(2).locator('.turn-edited del')).toHaveText(DEMO_QUESTION);
    await expect(turns.nth(2)).toHaveAttribute('aria-current', 'page');
    await expect(turns.nth(2).locator('[data-decision]')).toBeInViewport();
    await expect(page.locator('.decision.verdict')).toHaveCount(3);
    // The composer comes after the last turn.
    const composerBelow = await page.evaluate(() => {
      const last = document.querySelector('.thread-turn:last-child')!.getBoundingClientRect();
      const composer = document.querySelector('.composer')!.getBoundingClientRect();
      return composer.top >= last.bottom;
    });
    expect(composerBelow).toBe(true);

    // Reloaded, the page opens on its own turn, the newest, below the two before it.
    await page.reload();
    await expect(turns).toHaveCount(3);
    await expect(turns.nth(2).locator('.turn-question')).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    // One entry in the sidebar: the edit is a turn of the same thread.
    const entries = sidebarOf(page).locator('.recent-item', { hasText: DEMO_QUESTION });
    await expect(entries).toHaveCount(1);
    await expect(entries.locator('.recent-subtitle')).toHaveText(EDITED);
    if (SHOTS) {
      for (const scheme of ['light', 'dark'] as const) {
        for (const width of [1440, 390]) {
          await page.emulateMedia({ colorScheme: scheme });
          await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
          await page.screenshot({ path: `${SHOTS}/thread3-${width}-${scheme}.png`, fullPage: true });
        }
      }
    }
    expect(errors).toEqual([]);
  });
});

// On aimock's scripted council (aimock-council.ts).
test('a two-turn thread on aimock: the second turn\'s requests carry the first decision', async ({ page, request }) => {
  test.setTimeout(180_000);
  const errors = watchConsole(page);
  await decideOnAimock(page);
  const firstId = openSessionId(page);
  const answer = (await page.locator('[data-decision] .answer').innerText()).trim();

  const before = (await journal(request)).length;
  await askFollowUp(page, FOLLOW_UP);
  // Local models have no price: the run is confirmed beside the Ask button.
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Run it' }).click();
  await expect(page).not.toHaveURL(new RegExp(`#/session/${firstId}$`));
  await expect(page.locator('.session-meta .badge')).toHaveText('complete', { timeout: 60_000 });
  const secondId = openSessionId(page);

  // Every seat was asked again (the same models); rounds 1 and 4 carry the first decision.
  const calls = (await journal(request)).slice(before);
  expect(new Set(calls.map((c) => c.body.model))).toEqual(new Set(SEATS.map((s) => s.model)));
  const answering = calls.filter((c) => /Answer on your own|Now decide\./.test(userPrompt(c)));
  // Three answers, and the verdict when the council goes that far.
  expect(answering.length).toBeGreaterThanOrEqual(3);
  for (const call of answering) {
    const prompt = userPrompt(call);
    expect(prompt).toContain(`Earlier question:\n${QUESTION}\nIts decision: ${answer}`);
    expect(prompt.indexOf(FOLLOW_UP)).toBeLessThan(prompt.indexOf('Earlier question'));
  }
  const stored = await storedSessionIn(page, secondId, 'complete');
  expect(stored.body.follows.session_id).toBe(firstId);

  // The first turn's page shows the second under its decision.
  await page.goto(`/#/session/${firstId}`);
  const later = threadOf(page).locator('.thread-turn').nth(1);
  await expect(later.locator('.turn-question')).toHaveText(FOLLOW_UP);
  await expect(later.locator('[data-turn-decision] .answer')).toBeVisible();
  expect(errors).toEqual([]);
});

test.describe('phone', () => {
  test.use({ viewport: PHONE, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

  test('the thread and its composer fit a phone', async ({ page }) => {
    test.setTimeout(240_000);
    const { firstId } = await demoThread(page);
    await page.goto(`/#/session/${firstId}`);
    await expect(threadOf(page).locator('.thread-turn')).toHaveCount(2);
    await expect(composerOf(page)).toBeVisible();
    await expectFitsPhone(page, 'a thread of two turns with its composer');
    const first = threadOf(page).locator('.thread-turn').nth(0);
    await first.getByRole('button', { name: 'Edit the question' }).click();
    await expect(first.getByRole('region', { name: 'Edit the question' }).getByRole('textbox')).toHaveValue(DEMO_QUESTION);
    await expectFitsPhone(page, 'a thread with a question being edited');
  });
});
