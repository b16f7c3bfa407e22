// A thread continued with one member alone: under a decision, the composer's "Ask"
// picks the council or one panelist; a member's turn is one call to that panelist's model, its
// prompt carrying the decision before it, and it reads as that member's answer (not a decision
// card: no confidence, no dissent), with its cost; it stays after a reload, is exported and shared
// with the thread, names the member in the sidebar, fits a phone, and a failed member call shows
// the one error banner with "Ask again" while the thread stays. On the demo council and on aimock.
import { Page } from '@playwright/test';
import * as fs from 'fs';
import { expect, test } from './guard';
import { decideOnAimock, journal, QUESTION, userPrompt } from './aimock-council';
import { confirmConsent, copiedShareLink, exportAs, watchConsole } from './helpers';
import { skipToTheDecision } from './demos';
import { openSessionId, storedSessionIn } from './stored';
import { expectFitsPhone, PHONE } from './layout';

const DEMO_QUESTION = 'Should our team adopt Rust for the new ingestion service?';
const MEMBER_QUESTION = 'What would make you change your mind about the pilot?';
const SKEPTIC_SAYS = 'My worry is still the schedule.';
const SHOTS = process.env.MEMBER_SHOTS;

function composerOf(page: Page) {
  return page.locator('section.composer');
}

function threadOf(page: Page) {
  return page.getByRole('region', { name: 'The conversation' });
}

/** The page's own member card (the thread's cards carry a turn id in their title's id). */
function pageCardOf(page: Page) {
  return page.locator('.member-answer[data-decision]');
}

/** Picks `member` in the composer's "Ask" and asks `question`. */
async function askMember(page: Page, member: string, question: string) {
  const composer = composerOf(page);
  await composer.getByLabel('Ask', { exact: true }).selectOption({ label: member });
  await composer.getByLabel(`Ask ${member} alone`).fill(question);
  await composer.getByRole('button', { name: 'Ask', exact: true }).click();
}

/** The demo council's decision, then Panelist 2 · Skeptic asked alone. */
async function demoMemberTurn(page: Page): Promise<{ firstId: string; memberId: string }> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Run the demo council' }).click();
  await skipToTheDecision(page);
  await expect(page.locator('.session-meta .badge').first()).toHaveText('complete', { timeout: 90_000 });
  const firstId = openSessionId(page);
  const ask = composerOf(page).getByLabel('Ask', { exact: true });
  await expect(ask.locator('option')).toHaveText([
    'The council', 'Panelist 1 · Pragmatic engineer', 'Panelist 2 · Skeptic', 'Panelist 3 · Risk analyst',
  ]);
  await askMember(page, 'Panelist 2 · Skeptic', MEMBER_QUESTION);
  await expect(page).not.toHaveURL(new RegExp(`#/session/${firstId}$`));
  await expect(pageCardOf(page).locator('h3')).toHaveText('Panelist 2 · Skeptic answered', { timeout: 60_000 });
  return { firstId, memberId: openSessionId(page) };
}

