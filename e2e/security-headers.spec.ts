import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { adminToken, signInBrowser } from './auth';
import { BROWSER_LOCALE, createCustomer, defaultProvider, e2eTarget, LOCALES, msg, prefix, reliableProvider, type Loc } from './public-helpers';

/**
 * Issue #14 item 2: every answer carries the security headers, and the Content-Security-Policy
 * with its per-request nonce lets the app itself run — pages hydrate, log in and send — with no
 * violation, in every language, also when a page comes from the page cache; while a script
 * without the nonce is refused. The admin's head tags (§3) keep working under the policy.
 */

type Violation = { directive: string; blocked: string; sample: string; url: string };
type Watch = { violations: () => Promise<Violation[]>; errors: string[] };

/** Collects CSP violations of every document the page shows, and console errors / uncaught exceptions. */
async function watch(page: Page): Promise<Watch> {
  const violations: Violation[] = [];
  await page.exposeFunction('__etkCspViolation', (v: Violation) => void violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      void (window as unknown as { __etkCspViolation: (v: Violation) => Promise<void> }).__etkCspViolation({ directive: e.violatedDirective, blocked: e.blockedURI, sample: e.sample, url: location.pathname });
    });
  });
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  return {
    errors,
    violations: async () => {
      // Reports travel to the test asynchronously: let the ones already sent arrive.
      await page.evaluate(() => new Promise((r) => setTimeout(r, 100))).catch(() => {});
      return [...violations];
    },
  };
}

/** React has hydrated the page: its DOM nodes carry React's fiber keys. Blocked scripts never get there. */
async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const main = document.querySelector('main');
    return !!main && Object.keys(main).some((k) => k.startsWith('__reactFiber'));
  });
}

function expectSecurityHeaders(headers: Record<string, string>, what: string): string {
  const csp = headers['content-security-policy'] ?? '';
  expect(csp, what).toMatch(/(^|;\s*)default-src 'self'/);
  expect(csp, what).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/]+=*' 'strict-dynamic'/);
  for (const d of ["frame-ancestors 'none'", "object-src 'none'", "base-uri 'self'", "form-action 'self'"]) expect(csp, `${what}: ${d}`).toContain(d);
  expect(csp, what).not.toContain('unsafe-eval');
  expect(csp, what).not.toContain('stripe'); // no Stripe keys in this run
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(headers['x-frame-options'], what).toBe('DENY');
  expect(headers['permissions-policy'], what).toContain('camera=()');
  expect(headers['permissions-policy'], what).toContain('geolocation=()');
  expect(headers['strict-transport-security'], `${what}: no HSTS over http`).toBeUndefined();
  return /'nonce-([^']+)'/.exec(csp)![1]!;
}

