import { expect, test, type Page } from '@playwright/test';
import { adminToken, createCustomer, signInBrowser } from './public-helpers';

/**
 * Issue #15 "Phone first": every page of the site on a 390 px phone, as a visitor, a customer and an
 * admin, in the three languages (they rotate over the pages so each language is seen everywhere
 * between the three passes). A page fails when it scrolls sideways, or when its active tab or
 * navigation entry (a selected tab, a link marked as the current page) sits off the screen.
 */
const WIDTH = 390;

const VISITOR = [
  '/',
  '/en/pricing',
  '/de/pricing',
  '/service',
  '/service/like',
  '/en/service/retweet',
  '/de/service/comment',
  '/service/reels_comment',
  '/en/service/youtube_subscribe',
  '/login',
  '/en/login',
  '/de/forgot-password',
  '/admin-login',
  '/privacy',
  '/en/terms',
  '/de/cookies',
  '/subscription-policy',
  '/en/docs/api',
  '/de/no-such-page',
];
const CUSTOMER = ['/panel', '/en/panel', '/de/panel/settings', '/panel/statistics', '/en/panel/subscription', '/de/panel/support', '/service/bookmark'];
const ADMIN = [
  '/rooting',
  '/en/rooting/users',
  '/de/rooting/packages',
  '/rooting/platforms',
  '/en/rooting/discounts',
  '/de/rooting/announcements',
  '/rooting/history',
  '/en/rooting/settings',
  '/de/rooting/audit',
  '/rooting/profiles',
  '/en/rooting/tickets',
  '/de/rooting/api-keys',
];

/** What is wrong with the page on a phone: sideways scroll, or an active tab out of view. */
async function phoneProblems(page: Page, path: string): Promise<string[]> {
  const response = await page.goto(path);
  const status = response?.status() ?? 0;
  if (status >= (path.includes('no-such-page') ? 500 : 400)) return [`${path}: answered ${status}`];
  await page.waitForLoadState('load');
  // Active tabs are scrolled into view once the page's script runs, which on a loaded machine may
  // come a little after `load`: what counts is where the page settles (checked for up to 5 s).
  let problems = await measure(page, path);
  for (let waited = 0; problems.length > 0 && waited < 5000; waited += 250) {
    await page.waitForTimeout(250);
    problems = await measure(page, path);
  }
  return problems;
}

function measure(page: Page, path: string): Promise<string[]> {
  return page.evaluate(
    ({ width, path }) => {
      const problems: string[] = [];
      const scroll = document.documentElement.scrollWidth;
      if (scroll > width) {
        const wide = [...document.querySelectorAll<HTMLElement>('body *')]
          .filter((el) => el.getBoundingClientRect().right > width + 1 && getComputedStyle(el).position !== 'fixed')
          .slice(0, 3)
          .map((el) => `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ').slice(0, 3).join('.')}` : ''}`);
        problems.push(`${path}: scrolls sideways (${scroll} px wide): ${wide.join(', ')}`);
      }
      const active = document.querySelectorAll<HTMLElement>('[role="tab"][aria-selected="true"], nav a[aria-current="page"], [role="tablist"] a[aria-current="page"]');
      for (const el of active) {
        const box = el.getBoundingClientRect();
        if (box.width === 0 || box.height === 0 || getComputedStyle(el).visibility === 'hidden') continue; // inside a closed menu
        if (box.left < -1 || box.right > width + 1) problems.push(`${path}: active "${el.textContent?.trim()}" is off screen (${Math.round(box.left)}–${Math.round(box.right)} px)`);
      }
      return problems;
    },
    { width: WIDTH, path },
  );
}

test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: WIDTH, height: 844 } });

test('every page fits a 390 px phone with its active tab in view: visitor, customer and admin', async ({ page, request }) => {
  test.setTimeout(180_000);
  const problems: string[] = [];
  for (const path of VISITOR) problems.push(...(await phoneProblems(page, path)));

  const admin = await adminToken(request);
  const customer = await createCustomer(request, admin, 'phone');
  await signInBrowser(page, customer.token);
  for (const path of CUSTOMER) problems.push(...(await phoneProblems(page, path)));

  await page.context().clearCookies();
  await signInBrowser(page, admin);
  for (const path of ADMIN) problems.push(...(await phoneProblems(page, path)));

  expect(problems).toEqual([]);
});