async function screenshots(page: Page, name: string) {
  if (!SHOTS) return;
  for (const scheme of ['light', 'dark'] as const) {
    for (const width of [1440, 390]) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await pageCardOf(page).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/${name}-${width}-${scheme}.png`, fullPage: false });
    }
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
}

test.describe('desktop', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('on the demo council a member asked alone answers in one call, shown as its answer, kept, exported and shared', async ({ page, browser }) => {
    test.setTimeout(300_000);
    const errors = watchConsole(page);
    const { firstId, memberId } = await demoMemberTurn(page);

    // One call, to that member, following the first decision; its answer, no decision.
    const first = await storedSessionIn(page, firstId, 'complete');
    const member = await storedSessionIn(page, memberId, 'complete');
    expect(member.calls.map((c: any) => [c.call_id, c.participant_id])).toEqual([['r1-panelist-2-alone', 'panelist-2']]);
    expect(member.body.config.panelists.map((p: any) => p.id)).toEqual(['panelist-2']);
    expect(member.body.follows.session_id).toBe(firstId);
    expect(member.body.follows.question).toBe(DEMO_QUESTION);
    expect(first.body.round4.recommendation.startsWith(member.body.follows.answer)).toBe(true);
    expect(member.body.member_turn.own_earlier[0].answer).toBe(first.body.round1[1].position);
    expect(member.body.member_turn.answer).toContain(SKEPTIC_SAYS);
    expect(member.body.round4 ?? null).toBeNull();

    // The answer card: who, the words, the model and cost; no confidence or dissent.
    const card = pageCardOf(page);
    await expect(card.locator('.member-text')).toContainText(SKEPTIC_SAYS);
    await expect(card.locator('.member-meta')).toHaveText(/^Demo \(scripted\) · one member's own view, not a council decision · Demo · no cost/);
    await expect(card.locator('.confidence, .dissent')).toHaveCount(0);
    // The page's own card is the member's: the only decision card is turn 1's, in the thread.
    await expect(page.locator('[data-decision]')).toHaveCount(1);
    await expect(page.locator('.decision[data-decision]')).toHaveCount(0);
    const turns = threadOf(page).locator('.thread-turn');
    await expect(turns).toHaveCount(2);
    // The member's answer stands in its own turn's place, the page's turn, last.
    await expect(turns.nth(1)).toHaveAttribute('aria-current', 'page');
    await expect(turns.nth(1).locator('.member-answer[data-decision]')).toBeVisible();
    await screenshots(page, 'member-answer');

    // Reloaded, the member's page is the same.
    await page.reload();
    await expect(pageCardOf(page).locator('h3')).toHaveText('Panelist 2 · Skeptic answered');
    await expect(pageCardOf(page).locator('.member-text')).toContainText(SKEPTIC_SAYS);

    // On the first turn's page, turn 2 is the member's answer card, not a decision.
    await turns.nth(0).getByRole('link', { name: 'Open this turn' }).click();
    await expect(page).toHaveURL(new RegExp(`#/session/${firstId}$`));
    const later = threadOf(page).locator('.thread-turn').nth(1);
    await expect(later.locator('.turn-head .chip')).toHaveText('One member');
    await expect(later.locator('.turn-question')).toHaveText(MEMBER_QUESTION);
    await expect(later.locator('.member-answer h3')).toHaveText('Panelist 2 · Skeptic answered');
    await expect(later.locator('[data-turn-decision]')).toHaveCount(0);
    // The page's own decision is still the one a finished run brings into view.
    await expect(page.locator('[data-decision]')).toHaveCount(1);

    // The sidebar names the member in the thread's subtitle.
    const entry = page.getByRole('complementary', { name: 'Sessions' }).locator('.recent-item', { hasText: DEMO_QUESTION });
    await expect(entry.locator('.recent-subtitle')).toHaveText(`Panelist 2 · Skeptic, asked alone: ${MEMBER_QUESTION}`);

    // Exports carry the member's turn as its answer.
    const markdown = fs.readFileSync(await (await exportAs(page, 'Markdown report')).path(), 'utf8');
    expect(markdown).toContain('## Turn 2: Panelist 2 · Skeptic asked alone');
    expect(markdown).toContain(SKEPTIC_SAYS);
    const html = fs.readFileSync(await (await exportAs(page, 'HTML report')).path(), 'utf8');
    expect(html).toContain(SKEPTIC_SAYS);
    expect(html).toContain('Panelist 2 · Skeptic answered alone');
    const json = JSON.parse(fs.readFileSync(await (await exportAs(page, 'JSON (full record)')).path(), 'utf8'));
    expect(json.sessions.map((s: any) => s.id)).toEqual([firstId, memberId]);
    expect(json.sessions[1].body.member_turn.answer).toContain(SKEPTIC_SAYS);

    // A share link carries it: the thread opened elsewhere shows the member's card.
    const link = await copiedShareLink(page);
    const other = await browser.newContext();
    const fresh = await other.newPage();
    await fresh.goto(link);
    await expect(fresh.getByText('A shared session, read-only')).toBeVisible();
    const shared = threadOf(fresh).locator('.thread-turn').nth(1);
    await expect(shared.locator('.member-answer h3')).toHaveText('Panelist 2 · Skeptic answered');
    await expect(shared.locator('.member-text')).toContainText(SKEPTIC_SAYS);
    await other.close();
    expect(errors).toEqual([]);
  });
});

