import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';
import { BROWSER_LOCALE, LOCALES, msg, prefix, type Loc } from './public-helpers';

const SERVICES = ['retweet', 'like', 'bookmark', 'comment', 'new_tweet', 'reels_comment', 'reels_like', 'reels_share', 'reels_bookmark', 'youtube_like', 'youtube_comment', 'youtube_subscribe', 'tiktok_like', 'tiktok_comment', 'tiktok_share', 'tiktok_favorite', 'tiktok_repost'];
const POLICIES = ['/terms', '/privacy', '/cookies', '/subscription-policy'];
// The imprint (issue #32) is a public page like the policies.
const PUBLIC_PAGES = [...SERVICES.map((s) => `/service/${s}`), ...POLICIES, '/imprint'];
/** The storefront (issue #15): the home page and the price list. */
const STOREFRONT = ['/', '/pricing'];
const pathIn = (l: Loc, path: string) => (path === '/' ? prefix(l) || '/' : `${prefix(l)}${path}`);

for (const l of LOCALES) {
  test.describe(`accessibility (${l})`, () => {
    test.use({ locale: BROWSER_LOCALE[l] });

    test('axe finds no WCAG 2.2 AA violations on any public page', async ({ page }) => {
      test.setTimeout(180_000);
      for (const path of [...STOREFRONT, ...PUBLIC_PAGES]) {
        await page.goto(pathIn(l, path));
        await expect(page.locator('html')).toHaveAttribute('lang', l);
        const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
        expect(result.violations.map((v) => `${path}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      }
    });

    test('axe finds no violations with the help drawer and the menus open', async ({ page }) => {
      await page.goto(`${prefix(l)}/service/comment`);
      await page.getByRole('button', { name: msg(l, 'Footer.helpLabel') }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.waitForTimeout(400);
      // Radix hides the page behind the modal sheet (aria-hidden); what the user can reach is the sheet.
      const drawer = await new AxeBuilder({ page }).include('[role=dialog]').withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze();
      expect(drawer.violations.map((v) => v.id)).toEqual([]);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: msg(l, 'Footer.menuLabel') }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      const menu = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze();
      expect(menu.violations.map((v) => v.id)).toEqual([]);
    });

    test('every public page has a localized title and description, canonical and hreflang alternates', async ({ page }) => {
      for (const path of ['/service/like', '/service/reels_share', '/privacy']) {
        await page.goto(`${prefix(l)}${path}`);
        const origin = new URL(page.url()).origin.replace('127.0.0.1', 'localhost');
        const head = page.locator('head');
        await expect(head.locator('link[rel=canonical]')).toHaveAttribute('href', new RegExp(`${prefix(l)}${path}$`));
        for (const [lang, p] of [['tr', ''], ['en', '/en'], ['de', '/de'], ['x-default', '']] as const) {
          await expect(head.locator(`link[rel=alternate][hreflang="${lang}"]`)).toHaveAttribute('href', new RegExp(`${p}${path}$`));
        }
        await expect(head.locator('meta[property="og:title"]')).toHaveAttribute('content', /.+/);
        await expect(head.locator('meta[name=description]')).toHaveAttribute('content', /.{40,}/);
        expect(origin).toBeTruthy();
      }
      await page.goto(`${prefix(l)}/service/like`);
      await expect(page).toHaveTitle(new RegExp(msg(l, 'Services.like')));
      const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
      const types = jsonLd.map((s) => JSON.parse(s)['@type']);
      expect(types).toEqual(expect.arrayContaining(['Organization', 'FAQPage']));
      const faq = jsonLd.map((s) => JSON.parse(s)).find((d) => d['@type'] === 'FAQPage');
      expect(faq.mainEntity).toHaveLength(6);
      expect(faq.mainEntity[0].name).toBe(msg(l, 'Help.faq.botPanels.q'));
    });
  });
}

test.describe('search engines', () => {
  test('sitemap.xml lists the storefront, every service and policy page and the status page in every language with hreflang alternates', async ({ request }) => {
    const res = await request.get('/sitemap.xml');
    expect(res.status()).toBe(200);
    const xml = await res.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    // Issue #38 item 4: and the public status page.
    for (const l of LOCALES) for (const path of [...STOREFRONT, ...PUBLIC_PAGES, '/status']) expect(locs).toContain(pathIn(l, path));
    expect(locs).toHaveLength((STOREFRONT.length + PUBLIC_PAGES.length + 1) * 3);
    expect(xml).toMatch(/<xhtml:link rel="alternate" hreflang="de" href="[^"]+\/de\/pricing"/);
    expect(xml).toContain('hreflang="x-default"');
    expect(xml).toMatch(/<xhtml:link rel="alternate" hreflang="de" href="[^"]+\/de\/service\/like"/);
    expect(locs.some((p) => p.includes('/panel') || p.includes('/rooting'))).toBe(false);
  });

  test('the English pricing page shows the packages for sale from the database, with Product/Offer JSON-LD', async ({ page, request }) => {
    // Named as an English reader sees them (gorunen_ad: the English name, else the Turkish one).
    const { paketler } = (await (await request.get('/api/paketler?lang=en')).json()) as { paketler: { gorunen_ad: string; platform_fiyatlari: { twitter: number; instagram: number; youtube: number }; gunluk_limit: number }[] };
    expect(paketler.length).toBeGreaterThan(0);
    await page.goto('/en/pricing');
    await expect(page.getByRole('heading', { level: 1, name: msg('en', 'Pricing.title') })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${msg('en', 'Pricing.title')} – `));
    await expect(page.locator('head link[rel=canonical]')).toHaveAttribute('href', /\/en\/pricing$/);
    const twitter = page.locator('[data-pricing-platform="twitter"]');
    for (const p of paketler) {
      const card = twitter.locator('[data-package]').filter({ has: page.getByRole('heading', { level: 3, name: p.gorunen_ad, exact: true }) });
      await expect(card.locator('[data-price]')).toHaveText(`$${p.platform_fiyatlari.twitter!.toFixed(2)}`);
      await expect(card).toContainText(`${p.gunluk_limit} orders per service per day`);
    }
    expect(await page.locator('[data-pricing-new-tweet] tbody tr').count()).toBeGreaterThan(1);
    const graphs = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((s) => JSON.parse(s)).filter((d) => d['@graph']);
    expect(graphs).toHaveLength(1);
    const products = graphs[0]['@graph'] as { '@type': string; name: string; offers: { '@type': string; name: string; price: string; priceCurrency: string }[] }[];
    const twitterProduct = products.find((p) => p.name.endsWith('Twitter'))!;
    expect(twitterProduct['@type']).toBe('Product');
    expect(twitterProduct.offers.map((o) => [o.name, o.price, o.priceCurrency]).sort()).toEqual(paketler.map((p) => [p.gorunen_ad, p.platform_fiyatlari.twitter!.toFixed(2), 'USD']).sort());
    await page.getByRole('link', { name: msg('en', 'Pricing.register') }).click();
    await expect(page).toHaveURL(/\/en\/login\?tab=register$/);
  });

  test('robots.txt points to the sitemap and keeps the panel, the admin area and the API out', async ({ request }) => {
    const text = await (await request.get('/robots.txt')).text();
    for (const path of ['/panel', '/rooting', '/api']) expect(text).toContain(`Disallow: ${path}`);
    expect(text).toMatch(/Sitemap: https?:\/\/[^\s]+\/sitemap\.xml/);
  });

  test('the home page is rendered on the server and the policy pages answer 200 in every language', async ({ request }) => {
    for (const l of LOCALES) {
      for (const path of POLICIES) {
        const res = await request.get(`${prefix(l)}${path}`, { headers: { 'accept-language': BROWSER_LOCALE[l] } });
        expect(res.status(), `${l}${path}`).toBe(200);
        expect(await res.text()).toContain(msg(l, `Policies.${path === '/subscription-policy' ? 'subscription' : path.slice(1)}.title`));
      }
    }
    // The home page is the storefront now (issue #15), rendered on the server for visitors.
    const root = await request.get('/', { maxRedirects: 0, headers: { 'accept-language': 'tr-TR' } });
    expect(root.status()).toBe(200);
    expect(await root.text()).toContain(msg('tr', 'Storefront.title'));
  });
});

test.describe('site settings', () => {
  test('the company details the admin sets are in the footer and on the imprint, and the policies name the support address (issue #32)', async ({ page, request }) => {
    const { adminToken } = await import('./auth');
    const auth = { authorization: `Bearer ${await adminToken(request)}` };
    const company = { sirket_unvani: 'Etki Örnek A.Ş.', sirket_adresi: 'Büyükdere Cad. 1\n34000 İstanbul', sirket_sicil_no: 'VKN 1234567890', destek_eposta: 'destek@ornek.example' };
    const before = (await (await request.get('/api/site-ayar', { headers: auth })).json()).site_ayar;
    const put = await request.put('/api/site-ayar', { headers: auth, data: { ...before, ...company } });
    expect(put.ok(), await put.text()).toBe(true);
    try {
      // Visitors' pages are cached for a few seconds (PAGE_CACHE_SECONDS).
      await expect
        .poll(async () => {
          await page.goto('/en/imprint');
          return page.locator('[data-imprint]').textContent();
        }, { timeout: 15_000 })
        .toContain('Etki Örnek A.Ş.');
      const imprint = page.locator('[data-imprint]');
      await expect(imprint.getByText('VKN 1234567890')).toBeSeen();
      await expect(imprint.getByRole('link', { name: 'destek@ornek.example' })).toHaveAttribute('href', 'mailto:destek@ornek.example');
      await expect(page).toHaveTitle(/ – /);
      const footer = page.locator('[data-site-footer]');
      await expect(footer.getByText('Etki Örnek A.Ş.')).toBeAttached();
      await expect(footer.getByRole('link', { name: msg('en', 'Policies.imprint.title') })).toHaveAttribute('href', '/en/imprint');
      await page.goto('/de/privacy');
      const address = page.locator('article').getByText('destek@ornek.example').first();
      await address.scrollIntoViewIfNeeded();
      await expect(address).toBeSeen();
    } finally {
      await request.put('/api/site-ayar', { headers: auth, data: before });
    }
  });

  test("the admin's name, description, favicon, logo and head tags are rendered on the server", async ({ page, request }) => {
    const { adminToken } = await import('./auth');
    const admin = await adminToken(request);
    const auth = { authorization: `Bearer ${admin}` };
    const before = (await (await request.get('/api/site-ayar')).json()).site_ayar;
    const settings = {
      site_adi: 'Etki Test',
      site_aciklama: 'Gerçek profillerle test açıklaması, arama motorları için yeterince uzun bir metin.',
      head_etiketleri: '<meta name="e2e-verification" content="abc123"><script>window.__e2eHead = 1;</script>',
      site_logo: '/logo-e2e.png',
      site_favicon: '/favicon-e2e.ico',
    };
    try {
      const put = await request.put('/api/site-ayar', { headers: auth, data: settings });
      expect(put.ok(), await put.text()).toBe(true);
      const html = await (await request.get('/service/like', { headers: { 'accept-language': 'tr-TR' } })).text();
      const head = html.slice(0, html.indexOf('</head>'));
      expect(head).toContain('<meta name="e2e-verification" content="abc123"/>');
      expect(head).toContain('href="/favicon-e2e.ico"');
      expect(head).toContain(settings.site_aciklama);
      await page.goto('/service/like');
      await expect(page).toHaveTitle(/Etki Test/);
      expect(await page.evaluate(() => (window as unknown as { __e2eHead?: number }).__e2eHead)).toBe(1);
      await expect(page.locator('[data-site-header] img[src="/logo-e2e.png"]')).toHaveCount(1);
      await expect(page.locator('[data-site-header]').getByRole('link', { name: /Etki Test/ })).toBeVisible();
    } finally {
      await request.put('/api/site-ayar', {
        headers: auth,
        data: { site_adi: before.site_adi, site_aciklama: before.site_aciklama, head_etiketleri: before.head_etiketleri, site_logo: before.site_logo, site_favicon: before.site_favicon },
      });
    }
  });
});
