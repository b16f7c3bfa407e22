// No secret in a title, the shell's part: a key pasted into a question is shown on the page as
// asked, and masked everywhere a title leaves it: the tab's title (so the browser's history), the
// sidebar, History and the HTML export's <title>. The key is put together at run time, so no
// committed line holds one.
import * as fs from 'fs';
import { expect, test } from './guard';
import { MOCK_URL } from './servers';
import { addCompatibleProvider, exportAs } from './helpers';

const KEY = ['sk-proj-', 'Zr3vN0fKpL2sT7wYbX1c', 'Ve9uJ4mHdA6gRkP5oQ8n'].join('');
const SECRET_PART = KEY.slice(8, 20);

test('a key pasted into a question never reaches a title', async ({ page }) => {
  await page.goto('/');
  await addCompatibleProvider(page, 'aimock titles', `${MOCK_URL}/v1`, 'secret-title-e2e', '', true);
  await page.getByRole('button', { name: 'New session' }).first().click();
  const question = `Why does my OpenAI key ${KEY} get a 401 from the chat endpoint today?`;
  await page.getByLabel('Question', { exact: true }).fill(question);
  await page.getByRole('button', { name: 'Ask the council' }).click();
  // The page shows the question as asked (it is the user's own, in this tab).
  await expect(page.locator('#session-title')).toHaveText(question, { timeout: 60_000 });
  // Everything that leaves the page as a title is masked.
  await expect.poll(() => page.title()).toContain('OpenAI key sk-p');
  expect(await page.title()).not.toContain(SECRET_PART);
  await expect(page.locator('.sidebar .recent-title').first()).toContainText('OpenAI key');
  await expect(page.locator('.sidebar')).not.toContainText(SECRET_PART);
  const html = await (await exportAs(page, 'HTML report')).path();
  const text = fs.readFileSync(html!, 'utf8');
  const title = text.split('<title>')[1].split('</title>')[0];
  expect(title).toContain('OpenAI key');
  expect(title).not.toContain(SECRET_PART);
  await page.getByRole('button', { name: 'History' }).click();
  await expect(page.locator('.session-item').first()).toContainText('OpenAI key');
  await expect(page.locator('.history')).not.toContainText(SECRET_PART);
});
