import { expect, Page } from '@playwright/test';
import { openSessionId, storedSessionIn } from './stored';

/** Runs one demo of each protocol and returns their stored records (consult, review, prioritize). */
export async function runThreeDemos(page: Page): Promise<any[]> {
  const records: any[] = [];
  await page.getByRole('button', { name: 'Run the demo council' }).click();
  await skipToTheDecision(page);
  await expect(page.locator('.session-meta .badge').first()).toHaveText('complete', { timeout: 90_000 });
  records.push(await storedSessionIn(page, openSessionId(page), 'complete'));
  await newSession(page, 'Review: a code change');
  await page.getByRole('button', { name: 'Run the demo review' }).click();
  await skipToTheDecision(page);
  await expect(page.locator('.review-verdict-label')).toBeVisible({ timeout: 60_000 });
  records.push(await storedSessionIn(page, openSessionId(page), 'conclusion'));
  await newSession(page, 'Prioritize: a backlog');
  await page.getByRole('button', { name: 'Run the demo prioritization' }).click();
  await skipToTheDecision(page);
  await expect(page.locator('.session-meta .badge').first()).toHaveText('complete', { timeout: 90_000 });
  records.push(await storedSessionIn(page, openSessionId(page), 'complete'));
  return records;
}

/** Ends a paced demo at once (it streams at a readable pace, about 10 s, otherwise). */
export async function skipToTheDecision(page: Page) {
  await page.locator('.run-stepper').getByRole('button', { name: 'Skip to the decision' }).click();
}

export async function newSession(page: Page, protocol: string) {
  await page.getByRole('button', { name: 'New session' }).click();
  await page.getByRole('button', { name: protocol }).click();
}

/**
 * Writes `count` sessions into the app's IndexedDB as records only (cloned from `templates`, each
 * with its own id, title and date, one day apart, newest first); the app builds their summaries
 * and search texts itself when it next opens. Session `rare.index` gets `rare.word` in its verdict.
 */
export async function seedSessions(page: Page, templates: any[], count: number, rare: { index: number; word: string }) {
  await page.evaluate(
    ({ templates, count, rare }) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('consilium');
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction('sessions', 'readwrite');
          const store = tx.objectStore('sessions');
          const now = Date.now();
          for (let i = 0; i < count; i++) {
            const session = structuredClone(templates[i % templates.length]);
            session.id = `seed-${String(i).padStart(4, '0')}`;
            session.title = `Seeded session ${i}: ${session.title}`;
            session.subject = `Seeded session ${i}. ${session.subject}`;
            const when = new Date(now - i * 86_400_000 - 60_000).toISOString();
            session.created_at = when;
            session.updated_at = when;
            if (i === rare.index) session.body.round4.recommendation += ` Use the ${rare.word} rollout.`;
            store.put(JSON.stringify(session), session.id);
          }
          tx.oncomplete = () => { db.close(); resolve(); };
          tx.onerror = () => reject(tx.error);
        };
        open.onerror = () => reject(open.error);
      }),
    { templates, count, rare },
  );
}
