// The `test` every spec uses: Playwright's, plus an automatic check that the page never broke its
// Content-Security-Policy (index.html). Every `securitypolicyviolation` event in any page or frame of the
// test's browser context, and every console report of a refused load, fails the test after it ran.
import { expect, test as base } from '@playwright/test';

export type CspViolation = { directive: string; blocked: string; source: string; sample: string };

export const test = base.extend<{ cspViolations: CspViolation[] }>({
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
