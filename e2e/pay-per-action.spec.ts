import { type Page } from '@playwright/test';
import { expect, expectToast, test } from './fixtures';
import { adminLogin, adminToken, signInBrowser } from './auth';
import { allProfileBoxes, createCustomer, defaultProvider, e2eTarget, msg, msgPattern, reliableProvider, topUp } from './public-helpers';

/**
 * Issue #33 item 7, pay per action, on a phone: an admin gives Twitter bookmarks a price per
 * action in /rooting › Platforms and switches it on; a customer without a package then sees the
 * price per profile, the total for the ticked profiles and the balance after on the service page,
 * sends, and sees the balance go down; a customer without the balance cannot send.
 */
const usd = (dollars: number) => new Intl.NumberFormat('tr', { style: 'currency', currency: 'USD' }).format(dollars);

const SHOTS = process.env.E2E_SHOTS_DIR;
async function shot(page: Page, name: string, fullPage = true) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
}

test.describe('pay per action', () => {
  test.afterEach(async ({ request }) => {
    // Off again: other journeys share the server.
    const admin = await adminToken(request);
    await request.put('/api/platformlar/twitter', { headers: { authorization: `Bearer ${admin}` }, data: { action_prices: { bookmark: { price: '', enabled: false } } } });
    await defaultProvider(request);
  });

  test('an admin prices bookmarks per action at 390 px; a customer without a package sees price, total and balance after, sends, and the balance goes down', async ({ page, request }) => {
    test.setTimeout(120_000);
    await reliableProvider(request);
    await page.setViewportSize({ width: 390, height: 844 });

    // The admin: /rooting › Platforms › Twitter › Pay per action.
    await adminLogin(page);
    await page.goto('/rooting/platforms');
    const form = page.locator('[data-action-prices="twitter"]');
    const row = form.locator('[data-action-price="bookmark"]');
    await row.getByLabel(msg('tr', 'Admin.platforms.payPerAction.price')).fill('0.15');
    await row.getByLabel(msg('tr', 'Admin.platforms.payPerAction.maxProfiles')).fill('10');
    const toggle = row.getByRole('switch', { name: msg('tr', 'Admin.platforms.payPerAction.enabled') });
    await toggle.click();
    await expect(toggle).toBeChecked();
    await noSidewaysScroll(page);
    await shot(page, 'ppa-admin-390');
    await form.getByRole('button', { name: msg('tr', 'Admin.platforms.payPerAction.save') }).click();
    await expectToast(page, msg('tr', 'Admin.platforms.payPerAction.saved'));
    await page.reload();
    await expect(page.locator('[data-action-price="bookmark"]').getByLabel(msg('tr', 'Admin.platforms.payPerAction.price'))).toHaveValue('0.15');

    // A customer with $10.00 and no package.
    const admin = await adminToken(request);
    const customer = await createCustomer(request, admin, 'ppa', { packages: false });
    await topUp(request, customer, 1000);
    await page.context().clearCookies();
    await signInBrowser(page, customer.token);
    await page.goto('/service/bookmark');
    const notice = page.locator('[data-pay-per-action-notice]');
    await expect(notice).toBeSeen();
    await expect(notice).toContainText(usd(0.15));

    const boxes = await allProfileBoxes(page);
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    const panel = page.locator('[data-per-action-price]');
    await panel.scrollIntoViewIfNeeded();
    await expect(panel).toBeSeen();
    await expect(panel.locator('[data-unit-price]')).toHaveText(msg('tr', 'ServicePage.perActionValue', { price: usd(0.15) }));
    await expect(panel.locator('[data-total]')).toHaveText(usd(0.3));
    await expect(panel.locator('[data-balance]')).toContainText(usd(10));
    await expect(panel.locator('[data-balance-after]')).toContainText(usd(9.7));
    await expect(panel.locator('[data-insufficient]')).toHaveCount(0);
    const send = page.locator('[data-send]');
    await expect(send).toHaveText(msg('tr', 'ServicePage.sendWithPrice', { price: usd(0.3) }));
    await noSidewaysScroll(page);
    await shot(page, 'ppa-service-390', false);

    // The same at 1440 px.
    await page.setViewportSize({ width: 1440, height: 900 });
    await panel.scrollIntoViewIfNeeded();
    await expect(panel).toBeSeen();
    await expect(panel.locator('[data-balance-after]')).toContainText(usd(9.7));
    await shot(page, 'ppa-service-1440', false);
    await page.setViewportSize({ width: 390, height: 844 });

    await page.getByLabel(msg('tr', 'ServicePage.tweetUrl')).fill(e2eTarget('tweet', 733));
    await send.click();
    // Accepted: the ticks are cleared and nothing is refused.
    await expect(boxes.nth(0)).not.toBeChecked();
    // The balance went down by 2 × $0.15, on the page and on the server.
    await expect(panel.locator('[data-balance]')).toContainText(usd(9.7));
    const bakiye = (await (await request.get('/api/bakiye/kullanici-bakiye', { headers: { authorization: `Bearer ${customer.token}` } })).json()).bakiye as number;
    expect(bakiye).toBeCloseTo(9.7, 2);

    // A customer without the balance is told so and cannot send.
    const poor = await createCustomer(request, admin, 'ppa-poor', { packages: false });
    await page.context().clearCookies();
    await signInBrowser(page, poor.token);
    await page.goto('/service/bookmark');
    await (await allProfileBoxes(page)).nth(0).check();
    const short = page.locator('[data-per-action-price] [data-insufficient]');
    await short.scrollIntoViewIfNeeded();
    await expect(short).toHaveText(msgPattern('tr', 'ServicePage.insufficient'));
    await expect(short).toBeSeen();
    await expect(page.locator('[data-send]')).toBeDisabled();
  });

  for (const l of ['en', 'de'] as const) {
    test(`the per-action notice and price read in ${l} at 390 and 1440 px`, async ({ page, request }) => {
      const admin = await adminToken(request);
      const saved = await request.put('/api/platformlar/twitter', { headers: { authorization: `Bearer ${admin}` }, data: { action_prices: { bookmark: { price: '0.15', enabled: true, max_profiles: 10 } } } });
      expect(saved.status(), await saved.text()).toBe(200);
      const customer = await createCustomer(request, admin, `ppa-${l}`, { packages: false });
      await topUp(request, customer, 1000);
      await signInBrowser(page, customer.token);
      const money = (dollars: number) => new Intl.NumberFormat(l, { style: 'currency', currency: 'USD' }).format(dollars);
      for (const width of [390, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`/${l}/service/bookmark`);
        const notice = page.locator('[data-pay-per-action-notice]').first();
        await expect(notice).toBeSeen();
        await expect(notice).toContainText(money(0.15));
        const boxes = await allProfileBoxes(page);
        await boxes.nth(0).check();
        await boxes.nth(1).check();
        const panel = page.locator('[data-per-action-price]');
        await panel.scrollIntoViewIfNeeded();
        await expect(panel).toBeSeen();
        await expect(panel.locator('[data-unit-price]')).toHaveText(msg(l, 'ServicePage.perActionValue', { price: money(0.15) }));
        await expect(panel).toContainText(msg(l, 'ServicePage.perActionLabel'));
        await expect(panel.locator('[data-balance-after]')).toContainText(money(9.7));
        await expect(page.locator('[data-send]')).toHaveText(msg(l, 'ServicePage.sendWithPrice', { price: money(0.3) }));
        // No raw message keys anywhere on the page.
        expect(await page.locator('main').innerText()).not.toMatch(/\b(?:ServicePage|Errors|Validation)\.[A-Za-z_]+/);
        await noSidewaysScroll(page);
        await shot(page, `ppa-service-${width}-${l}`, false);
      }
    });
  }
});
