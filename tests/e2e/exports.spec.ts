// The standalone HTML export of each protocol: saved from the session's Export menu and opened as
// a file, it leads with the decision, renders tables as tables, carries the visuals (Consult's
// meter and stance matrix, Review's fix items with their lines, Prioritize's bump chart labelled
// with titles), and runs nothing: no console error, no request, no script.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './guard';
import { runThreeDemos } from './demos';
import { exportAs } from './helpers';

test('the HTML export of each protocol leads with the decision, carries its visuals and opens as a file with no error and no request', async ({ page, context }, testInfo) => {
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
    const file = await exportAs(page, 'HTML report');
    expect(file.suggestedFilename()).toMatch(/\.html$/);
    // The menu closed and gave the focus back to its button.
    await expect(page.locator('.export-menu')).not.toHaveAttribute('open', '');
    const path = testInfo.outputPath(`${record.id}.html`);
    await file.saveAs(path);

    const viewer = await context.newPage();
    const problems: string[] = [];
    viewer.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
    viewer.on('pageerror', (e) => problems.push(String(e)));
    viewer.on('request', (r) => { if (!r.url().startsWith('file://')) problems.push(`request: ${r.url()}`); });
    await viewer.goto(`file://${path}`);
    const body = viewer.locator('body');
    await expect(body).toContainText(expected[i]);
    await expect(body).toContainText('Demo: scripted participants');
    await expect(viewer.locator('script, img, iframe, link[rel=stylesheet]')).toHaveCount(0);
    // Decision first: the first section after the header is the decision.
    await expect(viewer.locator('main > section').first()).toHaveAttribute('id', 'decision');
    // No Markdown table syntax anywhere; every table is a table.
    expect(await body.innerText()).not.toMatch(/\|\s*-{3}|\| Rank \|/);
    if (i === 0) {
      await expect(viewer.locator('#decision .answer')).toBeVisible();
      await expect(viewer.locator('#decision .chip')).toHaveText(/^\d+% · (no|low|medium|high) dissent$/);
      await expect(viewer.locator('#decision figure.meter svg[role=img]')).toHaveAttribute('aria-label', /computed, allowed/);
      await expect(viewer.locator('table.matrix tbody tr')).toHaveCount(3);
    } else if (i === 1) {
      await expect(viewer.locator('#decision .verdict')).toHaveText('Changes requested');
      const fixes = viewer.locator('#fix-items .finding');
      await expect(fixes).toHaveCount(3);
      await expect(fixes.first().locator('.lines')).toHaveText('Line 4');
      await expect(fixes.first().locator('pre.cited')).toContainText('AWS_ACCESS_KEY_ID');
      await expect(body).not.toContainText('AKIAQ3EGRU7XK5N2ZD4W');
    } else {
      await expect(viewer.locator('#decision .answer')).toHaveText(record.body.outcome);
      await expect(viewer.locator('.ranked table tbody tr')).toHaveCount(record.body.ranked.length);
      await expect(viewer.locator('svg.bump text', { hasText: 'Fix flaky checkout test' })).toHaveCount(1);
    }
    // Readable by everyone, in light and dark.
    for (const colorScheme of ['light', 'dark'] as const) {
      await viewer.emulateMedia({ colorScheme });
      const axe = await new AxeBuilder({ page: viewer }).analyze();
      expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), colorScheme).toEqual([]);
    }
    await viewer.emulateMedia({ media: 'print' });
    await viewer.pdf().catch(() => undefined); // prints (headless Chromium) without error
    expect(problems).toEqual([]);
    await viewer.close();
  }
});
