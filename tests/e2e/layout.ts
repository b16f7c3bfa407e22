// Layout checks for a phone-sized page: nothing scrolls sideways, and no control, badge, pill or
// table header breaks inside a word (buttons, badges, chips and column headers stay on one line).
import { expect, Page } from '@playwright/test';

export const PHONE = { width: 390, height: 844 };

type LayoutReport = { scrollWidth: number; innerWidth: number; wide: string[]; split: string[]; wrapped: string[] };

/** What is wrong with the page's layout as it is now (empty lists when nothing is). */
export async function layoutProblems(page: Page): Promise<LayoutReport> {
  return page.evaluate(() => {
    const describe = (el: Element) => {
      const classes = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
      return `${el.tagName.toLowerCase()}${classes} "${(el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40)}"`;
    };
    // Shown: laid out, not in a closed <details>, not clipped away like a visually hidden label.
    const shown = (el: Element) => {
      if (!el.checkVisibility({ contentVisibilityAuto: true, visibilityProperty: true, opacityProperty: false })) return false;
      for (let at: Element | null = el; at; at = at.parentElement) {
        const style = getComputedStyle(at);
        if (style.clip !== 'auto' && style.clip !== '') return false;
        const box = at.getBoundingClientRect();
        if (style.overflow === 'hidden' && (box.width <= 1 || box.height <= 1)) return false;
      }
      return true;
    };
    // The line boxes each word of `el` lies on: a word on two lines was broken inside.
    const words = (el: Element) => {
      const found: { word: string; lines: number }[] = [];
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        if (node.parentElement && !shown(node.parentElement)) continue;
        for (const match of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index!);
          range.setEnd(node, match.index! + match[0].length);
          const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          found.push({ word: match[0], lines: tops.size });
        }
      }
      return found;
    };
    const lineCount = (el: Element) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      const tops = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0).map((r) => r.top);
      // Rects of one line differ by a few pixels (inline boxes of other fonts); a new line starts
      // at least a line's height lower.
      const lineHeight = parseFloat(getComputedStyle(el).fontSize) || 16;
      let lines = 0;
      let last = -Infinity;
      for (const top of tops.sort((a, b) => a - b)) {
        if (top - last > lineHeight * 0.8) { lines++; last = top; }
      }
      return lines;
    };
    const innerWidth = window.innerWidth;
    const scrollWidth = document.scrollingElement!.scrollWidth;
    const wide = scrollWidth > innerWidth
      ? [...document.querySelectorAll('body *')]
        .filter((el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.right > innerWidth + 1; })
        .slice(-8).map((el) => `${describe(el)} right=${Math.round(el.getBoundingClientRect().right)}`)
      : [];
    const split: string[] = [];
    const wrapped: string[] = [];
    const controls = 'button, .badge, .chip, th, summary, .nav-button, [role="tab"], select';
    for (const el of document.querySelectorAll(controls)) {
      if (!shown(el)) continue;
      for (const { word, lines } of words(el)) if (lines > 1) split.push(`${describe(el)}: "${word}"`);
      // A link styled as a button carries a session's title: it may wrap between words.
      const oneLine = el.matches('button:not(.link), .badge, .chip, th[scope="col"]');
      if (oneLine && lineCount(el) > 1) wrapped.push(describe(el));
    }
    return { scrollWidth, innerWidth, wide, split, wrapped };
  });
}

/** Fails when the page scrolls sideways or a control breaks inside a word or wraps. */
export async function expectFitsPhone(page: Page, view: string) {
  const report = await layoutProblems(page);
  expect(report.split, `${view}: words broken inside`).toEqual([]);
  expect(report.wrapped, `${view}: buttons, badges and headers on more than one line`).toEqual([]);
  expect(report.scrollWidth, `${view}: scrolls sideways (${report.wide.join('; ')})`).toBeLessThanOrEqual(report.innerWidth);
}

/** Opens every closed <details> on the page (a round, Why?, Details), so what they hide is checked too. */
export async function openAllDetails(page: Page) {
  await page.evaluate(() => document.querySelectorAll('details:not([open])').forEach((d) => d.setAttribute('open', '')));
}
