// The strict Content-Security-Policy: the served page carries it, has no inline script, and the guard
// that every spec runs under (guard.ts) really sees a violation.
import * as fs from 'fs';
import * as path from 'path';
import { expect, test } from './guard';

const policyOf = (html: string) => {
  const meta = html.match(/<meta http-equiv="Content-Security-Policy" content="([^"]*)"/);
  expect(meta, 'CSP meta tag in index.html').not.toBeNull();
  return new Map(meta![1].split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));
};

test('the served page has the strict policy and no inline script', async ({ request }) => {
  const html = await (await request.get('/index.html')).text();
  const policy = policyOf(html);
  expect(policy.get('default-src')).toEqual(["'self'"]);
  expect(policy.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
  expect(policy.get('style-src')).toEqual(["'self'"]);
  expect(policy.get('connect-src')).toEqual(["'self'", 'https:', 'http://127.0.0.1:*', 'http://localhost:*']);
  expect(policy.get('object-src')).toEqual(["'none'"]);
  expect(policy.get('base-uri')).toEqual(["'none'"]);
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
  expect(scripts.length).toBeGreaterThan(0);
  for (const [, attributes, body] of scripts) {
    expect(attributes, 'every script is loaded from a file').toMatch(/\bsrc="/);
    expect(body.trim()).toBe('');
  }
  expect(html).not.toMatch(/\son[a-z]+=/i); // no inline event handlers either
});

test('the header documented for hosts is the same policy plus frame-ancestors', async ({ request }) => {
  const meta = policyOf(await (await request.get('/index.html')).text());
  const readme = fs.readFileSync(path.join(__dirname, '..', '..', 'README.md'), 'utf8');
  const header = readme.match(/^Content-Security-Policy: (.*)$/m);
  expect(header, 'README documents the CSP header').not.toBeNull();
  const documented = policyOf(`<meta http-equiv="Content-Security-Policy" content="${header![1]}"`);
  expect(documented.get('frame-ancestors')).toEqual(["'none'"]);
  documented.delete('frame-ancestors');
  expect([...documented]).toEqual([...meta]);
});

test('every spec runs under the CSP guard', async () => {
  for (const file of fs.readdirSync(__dirname).filter((name) => name.endsWith('.spec.ts'))) {
    const source = fs.readFileSync(path.join(__dirname, file), 'utf8');
    expect(source, `${file} imports test from ./guard`).toMatch(/import \{[^}]*\btest\b[^}]*\} from '\.\/guard'/);
  }
});

test('the guard sees what the policy refuses', async ({ page, cspViolations }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Run the demo council' })).toBeVisible();
  expect(cspViolations).toEqual([]); // the app itself starts without breaking the policy

  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.inlineRan = true';
    document.body.append(script);
    fetch('http://example.com/').catch(() => {});
  });
  await expect.poll(() => cspViolations.map((v) => v.directive).sort())
    .toEqual(expect.arrayContaining(['connect-src', 'script-src-elem']));
  expect(await page.evaluate(() => (window as unknown as { inlineRan?: boolean }).inlineRan)).toBeUndefined();
  // Both refusals also reach the console; wait for them so none arrives after the list is cleared.
  await expect.poll(() => cspViolations.filter((v) => v.directive === 'console').length).toBe(2);
  cspViolations.length = 0; // expected here, so the guard must not fail this test
});
