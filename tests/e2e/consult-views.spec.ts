// A full Consult (3 panelists and a judge) against aimock's OpenAI-compatible endpoint, with scripted,
// valid replies for every call (tests/e2e/fixtures/aimock/consult.json). aimock picks each reply by
// the request's model (one model per seat), its system prompt ("You are panelist-N," or "You are the
// judge") and a phrase only that round's user prompt contains. The spec checks what every round's view
// shows, the confidence the engine computed beside the judge's, the dissent by severity, the token
// stats, what went over the wire, and that the stored session reloads identically.
import { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './guard';
import { MOCK_URL } from './servers';
import { addCompatibleProvider, askTheCouncil, openRounds, watchConsole, openCouncil } from './helpers';
import { storedSessionIn, storedSummaries } from './stored';

const QUESTION = 'Should our 12-person team migrate the billing service from a monolith to microservices this year?';
const SEATS = [
  { seat: 'Panelist 1', model: 'council-alpha' },
  { seat: 'Panelist 2', model: 'council-beta' },
  { seat: 'Panelist 3', model: 'council-gamma' },
];
const P1 = 'Panelist 1 · council-alpha';
const P2 = 'Panelist 2 · council-beta';
const P3 = 'Panelist 3 · council-gamma';
// Sum of the usage the fixtures report for the nine calls (3 x R1, R2, 3 x R3, R3 merge, R4).
const TOKENS_USED = 420 + 410 + 430 + 1300 + 850 + 760 + 840 + 420 + 1800;

function round(page: Page, n: number): Locator {
  return page.locator(`.round[data-round="${n}"]`);
}

/** Texts of the matching elements, whitespace collapsed. */
async function texts(locator: Locator): Promise<string[]> {
  return (await locator.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
}

/** The stance matrix's column headers as the full titles they shorten, after their kind. */
async function columnTitles(matrix: Locator): Promise<string[]> {
  return matrix.locator('thead th[scope="col"]').evaluateAll((ths) => ths.map((th) => {
    const kind = (th as HTMLElement).dataset.kind;
    const title = th.getAttribute('title') ?? (th as HTMLElement).innerText.trim();
    return kind ? `${kind[0].toUpperCase()}${kind.slice(1)} ${title}` : title;
  }));
}

/** Each compact stance in words (its icon's title, which screen readers read too). */
async function stanceWords(stances: Locator): Promise<string[]> {
  return stances.evaluateAll((lis) => lis.map((li) => li.getAttribute('title') ?? ''));
}

/** The chat completions aimock has served so far, oldest first. */
async function chatJournal(request: APIRequestContext): Promise<any[]> {
  const response = await request.get(`${MOCK_URL}/__aimock/journal?path=/v1/chat/completions`);
  expect(response.ok()).toBe(true);
  return response.json();
}

async function setUpCouncil(page: Page, question = QUESTION, seats = [...SEATS, { seat: 'Judge', model: 'council-judge' }]) {
  await page.goto('/');
  await addCompatibleProvider(page, 'aimock council', `${MOCK_URL}/v1`, seats[0].model);
  await page.getByRole('button', { name: 'New session' }).click();
  await page.getByLabel('Question', { exact: true }).fill(question);
  for (const { seat, model } of seats) {
    await openCouncil(page);
    const editor = page.getByRole('group', { name: seat, exact: true });
    await editor.getByLabel('Model').fill(model);
    await expect(editor.getByLabel('Model')).toHaveValue(model);
    // New panelists get distinct personas; this council's labels and prompts are persona-free.
    if (seat !== 'Judge') await editor.getByLabel('Persona').selectOption('');
  }
  // New councils are Adaptive: this panel's synthesis has tensions, so it cross-examines.
  await expect(page.getByLabel('Depth')).toHaveValue('adaptive');
}

test('a full consult against aimock: every round view, both confidences, dissent, stats, storage', async ({ page, request }) => {
  const errors = watchConsole(page);
  await setUpCouncil(page);
  const journalBefore = (await chatJournal(request)).length;
  await askTheCouncil(page);

  // Live: the three round-1 calls stream at once, each into its own card.
  const liveCards = round(page, 1).locator('.call-card');
  await expect(liveCards).toHaveCount(3);
  for (let i = 1; i <= 3; i++) {
    const card = round(page, 1).locator(`.call-card[data-call-id="r1-panelist-${i}"]`);
    // Read as fields while it streams, never as raw JSON.
    await expect(card.locator('.stream dt').first()).toHaveText('Position');
    await expect(card.locator('.stream')).not.toContainText('{"');
  }

  await expect(page.locator('.session-meta .badge')).toHaveText('complete', { timeout: 60_000 });
  await expect(page.locator('.session-question')).toHaveText(QUESTION);
  for (let n = 1; n <= 4; n++) {
    await expect(round(page, n)).toHaveAttribute('data-complete', 'true');
    await expect(round(page, n).locator('.call-card')).toHaveCount(0);
  }
  await expect(page.locator('.failed-calls')).toHaveCount(0);
  await expect(page.locator('.failure')).toHaveCount(0);

  // The finished page opens on the decision, then the stance matrix, then the rounds folded as the
  // record; each round is linkable and its link opens it.
  const order = await page.locator('.session .decision, .session .stance-matrix, .session details.round').evaluateAll(
    (els) => els.map((el) => el.classList.contains('decision') ? 'decision' : el.classList.contains('stance-matrix') ? 'matrix' : el.id));
  expect(order).toEqual(['decision', 'matrix', 'round-1', 'round-2', 'round-3', 'round-4']);
  for (let n = 1; n <= 4; n++) await expect(round(page, n)).not.toHaveAttribute('open', /.*/);
  await page.locator('.round-links').getByRole('link', { name: 'Round 3 · Cross-examination' }).click();
  await expect(page.locator('#round-3')).toHaveAttribute('open', '');
  await expect(page.locator('#round-3 > summary')).toBeFocused();
  await expect(page).toHaveURL(/#\/session\//);
  await expect(page.locator('#round-3 .challenge').first()).toBeVisible();
  await openRounds(page);

  // Round 1: one position card per panelist, in panel order, with its own confidence and key points.
  const cards = round(page, 1).locator('.position-card');
  await expect(cards).toHaveCount(3);
  expect(await texts(cards.locator('.participant'))).toEqual([P1, P2, P3]);
  expect(await texts(cards.locator('.confidence'))).toEqual(['80%', '70%', '65%']);
  expect(await texts(cards.locator('.position'))).toEqual([
    'Do not migrate this year: extract only the invoicing module behind a clear interface.',
    'Migrate incrementally with a strangler-fig pattern, one module per quarter, starting now.',
    'Migrate the whole billing service this year: deploy contention already costs more than the migration.',
  ]);
  expect(await texts(cards.nth(0).locator('.key-points li'))).toEqual([
    'Invoicing has the cleanest boundary in the billing monolith',
    'A team of 12 cannot carry on-call for many services',
  ]);
  expect(await texts(cards.nth(2).locator('.key-points li'))).toEqual([
    'Deploys queue for two days on average',
    'A managed platform absorbs most of the operations load',
  ]);
  await cards.nth(1).locator('summary', { hasText: 'Rationale' }).click();
  await expect(cards.nth(1).locator('details p')).toHaveText(
    'Steady, bounded steps give the benefits early without a big-bang rewrite.');
  await cards.nth(1).locator('summary', { hasText: 'Rationale' }).click(); // closed again, as a reload shows it
  await expect(cards.nth(1).locator('details', { has: page.locator('summary', { hasText: 'Rationale' }) }))
    .not.toHaveAttribute('open', /.*/);

  // Round 2: every consensus point (no filtering in what is shown) with its supporters by name.
  const consensus = round(page, 2).locator('.consensus-point');
  await expect(consensus).toHaveCount(5);
  expect(await texts(consensus)).toEqual([
    `The invoicing module is the best first candidate for extraction Supported by ${P1}, ${P2}, ${P3} · confidence 90%`,
    `Deploy contention on the monolith is a real cost Supported by ${P2}, ${P3} · confidence 75%`,
    `A big-bang rewrite is too risky for a team of 12 Supported by ${P1}, ${P2} · confidence 80%`,
    `Observability must come before any split Supported by ${P1} · confidence 55%`,
    `Contract tests are needed at every new service boundary Supported by ${P2} · confidence 50%`,
  ]);
  const tensions = round(page, 2).locator('.tension');
  await expect(tensions).toHaveCount(3);
  expect(await texts(tensions.locator('.topic'))).toEqual([
    'Pace of the migration', 'Whether the team can run several services', 'Database ownership',
  ]);
  expect(await texts(tensions.nth(0).locator('ul li'))).toEqual([
    `${P1}: Extract one module this year, then reassess`,
    `${P2}: One module per quarter with a strangler fig`,
    `${P3}: Finish the whole migration this year`,
  ]);
  expect(await texts(tensions.nth(2).locator('ul li'))).toEqual([
    `${P2}: Split the schema per service`,
    `${P3}: Keep one shared database at first`,
  ]);
  expect(await texts(round(page, 2).locator('ol li'))).toEqual([
    'Risk to billing correctness', 'Team capacity', 'Deploy contention',
  ]);

  // Round 3: each challenge threaded with the rebuttal of the panelist it targets; the open point.
  const challenges = round(page, 3).locator('.challenge');
  await expect(challenges).toHaveCount(2);
  await expect(challenges.nth(0).locator('p').first()).toHaveText(
    `${P1} challenges ${P3}: Finishing the whole migration this year is wrong: the on-call load would double for a team of 12.`);
  expect(await texts(challenges.nth(0).locator('.evidence li'))).toEqual([
    'Each new service needs its own on-call rotation', 'The team has two SREs',
  ]);
  expect(await texts(challenges.nth(0).locator('.rebuttals .rebuttal'))).toEqual([
    `${P3}: The deploy data shows the monolith already costs more than the migration would.`,
  ]);
  await expect(challenges.nth(1).locator('p').first()).toHaveText(
    `${P3} challenges ${P1}: Waiting a year leaves deploy contention unaddressed, a serious and growing cost.`);
  expect(await texts(challenges.nth(1).locator('.evidence li'))).toEqual(['Deploys queue for two days on average']);
  expect(await texts(challenges.nth(1).locator('.rebuttals .rebuttal'))).toEqual([
    `${P1}: Extracting invoicing alone keeps the risk low because it has the cleanest boundary.`,
  ]);
  // Panelist 2 was challenged by no one: its defence is listed on its own, not dropped.
  expect(await texts(round(page, 3).locator('.unthreaded .rebuttal'))).toEqual([
    `${P2}: The strangler-fig pace matches the consensus that invoicing goes first.`,
  ]);
  // The judge named challenge 1 as unanswered: it is on record as the challenge reads.
  expect(await texts(round(page, 3).locator('.unresolved li'))).toEqual([
    'Finishing the whole migration this year is wrong: the on-call load would double for a team of 12.',
  ]);

  // The decision (above the rounds): the judge said 85% with a high-severity dissent on record, so the
  // engine's rule caps it below 70%; the meter shows the computed value in its band beside the judge's.
  const verdict = page.locator('.decision');
  const meter = verdict.locator('.confidence-meter');
  await expect(meter).toHaveAttribute('data-computed', '69%');
  await expect(meter).toHaveAttribute('data-band-low', '0%');
  await expect(meter).toHaveAttribute('data-band-high', '69%');
  await expect(meter).toHaveAttribute('data-judge', '85%');
  // One chip says it; "Why?" shows the meter, the band, the judge's number and the rule.
  await expect(verdict.locator('.chip')).toHaveText('69% · high dissent');
  await verdict.getByText('Why?').click();
  const gauge = verdict.getByRole('meter', { name: 'Confidence' });
  await expect(gauge).toHaveAttribute('aria-valuenow', '69');
  await expect(gauge).toHaveAttribute('aria-valuetext', '69% computed, allowed 0% to 69%; the judge said 85%');
  expect(await texts(verdict.locator('.why-lines dd'))).toEqual([
    '0% to 69% (for high dissent)', '85%', expect.stringContaining('High-severity dissent: below 70%.'), "moved the judge's 85% into the band: 69%",
  ]);
  await expect(verdict.locator('.absent')).toHaveCount(0);
  // The one-line answer above is the recommendation's first clause: the paragraph goes on from it.
  await expect(verdict.locator('.answer')).toHaveText('Extract the invoicing module this year behind a contract-tested interface');
  await expect(verdict.locator('.recommendation')).toHaveText(
    'And decide on further services after two quarters of on-call data.');
  await expect(verdict.locator('.why-lines')).toContainText('left out 1 minority concern');
  expect(await texts(verdict.locator('.evidence li'))).toEqual([
    'Invoicing is the best first candidate for extraction',
    'A big-bang rewrite is too risky for a team of 12',
  ]);
  // Dissent by severity, high first: the judge's own, then the unresolved round-3 point the judge left
  // out (added as high, attributed to the panelist whose challenge it quotes).
  const dissent = verdict.locator('.dissent-list li.dissent');
  await expect(dissent).toHaveCount(4);
  expect(await dissent.evaluateAll((items) => items.map((li) => li.className))).toEqual([
    'dissent high', 'dissent high', 'dissent medium', 'dissent low',
  ]);
  expect(await texts(verdict.locator('.dissent-list li.dissent.high'))).toEqual([
    `high ${P3}: Leaving the rest of the monolith for a year keeps deploy contention`,
    `high ${P1}: Finishing the whole migration this year is wrong: the on-call load would double for a team of 12. (added by the engine: the judge left it out)`,
  ]);
  expect(await dissent.evaluateAll((items) => items.map((li) => li.getAttribute('data-added')))).toEqual([
    'false', 'true', 'false', 'false',
  ]);
  // Round 4 of the record keeps the verdict as the judge gave it: its number and its own dissent.
  await expect(round(page, 4).locator('.judge-confidence')).toHaveText("The judge's confidence: 85%");
  await expect(round(page, 4).locator('.judge-dissent li')).toHaveCount(3);

  // The stance matrix: a real table, panelists by consensus points then tensions.
  const matrix = page.locator('.stance-matrix table');
  await expect(matrix.locator('caption')).toContainText('Each panelist against the consensus points and tensions');
  expect(await columnTitles(matrix)).toEqual([
    'Panelist',
    'Consensus The invoicing module is the best first candidate for extraction',
    'Consensus Deploy contention on the monolith is a real cost',
    'Consensus A big-bang rewrite is too risky for a team of 12',
    'Consensus Observability must come before any split',
    'Consensus Contract tests are needed at every new service boundary',
    'Tension Pace of the migration',
    'Tension Whether the team can run several services',
    'Tension Database ownership',
  ]);
  expect(await texts(matrix.locator('tbody th[scope="row"]'))).toEqual([P1, P2, P3]);
  const cell = (row: number, column: number) => matrix.locator('tbody tr').nth(row).locator('td').nth(column);
  const stances = async (row: number, column: number) => stanceWords(cell(row, column).locator('li.stance'));
  expect(await stances(1, 0)).toEqual(['supported']);
  expect(await stances(0, 1)).toEqual([`challenged ${P3}`, `rebutted by ${P3}`]);
  expect(await stances(2, 1)).toEqual(['supported', `challenged by ${P1}`]);
  expect(await stances(0, 2)).toEqual(['supported', `challenged by ${P3}`]);
  expect(await stances(2, 2)).toEqual([`challenged ${P1}`, `rebutted by ${P1}`]);
  await expect(cell(1, 3)).toHaveText('–no stance');
  expect(await stances(2, 5)).toEqual([
    'held: Finish the whole migration this year', `challenged ${P1}`, `challenged by ${P1}`, `rebutted by ${P1}`,
  ]);
  expect(await stances(1, 5)).toEqual(['held: One module per quarter with a strangler fig']);
  expect(await stances(0, 6)).toEqual([
    'held: On-call load would double', `challenged ${P3}`, `challenged by ${P3}`, `rebutted by ${P3}`,
  ]);
  expect(await texts(verdict.locator('.dissent-list li.dissent.medium'))).toEqual([
    `medium ${P2}: One module per quarter would deliver the benefits sooner`,
  ]);
  expect(await texts(verdict.locator('.dissent-list li.dissent.low'))).toEqual([
    `low ${P1}: Observability work should come before the first split`,
  ]);

  // Token efficiency: used = the usage aimock reported; filtering (5 -> 3 consensus points, 3 -> 2
  // tensions) saved something, and the percentage is saved / (used + saved).
  await page.locator('details.internals > summary').click();
  const efficiency = (await texts(page.locator('.efficiency')))[0];
  const stats = efficiency.match(/^Tokens used (\d+) · saved by artifact filtering (\d+) \((\d+\.\d)%; filtered rounds: 3, 4\)$/);
  expect(stats, efficiency).not.toBeNull();
  const [used, saved, percentage] = [Number(stats![1]), Number(stats![2]), Number(stats![3])];
  expect(used).toBe(TOKENS_USED);
  expect(saved).toBeGreaterThan(0);
  expect(percentage).toBeCloseTo((saved / (used + saved)) * 100, 1);

  // The wire: nine streamed chat completions, each with its structured-output schema name.
  const ours = (await chatJournal(request)).slice(journalBefore);
  expect(ours.map((e) => e.response.status)).toEqual(Array(9).fill(200));
  const calls = ours.map((e) => `${e.body.model}:${e.body.response_format?.json_schema?.name}`).sort();
  expect(calls).toEqual([
    'council-alpha:cross_exam_reply', 'council-alpha:independent_answer',
    'council-beta:cross_exam_reply', 'council-beta:independent_answer',
    'council-gamma:cross_exam_reply', 'council-gamma:independent_answer',
    'council-judge:cross_exam_judgment', 'council-judge:synthesis', 'council-judge:verdict',
  ].sort());
  for (const entry of ours) {
    expect(entry.body.stream).toBe(true);
    expect(entry.body.stream_options).toEqual({ include_usage: true });
    expect(entry.body.response_format.type).toBe('json_schema');
    expect(entry.body.response_format.json_schema.strict).toBe(false);
    expect(typeof entry.body.max_tokens).toBe('number');
  }

  await page.screenshot({ path: 'test-results/consult-views-session.png', fullPage: true });

  // Stored in the browser (IndexedDB) as it is shown.
  const sessionUrl = page.url();
  const id = decodeURIComponent(sessionUrl.split('#/session/')[1] ?? '');
  expect(id).not.toBe('');
  const session = await storedSessionIn(page, id, 'complete');
  expect(session).not.toBeNull();
  expect(session.subject).toBe(QUESTION);
  expect(session.state).toBe('complete');
  expect(session.body.round1.map((a: any) => a.agent_id)).toEqual(['panelist-1', 'panelist-2', 'panelist-3']);
  expect(session.body.round2.consensus_points).toHaveLength(5);
  expect(session.body.round3.unresolved).toEqual([
    'Finishing the whole migration this year is wrong: the on-call load would double for a team of 12.',
  ]);
  expect(session.body.round4.confidence).toBeCloseTo(0.85);
  expect(session.body.confidence_check.judge_confidence).toBeCloseTo(0.85);
  expect(session.body.confidence_check.computed_confidence).toBeCloseTo(0.69);
  expect(session.body.confidence_check.adjusted).toBe(true);
  expect(session.body.token_efficiency_stats.tokens_used).toBe(TOKENS_USED);
  expect(session.body.token_efficiency_stats.tokens_saved_via_filtering).toBe(saved);
  expect(session.body.token_efficiency_stats.filtered_rounds).toEqual([3, 4]);
  expect(session.calls.map((c: any) => c.call_id).sort()).toEqual([
    'r1-panelist-1', 'r1-panelist-2', 'r1-panelist-3', 'r2-judge',
    'r3-judge', 'r3-panelist-1', 'r3-panelist-2', 'r3-panelist-3', 'r4-judge',
  ]);
  expect(session.calls.every((c: any) => c.status === 'ok')).toBe(true);
  const summaries = await storedSummaries(page);
  expect(summaries[id].state).toBe('complete');

  // A reload shows the same session, identically, from storage alone (rounds opened alike).
  const shownBefore = await page.locator('.session').innerText();
  await page.reload();
  await expect(page).toHaveURL(sessionUrl);
  await expect(page.locator('.session-meta .badge')).toHaveText('complete');
  await openRounds(page);
  await page.locator('.decision').getByText('Why?').click();
  await page.locator('details.internals > summary').click();
  expect(await page.locator('.session').innerText()).toBe(shownBefore);
  await page.getByRole('button', { name: 'History' }).click();
  // History titles are the question, shortened.
  const item = page.locator('.session-item', { hasText: QUESTION.slice(0, 60) });
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('consult · complete');
  await item.getByRole('button', { name: new RegExp(`^${QUESTION.slice(0, 30)}`) }).click();
  await expect(page).toHaveURL(sessionUrl);
  await openRounds(page);
  await page.locator('.decision').getByText('Why?').click();
  await page.locator('details.internals > summary').click();
  expect(await page.locator('.session').innerText()).toBe(shownBefore);

  expect(errors).toEqual([]);
});

test('the decision names an absent panelist, and its confidence band has no strong-agreement floor', async ({ page }) => {
  const errors = watchConsole(page);
  const question = 'Should we ship the new checkout to every region at once?';
  const seats = [
    { seat: 'Panelist 1', model: 'verdict-alpha' },
    { seat: 'Panelist 2', model: 'verdict-beta' },
    { seat: 'Panelist 3', model: 'verdict-gamma' },
    { seat: 'Judge', model: 'verdict-judge' },
  ];
  await setUpCouncil(page, question, seats);
  await askTheCouncil(page);
  await expect(page.locator('.session-meta .badge')).toHaveText('complete', { timeout: 60_000 });
  const [V1, V2, V3] = ['Panelist 1 · verdict-alpha', 'Panelist 2 · verdict-beta', 'Panelist 3 · verdict-gamma'];

  const decision = page.locator('.decision');
  await expect(decision.locator('.recommendation')).toHaveText(
    'Run a one-quarter pilot of the new checkout in one region, then decide on the rollout.');
  // No dissent, but panelist 3 is absent: the record does not show agreement, so no floor lifts
  // the judge's 80% (confidence earns its floor), and "Why?" says which condition failed.
  await decision.getByText('Why?').click();
  const meter = decision.locator('.confidence-meter');
  await expect(meter).toHaveAttribute('data-computed', '80%');
  await expect(meter).toHaveAttribute('data-band-low', '0%');
  await expect(meter).toHaveAttribute('data-band-high', '100%');
  await expect(meter).toHaveAttribute('data-judge', '80%');
  await expect(decision.getByRole('meter', { name: 'Confidence' })).toHaveAttribute(
    'aria-valuetext', /^80% computed, allowed 0% to 100%; the judge said 80%/);
  await expect(decision.locator('.chip')).toHaveText('80% · 1 of 3 panelists absent');
  // A panelist absent never wears agreement's colour: the chip is the warning's, not
  // the "no dissent" green the same words would have with every panelist present.
  await expect(decision.locator('.chip')).toHaveAttribute('data-level', 'medium-dissent');
  const chipColour = await decision.locator('.chip').evaluate((chip) => getComputedStyle(chip).color);
  const colourOf = (name: string) => page.evaluate((name) => {
    const probe = document.createElement('span');
    probe.style.color = `var(${name})`;
    document.body.append(probe);
    const colour = getComputedStyle(probe).color;
    probe.remove();
    return colour;
  }, name);
  expect(chipColour).toBe(await colourOf('--warn'));
  expect(chipColour).not.toBe(await colourOf('--ok'));
  await expect(decision.locator('.why-lines')).toContainText('No floor applies, because the record does not show agreement');
  await expect(decision.locator('.absent')).toHaveText(`Absent (no usable answer, not counted as agreeing): ${V3}`);
  await expect(decision.locator('.dissent-list')).toHaveText('The judge named none; 1 of 3 panelists absent, not counted as agreeing.');
  expect(await texts(decision.locator('.evidence li'))).toEqual(['A pilot bounds the risk to one region']);
  await expect(page.locator('.failed-calls')).toContainText('Invalid API key for verdict-gamma.');

  const matrix = page.locator('.stance-matrix table');
  expect(await columnTitles(matrix)).toEqual(['Panelist', 'Consensus A pilot comes before any rollout']);
  expect(await texts(matrix.locator('tbody th[scope="row"]'))).toEqual([V1, V2, V3]);
  expect(await stanceWords(matrix.locator('tbody td li.stance'))).toEqual(['supported', 'supported', 'absent']);
  await expect(matrix.locator('tbody tr').nth(2).locator('li.stance')).toHaveClass('stance absent');
  await page.screenshot({ path: 'test-results/consult-views-absent.png', fullPage: true });
  expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
});

test('a verbose consult says so on the session and in its stats: nothing filtered, by choice', async ({ page }) => {
  await setUpCouncil(page, 'Verbose: should the billing monolith be split this year?');
  await page.getByLabel('Verbose: send full debate artifacts').check();
  await askTheCouncil(page);
  await expect(page.locator('.session-meta .badge')).toHaveText('complete', { timeout: 60_000 });
  await expect(page.locator('.verbose-notice')).toHaveText('Verbose mode: using full debate artifacts (higher token cost)');
  await page.locator('details.internals > summary').click();
  const efficiency = (await texts(page.locator('.efficiency')))[0];
  expect(efficiency).toMatch(/^Tokens used \d+ · saved by artifact filtering 0 \(0\.0%; verbose: nothing filtered\)$/);
});
