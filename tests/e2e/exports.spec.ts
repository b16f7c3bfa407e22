// The standalone HTML export of each protocol: opened as a file, it shows the decision, with no
// console error and no network request (no script, no external resource).
import { expect, test } from './guard';
import { runThreeDemos } from './demos';

test('the HTML export of each protocol opens as a file with no error and no request', async ({ page, context }, testInfo) => {
  test.setTimeout(180_000);
  await page.goto('/');
  const records = await runThreeDemos(page);
  const expected = [
    records[0].body.round4.recommendation.slice(0, 60),
    records[1].body.verdict.reason.slice(0, 40),
    records[2].body.outcome,
  ];
  for (const [i, record] of records.entries()) {
    await page.goto(`/#/session/${record.id}`);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export HTML' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.html$/);
    const path = testInfo.outputPath(`${record.id}.html`);
    await file.saveAs(path);

    const viewer = await context.newPage();
    const problems: string[] = [];
    viewer.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
    viewer.on('pageerror', (e) => problems.push(String(e)));
    viewer.on('request', (r) => { if (!r.url().startsWith('file://')) problems.push(`request: ${r.url()}`); });
    await viewer.goto(`file://${path}`);
    await expect(viewer.locator('body')).toContainText(expected[i]);
    await expect(viewer.locator('body')).toContainText('Demo: scripted participants');
    await expect(viewer.locator('script, img, iframe, link[rel=stylesheet]')).toHaveCount(0);
    await viewer.emulateMedia({ media: 'print' });
    await viewer.pdf().catch(() => undefined); // prints (headless Chromium) without error
    expect(problems).toEqual([]);
    await viewer.close();
  }
});
