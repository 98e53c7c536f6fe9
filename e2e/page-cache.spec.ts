import { type APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { adminToken, signInBrowser } from './auth';
import { createCustomer, msg } from './public-helpers';

/**
 * The few-seconds cache of rendered public pages (server/page-cache.ts) in the running app:
 * visitors share a render, signed-in customers share the app shell (never a visitor's page), and
 * an admin's change is on the next visitor's page at once.
 */
const CACHE = 'x-etk-page-cache';

async function visit(request: APIRequestContext, path: string, headers: Record<string, string> = {}) {
  const res = await request.get(path, { headers: { 'accept-language': 'tr-TR', ...headers }, maxRedirects: 0 });
  return { status: res.status(), cache: res.headers()[CACHE], location: res.headers().location, html: await res.text() };
}

test.describe('the public page cache', () => {
  test('visitors share one render of a service page', async ({ playwright }) => {
    const visitor = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    try {
      // The first answer sets the language cookie, which is part of the key: the browser's next
      // request (now with the cookie) is its own entry, and from then on it is served from memory.
      const first = await visit(visitor, '/en/service/like');
      const second = await visit(visitor, '/en/service/like');
      const third = await visit(visitor, '/en/service/like');
      expect([first.status, second.status]).toEqual([200, 200]);
      expect(third).toMatchObject({ status: 200, cache: 'hit' });
      expect(third.html).toBe(second.html);
      expect(third.html).toContain('<html lang="en"');
      // A link's campaign tags change nothing on the page: the kept render answers (issue #19).
      const tagged = await visit(visitor, '/en/service/like?utm_source=newsletter&gclid=abc');
      expect(tagged).toMatchObject({ status: 200, cache: 'hit' });
      expect(tagged.html).toBe(second.html);
      // The page reads no query at all: any other parameter gets the kept render too, so a
      // made-up one cannot force a render per request.
      const other = await visit(visitor, '/en/service/like?r=1&ref=partner');
      expect(other).toMatchObject({ status: 200, cache: 'hit' });
      expect(other.html).toBe(second.html);
      // The language switch is still the proxy's: a redirect, never a kept page.
      const switched = await visit(visitor, '/en/service/like?lng=de');
      expect(switched.status).toBe(307);
      expect(switched.location).toMatch(/\/de\/service\/like$/);
      // The login page reads its query: rendered for its sender.
      await visit(visitor, '/en/login');
      expect((await visit(visitor, '/en/login?r=1')).cache).toBeUndefined();
      // The language a browser asks for still decides: a cached Turkish page never answers an English browser.
      const turkish = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
      const english = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
      try {
        await visit(turkish, '/service/like');
        await visit(turkish, '/service/like');
        const redirected = await visit(english, '/service/like', { 'accept-language': 'en-GB' });
        expect(redirected.status).toBe(307);
        expect(redirected.location).toMatch(/\/en\/service\/like$/);
      } finally {
        await turkish.dispose();
        await english.dispose();
      }
    } finally {
      await visitor.dispose();
    }
  });

  test('a page comes in Brotli to a browser that takes it, also when kept, and in gzip to one that does not', async ({ playwright }) => {
    const visitor = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    try {
      // Compressed by server.ts (server/compress.ts), under the page cache's recorder: a kept page is kept per encoding.
      const answers = [];
      for (const encoding of ['gzip, deflate, br', 'gzip, deflate, br', 'gzip, deflate, br', 'gzip, deflate', 'gzip, deflate']) {
        const res = await visitor.get('/en/pricing', { headers: { 'accept-language': 'en', 'accept-encoding': encoding } });
        answers.push({ status: res.status(), encoding: res.headers()['content-encoding'], cache: res.headers()[CACHE], html: await res.text() });
      }
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
      expect(answers.map((a) => a.encoding)).toEqual(['br', 'br', 'br', 'gzip', 'gzip']);
      expect(answers[2]!.cache).toBe('hit');
      for (const a of answers) expect(a.html).toContain('<html lang="en"');
    } finally {
      await visitor.dispose();
    }
  });

  test('a page kept for its bare path works in the browser at an address with a query string', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
    const fetched: string[] = [];
    page.on('request', (r) => void fetched.push(r.url()));
    await page.goto('/en/service/like');
    await page.goto('/en/service/like');
    const tagged = '/en/service/like?utm_source=newsletter&utm_campaign=winter&fbclid=IwAR0&ref=partner';
    const res = await page.goto(tagged);
    expect(res?.headers()[CACHE]).toBe('hit');
    // The address keeps the tags (the site's own analytics reads them), the page hydrates without
    // errors and does not fetch itself again, and client navigation works from it.
    await expect(page).toHaveURL(new RegExp(`${tagged.replace(/[?.]/g, '\\$&')}$`));
    await page.waitForLoadState('networkidle');
    expect(fetched.filter((u) => u.includes('_rsc=') && u.includes('/service/like'))).toEqual([]);
    await page.locator('footer').getByRole('link', { name: msg('en', 'Policies.privacy.title') }).first().click();
    await expect(page).toHaveURL(/\/en\/privacy$/);
    expect(errors).toEqual([]);
  });

  test('signed-in customers share one app shell that holds nobody’s account, and each sees their own on it', async ({ browser, page, request }) => {
    const admin = await adminToken(request);
    const withPackage = await createCustomer(request, admin, 'shell-a');
    const without = await createCustomer(request, admin, 'shell-b', { packages: false });
    await visit(request, '/service/retweet');
    const visitorPage = await visit(request, '/service/retweet');
    expect(visitorPage.cache).toBe('hit');
    const header = page.locator('[data-site-header]');

    await signInBrowser(page, withPackage.token);
    // The first answer may set the language cookie, which is part of the key (see the first test).
    await page.request.get('/service/retweet');
    await page.request.get('/service/retweet');
    const shell = await page.request.get('/service/retweet');
    expect(shell.headers()[CACHE]).toBe('hit');
    const html = await shell.text();
    // The customer's document is not the visitor's, and nothing in it is anybody's.
    expect(html).not.toBe(visitorPage.html);
    expect(html).toContain('data-account-pending');
    for (const secret of [withPackage.email, withPackage.token, 'E2E Müşteri', 'socketToken":"ey']) expect(html).not.toContain(secret);

    // In the browser (its own headers, so its own entry: the first load may be a render) the page
    // then shows this customer's menu and package limits.
    await page.goto('/service/retweet');
    // That page's own viewer request has been answered (its account is shown) before the next load
    // listens for one: otherwise a late answer to it could be the one caught, and its body is gone
    // with the navigation (a flaky run in CI).
    await expect(header.getByRole('link', { name: msg('tr', 'Header.panel') })).toBeVisible();
    const viewer = page.waitForResponse((r) => r.url().includes('/api/users/me/viewer?service=retweet'));
    const res = await page.goto('/service/retweet');
    expect(res?.headers()[CACHE]).toBe('hit');
    expect((await (await viewer).json()).viewer).toMatchObject({ isAdmin: false });
    await expect(header.getByRole('link', { name: msg('tr', 'Header.panel') })).toBeVisible();
    await expect(header.getByRole('link', { name: msg('tr', 'Header.login') })).toHaveCount(0);
    await expect(page.locator('[data-limits]')).toBeVisible();
    await expect(page.locator('[data-visitor-notice]')).toHaveCount(0);
    // Sending is on once the page knows its customer.
    await expect(page.locator('[data-send]')).toBeEnabled();

    // Another customer, without a package: the same kept document, their own account on it.
    const other = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'tr-TR' });
    try {
      const second = await other.newPage();
      await signInBrowser(second, without.token);
      // (The first load may set the language cookie, part of the key; server/page-cache.test.ts
      // shows two customers' requests answered by one render.)
      await second.goto('/service/retweet');
      const again = await second.goto('/service/retweet');
      expect(again?.headers()[CACHE]).toBe('hit');
      await expect(second.locator('[data-not-allowed]')).toBeVisible();
      await expect(second.locator('[data-site-header]').getByRole('link', { name: msg('tr', 'Header.panel') })).toBeVisible();
    } finally {
      await other.close();
    }

    // A session cookie that is no longer one (ended, forged): the visitor's header and notice.
    const stale = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'tr-TR' });
    try {
      await stale.addCookies([{ name: 'next-auth.session-token', value: 'not-a-session', url: test.info().project.use.baseURL! }]);
      const gone = await stale.newPage();
      await gone.goto('/service/retweet');
      await expect(gone.locator('[data-site-header]').getByRole('link', { name: msg('tr', 'Header.login') })).toBeVisible();
      await expect(gone.locator('[data-visitor-notice]')).toBeVisible();
      await expect(gone).toHaveURL(/\/service\/retweet$/);
    } finally {
      await stale.close();
    }

    // From the shell, the customer's own pages work as before (rendered for them).
    await header.getByRole('link', { name: msg('tr', 'Header.panel') }).click();
    await expect(page).toHaveURL(/\/panel$/);
    await expect(page.locator('[data-site-header]').getByRole('button', { name: msg('tr', 'Header.logout') })).toBeVisible();
  });

  test('in the app shell nothing is ticked before the customer’s profile cap is known', async ({ page, request }) => {
    const customer = await createCustomer(request, await adminToken(request), 'shell-cap');
    await signInBrowser(page, customer.token);
    // The viewer's answer is held back, as on a slow phone network.
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/users/me/viewer*', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/service/retweet');
    await page.goto('/service/retweet');
    const selectAll = page.getByRole('button', { name: msg('tr', 'ServicePage.selectAll') });
    const first = page.locator('[data-profile-list]').getByRole('checkbox').first();
    await expect(page.locator('[data-site-header] [data-account-pending]')).toBeVisible();
    await expect(selectAll).toBeDisabled();
    await expect(first).toBeDisabled();
    await expect(page.locator('[data-send]')).toBeDisabled();
    release();
    // The starter package's cap (5): select-all takes the first five only.
    await selectAll.click();
    await expect(page.locator('[data-profile-list] input[type=checkbox]:checked')).toHaveCount(5);
  });

  test('a customer who signed out is a visitor again and gets the kept page', async ({ page, request }) => {
    const admin = await adminToken(request);
    const customer = await createCustomer(request, admin, 'pagecache-out');
    await signInBrowser(page, customer.token);
    await page.goto('/service/retweet');
    await page.getByRole('button', { name: msg('tr', 'Header.logout') }).click();
    await expect(page.locator('[data-site-header]').getByRole('link', { name: msg('tr', 'Header.login') })).toBeVisible();
    // next-auth's sign-out leaves its CSRF cookie (read by /api/auth only); the session is gone.
    const names = (await page.context().cookies()).map((c) => c.name);
    expect(names).toContain('next-auth.csrf-token');
    expect(names.filter((n) => n.includes('session-token'))).toEqual([]);
    // The first answer may set the language cookie, which is part of the key (see the first test).
    await page.request.get('/service/retweet');
    await page.request.get('/service/retweet');
    expect((await page.request.get('/service/retweet')).headers()[CACHE]).toBe('hit');
    await page.goto('/service/retweet');
    await expect(page.locator('[data-visitor-notice]')).toBeVisible();
  });

  test("an admin's change is on the next visitor's page at once", async ({ playwright, request }) => {
    const visitor = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    const auth = { authorization: `Bearer ${await adminToken(request)}` };
    // The notice as the page renders it (the text alone is also in the message catalogue the page ships).
    const inactive = `>${msg('tr', 'ServicePage.platformInactive')}</p>`;
    try {
      await visit(visitor, '/service/youtube_like');
      const cached = await visit(visitor, '/service/youtube_like');
      expect(cached.cache).toBe('hit');
      expect(cached.html).not.toContain(inactive);
      const off = await request.put('/api/platformlar/youtube', { headers: auth, data: { aktif: false } });
      expect(off.ok(), await off.text()).toBe(true);
      const after = await visit(visitor, '/service/youtube_like');
      expect(after.cache).toBe('miss');
      expect(after.html).toContain(inactive);
    } finally {
      await request.put('/api/platformlar/youtube', { headers: auth, data: { aktif: true } });
      await visitor.dispose();
    }
    expect((await visit(request, '/service/youtube_like')).html).not.toContain(inactive);
  });
});
