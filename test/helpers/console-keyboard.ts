/**
 * The console driven by the keyboard alone (test/e2e/console*.test.ts): Tab until focus is on the
 * control wanted, then Enter, Space, Escape or typing, as a person without a mouse would. Each
 * step says where focus is, so a failing run names the control it could not reach.
 */
import { expect } from 'chai';
import type { Page } from 'playwright-core';

/** What has focus: its tag, its accessible text (a control's label, a button's or link's text) and role. */
export interface Focused { tag: string; name: string; role: string | null; outline: string }

export async function focused(page: Page): Promise<Focused> {
  // A string, run in the page: the test's own type check has no DOM library.
  return (await page.evaluate(`(() => {
    const el = document.activeElement;
    if (!el) return { tag: '', name: '', role: null, outline: 'none' };
    const label = el.getAttribute('aria-label') || (el.labels && el.labels[0] ? el.labels[0].textContent : '') || el.textContent || '';
    return { tag: el.tagName.toLowerCase(), name: label.replace(/\\s+/g, ' ').trim(), role: el.getAttribute('role'), outline: getComputedStyle(el).outlineStyle };
  })()`)) as Focused;
}

/**
 * Presses Tab (Shift+Tab with `backwards`) until the focused element's accessible text starts
 * with `name` (a string) or matches it (a RegExp); fails after `limit` presses. The element
 * reached shows a visible focus outline.
 */
export async function tabTo(page: Page, name: string | RegExp, options: { limit?: number; backwards?: boolean } = {}): Promise<Focused> {
  const matches = (f: Focused) => (typeof name === 'string' ? f.name.startsWith(name) : name.test(f.name));
  const seen: string[] = [];
  for (let i = 0; i < (options.limit ?? 60); i += 1) {
    await page.keyboard.press(options.backwards ? 'Shift+Tab' : 'Tab');
    const f = await focused(page);
    seen.push(`${f.tag}:${f.name.slice(0, 40)}`);
    if (matches(f)) {
      expect(f.outline, `a visible focus outline on ${f.name}`).to.not.equal('none');
      return f;
    }
  }
  throw new Error(`Tab never reached ${String(name)}; focus went through: ${seen.join(' | ')}`);
}

/** Focus is on the page's heading `title` (after a navigation). */
export async function headingFocused(page: Page, title: string): Promise<void> {
  await page.getByRole('heading', { name: title, exact: true, level: 1 }).waitFor();
  const f = await focused(page);
  expect(f, 'focus on the new page\'s heading').to.include({ tag: 'h1', name: title });
}
