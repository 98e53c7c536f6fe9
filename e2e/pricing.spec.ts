import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { adminLogin, adminToken, signInBrowser } from './auth';
import { createCustomer, msg, type Loc } from './public-helpers';

/**
 * /pricing (issue #32 items 6 and 12): package names in the reader's language, a call to action
 * on every plan (register for a visitor, buy for a customer, "current plan" and "extend by 30 days
 * to <date>" for the plan they hold), the highlighted middle-priced plan per platform and the
 * header's Pricing link.
 */
type Paket = { id: number; ad: string; ad_en: string | null; ad_de: string | null; gorunen_ad: string; platform_fiyatlari: { twitter: number } };

const SHOTS = process.env.E2E_SHOTS_DIR;

async function packagesIn(request: APIRequestContext, lang: Loc): Promise<Paket[]> {
  return ((await (await request.get(`/api/paketler?lang=${lang}`)).json()) as { paketler: Paket[] }).paketler;
}

/** The middle-priced package on Twitter (the dearer middle one of an even count). */
function featuredOnTwitter(paketler: Paket[]): Paket {
  const sorted = [...paketler].sort((a, b) => a.platform_fiyatlari.twitter - b.platform_fiyatlari.twitter || a.id - b.id);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** A day as the one formatter writes it (lib/infra/format `date`: medium, in the product's time zone). */
function day(locale: Loc, iso: string): string {
  const tag = { tr: 'tr-TR', en: 'en-US', de: 'de-DE' }[locale];
  return new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeZone: 'Europe/Istanbul' }).format(new Date(iso));
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
}

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

