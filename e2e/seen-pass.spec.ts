import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { adminToken, signInBrowser, loginAsAdmin } from './auth';
import { createCustomer, LOCALES, prefix, type Loc } from './public-helpers';

/**
 * What a person sees (issue #32): every public, panel and /rooting page, as a visitor, a customer
 * with packages and an admin, in tr, en and de, at 1440 px and at a 390 px phone. A page fails on:
 * - sideways scroll, or its active tab / current navigation entry off the screen (phone);
 * - visible text clipped by a container that hides its overflow (an ellipsis is a choice, not a clip);
 * - raw keys in visible text: message keys (`Errors.X`), snake_case keys (`new_tweet`), English
 *   enum words on a Turkish or German page (`balance`, `pending`);
 * - words broken mid-word (`word-break: break-all`);
 * - a `<title>` with a word twice in a row, or without the site's name;
 * - `<html lang>` not the page's language.
 * Toasts and alerts that appear on the way are checked by the fixture (e2e/fixtures.ts).
 */
const WIDE = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

const VISITOR = [
  '/',
  '/pricing',
  '/service',
  '/service/like',
  '/service/retweet',
  '/service/comment',
  '/service/new_tweet',
  '/service/reels_comment',
  '/service/youtube_subscribe',
  '/login',
  '/forgot-password',
  '/admin-login',
  '/privacy',
  '/terms',
  '/cookies',
  '/subscription-policy',
  '/imprint',
  '/docs/api',
  '/no-such-page',
];
const CUSTOMER = ['/panel', '/panel/settings', '/panel/statistics', '/panel/subscription', '/panel/support', '/service/bookmark', '/pricing'];
const ADMIN = [
  '/rooting',
  '/rooting/users',
  '/rooting/packages',
  '/rooting/platforms',
  '/rooting/discounts',
  '/rooting/announcements',
  '/rooting/history',
  '/rooting/settings',
  '/rooting/audit',
  '/rooting/profiles',
  '/rooting/tickets',
  '/rooting/api-keys',
  '/rooting/watches',
];

const NAMESPACES = Object.keys(JSON.parse(fs.readFileSync(path.join(process.cwd(), 'messages', 'en.json'), 'utf8')) as Record<string, unknown>);

type Measure = { locale: Loc; width: number; phone: boolean; namespaces: string[] };

