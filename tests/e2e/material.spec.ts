// Material attached to a Consult, against aimock's scripted council
// (fixtures/aimock/consult.json) and the files made by fixtures/material/make.py: a text file, a
// PDF (read by pdf.js in its worker) and a DOCX (mammoth in ours) become chips with their tokens;
// every bad file is refused by name with nothing else changed; an image is named before the start
// for the seats whose models cannot see images; 390 px fits. A reading council
// (fixtures/aimock/material.json) quotes billing.txt, once words that are not in it: every request
// carries the text, and the session page shows what the council read and every quote marked.
import AxeBuilder from '@axe-core/playwright';
import * as fs from 'fs';
import * as path from 'path';
import { expect, test } from './guard';
import { journal, QUESTION, SEATS, userPrompt } from './aimock-council';
import { MOCK_URL } from './servers';
import { addCompatibleProvider, askTheCouncil, confirmConsent, openCouncil, openRounds, showAdvancedSettings, watchConsole } from './helpers';
import { openSessionId, storedMaterialBodies, storedSessionIn } from './stored';
import { expectFitsPhone, PHONE } from './layout';

const FILES = path.join(__dirname, 'fixtures', 'material');
const file = (name: string) => path.join(FILES, name);

/** aimock's reading council (fixtures/aimock/material.json): its verdict, answers and challenges
 * cite billing.txt. */
const READERS = [
  { seat: 'Panelist 1', model: 'reader-alpha' },
  { seat: 'Panelist 2', model: 'reader-beta' },
  { seat: 'Panelist 3', model: 'reader-gamma' },
  { seat: 'Judge', model: 'reader-judge' },
];

async function consultForm(page: import('@playwright/test').Page, seats = SEATS) {
  await page.goto('/');
  await addCompatibleProvider(page, 'aimock council', `${MOCK_URL}/v1`, seats[0].model);
  await page.getByRole('button', { name: 'New session' }).click();
  await page.getByLabel('Question', { exact: true }).fill(QUESTION);
  for (const { seat, model } of seats) {
    await openCouncil(page);
    const editor = page.getByRole('group', { name: seat, exact: true });
    await editor.getByLabel('Model').fill(model);
    if (seat !== 'Judge') await editor.getByLabel('Persona').selectOption('');
  }
}

const chips = (page: import('@playwright/test').Page) => page.getByRole('list', { name: 'Attached material' }).locator('.attach-chip:not(.reading)');

test('a text file, a PDF and a DOCX become chips; the council is asked with them', async ({ page }) => {
  test.setTimeout(180_000);
  const errors = watchConsole(page);
  await consultForm(page);
  await page.locator('.attach input[type=file]').setInputFiles([file('notes.md'), file('contract.pdf'), file('design.docx')]);
  await expect(chips(page)).toHaveCount(3, { timeout: 60_000 });
  await expect(chips(page).nth(0)).toContainText('S1 · notes.md · Markdown');
  await expect(chips(page).nth(1)).toContainText(/S2 · contract\.pdf · PDF · 2 KB · \d+ tokens/);
  await expect(chips(page).nth(2)).toContainText('S3 · design.docx · DOCX');
  // A chip opens its preview: the PDF's table page as text, the DOCX with its headings.
  await chips(page).nth(1).locator('summary').click();
  await expect(chips(page).nth(1).locator('.attach-preview')).toContainText('Widget 400 12.50');
  await chips(page).nth(2).locator('summary').click();
  await expect(chips(page).nth(2).locator('.attach-preview')).toContainText('Goals');
  // Removable, and attached again.
  await chips(page).nth(0).getByRole('button', { name: 'Remove notes.md' }).click();
  await expect(chips(page)).toHaveCount(2);
  await page.locator('.attach input[type=file]').setInputFiles([file('notes.md')]);
  await expect(chips(page)).toHaveCount(3);

  await page.setViewportSize(PHONE);
  await expectFitsPhone(page, 'the consult form with its material');
  await page.setViewportSize({ width: 1280, height: 900 });

  await askTheCouncil(page);
  await expect(page.locator('.session-meta .badge')).toHaveText('complete', { timeout: 90_000 });
  // What the requests carry: the last test, on the reading council.
  expect(errors).toEqual([]);
});