test.describe('the pricing page', () => {
  test('a visitor on a phone sees every plan in English with a register button, the middle-priced one highlighted, and the header’s Pricing link', async ({ page, request }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const paketler = await packagesIn(request, 'en');
    expect(paketler.length).toBeGreaterThan(1);
    await page.goto('/en/pricing');

    const headerLink = page.locator('[data-site-header]').getByRole('link', { name: msg('en', 'Pricing.nav') });
    await expect(headerLink).toBeSeen();
    await expect(headerLink).toHaveAttribute('aria-current', 'page');

    const twitter = page.locator('[data-pricing-platform="twitter"]');
    for (const p of paketler) {
      expect(p.gorunen_ad).toBe(p.ad_en ?? p.ad);
      const card = twitter.locator(`[data-package="${p.id}"]`);
      await expect(card.getByRole('heading', { level: 3 })).toHaveText(p.gorunen_ad);
      const register = card.getByRole('link', { name: `${msg('en', 'PricingPlan.register')} ${msg('en', 'PricingPlan.context', { name: p.gorunen_ad, platform: 'Twitter' })}` });
      await expect(register).toHaveAttribute('href', '/en/login?tab=register');
    }
    const featured = twitter.locator('[data-featured]');
    await expect(featured).toHaveCount(1);
    await expect(featured).toHaveAttribute('data-package', String(featuredOnTwitter(paketler).id));
    const badge = featured.getByText(msg('en', 'Pricing.featured'));
    await badge.scrollIntoViewIfNeeded();
    await expect(badge).toBeSeen();
    const featuredRegister = featured.getByRole('link', { name: new RegExp(`^${msg('en', 'PricingPlan.register')}`) });
    await featuredRegister.scrollIntoViewIfNeeded();
    await expect(featuredRegister).toBeSeen();
    await noSidewaysScroll(page);
    await shot(page, 'pricing-visitor-en-390');

    await featuredRegister.click();
    await expect(page).toHaveURL(/\/en\/login\?tab=register$/);
  });

  test('German readers get the German name, else the English, else the Turkish one', async ({ page, request }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const paketler = await packagesIn(request, 'de');
    await page.goto('/de/pricing');
    const twitter = page.locator('[data-pricing-platform="twitter"]');
    for (const p of paketler) {
      expect(p.gorunen_ad).toBe(p.ad_de ?? p.ad_en ?? p.ad);
      await expect(twitter.locator(`[data-package="${p.id}"]`).getByRole('heading', { level: 3 })).toHaveText(p.gorunen_ad);
    }
    // The seeded packages: one with a German name, one with only an English one.
    expect(paketler.map((p) => p.gorunen_ad)).toEqual(expect.arrayContaining(['Einsteiger', 'Agency']));
    await shot(page, 'pricing-visitor-de-1440');
  });

  test('a customer sees their plan as current with the extension date, buys another from its card, and the buy flow opens with it', async ({ page, request }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const admin = await adminToken(request);
    // createCustomer gives the first package on every platform.
    const customer = await createCustomer(request, admin, 'pricing');
    const paketler = await packagesIn(request, 'en');
    const mine = paketler[0]!;
    const other = paketler.find((p) => p.id !== mine.id)!;
    const { abonelikler } = (await (await request.get('/api/users/subscriptions/me', { headers: { authorization: `Bearer ${customer.token}` } })).json()) as {
      abonelikler: { platform: string; paket_id: number; bitis_tarihi: string; yeni_bitis_tarihi: string }[];
    };
    const twitterPlan = abonelikler.find((a) => a.platform === 'twitter')!;
    expect(twitterPlan.paket_id).toBe(mine.id);
    expect(new Date(twitterPlan.yeni_bitis_tarihi).getTime() - new Date(twitterPlan.bitis_tarihi).getTime()).toBe(30 * 86_400_000);

    await signInBrowser(page, customer.token);
    await page.goto('/en/pricing');
    const twitter = page.locator('[data-pricing-platform="twitter"]');
    const current = twitter.locator(`[data-package="${mine.id}"]`);
    await expect(current).toHaveAttribute('data-current', '');
    await expect(twitter.locator('[data-current]')).toHaveCount(1);
    const currentLabel = current.getByText(msg('en', 'PricingPlan.current'));
    await currentLabel.scrollIntoViewIfNeeded();
    await expect(currentLabel).toBeSeen();
    const extend = current.getByRole('link', { name: new RegExp(`^${msg('en', 'PricingPlan.extendTo', { date: day('en', twitterPlan.yeni_bitis_tarihi) })}`) });
    await expect(extend).toBeSeen();
    await expect(extend).toHaveAttribute('href', `/en/panel/subscription?package=${mine.id}&platform=twitter`);
    // No call to register for a customer, and the header's Pricing link is theirs too.
    await expect(page.getByRole('link', { name: new RegExp(`^${msg('en', 'PricingPlan.register')}`) })).toHaveCount(0);
    await expect(page.locator('[data-pricing-cta]')).toHaveCount(0);
    await expect(page.locator('[data-site-header]').getByRole('link', { name: msg('en', 'Pricing.nav') })).toBeSeen();
    await shot(page, 'pricing-customer-en-1440');

    const buy = twitter.locator(`[data-package="${other.id}"]`).getByRole('link', { name: `${msg('en', 'PricingPlan.buy')} ${msg('en', 'PricingPlan.context', { name: other.gorunen_ad, platform: 'Twitter' })}` });
    await buy.scrollIntoViewIfNeeded();
    await expect(buy).toBeSeen();
    await expect(buy).toHaveAttribute('href', `/en/panel/subscription?package=${other.id}&platform=twitter`);
    await buy.click();
    // The buy flow drops the query once it has opened the payment view (a reload shows the page as it is).
    await expect(page).toHaveURL(/\/en\/panel\/subscription$/);
    const title = msg('en', 'Payments.subscription.paymentTitle', { name: other.gorunen_ad });
    const view = page.getByRole('region', { name: title });
    // Scrolled to, below the balance and the running packages.
    await expect(view.getByRole('heading', { name: title })).toBeSeen();
    await expect(view.getByRole('checkbox', { name: /Twitter/ })).toBeChecked();
    await expect(view.getByRole('checkbox', { name: /Instagram/ })).not.toBeChecked();
    // The running Twitter package is extended by this purchase, as the flow says before paying.
    await expect(view.locator('[data-extends-notice]')).toBeSeen();
    await shot(page, 'subscription-preselected-en-1440');
  });

  test('a customer on a phone sees the current plan and the buy buttons without scrolling sideways', async ({ page, request }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const admin = await adminToken(request);
    const customer = await createCustomer(request, admin, 'pricing-phone');
    await signInBrowser(page, customer.token);
    await page.goto('/pricing');
    const current = page.locator('[data-pricing-platform="twitter"] [data-current]');
    await current.scrollIntoViewIfNeeded();
    await expect(current.getByText(msg('tr', 'PricingPlan.current'))).toBeSeen();
    await noSidewaysScroll(page);
    await shot(page, 'pricing-customer-tr-390');
  });

  test('an admin names a package in English in the package dialog, and English and German pages show it', async ({ page, request, browser }) => {
    const admin = await adminToken(request);
    const tag = Date.now().toString(36);
    const created = await request.post('/api/paketler', {
      headers: { authorization: `Bearer ${admin}` },
      data: { ad: `Altın ${tag}`, platform_fiyatlari: { instagram: 500, twitter: 500, youtube: 500, tiktok: 500 }, gunluk_limit: 5, profil_limit: 5 },
    });
    const { paket } = (await created.json()) as { paket: Paket };
    try {
      await adminLogin(page);
      await page.goto('/rooting/packages');
      await page.getByRole('button', { name: msg('tr', 'Admin.packages.editNamed', { name: paket.ad }) }).click();
      const dialog = page.getByRole('dialog', { name: msg('tr', 'Admin.packages.editTitle') });
      await expect(dialog.getByLabel(msg('tr', 'Admin.packages.nameTr'))).toHaveValue(paket.ad);
      await expect(dialog.getByText(msg('tr', 'Admin.packages.namesHint'))).toBeSeen();
      await dialog.getByLabel(msg('tr', 'Admin.packages.nameEn')).fill(`Gold ${tag}`);
      await dialog.getByRole('button', { name: 'Kaydet' }).click();
      await expect(page.getByText(msg('tr', 'Admin.packages.updated'))).toBeSeen();
      await expect(page.getByRole('row', { name: new RegExp(paket.ad) })).toContainText(`Gold ${tag}`);

      // A Turkish visitor's browser: /pricing is the Turkish page, /en and /de the others.
      const visitor = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'tr-TR' });
      const reader = await visitor.newPage();
      try {
        // The Turkish page first: visiting /de/pricing sets the language cookie, and /pricing would then redirect there.
        for (const [path, name] of [
          ['/pricing', paket.ad],
          ['/en/pricing', `Gold ${tag}`],
          ['/de/pricing', `Gold ${tag}`],
        ] as const) {
          await reader.goto(path);
          await expect(reader.locator(`[data-pricing-platform="twitter"] [data-package="${paket.id}"]`).getByRole('heading', { level: 3 })).toHaveText(name);
        }
      } finally {
        await visitor.close();
      }
    } finally {
      await request.delete(`/api/paketler/${paket.id}`, { headers: { authorization: `Bearer ${admin}` } });
    }
  });
});
