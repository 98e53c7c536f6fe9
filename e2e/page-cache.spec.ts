import { expect, test, type APIRequestContext } from '@playwright/test';
import { adminToken, createCustomer, msg, signInBrowser } from './public-helpers';

/**
 * The few-seconds cache of rendered public pages (server/page-cache.ts) in the running app:
 * visitors share a render, logged-in customers never see one, and an admin's change is on the
 * next visitor's page at once.
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

  test("a logged-in customer always gets their own page, never a visitor's", async ({ page, request }) => {
    const admin = await adminToken(request);
    const customer = await createCustomer(request, admin, 'pagecache');
    await visit(request, '/service/retweet');
    expect((await visit(request, '/service/retweet')).cache).toBe('hit');
    await signInBrowser(page, customer.token);
    const own = await page.request.get('/service/retweet');
    expect(own.headers()[CACHE]).toBeUndefined();
    await page.goto('/service/retweet');
    await expect(page.locator('[data-site-header]').getByRole('link', { name: msg('tr', 'Header.panel') })).toBeVisible();
    await expect(page.locator('[data-site-header]').getByRole('link', { name: msg('tr', 'Header.login') })).toHaveCount(0);
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