/** Runs in the page: what a person would call wrong with it. */
function problemsOnScreen({ locale, width, phone, namespaces }: Measure): string[] {
  const problems: string[] = [];
  const name = (el: Element) => {
    const cls = typeof el.className === 'string' ? el.className.split(/\s+/).filter(Boolean).slice(0, 3).join('.') : '';
    return `${el.tagName.toLowerCase()}${cls ? `.${cls}` : ''} "${(el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40)}"`;
  };

  const scroll = document.documentElement.scrollWidth;
  if (scroll > width) {
    const wide = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 1 && getComputedStyle(el).position !== 'fixed')
      .slice(-2)
      .map(name);
    problems.push(`scrolls sideways (${scroll} px wide): ${wide.join(', ')}`);
  }

  if (phone) {
    const active = document.querySelectorAll<HTMLElement>('[role="tab"][aria-selected="true"], nav a[aria-current="page"], [role="tablist"] a[aria-current="page"]');
    for (const el of active) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(el).visibility === 'hidden') continue; // inside a closed menu
      if (box.left < -1 || box.right > width + 1) problems.push(`active "${el.textContent?.trim()}" is off screen (${Math.round(box.left)}–${Math.round(box.right)} px)`);
    }
  }

  // The text a person sees: text nodes whose element has a size, is not hidden and not screen-reader only.
  const hiddenFromEyes = (el: Element) =>
    el.closest('script, style, noscript, template, [hidden], [aria-hidden="true"], .sr-only, [data-toast]') !== null;
  const texts: { el: Element; text: string }[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.replace(/\s+/g, ' ').trim();
    const el = node.parentElement;
    if (!text || !el || hiddenFromEyes(el)) continue;
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    if (box.width < 2 || box.height < 2 || style.visibility !== 'visible') continue;
    texts.push({ el, text });
  }

  const keyPattern = new RegExp(`\\b(?:${namespaces.join('|')})\\.[A-Za-z_]+`);
  const enumPattern = /\b(?:balance|package|pending|processing|completed|failed|partial|cancelled|refunded)\b/;
  const reported = new Set<Element>();
  const once = (el: Element, what: string) => {
    if (reported.has(el)) return;
    reported.add(el);
    problems.push(what);
  };
  for (const { el, text } of texts) {
    // Code shows names as they are; a part declared in another language (the API reference's
    // English descriptions, lang="en") is not held to the page's language.
    const code = el.closest('code, pre, kbd, samp') !== null;
    const foreign = (el.closest('[lang]')?.getAttribute('lang') ?? locale) !== locale;
    if (!code) {
      const key = text.match(keyPattern)?.[0] ?? text.match(/\b[a-z]+_[a-z_]+\b/)?.[0];
      if (key && !/@|https?:/.test(text)) once(el, `raw key "${key}" in ${name(el)}`);
      const word = locale !== 'en' && !foreign ? text.match(enumPattern)?.[0] : undefined;
      if (word && !/@|https?:|\/\//.test(text)) once(el, `English word "${word}" on a ${locale} page in ${name(el)}`);
    }
    const style = getComputedStyle(el);
    if (style.wordBreak === 'break-all') once(el, `breaks words mid-word (break-all): ${name(el)}`);

    // Clipped: cut by an ancestor that hides its overflow, or by its own hidden overflow without an ellipsis.
    const box = el.getBoundingClientRect();
    if (/hidden|clip/.test(`${style.overflowX}${style.overflowY}`) && style.textOverflow !== 'ellipsis' && style.webkitLineClamp === 'none' && el.scrollWidth > el.clientWidth + 1) {
      once(el, `text clipped by its own box (${el.scrollWidth} > ${el.clientWidth} px): ${name(el)}`);
    }
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (!/hidden|clip/.test(`${s.overflowX}${s.overflowY}`)) continue;
      if (s.textOverflow === 'ellipsis' || s.webkitLineClamp !== 'none') break;
      const p = a.getBoundingClientRect();
      if (box.right > p.right + 2 || box.left < p.left - 2 || (box.bottom > p.bottom + 2 && p.height > 0) || box.top < p.top - 2) {
        // A collapsed panel (height 0) or one scrolled on purpose (carousels) hides on purpose.
        if (p.width > 2 && p.height > 2) once(el, `text clipped by ${name(a)}: ${name(el)}`);
      }
      break;
    }
  }

  const title = document.title;
  const site = document.querySelector('meta[property="og:site_name"]')?.getAttribute('content') ?? '';
  const doubled = title.match(/\b(\p{L}[\p{L}\d]*)\s+\1\b/iu);
  if (doubled) problems.push(`<title> "${title}" has "${doubled[1]}" twice in a row`);
  if (!site || !title.includes(site)) problems.push(`<title> "${title}" does not name the site "${site}"`);
  // A panel page's tab, <title> and heading say the same thing (issue #32: /panel's tab said "Duyurular").
  const tab = document.querySelector('[data-panel-tabs] a[aria-current="page"]')?.textContent?.trim();
  const heading = document.querySelector('h1')?.textContent?.trim() ?? '';
  if (tab && (!title.startsWith(tab) || !heading.startsWith(tab))) problems.push(`the panel tab "${tab}" does not name the page: <title> "${title}", heading "${heading}"`);
  if (document.documentElement.lang !== locale) problems.push(`<html lang="${document.documentElement.lang}"> on a ${locale} page`);
  return problems;
}

async function pageProblems(page: Page, locale: Loc, pathname: string): Promise<string[]> {
  const url = `${prefix(locale)}${pathname === '/' && locale !== 'tr' ? '' : pathname}` || '/';
  const out: string[] = [];
  // Loaded afresh at each width, as a phone or a desktop opens it (script that places things on load runs for that width).
  for (const [viewport, phone] of [[WIDE, false], [PHONE, true]] as const) {
    await page.setViewportSize(viewport);
    const response = await page.goto(url);
    const status = response?.status() ?? 0;
    if (status >= (pathname.includes('no-such-page') ? 500 : 400)) return [`${url}: answered ${status}`];
    await page.waitForLoadState('load');
    const args: Measure = { locale, width: viewport.width, phone, namespaces: NAMESPACES };
    // Late script (active tabs scrolled into view, cards added when idle) settles within a few seconds.
    let problems = await page.evaluate(problemsOnScreen, args);
    for (let waited = 0; problems.length > 0 && waited < 3000; waited += 250) {
      await page.waitForTimeout(250);
      problems = await page.evaluate(problemsOnScreen, args);
    }
    out.push(...problems.map((p) => `${url} at ${viewport.width} px: ${p}`));
  }
  return out;
}

async function pass(page: Page, paths: string[]): Promise<string[]> {
  const problems: string[] = [];
  for (const locale of LOCALES) for (const p of paths) problems.push(...(await pageProblems(page, locale, p)));
  return problems;
}

test.describe('what a person sees', () => {
  test('every public page, signed out, in tr, en and de at 1440 and 390 px', async ({ page }) => {
    test.setTimeout(300_000);
    expect(await pass(page, VISITOR)).toEqual([]);
  });

  test('every panel page of a customer with packages, in tr, en and de at 1440 and 390 px', async ({ page, request }) => {
    test.setTimeout(300_000);
    const customer = await createCustomer(request, await adminToken(request), 'seen');
    await signInBrowser(page, customer.token);
    expect(await pass(page, CUSTOMER)).toEqual([]);
  });

  test('every back-office page of an admin, in tr, en and de at 1440 and 390 px', async ({ page }) => {
    test.setTimeout(300_000);
    await loginAsAdmin(page);
    expect(await pass(page, ADMIN)).toEqual([]);
  });
});