test.describe('security headers', () => {
  test('are on a page, an API answer, a direct route, both kinds of 404, a static file, the icon, /socket.io/ polling and the simulated provider', async ({ request }) => {
    const page = await request.get('/service/like');
    expect(page.status()).toBe(200);
    const nonce = expectSecurityHeaders(page.headers(), 'page');
    const html = await page.text();
    // Next put this request's nonce on its own scripts.
    const scriptNonces = [...html.matchAll(/<script[^>]*\snonce="([^"]+)"/g)].map((m) => m[1]);
    expect(scriptNonces.length).toBeGreaterThan(0);
    expect(new Set(scriptNonces)).toEqual(new Set([nonce]));
    // Every request gets its own.
    expect(expectSecurityHeaders((await request.get('/login', { headers: { cookie: 'x=1' } })).headers(), 'second page')).not.toBe(nonce);

    const api = await request.get('/api/platformlar');
    expect(api.status()).toBe(200);
    expectSecurityHeaders(api.headers(), 'API');
    const apiError = await request.post('/api/auth/login', { data: { email: 'nobody@example.com', password: 'x' } });
    expect(apiError.status()).toBeGreaterThanOrEqual(400);
    expectSecurityHeaders(apiError.headers(), 'API error');
    // The routes server.ts serves without Next.js (server/direct-routes.ts): a send and the reseller protocol.
    const send = await request.post('/api/twitter/like', { data: {}, headers: { 'accept-language': 'en' } });
    expect(send.status()).toBe(401);
    expect(await send.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    expectSecurityHeaders(send.headers(), 'a send (direct route)');
    const reseller = await request.post('/api/v2', { form: { key: 'nope', action: 'balance' } });
    expect(reseller.status()).toBe(200);
    expect(await reseller.json()).toMatchObject({ code: 'INVALID_API_KEY' });
    expectSecurityHeaders(reseller.headers(), 'the reseller protocol (direct route)');

    const missingPage = await request.get('/en/no-such-page');
    expect(missingPage.status()).toBe(404);
    expectSecurityHeaders(missingPage.headers(), 'localized 404');
    const missingApi = await request.get('/api/no-such-route');
    expect(missingApi.status()).toBe(404);
    expectSecurityHeaders(missingApi.headers(), 'API 404');

    const asset = /<script[^>]*\ssrc="(\/_next\/static\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeTruthy();
    const file = await request.get(asset!, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(file.status()).toBe(200);
    expectSecurityHeaders(file.headers(), 'static file');
    // Served by server.ts from the build's Brotli copy, with V8's compile hint first (server/static-assets.ts).
    expect(file.headers()['content-encoding']).toBe('br');
    expect(file.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await file.text()).toMatch(/^\/\/# allFunctionsCalledOnLoad\n/);
    const missingFile = await request.get('/_next/static/chunks/no-such-chunk.js');
    expect(missingFile.status()).toBe(404);
    expectSecurityHeaders(missingFile.headers(), 'missing static file');
    expectSecurityHeaders((await request.get('/icon.svg')).headers(), 'icon');

    const polling = await request.get('/socket.io/?EIO=4&transport=polling');
    expect(polling.status()).toBe(200);
    expect(await polling.text()).toMatch(/^0\{"sid"/);
    expectSecurityHeaders(polling.headers(), '/socket.io/ polling');

    expectSecurityHeaders((await request.get('/sim-provider/twitter/profile_list')).headers(), 'simulated provider');
  });

  test('a page from the page cache is sent with the policy whose nonce its scripts carry', async ({ request }) => {
    const get = () => request.get('/de/privacy', { headers: { 'accept-language': 'de' } });
    await get();
    const kept = await get();
    expect(kept.headers()['x-etk-page-cache']).toBe('hit');
    const nonce = expectSecurityHeaders(kept.headers(), 'cached page');
    const scriptNonces = [...(await kept.text()).matchAll(/<script[^>]*\snonce="([^"]+)"/g)].map((m) => m[1]);
    expect(scriptNonces.length).toBeGreaterThan(0);
    expect(new Set(scriptNonces)).toEqual(new Set([nonce]));
  });
});

for (const l of LOCALES) {
  test.describe(`under the policy (${l})`, () => {
    test.use({ locale: BROWSER_LOCALE[l] });

    test('public pages hydrate with no violation, also from the page cache, and a script without the nonce is refused', async ({ page }) => {
      const w = await watch(page);
      for (const path of ['/service/like', '/service/like', '/login', '/privacy', '/forgot-password', '/no-such-page']) {
        const res = await page.goto(`${prefix(l)}${path}`);
        expect(res!.headers()['content-security-policy']).toContain('nonce-');
        await hydrated(page);
        expect(await w.violations(), `${l} ${path}`).toEqual([]);
      }
      // A kept copy hydrates too. The page is asked for twice in a row, so the second answer is
      // the copy the first kept (the copy of the loop's visits may have ended by now: it is kept a
      // few seconds, and ends early when the profiles change, say when a profile is quarantined).
      await page.goto(`${prefix(l)}/service/like`);
      await hydrated(page);
      const again = await page.goto(`${prefix(l)}/service/like`);
      expect(again!.headers()['x-etk-page-cache']).toBe('hit');
      await hydrated(page);
      expect(await w.violations()).toEqual([]);
      // Only "404 Not Found" for the missing page may be in the console.
      expect(w.errors.filter((e) => !/status of 404/.test(e))).toEqual([]);

      // Markup injected into a page (what a stored XSS would be): its script has no nonce, so it
      // is refused and reported, while the page's own scripts still run.
      await page.route(`**${prefix(l)}/privacy`, async (route) => {
        const original = await route.fetch();
        const body = (await original.text()).replace('<head>', '<head><script>window.__injected = true</script>');
        await route.fulfill({ response: original, body });
      });
      await page.goto(`${prefix(l)}/privacy`);
      await hydrated(page);
      expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
      expect((await w.violations()).map((v) => v.directive)).toEqual(['script-src-elem']);
    });
  });
}

test.describe('the app under the policy', () => {
  let admin: string;
  test.beforeAll(async ({ request }) => {
    admin = await adminToken(request);
    await reliableProvider(request);
  });
  test.afterAll(async ({ request }) => {
    await defaultProvider(request);
  });

  for (const l of ['de', 'tr'] as Loc[]) {
    test(`logs in through the form and sends a like that completes live, with no violation (${l})`, async ({ browser, request }) => {
      test.setTimeout(90_000);
      const context = await browser.newContext({ locale: BROWSER_LOCALE[l] });
      const page = await context.newPage();
      const w = await watch(page);
      const customer = await createCustomer(request, admin, `csp-${l}`);

      await page.goto(`${prefix(l)}/login`);
      const form = page.getByRole('form', { name: msg(l, 'Auth.login.title') });
      await expect(form.getByRole('button', { name: msg(l, 'Auth.login.submit') })).toBeEnabled(); // hydrated
      await form.getByLabel(msg(l, 'Auth.fields.email')).fill(customer.email);
      await form.getByLabel(msg(l, 'Auth.fields.password'), { exact: true }).fill(customer.password);
      await form.getByRole('button', { name: msg(l, 'Auth.login.submit') }).click();
      await expect(page).toHaveURL(new RegExp(`${prefix(l)}/panel$`));
      await hydrated(page);

      await page.goto(`${prefix(l)}/service/like`);
      await hydrated(page);
      const boxes = page.locator('[data-profile-list]').getByRole('checkbox');
      await boxes.nth(0).check();
      const id = await page.locator('[data-profile-list] li:has(input:checked)').first().getAttribute('data-profile-id');
      // A tweet per language: one profile likes one tweet once (issue #17).
      await page.getByLabel(msg(l, 'ServicePage.tweetUrl')).fill(e2eTarget('tweet', 301 + LOCALES.indexOf(l)));
      await page.getByRole('button', { name: msg(l, 'ServicePage.send'), exact: true }).click();
      // The live update arrives over the WebSocket the policy allows.
      await expect(page.locator(`[data-profile-list] li[data-profile-id="${id}"] [data-status]`)).toHaveAttribute('data-status', 'success', { timeout: 30_000 });

      expect(await w.violations()).toEqual([]);
      expect(w.errors).toEqual([]);
      await context.close();
    });
  }

  test('every panel and back-office page hydrates with no violation', async ({ page, request }) => {
    test.setTimeout(90_000);
    const w = await watch(page);
    const customer = await createCustomer(request, admin, 'csp-panel');
    await signInBrowser(page, customer.token);
    for (const path of ['/panel', '/panel/statistics', '/panel/subscription', '/panel/settings', '/panel/support', '/service/new-tweet']) {
      await page.goto(path);
      await hydrated(page);
    }
    await page.context().clearCookies();
    await page.goto('/admin-login');
    await page.getByLabel(msg('tr', 'Auth.fields.email')).fill('admin@example.com');
    await page.getByLabel(msg('tr', 'Auth.fields.password'), { exact: true }).fill('admin-e2e-password');
    await page.getByRole('button', { name: msg('tr', 'Auth.login.submit') }).click();
    await expect(page).toHaveURL(/\/rooting$/);
    for (const path of ['/rooting', '/rooting/users', '/rooting/packages', '/rooting/platforms', '/rooting/discounts', '/rooting/announcements', '/rooting/history', '/rooting/audit', '/rooting/tickets', '/rooting/settings']) {
      await page.goto(path);
      await hydrated(page);
      expect(await w.violations(), path).toEqual([]);
    }
    expect(await w.violations()).toEqual([]);
    // The policy's own console messages; other errors of these pages are not this test's subject.
    expect(w.errors.filter((e) => /Content Security Policy|Refused to/i.test(e))).toEqual([]);
  });

  test("the admin's head tags run under the policy: an inline snippet gets the nonce", async ({ page, request }) => {
    const auth = { authorization: `Bearer ${admin}` };
    const before = (await (await request.get('/api/site-ayar', { headers: auth })).json()).site_ayar as Record<string, unknown>;
    const snippet = '<meta name="csp-check" content="1"><script>window.__headSnippet = (window.__headSnippet || 0) + 1;</script>';
    const saved = await request.put('/api/site-ayar', { headers: auth, data: { ...before, head_etiketleri: snippet } });
    expect(saved.ok(), await saved.text()).toBe(true);
    try {
      const w = await watch(page);
      for (const path of ['/en/service/retweet', '/en/service/retweet']) {
        await page.goto(path);
        await hydrated(page);
        expect(await page.evaluate(() => (window as unknown as { __headSnippet?: number }).__headSnippet)).toBe(1);
      }
      expect(await w.violations()).toEqual([]);
      expect(w.errors).toEqual([]);
    } finally {
      await request.put('/api/site-ayar', { headers: auth, data: before });
    }
  });
});