test('every bad file is refused by name, and nothing else changes', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  await consultForm(page);
  await page.locator('.attach input[type=file]').setInputFiles([file('prices.csv')]);
  await expect(chips(page)).toHaveCount(1, { timeout: 60_000 });
  const refused = page.locator('.attach-refused');
  const cases: [string, RegExp][] = [
    ['empty.txt', /empty\.txt is empty \(0 bytes\)/],
    ['blob.bin', /blob\.bin is not a kind of file the council can read/],
    ['encrypted.pdf', /encrypted\.pdf is protected by a password/],
    ['scanned.pdf', /scanned\.pdf has no text on its pages/],
    ['corrupt.docx', /corrupt\.docx could not be read: it is not a readable DOCX/],
  ];
  for (const [name, sentence] of cases) {
    await page.locator('.attach input[type=file]').setInputFiles([file(name)]);
    await expect(refused).toContainText(sentence, { timeout: 60_000 });
    await expect(chips(page)).toHaveCount(1);
    await expect(page.getByLabel('Question', { exact: true })).toHaveValue(QUESTION);
  }
  // The same file twice is carried once.
  await page.locator('.attach input[type=file]').setInputFiles([file('prices.csv')]);
  await expect(refused).toContainText('prices.csv is already attached, as S1');
  await expect(chips(page)).toHaveCount(1);
  expect(errors).toEqual([]);
});

test('an image is named before the start for each seat whose model cannot see it', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  await consultForm(page);
  await page.locator('.attach input[type=file]').setInputFiles([file('chart.png')]);
  await expect(chips(page)).toHaveCount(1, { timeout: 60_000 });
  await expect(chips(page).first()).toContainText('chart.png · image');
  // aimock's models are in no list or table: they are taken not to see images.
  const notices = page.locator('.material-seats');
  for (const { model } of SEATS) {
    await expect(notices).toContainText(`${model} cannot see images: it will be told 1 image was left out.`);
  }
  await chips(page).first().locator('summary').click();
  await expect(chips(page).first().locator('img')).toHaveAttribute('src', /^data:image\/png;base64,/);
  expect(errors).toEqual([]);
});

