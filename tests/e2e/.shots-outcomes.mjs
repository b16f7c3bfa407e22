// Screenshots of the judging control and the track record (issue 43), 390 and 1440, light and dark.
import { chromium } from 'playwright';
import * as fs from 'node:fs';
const APP_URL = process.env.APP_URL, OUT = process.env.OUT;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
for (const scheme of ['light', 'dark']) {
  for (const [name, size] of [['phone', { width: 390, height: 844 }], ['desktop', { width: 1440, height: 900 }]]) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, colorScheme: scheme });
    const page = await context.newPage();
    await page.goto(APP_URL);
    await page.getByRole('button', { name: 'Run the demo council' }).click();
    await page.locator('.run-stepper').getByRole('button', { name: 'Skip to the decision' }).click();
    await page.locator('.session-meta .badge').first().filter({ hasText: 'complete' }).waitFor({ timeout: 90_000 });
    await page.setViewportSize(size);
    const control = page.locator('.outcome-judge');
    await control.waitFor();
    await control.screenshot({ path: `${OUT}/judge-closed-${name}-${scheme}.png` });
    await control.getByRole('button', { name: 'Judge this decision' }).click();
    await control.getByRole('radio', { name: 'Partly' }).check();
    await control.getByLabel('Note (optional)').fill('Half of it held: the migration did, the timeline did not.');
    await control.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${OUT}/judge-form-${name}-${scheme}.png` });
    await control.getByRole('button', { name: 'Save the outcome' }).click();
    await page.locator('.outcome-line').waitFor();
    await control.screenshot({ path: `${OUT}/judge-saved-${name}-${scheme}.png` });
    const id = decodeURIComponent(page.url().split('#/session/')[1]);
    const record = await page.evaluate((id) => new Promise((resolve) => {
      const open = indexedDB.open('consilium');
      open.onsuccess = () => { const r = open.result.transaction('sessions').objectStore('sessions').get(id); r.onsuccess = () => resolve(JSON.parse(r.result)); };
    }), id);
    await page.goto(`${APP_URL}#/track-record`);
    await page.locator('.track-record-refusal').waitFor();
    await page.screenshot({ path: `${OUT}/track-refusal-${name}-${scheme}.png`, fullPage: true });
    const verdicts = ['right', 'right', 'right', 'wrong', 'right', 'partly', 'right', 'wrong', 'right', 'right', 'too_early'];
    const sessions = verdicts.map((verdict, i) => {
      const c = structuredClone(record);
      c.id = `shot-${i}`; c.title = `Imported ${i}`;
      c.outcome = { verdict, judged_at: '2026-11-20T09:00:00.000Z' };
      return c;
    });
    const file = `${OUT}/judged.json`;
    fs.writeFileSync(file, JSON.stringify({ format: 'consilium.sessions', version: 1, exported_at: 'x', sessions }));
    await page.goto(`${APP_URL}#/history`);
    await page.getByLabel('Import sessions').setInputFiles(file);
    await page.getByText(/Imported 11 of 11/).waitFor();
    await page.goto(`${APP_URL}#/track-record`);
    await page.locator('.track-record-headline').waitFor();
    await page.screenshot({ path: `${OUT}/track-figures-${name}-${scheme}.png`, fullPage: true });
    await context.close();
  }
}
await browser.close();
console.log('done');
