import { expect as base, test as baseTest, type Locator, type Page } from '@playwright/test';

/**
 * What a person sees (issue #32). Playwright's `toBeVisible()` passes for an element at opacity 0,
 * which let every toast ship invisible with a green suite. Every spec imports `test` and `expect`
 * from here:
 * - `expect(locator).toBeSeen()` asserts that the element is actually on the screen: it has a size,
 *   `visibility: visible`, an opacity (its own times its ancestors') of at least 0.9, lies inside the
 *   viewport and is not clipped by a container that hides its overflow;
 * - every page of every test is watched: a toast (`[data-toast]`) or an alert (`[role=alert]`) that
 *   appears and is not seen 1 s later (and is still there, not leaving) fails the test that made it.
 */

/** Why `el` is not seen, or null. Runs in the browser (serialised), so it uses nothing from outside. */
export function unseenReason(el: Element): string | null {
  const box = el.getBoundingClientRect();
  if (box.width < 1 || box.height < 1) return 'it has no size';
  const style = getComputedStyle(el);
  if (style.visibility !== 'visible') return `visibility is ${style.visibility}`;
  let opacity = 1;
  for (let e: Element | null = el; e; e = e.parentElement) opacity *= Number(getComputedStyle(e).opacity);
  if (opacity < 0.9) return `its opacity is ${opacity.toFixed(2)}`;
  const width = document.documentElement.clientWidth;
  const height = window.innerHeight;
  if (box.left < -1 || box.top < -1 || box.right > width + 1 || box.bottom > height + 1) {
    return `it lies outside the ${width}×${height} viewport (${Math.round(box.left)},${Math.round(box.top)} to ${Math.round(box.right)},${Math.round(box.bottom)})`;
  }
  for (let e = el.parentElement; e && e !== document.body; e = e.parentElement) {
    const s = getComputedStyle(e);
    if (!/hidden|clip|auto|scroll/.test(`${s.overflowX} ${s.overflowY}`)) continue;
    const p = e.getBoundingClientRect();
    if (box.left < p.left - 1 || box.right > p.right + 1 || box.top < p.top - 1 || box.bottom > p.bottom + 1) return 'it is clipped by its container';
  }
  return null;
}

/** Watches a page for toasts and alerts and reports the ones not seen 1 s after they appear. */
function watchScript() {
  const SELECTOR = '[data-toast], [role="alert"]';
  const checked = new WeakSet<Element>();
  const describe = (el: Element) => (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 120);
  const check = (el: Element) => {
    if (checked.has(el)) return;
    checked.add(el);
    setTimeout(() => {
      if (!el.isConnected) return; // gone again (dismissed, navigated): nothing to see
      if (el.closest('[data-removed="true"], [hidden], [aria-hidden="true"], [inert]')) return; // on its way out
      if (el.matches('[role="alert"]') && el.closest('[data-toast]')) return; // the toast itself is checked
      if (!(el.textContent ?? '').trim()) return; // an empty live region waiting for a message
      // The same reason function as toBeSeen, handed over as source by the fixture.
      const reason = (window as unknown as { __unseenReason: (e: Element) => string | null }).__unseenReason(el);
      if (reason) void (window as unknown as { __reportUnseen: (s: string) => Promise<void> }).__reportUnseen(`"${describe(el)}" on ${location.pathname}: ${reason}`);
    }, 1000);
  };
  const scan = (root: ParentNode) => {
    if (root instanceof Element && root.matches(SELECTOR)) check(root);
    root.querySelectorAll?.(SELECTOR).forEach(check);
  };
  new MutationObserver((records) => {
    for (const r of records) {
      r.addedNodes.forEach((n) => n instanceof Element && scan(n));
      // A message written into an alert that was already there.
      const target = r.target instanceof Element ? r.target : r.target.parentElement;
      const alert = target?.closest(SELECTOR);
      if (alert && r.type !== 'attributes') {
        checked.delete(alert);
        check(alert);
      }
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
  document.addEventListener('DOMContentLoaded', () => scan(document));
}

export const test = baseTest.extend<{ seenWatch: void }>({
  seenWatch: [
    async ({ context }, use) => {
      const unseen: string[] = [];
      await context.exposeBinding('__reportUnseen', (_source, what: string) => {
        unseen.push(what);
      });
      await context.addInitScript(`window.__unseenReason = ${unseenReason.toString()}; (${watchScript.toString()})();`);
      await use();
      base(unseen, 'toasts and alerts that appeared without being seen').toEqual([]);
    },
    { auto: true },
  ],
});

export const expect = base.extend({
  /** The element is on the screen as a person sees it (see `unseenReason`), within the timeout. */
  async toBeSeen(locator: Locator, options: { timeout?: number } = {}) {
    const timeout = options.timeout ?? 5000;
    const deadline = Date.now() + timeout;
    let reason: string | null = 'it was not found';
    for (;;) {
      try {
        reason = await locator.first().evaluate(unseenReason, undefined, { timeout: Math.max(100, Math.min(1000, deadline - Date.now())) });
      } catch {
        // Not there (yet, or any more): the last reason seen, if any, says more than "not found".
      }
      if (!reason || Date.now() >= deadline) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const pass = reason === null;
    return {
      pass,
      name: 'toBeSeen',
      message: () => (pass ? `expected ${locator} not to be seen, but it is on the screen` : `expected ${locator} to be seen, but ${reason}`),
    };
  },
});

/** A toast with this text, seen on the screen (not only present in the page). */
export async function expectToast(page: Page, text: string | RegExp, options: { timeout?: number } = {}): Promise<void> {
  const toast = page.locator('[data-toast]:not([data-removed="true"])').filter({ hasText: text }).first();
  await expect(toast).toBeSeen({ timeout: options.timeout ?? 10_000 });
  // §9: at the bottom of the screen, at most 600 px wide.
  const where = await toast.evaluate((el) => ({ bottom: el.getBoundingClientRect().bottom, width: el.getBoundingClientRect().width, height: window.innerHeight }));
  base(where.bottom, 'the toast sits at the bottom of the screen').toBeGreaterThan(where.height * 0.6);
  base(where.width).toBeLessThanOrEqual(600);
}
