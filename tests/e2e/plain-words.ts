// Views read in plain words: no snake_case word, no ALL-CAPS enum value and no internal
// id outside a <details> (where raw names belong). The check is a function over the page's visible
// text, so a spec can run it on every view it walks.
import { Page } from '@playwright/test';

/** Capitals a reader knows (and the demos' texts use): allowed as they are. */
export const ACRONYMS = [
  'AI', 'AKIA', 'API', 'AWS', 'CI', 'CORS', 'CPU', 'CSS', 'CSV', 'DOCX', 'GB', 'HCI', 'HTML', 'HTTP', 'HTTPS',
  'ID', 'JSON', 'JSONL', 'JWT', 'KB', 'LLM', 'LM', 'MB', 'OK', 'ORM', 'PR', 'RICE', 'SAML', 'SQL',
  'PDF', 'SRE', 'SSO', 'TLS', 'UI', 'URL', 'USD', 'UX', 'XL',
];

/**
 * Names that are meant as they are, each for its reason: an environment variable the user must set
 * (Ollama's hint), a function of the demo diff that a reviewer's finding names, and "round-1" as an
 * adjective ("the round-1 vote").
 */
export const MEANT_AS_THEY_ARE = ['OLLAMA_ORIGINS', 'find_invoices', 'round-1'];

/**
 * The words of `text` that read as code rather than words: snake_case, ALL-CAPS, ids like `opp-3`,
 * and plurals like "item(s)".
 */
export function rawNames(text: string, acronyms: string[] = ACRONYMS): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(/\b[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+\b/g)) found.add(match[0]);
  for (const match of text.matchAll(/\b[A-Z]{2,}[0-9]*\b/g)) {
    if (!acronyms.includes(match[0])) found.add(match[0]);
  }
  for (const match of text.matchAll(/\b[a-z]{1,5}-[0-9]+\b/g)) found.add(match[0]);
  // A plural left to the reader: "3 item(s)".
  for (const match of text.matchAll(/\b[A-Za-z]+\(s\)/g)) found.add(match[0]);
  return [...found].filter((name) => !MEANT_AS_THEY_ARE.includes(name));
}

/**
 * The text a user sees on the page, outside <details> and outside fields and code blocks (what the
 * user typed or pasted is theirs): each visible text node's text, one per line.
 */
export async function visibleTextOutsideDetails(page: Page): Promise<string> {
  return page.evaluate(() => {
    const lines: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.trim();
      if (!parent || !text) continue;
      if (parent.closest('details, script, style, textarea, select, pre, .visually-hidden')) continue;
      if (!parent.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      lines.push(text);
    }
    return lines.join('\n');
  });
}

/** The raw names on the page now, each with the line it is in (for a readable failure). */
export async function rawNamesOnPage(page: Page): Promise<string[]> {
  const text = await visibleTextOutsideDetails(page);
  return text.split('\n').flatMap((line) => rawNames(line).map((name) => `${name}  (in "${line.slice(0, 120)}")`));
}