test('the session page shows what the council read, every checked quote marked, the passage highlighted', async ({ page, request }) => {
  test.setTimeout(180_000);
  const errors = watchConsole(page);
  await consultForm(page, READERS);
  await page.locator('.attach input[type=file]').setInputFiles([file('billing.txt'), file('chart.png')]);
  await expect(chips(page)).toHaveCount(2, { timeout: 60_000 });
  const before = (await journal(request)).length;
  await askTheCouncil(page);
  await expect(page.locator('.session-meta .badge')).toHaveText('complete', { timeout: 90_000 });

  // Every request of the run carries the material's text: three answers, the synthesis, three
  // cross-examinations, the judge's merge of them and the verdict.
  const calls = (await journal(request)).slice(before);
  expect(calls.map((call) => call.body.model).sort()).toEqual([
    'reader-alpha', 'reader-alpha', 'reader-beta', 'reader-beta', 'reader-gamma', 'reader-gamma',
    'reader-judge', 'reader-judge', 'reader-judge',
  ]);
  const text = fs.readFileSync(file('billing.txt'), 'utf8').trimEnd();
  for (const call of calls) expect(userPrompt(call), `${call.body.model}'s request`).toContain(text);

  // What the council read: the source, its kind, lines and tokens, and how the quotes checked out.
  // aimock's models are in no list or table, so none is taken to see the image: each is named.
  const read = page.getByRole('region', { name: 'What the council read' });
  const sources = read.locator('.material-source');
  await expect(sources).toHaveCount(2);
  await expect(sources.nth(0)).toContainText('S1');
  await expect(sources.nth(0)).toContainText('billing.txt');
  await expect(sources.nth(0)).toContainText(/text · 11 lines · [\d,]+ tokens?/);
  await expect(sources.nth(0).locator('.source-unseen')).toHaveCount(0);
  await expect(sources.nth(1)).toContainText(/S2\s*chart\.png\s*image · [\d,]+ tokens/);
  await expect(sources.nth(1).locator('.source-unseen')).toHaveText('Not seen by Panelist 1 · reader-alpha, ' +
    'Panelist 2 · reader-beta, Panelist 3 · reader-gamma and Judge · reader-judge: their models do not see images.');
  await expect(read).toContainText('4 quotes checked: 3 found, 1 not found in the material');

  // The decision's evidence: a quote found where cited, and one not in the material, whose entry
  // is struck as not evidence.
  const decision = page.locator('[data-decision]');
  const found = decision.locator('.checked-quote[data-mark="found"]');
  await expect(found).toHaveCount(1);
  await expect(found.locator('.quote-words')).toHaveText('The invoicing module has the cleanest boundary in the billing monolith');
  await expect(found.locator('.quote-mark')).toContainText('found on line 5');
  const missing = decision.locator('.checked-quote[data-mark="not-found"]');
  await expect(missing).toHaveCount(1);
  await expect(missing.locator('.quote-words')).toHaveText('The team rewrote billing twice and failed both times');
  await expect(missing.locator('.quote-mark')).toContainText('not found in the material');
  await expect(missing.locator('.quote-source')).toContainText('S1 · billing.txt · cited line 12');
  await expect(missing.locator('.quote-passage')).toHaveCount(0);
  const struck = decision.locator('.evidence-entry[data-not-evidence="true"]');
  await expect(struck).toHaveCount(1);
  await expect(struck.locator('.evidence-text')).toHaveText('A big-bang rewrite is too risky for a team of 12');
  await expect(struck).toContainText('not evidence: its quotes are not in the material');

  // The passage opens with the quoted words highlighted, the source's words shown as text.
  const highlighted = found.locator('.passage mark');
  await expect(highlighted).toBeHidden();
  await found.locator('.quote-passage > summary').click();
  await expect(highlighted).toBeVisible();
  await expect(highlighted).toHaveText('The invoicing module has the cleanest boundary in the billing monolith');
  await expect(found.locator('.passage')).toContainText('Payments and ledgers share eleven tables');
  await expect(found.locator('.passage')).toContainText('Write to <billing-team@example.com>');
  await expect(found.locator('.passage > *:not(mark)')).toHaveCount(0);

  // The answers' and the challenges' quotes, in the record.
  await openRounds(page);
  const elsewhere = page.locator('#round-1 .checked-quote[data-mark="elsewhere"]');
  await expect(elsewhere).toHaveCount(1);
  await expect(elsewhere.locator('.quote-mark')).toContainText('found elsewhere: line 6');
  await expect(elsewhere.locator('.quote-source')).toContainText('cited line 30');
  await expect(page.locator('#round-3 .checked-quote[data-mark="found"] .quote-mark')).toContainText('found on line 10');
  await expect(page.locator('#round-4 .evidence-entry[data-not-evidence="true"]')).toHaveCount(1);

  // Accessible in both schemes, every round and the passage open (the marks' colours included).
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const results = await new AxeBuilder({ page }).include('.material-read').include('[data-decision]').include('#round-1')
      .include('#round-3').include('#round-4').analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), colorScheme).toEqual([]);
  }
  await page.setViewportSize(PHONE);
  await expectFitsPhone(page, 'the session page with its material, every round and passage open');
  const shots = process.env.MATERIAL_SHOTS;
  if (shots) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const width of [390, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: path.join(shots, `material-page-${width}-${scheme}.png`), fullPage: true });
        await read.screenshot({ path: path.join(shots, `material-read-${width}-${scheme}.png`) });
        await decision.screenshot({ path: path.join(shots, `material-decision-${width}-${scheme}.png`) });
        await page.locator('#round-1').screenshot({ path: path.join(shots, `material-answers-${width}-${scheme}.png`) });
      }
    }
  }
  expect(errors).toEqual([]);
});

