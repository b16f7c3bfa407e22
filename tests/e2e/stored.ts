import { Page } from '@playwright/test';

/**
 * Reads and writes the app's IndexedDB from a test, the way a user's browser holds it: database
 * `consilium`, stores `sessions` / `summaries` / `texts` / `deleted`, session id -> JSON text, and
 * `outcomes`, [benchmark id, question index] -> that question's JSON text, `material`, content hash
 * -> a source's body (JSON text) stored once, `material_of`, session id -> the keys it names. Never
 * creates the database (that would skip the app's own upgrade): a missing one reads as empty.
 */
async function inDb<T>(page: Page, op: 'read' | 'write', store: string, arg: unknown): Promise<T> {
  return page.evaluate(
    ({ op, store, arg }) =>
      new Promise<any>((resolve, reject) => {
        const open = indexedDB.open('consilium');
        open.onupgradeneeded = () => open.transaction!.abort();
        open.onerror = () => resolve(op === 'read' ? {} : null);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(store)) { db.close(); resolve({}); return; }
          const tx = db.transaction(store, op === 'read' ? 'readonly' : 'readwrite');
          const objects = tx.objectStore(store);
          if (op === 'read') {
            const keys = objects.getAllKeys();
            const values = objects.getAll();
            tx.oncomplete = () => {
              const out: Record<string, unknown> = {};
              keys.result.forEach((k, i) => { out[String(k)] = values.result[i]; });
              db.close();
              resolve(out);
            };
          } else {
            const [key, value] = arg as [string, string];
            objects.put(value, key);
            tx.oncomplete = () => { db.close(); resolve(null); };
          }
          tx.onerror = () => { db.close(); reject(tx.error); };
        };
      }),
    { op, store, arg },
  );
}

/** Every stored session record, by id (parsed). */
export async function storedSessions(page: Page): Promise<Record<string, any>> {
  const raw = await inDb<Record<string, string>>(page, 'read', 'sessions', null);
  return Object.fromEntries(Object.entries(raw).map(([id, text]) => [id, JSON.parse(text)]));
}

/** One stored session record (parsed), or null. */
export async function storedSession(page: Page, id: string): Promise<any | null> {
  return (await storedSessions(page))[id] ?? null;
}

/** The material bodies stored apart from the records, by content hash (parsed: text, units, image). */
export async function storedMaterialBodies(page: Page): Promise<Record<string, any>> {
  const raw = await inDb<Record<string, string>>(page, 'read', 'material', null);
  return Object.fromEntries(Object.entries(raw).map(([key, text]) => [key, JSON.parse(text)]));
}

/** Every history summary, by id (parsed). */
export async function storedSummaries(page: Page): Promise<Record<string, any>> {
  const raw = await inDb<Record<string, string>>(page, 'read', 'summaries', null);
  return Object.fromEntries(Object.entries(raw).map(([id, text]) => [id, JSON.parse(text)]));
}

/** A benchmark's questions as stored apart from its record ({result, calls} each), in question
 * order; empty for a run stored whole. */
export async function storedQuestions(page: Page, id: string): Promise<any[]> {
  const raw = await inDb<Record<string, string>>(page, 'read', 'outcomes', null);
  // The keys are [id, index] arrays, read here as "id,index".
  return Object.entries(raw)
    .filter(([key]) => key.startsWith(`${id},`) && /^\d+$/.test(key.slice(id.length + 1)))
    .map(([key, text]): [number, any] => [Number(key.slice(id.length + 1)), JSON.parse(text)])
    .sort((a, b) => a[0] - b[0])
    .map(([, question]) => question);
}

/** A benchmark's questions' text, stored once in its own entry ([id, -1] in `outcomes`), or null. */
export async function storedQuestionTexts(page: Page, id: string): Promise<any[] | null> {
  const raw = await inDb<Record<string, string>>(page, 'read', 'outcomes', null);
  const text = raw[`${id},-1`];
  return text === undefined ? null : JSON.parse(text);
}

/** Replaces a stored record as a hand edit would (the summary is left as it was). */
export async function overwriteStoredSession(page: Page, session: any): Promise<void> {
  await inDb(page, 'write', 'sessions', [session.id, JSON.stringify(session)]);
}

/** The id in the URL of the session page that is open. */
export function openSessionId(page: Page): string {
  return decodeURIComponent(page.url().split('#/session/')[1] ?? '');
}

/** Everything the browser stores for the app (local storage and IndexedDB) as one string, to
 * search for what must never be stored (keys). */
export async function allBrowserStorage(page: Page): Promise<string> {
  const local = await page.evaluate(() => {
    const parts: string[] = [];
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i)!;
      parts.push(key, localStorage.getItem(key) ?? '');
    }
    return parts.join('\n');
  });
  const stores = await Promise.all(
    ['sessions', 'summaries', 'texts', 'deleted', 'outcomes', 'material', 'material_of'].map((s) => inDb<Record<string, unknown>>(page, 'read', s, null)),
  );
  return [local, ...stores.map((s) => JSON.stringify(s))].join('\n');
}

/** The stored record once it has reached `state` (the last save lands just after the page shows
 * the end). */
export async function storedSessionIn(page: Page, id: string, state: string | RegExp): Promise<any> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const session = await storedSession(page, id);
    const reached = session && (typeof state === 'string' ? session.state === state : state.test(session.state));
    if (reached) return session;
    if (Date.now() > deadline) throw new Error(`session ${id} not stored in state ${state} (stored: ${session?.state})`);
    await page.waitForTimeout(50);
  }
}
