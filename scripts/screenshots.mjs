// Takes the app's screenshot set into a folder: each protocol's form, live run, decision and failure,
// at desktop (1440x900) and phone (390x844) width, light and dark, as full-page PNGs named
// <protocol>-<view>-<width>-<scheme>.png. Run by scripts/screenshots.sh, which serves dist/ and a
// closed port for the failures; APP_URL and OUT come from it.
//
// Demos give the live run and the decision; a provider pointed at a port nothing listens on gives
// each protocol's failure. A step the app no longer offers (a form that changed) is skipped with a
// message, so the rest of the set is still taken.
import { chromium } from 'playwright';
import * as fs from 'node:fs';
import * as path from 'node:path';

const APP_URL = process.env.APP_URL;
const OUT = process.env.OUT;
const DEAD_URL = process.env.DEAD_URL ?? 'http://127.0.0.1:9/v1';
if (!APP_URL || !OUT) throw new Error('APP_URL and OUT must be set (run scripts/screenshots.sh <folder>)');
fs.mkdirSync(OUT, { recursive: true });

const SIZES = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } };
const SCHEMES = ['light', 'dark'];
const DEMOS = [
  { protocol: 'consult', tab: 'Consult: a question', demo: 'Run the demo council' },
  { protocol: 'review', tab: 'Review: a code change', demo: 'Run the demo review' },
  { protocol: 'prioritize', tab: 'Prioritize: a backlog', demo: 'Run the demo prioritization' },
];
const DIFF = 'diff --git a/app.py b/app.py\n--- a/app.py\n+++ b/app.py\n@@ -1,2 +1,3 @@\n import os\n+KEY = os.environ["KEY"]\n print("hi")\n';
const BACKLOG = ['- a: Search', '- b: Export to CSV', '- c: Dark mode', '- d: SSO', '- e: Audit log', '- f: Webhooks'].join('\n');

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
});
let taken = 0;
const skipped = [];

async function shot(page, name) {
  const file = path.join(OUT, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  taken++;
}

async function step(what, action) {
  try {
    await action();
  } catch (error) {
    skipped.push(`${what}: ${String(error).split('\n')[0]}`);
  }
}

async function openTab(page, tab) {
  await page.getByRole('button', { name: 'New session' }).click();
  await page.getByRole('button', { name: tab }).click();
}

async function finished(page) {
  await page.locator('.session-meta .badge').first().filter({ hasText: /^(complete|conclusion|failed)$/ })
    .waitFor({ timeout: 120_000 });
}

/** Adds an OpenAI-compatible provider that nothing answers, so every call fails to connect. */
async function addDeadProvider(page) {
  await page.getByRole('button', { name: 'Settings' }).click();
  const cards = page.locator('.provider-card');
  const before = await cards.count();
  await page.getByRole('button', { name: /^Add llama\.cpp/ }).first().click();
  await cards.nth(before).waitFor();
  const url = cards.nth(before).getByLabel('Base URL');
  await url.fill(DEAD_URL);
  await url.blur();
}

/** Confirms the consent dialog when the run asks for one (unpriced local models). */
async function confirmIfAsked(page) {
  const dialog = page.getByRole('alertdialog');
  if (await dialog.isVisible({ timeout: 3_000 }).catch(() => false)) {
    await dialog.getByRole('button', { name: /^(Run it|Start anyway)$/ }).first().click();
  }
}

for (const [size, viewport] of Object.entries(SIZES)) {
  for (const colorScheme of SCHEMES) {
    const suffix = `${size}-${colorScheme}`;
    const context = await browser.newContext({ viewport, colorScheme, deviceScaleFactor: size === 'phone' ? 2 : 1 });
    const page = await context.newPage();
    await page.goto(APP_URL);
    await page.getByRole('button', { name: 'New session' }).waitFor();
    await shot(page, `first-screen-${suffix}`);

    for (const { protocol, tab, demo } of DEMOS) {
      await step(`${protocol} form ${suffix}`, async () => {
        await openTab(page, tab);
        await shot(page, `${protocol}-form-${suffix}`);
      });
      await step(`${protocol} demo ${suffix}`, async () => {
        await page.getByRole('button', { name: demo }).click();
        await page.locator('.call-card, .live-calls').first().waitFor({ timeout: 30_000 });
        await page.waitForTimeout(800);
        await shot(page, `${protocol}-live-${suffix}`);
        await finished(page);
        await page.waitForTimeout(300);
        await shot(page, `${protocol}-decision-${suffix}`);
      });
    }

    await step(`failures ${suffix}`, async () => {
      await addDeadProvider(page);
      await step(`consult failure ${suffix}`, async () => {
        await openTab(page, 'Consult: a question');
        await page.getByLabel('Question', { exact: true }).fill('Should we move our CI from Jenkins to GitHub Actions?');
        await page.getByRole('button', { name: 'Ask the council' }).click();
        await confirmIfAsked(page);
        await finished(page);
        await shot(page, `consult-failure-${suffix}`);
      });
      await step(`review failure ${suffix}`, async () => {
        await openTab(page, 'Review: a code change');
        await page.getByLabel('Diff or code').fill(DIFF);
        await page.getByRole('button', { name: 'Start the review' }).click();
        await confirmIfAsked(page);
        await finished(page);
        await shot(page, `review-failure-${suffix}`);
      });
      await step(`prioritize failure ${suffix}`, async () => {
        await openTab(page, 'Prioritize: a backlog');
        await page.getByText('Import a backlog').click();
        await page.getByLabel('Paste it here').fill(BACKLOG);
        await page.getByRole('button', { name: 'Import', exact: true }).click();
        await page.getByRole('button', { name: 'Start the debate' }).click();
        await confirmIfAsked(page);
        await finished(page);
        await shot(page, `prioritize-failure-${suffix}`);
      });
    });
    await context.close();
  }
}
await browser.close();
console.log(`${taken} screenshots in ${OUT}`);
if (skipped.length) console.log(`skipped:\n  ${skipped.join('\n  ')}`);