test('a follow-up reads the thread\'s material and its own; History finds the thread by words only in its material', async ({ page, request }) => {
  test.setTimeout(240_000);
  const errors = watchConsole(page);
  await consultForm(page, READERS);
  await page.locator('.attach input[type=file]').setInputFiles([file('billing.txt')]);
  await expect(chips(page)).toHaveCount(1, { timeout: 60_000 });
  await askTheCouncil(page);
  await expect(page.locator('.session-meta .badge')).toHaveText('complete', { timeout: 90_000 });
  const firstId = openSessionId(page);

  // The composer says what the turn reads anyway, and takes files as the question does: the new
  // one numbered after the thread's, the thread's own file refused as already there.
  // The composer is named by whom it asks: found by its place.
  const composer = page.locator('section.composer');
  await expect(composer.locator('.thread-material')).toHaveText('Already attached in this thread: S1 billing.txt.');
  const turnChips = composer.getByRole('list', { name: 'Attached material' }).locator('.attach-chip:not(.reading)');
  await composer.locator('.attach input[type=file]').setInputFiles([file('notes.md')]);
  await expect(turnChips).toHaveCount(1, { timeout: 60_000 });
  await expect(turnChips.first()).toContainText('S2 · notes.md · Markdown');
  await composer.locator('.attach input[type=file]').setInputFiles([file('billing.txt')]);
  await expect(composer.locator('.attach-refused')).toContainText('billing.txt is already attached, as S1');
  await expect(turnChips).toHaveCount(1);
  await page.setViewportSize(PHONE);
  await expectFitsPhone(page, 'the follow-up composer with its material');
  const shots = process.env.MATERIAL_SHOTS;
  if (shots) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const width of [390, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        await composer.screenshot({ path: path.join(shots, `material-composer-${width}-${scheme}.png`) });
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  await composer.getByLabel('Ask the council a follow-up').fill('Which module should move first, given the meeting notes?');
  const before = (await journal(request)).length;
  await composer.getByRole('button', { name: 'Ask', exact: true }).click();
  await confirmConsent(page);
  await expect(page).not.toHaveURL(new RegExp(`#/session/${firstId}$`));
  await expect(page.locator('.session-meta .badge')).toHaveText('complete', { timeout: 90_000 });
  const laterId = openSessionId(page);

  // Every request of the follow-up carries both: the thread's billing.txt and its own notes.md.
  const calls = (await journal(request)).slice(before);
  expect(calls.length).toBe(9);
  const billing = fs.readFileSync(file('billing.txt'), 'utf8').trimEnd();
  const notes = fs.readFileSync(file('notes.md'), 'utf8').trimEnd();
  for (const call of calls) {
    expect(userPrompt(call), `${call.body.model}'s request`).toContain(billing);
    expect(userPrompt(call), `${call.body.model}'s request`).toContain(notes);
  }
  const stored = await storedSessionIn(page, laterId, 'complete');
  expect(stored.body.config.material.map((s: any) => `${s.id} ${s.name}`)).toEqual(['S1 billing.txt', 'S2 notes.md']);
  // Stored once however many turns carry it: both turns name billing.txt's one body, and each
  // record keeps its sources without their text.
  expect(Object.keys(await storedMaterialBodies(page))).toHaveLength(2);
  expect(stored.body.config.material.every((s: any) => s.stored_apart && !s.text)).toBe(true);

  // The follow-up's page: what the council read, its quotes checked against both sources.
  const read = page.getByRole('region', { name: 'What the council read' });
  await expect(read.locator('.material-source')).toHaveCount(2);
  await expect(read.locator('.material-source').nth(1)).toContainText('notes.md');
  await expect(read).toContainText('4 quotes checked: 3 found, 1 not found in the material');
  await expect(page.locator('[data-decision] .checked-quote[data-mark="found"] .quote-mark').first()).toContainText('found on line 5');

  // Panelist 2 asked alone, with one more file: its one request carries the thread's material
  // and the file; its page lists all three sources.
  await composer.getByLabel('Ask', { exact: true }).selectOption({ label: 'Panelist 2 · reader-beta' });
  await expect(composer.locator('.thread-material')).toContainText('S1 billing.txt, S2 notes.md.');
  await composer.locator('.attach input[type=file]').setInputFiles([file('prices.csv')]);
  await expect(turnChips).toHaveCount(1, { timeout: 60_000 });
  await expect(turnChips.first()).toContainText('S3 · prices.csv · table');
  await composer.getByLabel('Ask Panelist 2 · reader-beta alone').fill('Which module carries the most volume?');
  const beforeMember = (await journal(request)).length;
  await composer.getByRole('button', { name: 'Ask', exact: true }).click();
  await confirmConsent(page);
  await expect(page.locator('.member-answer[data-decision] h3')).toHaveText('Panelist 2 · reader-beta answered', { timeout: 60_000 });
  const memberCalls = (await journal(request)).slice(beforeMember);
  expect(memberCalls.map((c) => c.body.model)).toEqual(['reader-beta']);
  for (const words of [billing, notes, 'Widget']) expect(userPrompt(memberCalls[0])).toContain(words);
  const memberRead = page.getByRole('region', { name: 'What the council read' });
  await expect(memberRead.locator('.material-source')).toHaveCount(3);
  await expect(memberRead.locator('.material-source').nth(2)).toContainText('prices.csv');

  // History's search finds the thread by a word that is only in the follow-up's material, and
  // by one only in the first turn's; a word in neither finds nothing.
  await page.getByRole('button', { name: 'History' }).click();
  const search = page.getByRole('searchbox', { name: 'Search', exact: true });
  const items = page.locator('.session-item');
  await search.fill('rollout');
  await expect(items).toHaveCount(1);
  await expect(items.first().locator('mark')).toHaveText('rollout');
  await search.fill('boundaries');
  await expect(items).toHaveCount(1);
  await expect(items.first().locator('mark')).toHaveText('Boundaries');
  await search.fill('quetzalcoatlite');
  await expect(items).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('a follow-up whose material a seat\'s window cannot take is offered the cut, and its requests carry the cut material', async ({ page, request }) => {
  test.setTimeout(240_000);
  const errors = watchConsole(page);
  // aimock's models are in no list or table: each is taken to read 32,768 tokens. A reply's room
  // of 22,000 leaves the material about 7,700 of them, so a log of 400 lines is too much, and
  // what the turn reads after the cut stays within what aimock's journal keeps of a request.
  await page.goto('/');
  await page.getByRole('button', { name: 'Settings' }).click();
  await showAdvancedSettings(page);
  await page.getByLabel('Max tokens per reply').fill('22000');
  await page.getByLabel('Max tokens per reply').blur();
  await consultForm(page, READERS);
  await page.locator('.attach input[type=file]').setInputFiles([file('billing.txt')]);
  await expect(chips(page)).toHaveCount(1, { timeout: 60_000 });
  await askTheCouncil(page);
  await expect(page.locator('.session-meta .badge')).toHaveText('complete', { timeout: 90_000 });

  const lines = Array.from({ length: 400 }, (_, i) => `log line ${i + 1}: the invoicing worker retried a payment and wrote its ledger entry again`);
  const composer = page.locator('section.composer');
  await composer.locator('.attach input[type=file]').setInputFiles({ name: 'worker.log', mimeType: 'text/plain', buffer: Buffer.from(lines.join('\n') + '\n') });
  await expect(composer.getByRole('list', { name: 'Attached material' }).locator('.attach-chip:not(.reading)')).toHaveCount(1, { timeout: 60_000 });
  await expect(composer.locator('.material-seats')).toContainText('reader-alpha reads at most 32,768 tokens');
  const cut = composer.locator('button.material-cut');
  await expect(cut).toHaveText(/^Cut the material: lines \d+-400 of worker\.log left out$/);
  const from = Number((await cut.innerText()).match(/lines (\d+)-400/)![1]);
  expect((from - 1) % 40).toBe(0);
  await cut.click();
  await expect(composer.locator('.material-cut-made')).toContainText(`Cut for this turn: lines ${from}-400 of worker.log left out.`);
  await expect(composer.locator('.material-seats')).toHaveCount(0);
  await expect(cut).toHaveCount(0);

  await composer.getByLabel('Ask the council a follow-up').fill('Which module should move first, given the worker log?');
  const before = (await journal(request)).length;
  await composer.getByRole('button', { name: 'Ask', exact: true }).click();
  await confirmConsent(page);
  await expect(page.locator('.session-meta .badge')).toHaveText('complete', { timeout: 90_000 });
  const calls = (await journal(request)).slice(before);
  expect(calls.length).toBe(9);
  for (const call of calls) {
    const prompt = userPrompt(call);
    expect(prompt, `${call.body.model}'s request`).toContain(`log line ${from - 1}: `);
    expect(prompt, `${call.body.model}'s request`).not.toContain(`log line ${from}: `);
    expect(prompt, `${call.body.model}'s request`).not.toContain('log line 400: ');
  }
  const read = page.getByRole('region', { name: 'What the council read' });
  await expect(read.locator('.material-source').nth(1)).toContainText(`worker.log`);
  await expect(read.locator('.material-source').nth(1)).toContainText(`${(from - 1).toLocaleString('en-US')} lines`);
  expect(errors).toEqual([]);
});

test('a panelist asked again takes files as the follow-up does: its request carries the thread\'s material and them', async ({ page, request }) => {
  test.setTimeout(180_000);
  const errors = watchConsole(page);
  await consultForm(page, READERS);
  await page.locator('.attach input[type=file]').setInputFiles([file('billing.txt')]);
  await expect(chips(page)).toHaveCount(1, { timeout: 60_000 });
  await askTheCouncil(page);
  await expect(page.locator('.session-meta .badge')).toHaveText('complete', { timeout: 90_000 });

  await openRounds(page);
  const again = page.locator('#round-1 .ask-again').filter({ has: page.getByRole('button', { name: 'Ask again: Panelist 2 · reader-beta' }) });
  await again.locator('.ask-again-files > summary').click();
  await again.locator('.attach input[type=file]').setInputFiles([file('notes.md')]);
  const turnChips = again.getByRole('list', { name: 'Attached material' }).locator('.attach-chip:not(.reading)');
  await expect(turnChips).toHaveCount(1, { timeout: 60_000 });
  // Numbered after the thread's material, which it reads anyway.
  await expect(turnChips.first()).toContainText('S2 · notes.md · Markdown');
  const before = (await journal(request)).length;
  await again.getByRole('button', { name: 'Ask again: Panelist 2 · reader-beta' }).click();
  await confirmConsent(page);
  await expect(page.locator('.member-answer[data-decision] h3')).toHaveText('Panelist 2 · reader-beta answered again', { timeout: 60_000 });
  const calls = (await journal(request)).slice(before);
  expect(calls.map((c) => c.body.model)).toEqual(['reader-beta']);
  const billing = fs.readFileSync(file('billing.txt'), 'utf8').trimEnd();
  const notes = fs.readFileSync(file('notes.md'), 'utf8').trimEnd();
  for (const words of [billing, notes]) expect(userPrompt(calls[0])).toContain(words);
  const read = page.getByRole('region', { name: 'What the council read' });
  await expect(read.locator('.material-source .source-name')).toHaveText(['billing.txt', 'notes.md']);
  expect(errors).toEqual([]);
});