// On aimock's scripted council (aimock-council.ts): what goes over the wire.
test('after the decision one panelist is asked the question again from its round-1 answer, as a new turn that says so', async ({ page }) => {
  test.setTimeout(240_000);
  const errors = watchConsole(page);
  await page.goto('/');
  await page.getByRole('button', { name: 'Run the demo council' }).click();
  await skipToTheDecision(page);
  await expect(page.locator('.session-meta .badge').first()).toHaveText('complete', { timeout: 90_000 });
  const firstId = openSessionId(page);

  // Round 1's answers each offer "Ask again" once the council has decided.
  const round1 = page.locator('#round-1');
  await round1.locator('summary').first().click();
  const again = round1.getByRole('button', { name: /^Ask again: / });
  await expect(again).toHaveCount(3);
  await round1.getByRole('button', { name: 'Ask again: Demo panelist 2 · Skeptic' }).click();
  await expect(page).not.toHaveURL(new RegExp(`#/session/${firstId}$`));
  await expect(pageCardOf(page).locator('h3')).toHaveText('Panelist 2 · Skeptic answered again', { timeout: 60_000 });
  const againId = openSessionId(page);

  // The record: the first turn's own question, to that member, asked again; the first answer kept.
  const stored = await storedSessionIn(page, againId, 'complete');
  expect(stored.subject).toBe(DEMO_QUESTION);
  expect(stored.body.member_turn.asked_again).toBe(true);
  expect(stored.body.config.panelists.map((p: any) => p.id)).toEqual(['panelist-2']);
  const first = await storedSessionIn(page, firstId, 'complete');
  expect(first.body.round1.map((a: any) => a.agent_id)).toContain('panelist-2');

  // The thread reads: the council's turn, then the member's answer to the same question.
  const turns = threadOf(page).locator('.thread-turn');
  await expect(turns).toHaveCount(2);
  await expect(turns.nth(1).locator('.turn-head .chip')).toHaveText('One member');
  await expect(turns.nth(1).locator('.turn-question')).toHaveText(DEMO_QUESTION);
  // A member turn has no rounds to ask again from; on the first turn's page, it is no longer
  // the only turn, but still the latest council turn: its panelists can still be asked again.
  await turns.nth(0).getByRole('link', { name: 'Open this turn' }).click();
  await expect(page).toHaveURL(new RegExp(`#/session/${firstId}$`));
  await page.locator('#round-1 summary').first().click();
  await expect(page.locator('#round-1').getByRole('button', { name: /^Ask again: / })).toHaveCount(3);
  expect(errors).toEqual([]);
});

test('on aimock a member asked alone is one request to its model carrying the decision; a failed one shows the banner and the thread stays', async ({ page, request }) => {
  test.setTimeout(240_000);
  await decideOnAimock(page);
  const firstId = openSessionId(page);
  const answer = (await page.locator('[data-decision] .answer').innerText()).trim();
  const first = await storedSessionIn(page, firstId, 'complete');
  const ownPosition = first.body.round1.find((a: any) => a.agent_id === 'panelist-2').position;

  const before = (await journal(request)).length;
  await askMember(page, 'Panelist 2 · council-beta', 'Which risk worries you most?');
  await confirmConsent(page);
  await expect(pageCardOf(page).locator('h3')).toHaveText('Panelist 2 · council-beta answered', { timeout: 60_000 });
  const memberId = openSessionId(page);

  // Exactly one request, to that member's model, carrying the first decision and its own answer.
  const calls = (await journal(request)).slice(before);
  expect(calls.map((c) => c.body.model)).toEqual(['council-beta']);
  const prompt = userPrompt(calls[0]);
  expect(prompt).toContain(`Earlier question:\n${QUESTION}\nIts decision: ${answer}`);
  expect(prompt).toContain(`You answered: ${ownPosition}`);
  expect(prompt).toContain('You alone are asked this, not the council');
  const stored = await storedSessionIn(page, memberId, 'complete');
  expect(stored.body.member_turn.answer).toContain('I would still move invoicing first');
  expect(stored.calls).toHaveLength(1);
  expect(stored.calls[0].input_tokens).toBe(350);
  await expect(pageCardOf(page).locator('.member-text')).toContainText('I would still move invoicing first');

  // Panelist 1 has no reply scripted for a question alone: the call fails, one banner offers to
  // ask again, and the thread is still there.
  await askMember(page, 'Panelist 1 · council-alpha', 'And you, what worries you?');
  await confirmConsent(page);
  await expect(page).not.toHaveURL(new RegExp(`#/session/${memberId}$`));
  const banner = page.locator('.failure-banner');
  await expect(banner).toHaveCount(1, { timeout: 60_000 });
  await expect(banner.getByRole('button', { name: 'Ask again' })).toBeVisible();
  await expect(page.locator('[role="alert"]')).toHaveCount(1);
  await expect(threadOf(page).locator('.thread-turn')).toHaveCount(3);
  await expect(threadOf(page).locator('.thread-turn').nth(1).locator('.member-answer h3')).toHaveText('Panelist 2 · council-beta answered');
});

test.describe('phone', () => {
  test.use({ viewport: PHONE, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

  test('a member\'s answer and the composer\'s choice of member fit a phone', async ({ page }) => {
    test.setTimeout(240_000);
    const { firstId } = await demoMemberTurn(page);
    await expect(composerOf(page).getByLabel('Ask', { exact: true })).toBeVisible();
    await expectFitsPhone(page, 'a member\'s answer with the composer');
    await page.goto(`/#/session/${firstId}`);
    await expect(threadOf(page).locator('.thread-turn .member-answer')).toBeVisible();
    await expectFitsPhone(page, 'a thread with a member\'s answer');
  });
});
