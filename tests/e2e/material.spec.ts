// Material attached to a Consult (issue 41), against aimock's scripted council
// (fixtures/aimock/consult.json) and the files made by fixtures/material/make.py: a text file, a
// PDF (read by pdf.js in its worker) and a DOCX (mammoth in ours) become chips with their tokens;
// every bad file is refused by name with nothing else changed; an image is named before the start
// for the seats whose models cannot see images; 390 px fits.
import * as path from 'path';
import { expect, test } from './guard';
import { QUESTION, SEATS } from './aimock-council';
import { MOCK_URL } from './servers';
import { addCompatibleProvider, askTheCouncil, openCouncil, watchConsole } from './helpers';
import { expectFitsPhone, PHONE } from './layout';

const FILES = path.join(__dirname, 'fixtures', 'material');
const file = (name: string) => path.join(FILES, name);

async function consultForm(page: import('@playwright/test').Page) {
  await page.goto('/');
  await addCompatibleProvider(page, 'aimock council', `${MOCK_URL}/v1`, SEATS[0].model);
  await page.getByRole('button', { name: 'New session' }).click();
  await page.getByLabel('Question', { exact: true }).fill(QUESTION);
  for (const { seat, model } of SEATS) {
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
  // What the requests carry is checked on h-material-shell-wip (not yet passing: see the report).
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
