// The `test` every spec uses: Playwright's, plus an automatic check that the page never broke its
// Content-Security-Policy (index.html). Every `securitypolicyviolation` event in any page or frame of the
// test's browser context, and every console report of a refused load, fails the test after it ran.
// And every request to the real model (llama-server) samples greedily with a fixed seed, so a
// real-model test walks the same branch each time (the app's own temperature is 0.7).
import { expect, test as base } from '@playwright/test';
import { LLAMA_PORT } from './servers';

/** What every chat request to llama-server is sent with (llama.cpp honours both). */
export const REAL_MODEL_SAMPLING = { temperature: 0, seed: 42 };

export type CspViolation = { directive: string; blocked: string; source: string; sample: string };

export const test = base.extend<{ cspViolations: CspViolation[]; greedyRealModel: void }>({
  greedyRealModel: [
    async ({ context }, use) => {
      await context.route(`http://127.0.0.1:${LLAMA_PORT}/**/chat/completions`, async (route) => {
        const request = route.request();
        const body = request.method() === 'POST' ? request.postData() : null;
        if (!body) return route.continue();
        const sent = JSON.parse(body);
        await route.continue({ postData: JSON.stringify({ ...sent, ...REAL_MODEL_SAMPLING }) });
      });
      await use();
    },
    { auto: true },
  ],
  cspViolations: [
    async ({ context }, use) => {
      const violations: CspViolation[] = [];
      await context.exposeBinding('__reportCspViolation', (_source, violation: CspViolation) => {
        violations.push(violation);
      });
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          (window as unknown as { __reportCspViolation(v: unknown): void }).__reportCspViolation({
            directive: event.effectiveDirective,
            blocked: event.blockedURI,
            source: `${event.sourceFile}:${event.lineNumber}`,
            sample: event.sample,
          });
        });
      });
      // Chromium also reports every refusal on the console, once, with this wording; this catches one
      // that happens before the listener above exists (or in a page without it).
      context.on('console', (message) => {
        const text = message.text();
        if (text.includes('violates the following Content Security Policy directive')) {
          violations.push({ directive: 'console', blocked: '', source: message.location().url, sample: text });
        }
      });
      await use(violations);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
