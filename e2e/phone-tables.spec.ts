import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { adminToken, signInBrowser } from './auth';
import { createCustomer, topUp, type Customer } from './public-helpers';

/**
 * Tables on a phone (issue #32 item 9): at 390 px the customer's payments and the admin's packages
 * are one card per row, label: value pairs, the actions as buttons at least 44 px high, and the
 * page does not scroll sideways; at 1440 px they are tables again.
 */
const PHONE = { width: 390, height: 844 };
const WIDE = { width: 1440, height: 900 };

async function expectNoSidewaysScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE.width);
}

/** Scrolled to, on the screen, at least 44 px high and inside `within`. */
async function expectTouchTarget(target: Locator, within: Locator) {
  await target.scrollIntoViewIfNeeded();
  await expect(target).toBeSeen();
  const [box, outer] = [await target.boundingBox(), await within.boundingBox()];
  expect(box!.height).toBeGreaterThanOrEqual(44);
  expect(box!.width).toBeGreaterThanOrEqual(44);
  expect(box!.x).toBeGreaterThanOrEqual(outer!.x);
  expect(box!.x + box!.width).toBeLessThanOrEqual(outer!.x + outer!.width + 1);
}

/** A payment the customer started and did not finish (no receipt). */
async function unfinishedPayment(request: APIRequestContext, customer: Customer) {
  const res = await request.post('/api/payment/create-payment-intent', { headers: { authorization: `Bearer ${customer.token}` }, data: { type: 'balance', amount: 1000, cardholderName: 'E2E Test' } });
  expect(res.ok(), await res.text()).toBe(true);
}

test.describe('tables on a 390 px phone', () => {
  test('a customer sees each payment as a card, the receipt a 44 px button, and the table at 1440 px', async ({ page, request }) => {
    const customer = await createCustomer(request, await adminToken(request), 'phone-payments', { packages: false });
    await topUp(request, customer, 2500);
    await unfinishedPayment(request, customer);
    await page.setViewportSize(PHONE);
    await signInBrowser(page, customer.token);
    await page.goto('/panel/subscription');

    const cards = page.locator('[data-payment-card]');
    await expect(cards).toHaveCount(2);
    await expect(page.locator('[data-payments-table]')).toBeHidden();
    const paid = cards.filter({ hasText: 'Ödendi' });
    await expect(paid).toContainText('Bakiye yükleme');
    await expect(paid.getByRole('definition')).toHaveText([/\d{4}/, /25,00/]);
    await expect(paid.getByRole('term')).toHaveText(['Tarih', 'Tutar']);
    const waiting = cards.filter({ hasText: 'Ödeme bekleniyor' });
    await expect(waiting).toContainText('10,00');
    await expect(waiting.getByRole('link')).toHaveCount(0);
    await expectNoSidewaysScroll(page);

    const receipt = paid.getByRole('link', { name: 'Makbuzu göster' });
    await expectTouchTarget(receipt, paid);
    await receipt.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Makbuz No\. \d+$/);

    await page.setViewportSize(WIDE);
    await page.goto('/panel/subscription');
    await expect(page.locator('[data-payments-table]')).toBeVisible();
    await expect(cards.first()).toBeHidden();
    await expect(page.getByRole('row', { name: /Bakiye yükleme.*Ödendi/ })).toBeVisible();
  });

  test('an admin sees each package as a card with 44 px Edit and menu buttons that work', async ({ page, request }) => {
    const admin = await adminToken(request);
    const name = `Telefon Paketi ${Date.now()}`;
    const created = await request.post('/api/paketler', {
      headers: { authorization: `Bearer ${admin}` },
      data: { ad: name, platform_fiyatlari: { instagram: 10, twitter: 19.99, youtube: 7.5, tiktok: 9.5 }, gunluk_limit: 20, profil_limit: 5 },
    });
    expect(created.ok(), await created.text()).toBe(true);
    await page.setViewportSize(PHONE);
    await signInBrowser(page, admin);
    await page.goto('/rooting/packages');

    await expect(page.getByRole('table')).toBeHidden();
    const card = page.getByRole('list', { name: 'Paketler' }).getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
    await expect(card).toHaveCount(1);
    // One price per platform, in the registry's order (issue #34 item 2).
    await expect(card.getByRole('term')).toHaveText(['Twitter Fiyatı ($)', 'Instagram Fiyatı ($)', 'YouTube Fiyatı ($)', 'TikTok Fiyatı ($)', 'Günlük Limit', 'Profil Sayısı']);
    await expect(card.getByRole('definition')).toHaveText([/19[.,]99/, /10[.,]00/, /7[.,]50/, /9[.,]50/, '20', '5']);
    await expectNoSidewaysScroll(page);

    const edit = card.getByRole('button', { name: `${name} paketini düzenle` });
    const menu = card.getByRole('button', { name: `${name} için işlemler` });
    await expectTouchTarget(edit, card);
    await expectTouchTarget(menu, card);
    await edit.click();
    const dialog = page.getByRole('dialog', { name: 'Paketi Düzenle' });
    await expect(dialog.getByLabel('Paket Adı')).toHaveValue(name);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    await menu.click();
    await page.getByRole('menuitem', { name: `${name} paketini sil` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Sil' }).click();
    await expect(card).toHaveCount(0);

    await page.setViewportSize(WIDE);
    await expect(page.getByRole('table')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Paketler' })).toBeHidden();
  });
});
