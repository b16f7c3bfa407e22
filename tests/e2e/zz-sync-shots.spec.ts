import { expect, test } from './guard';
import { BUCKET, KEY_ID, S3_ENDPOINT, SECRET, useS3Server } from './s3-server';
useS3Server();
for (const width of [390, 1440]) {
  test(`shots ${width}`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Run the demo council' }).click();
    await page.locator('.run-stepper').getByRole('button', { name: 'Skip to the decision' }).click();
    await expect(page.locator('.session-meta .badge').first()).toHaveText('complete', { timeout: 90_000 });
    await page.goto('/#/settings');
    const sync = page.locator('.sync-settings');
    await sync.getByLabel('Endpoint').fill(S3_ENDPOINT);
    await sync.getByLabel('Region').fill('us-east-1');
    await sync.getByLabel('Bucket').fill(BUCKET);
    await sync.getByLabel('Access key id').fill(KEY_ID);
    await sync.getByLabel('Secret access key').fill(SECRET);
    await sync.getByLabel('Sync passphrase').fill('a passphrase for shots');
    await sync.getByLabel('Sync passphrase').blur();
    await sync.getByRole('button', { name: 'Sync now' }).click();
    await expect(sync.locator('.sync-status')).toHaveText(/^Synced/, { timeout: 60_000 });
    await sync.locator('details').first().click();
    await sync.screenshot({ path: `/tmp/sync-shots/settings-${width}.png` });
    await page.screenshot({ path: `/tmp/sync-shots/page-${width}.png`, fullPage: false });
  });
}
