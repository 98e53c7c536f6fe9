import { type Page } from '@playwright/test';
import { expect, expectToast, test } from './fixtures';
import { adminToken, signInBrowser } from './auth';
import { createCustomer, defaultProvider, msg, prefix, reliableProvider } from './public-helpers';

/**
 * TikTok, the platform added through the registry alone (issue #34 item 3), end to end like the
 * other three: a customer buys a TikTok package with the test card, sends from the TikTok service
 * page on a phone and sees the results live; a reseller orders it through API v2 by its number.
 */
const RUN = String(Date.now() % 1e10).padStart(10, '0');
const VIDEO = (n: number) => `https://www.tiktok.com/@etkilesim/video/73${RUN}${String(n).padStart(7, '0')}`;

const badge = (page: Page, id: string) => page.locator(`[data-profile-list] li[data-profile-id="${id}"] [data-status]`);

test.afterAll(async ({ request }) => {
  await defaultProvider(request);
});

test('a customer buys a TikTok package, sends TikTok likes from a phone and sees each profile finish live (en)', async ({ page, request }) => {
  test.setTimeout(90_000);
  await reliableProvider(request);
  const admin = await adminToken(request);
  const customer = await createCustomer(request, admin, 'tiktok-buyer', { packages: false });
  await signInBrowser(page, customer.token);
  await page.setViewportSize({ width: 390, height: 844 });

  // Buy the first package on TikTok alone, with the test card.
  const packages = await (await request.get('/api/paketler')).json();
  const paket = packages.paketler[0] as { id: number; ad: string; ad_en: string | null; platform_fiyatlari: Record<string, number> };
  expect(paket.platform_fiyatlari.tiktok).toBeGreaterThan(0);
  await page.goto(`${prefix('en')}/panel/subscription`);
  const name = paket.ad_en ?? paket.ad;
  await page.getByRole('button', { name: msg('en', 'Payments.subscription.buyPackage', { name }) }).click();
  const view = page.getByRole('region', { name: msg('en', 'Payments.subscription.paymentTitle', { name }) });
  await view.getByRole('checkbox', { name: /TikTok/ }).check();
  for (const other of [/Twitter/, /Instagram/, /YouTube/]) await view.getByRole('checkbox', { name: other }).uncheck();
  await expect(view.getByRole('checkbox', { name: /TikTok/ })).toBeChecked();
  await view.getByLabel(msg('en', 'Payments.card.holder')).fill('Tik Tok');
  await view.getByLabel(msg('en', 'Payments.card.number')).fill('4242 4242 4242 4242');
  await view.getByLabel(msg('en', 'Payments.card.expiry')).fill(`12/${String((new Date().getFullYear() + 2) % 100).padStart(2, '0')}`);
  await view.getByLabel('CVC').fill('123');
  await view.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByText(msg('en', 'Payments.packagePurchased'))).toBeSeen();
  await expect(page.getByTestId('subscription-tiktok')).toBeVisible({ timeout: 10_000 });
  await expect(page.getByTestId('subscription-tiktok')).toContainText(name);

  // Send TikTok likes from the service page: two profiles, the video link, live results.
  await page.goto(`${prefix('en')}/service/tiktok_like`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(msg('en', 'Services.tiktok_like'));
  await expect(page.locator('[data-tips="tiktok"]')).toContainText(msg('en', 'Tips.tiktok.t1'));
  const boxes = page.locator('[data-profile-list]').getByRole('checkbox');
  await boxes.nth(0).check();
  await boxes.nth(1).check();
  const ids = await page.locator('[data-profile-list] li:has(input:checked)').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-profile-id')!));
  expect(ids).toHaveLength(2);
  const link = page.getByLabel(msg('en', 'ServicePage.tiktokUrl'));
  await link.fill('https://www.instagram.com/reel/abc12345/');
  await page.getByRole('button', { name: msg('en', 'ServicePage.send'), exact: true }).click();
  // Seen, not just present: opaque, inside the viewport, in English.
  await expect(page.getByText(msg('en', 'Validation.tiktok_url_invalid'))).toBeSeen();
  await link.fill(VIDEO(1));
  await page.getByRole('button', { name: msg('en', 'ServicePage.send'), exact: true }).click();
  for (const id of ids) await expect(badge(page, id)).toHaveAttribute('data-status', 'success', { timeout: 30_000 });
  await expectToast(page, msg('en', 'Toast.operation_success', { operation: msg('en', 'Services.tiktok_like'), success: 2, total: 2 }));
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
});

test('a reseller finds the TikTok services in API v2 and orders a TikTok comment by its number', async ({ request }) => {
  test.setTimeout(60_000);
  await reliableProvider(request);
  const admin = await adminToken(request);
  const customer = await createCustomer(request, admin, 'tiktok-reseller');
  const auth = { authorization: `Bearer ${admin}` };
  // A package on TikTok for the reseller, as an admin assigns one.
  const packages = await (await request.get('/api/paketler')).json();
  const assigned = await request.post('/api/kullanici-paketleri', { headers: auth, data: { kullanici_id: customer.id, paket_id: packages.paketler[0].id, platform: 'tiktok' } });
  expect(assigned.ok(), await assigned.text()).toBe(true);
  const created = await request.post('/api/api-keys', { headers: { authorization: `Bearer ${customer.token}` }, data: { name: 'TikTok panel', currentPassword: customer.password } });
  expect(created.status(), await created.text()).toBe(201);
  const key = (await created.json()).key as string;

  const services = (await (await request.post('/api/v2', { form: { key, action: 'services' } })).json()) as { service: number; key: string; category: string }[];
  const tiktok = services.filter((s) => s.key.startsWith('tiktok_'));
  expect(tiktok.map((s) => [s.service, s.key])).toEqual([
    [13, 'tiktok_like'],
    [14, 'tiktok_comment'],
    [15, 'tiktok_share'],
    [16, 'tiktok_favorite'],
    [17, 'tiktok_repost'],
    // Issue #37: a watch as a subscription of each service that acts on posts (1000 + its number).
    [1013, 'tiktok_like_subscription'],
    [1014, 'tiktok_comment_subscription'],
    [1015, 'tiktok_share_subscription'],
    [1016, 'tiktok_favorite_subscription'],
    [1017, 'tiktok_repost_subscription'],
  ]);

  const bad = await (await request.post('/api/v2', { form: { key, action: 'add', service: '14', link: 'https://x.com/a/status/1', quantity: '2' } })).json();
  expect(bad).toMatchObject({ error: expect.stringMatching(/TikTok/), code: 'VALIDATION_FAILED' });
  const added = await (await request.post('/api/v2', { form: { key, action: 'add', service: '14', link: VIDEO(2), quantity: '2', comments: 'Love this dance' } })).json();
  expect(added, JSON.stringify(added)).toMatchObject({ order: expect.any(Number) });
  await expect
    .poll(async () => (await (await request.post('/api/v2', { form: { key, action: 'status', order: String(added.order) } })).json()).status, { timeout: 30_000 })
    .toBe('Completed');
});
