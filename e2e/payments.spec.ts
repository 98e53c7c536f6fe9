import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { expect, expectToast, test } from './fixtures';
import { adminToken, customerToken, signInBrowser } from './auth';

/**
 * Payments in the browser, in the keyless test mode a fresh install starts in (issue 8):
 * a $25 top-up with Stripe's 4242 test card, 3-D Secure with 4000 0025 0000 3155, and a package
 * for two platforms bought with a 50 % discount code.
 */
const NEXT_YEAR_2 = String((new Date().getFullYear() + 2) % 100).padStart(2, '0');

/** A new customer without any package, made through the admin API, logged in through the login API. */
async function newCustomer(request: APIRequestContext, admin: string, label: string): Promise<{ token: string; email: string }> {
  const email = `pay-${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const password = 'secret-pay-1';
  const created = await (
    await request.post('/api/users', {
      headers: { authorization: `Bearer ${admin}` },
      data: { ad: 'Ödeme Müşteri', ad_soyad: 'Ödeme Müşteri', email, telefon: '+905551112233', meslek: 'Influencer', sifre: password, rol: 'user' },
    })
  ).json();
  expect(created, JSON.stringify(created)).toMatchObject({ success: true });
  return { token: await customerToken(request, { email, password }), email };
}

async function fillCard(page: Page, number: string, scope = page.locator('body')) {
  await scope.getByLabel('Kart sahibinin adı').fill('Ayşe Yılmaz');
  await scope.getByLabel('Kart numarası').fill(number);
  await scope.getByLabel('Son kullanma (AA/YY)').fill(`12/${NEXT_YEAR_2}`);
  await scope.getByLabel('CVC').fill('123');
}

test.describe('payments in test mode', () => {
  test('a customer tops up $25 with 4242 4242 4242 4242 and sees the balance', async ({ page, request }) => {
    const customer = await newCustomer(request, await adminToken(request), 'topup');
    await signInBrowser(page, customer.token);
    await page.goto('/panel/subscription');
    await expect(page.getByTestId('balance')).toHaveText('$0,00');

    await page.getByRole('button', { name: 'Bakiye ekle' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bakiye ekle' });
    await expect(dialog.getByRole('button', { name: 'Öde' })).toBeDisabled();
    await expect(dialog.getByLabel('Kart numarası')).toHaveCount(0);
    await dialog.getByText('$25,00').click();
    await fillCard(page, '4242 4242 4242 4242', dialog);
    await dialog.getByRole('button', { name: '$25,00 öde' }).click();

    await expect(page.getByText('Bakiye başarıyla eklendi!')).toBeVisible();
    await expect(page.getByTestId('balance')).toHaveText('$25,00');
    await expect(dialog).toBeHidden({ timeout: 5000 });

    await page.reload();
    await expect(page.getByTestId('balance')).toHaveText('$25,00');
    const row = page.getByRole('row', { name: /Bakiye yükleme/ });
    await expect(row).toContainText('Ödendi');
    await row.getByRole('link', { name: 'Makbuzu göster' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Makbuz No\. \d+$/);
    await expect(page.getByText('Ayşe Yılmaz')).toBeVisible();
  });

  test('a declined card says why, and 3-D Secure is approved in the card form', async ({ page, request }) => {
    const customer = await newCustomer(request, await adminToken(request), 'threeds');
    await signInBrowser(page, customer.token);
    await page.goto('/panel/subscription');
    await page.getByRole('button', { name: 'Bakiye ekle' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bakiye ekle' });
    await dialog.getByText('$10,00').click();
    await fillCard(page, '4000 0000 0000 9995', dialog);
    await dialog.getByRole('button', { name: '$10,00 öde' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Kartınızda yeterli bakiye yok.');

    await dialog.getByLabel('Kart numarası').fill('4000 0025 0000 3155');
    await dialog.getByRole('button', { name: '$10,00 öde' }).click();
    const challenge = dialog.getByRole('group', { name: 'Kart doğrulaması (3-D Secure)' });
    await expect(challenge).toBeVisible();
    await challenge.getByRole('button', { name: 'Onayla' }).click();
    await expect(page.getByText('Bakiye başarıyla eklendi!')).toBeVisible();
    await expect(page.getByTestId('balance')).toHaveText('$10,00');
  });

  test.describe('on a 390 px phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('each card input says what is wrong under it, and expiry and CVC share one aligned row', async ({ page, request }) => {
      const customer = await newCustomer(request, await adminToken(request), 'fields');
      await signInBrowser(page, customer.token);
      await page.goto('/panel/subscription');
      await page.getByRole('button', { name: 'Bakiye ekle' }).click();
      const dialog = page.getByRole('dialog', { name: 'Bakiye ekle' });
      await dialog.getByText('$10,00').click();
      const number = dialog.getByLabel('Kart numarası');
      const expiry = dialog.getByLabel('Son kullanma (AA/YY)');
      const cvc = dialog.getByLabel('CVC');
      const pay = dialog.getByRole('button', { name: '$10,00 öde' });
      /** The input's own error element (<p id="<input id>-error" role="alert">), named by its aria-describedby. */
      const expectFieldError = async (input: Locator, text: string) => {
        await expect(input).toHaveAttribute('aria-invalid', 'true');
        const id = await input.getAttribute('id');
        await expect(input).toHaveAttribute('aria-describedby', `${id}-error`);
        const error = dialog.locator(`[id="${id}-error"][role="alert"]`);
        await expect(error).toHaveText(text);
        await expect(error).toBeSeen();
      };
      /** Expiry and CVC side by side inside the screen, same top and height, each label right above its input. */
      const expectAlignedRow = async () => {
        const [e, c, n] = [await expiry.boundingBox(), await cvc.boundingBox(), await number.boundingBox()];
        expect(Math.abs(e!.y - c!.y)).toBeLessThan(1);
        expect(Math.abs(e!.height - c!.height)).toBeLessThan(1);
        expect(Math.abs(e!.height - n!.height)).toBeLessThan(1);
        expect(e!.x + e!.width).toBeLessThanOrEqual(c!.x);
        expect(c!.x + c!.width).toBeLessThanOrEqual(390);
        for (const input of [number, expiry, cvc]) {
          const box = (await input.boundingBox())!;
          const label = (await dialog.locator(`label[for="${await input.getAttribute('id')}"]`).boundingBox())!;
          expect(Math.abs(label.x - box.x)).toBeLessThan(1);
          expect(label.y + label.height).toBeLessThanOrEqual(box.y + 0.5);
          expect(box.y - (label.y + label.height)).toBeLessThan(12);
        }
      };

      await dialog.getByLabel('Kart sahibinin adı').fill('Ayşe Yılmaz');
      await expectAlignedRow();
      await number.fill('4242 4242');
      await expiry.fill('01/20');
      await cvc.fill('12');
      await pay.click();
      await expect(number).toBeFocused();
      await expectFieldError(number, 'Kart numarası eksik.');
      await expectFieldError(expiry, 'Son kullanma tarihi geçmişte kalmış.');
      await expectFieldError(cvc, 'Güvenlik kodu (CVC) eksik.');
      await expect(dialog.getByText('Kart bilgileri eksik.')).toHaveCount(0);
      await expectAlignedRow();

      // An Amex card needs four CVC digits: three are not enough, and only the CVC says so.
      await number.fill('3782 822463 10005');
      await expiry.fill(`12/${NEXT_YEAR_2}`);
      await pay.click();
      await expect(cvc).toBeFocused();
      await expectFieldError(cvc, 'Güvenlik kodu (CVC) eksik.');
      await expect(number).not.toHaveAttribute('aria-invalid', 'true');
      await expect(expiry).not.toHaveAttribute('aria-invalid', 'true');

      await cvc.fill('1234');
      await pay.click();
      await expectToast(page, 'Bakiye başarıyla eklendi!');
      await expect(page.getByTestId('balance')).toHaveText('$10,00');
    });
  });

  test('a customer buys a package for two platforms with a 50 % code and sees both subscriptions', async ({ page, request }) => {
    const admin = await adminToken(request);
    const packages = await (await request.get('/api/paketler')).json();
    const paket = packages.paketler[0] as { id: number; ad: string };
    const kod = `YARI${Date.now() % 1_000_000}`;
    const code = await request.post('/api/indirim-kodlari', {
      headers: { authorization: `Bearer ${admin}` },
      data: { kod, paket_id: [paket.id], indirim_yuzdesi: 50, maksimum_kullanim: 5, bitis_tarihi: new Date(Date.now() + 7 * 864e5).toISOString().slice(0, 10), aktif: true },
    });
    expect(code.ok(), await code.text()).toBe(true);
    const customer = await newCustomer(request, admin, 'package');
    await signInBrowser(page, customer.token);

    await page.goto('/panel/subscription');
    await expect(page.getByText('Aktif paketiniz yok. Aşağıdan bir paket satın alabilirsiniz.')).toBeVisible();
    await page.getByRole('button', { name: `${paket.ad} paketini satın al` }).click();
    const view = page.getByRole('region', { name: `Ödeme: ${paket.ad}` });
    await view.getByRole('checkbox', { name: /Instagram/ }).check();
    await expect(view.getByRole('checkbox', { name: /Twitter/ })).toBeChecked();
    const before = await view.getByTestId('package-total').textContent();

    await view.getByLabel('İndirim kodu').fill(kod.toLowerCase());
    await view.getByRole('button', { name: 'Uygula' }).click();
    await expect(view.getByText('%50 indirim uygulandı.')).toBeVisible();
    await expect(view.getByLabel('İndirim kodu')).toHaveAttribute('readonly', '');
    const cents = (s: string | null) => Number((s ?? '').replace(/[^\d]/g, ''));
    const after = await view.getByTestId('package-total').textContent();
    expect(cents(after)).toBe(Math.floor((cents(before) * 50 + 50) / 100));

    await fillCard(page, '4242 4242 4242 4242', view);
    await view.getByRole('button', { name: /öde$/ }).click();
    await expect(page.getByText('Paketiniz başarıyla satın alındı!')).toBeVisible();
    // The page reloads after 2 s and shows both subscriptions.
    await expect(page.getByTestId('subscription-twitter')).toBeVisible({ timeout: 10_000 });
    await expect(page.getByTestId('subscription-instagram')).toBeVisible();
    await expect(page.getByTestId('subscription-twitter')).toContainText(paket.ad);
    await expect(page.getByTestId('subscription-twitter')).toContainText('30 gün kaldı');
    await expect(page.getByRole('row', { name: new RegExp(paket.ad) })).toContainText(after!.trim());
    // Buying Twitter again extends the running package: the view says so, with the new end date, before paying.
    await page.getByRole('button', { name: `${paket.ad} paketini satın al` }).click();
    await expect(view.locator('[data-extends-notice]')).toContainText(/Twitter paketiniz .+ tarihine kadar sürüyor: bu satın alma onu 30 gün uzatır, yeni bitiş tarihi .+\./);
  });

  test('/panel/subscription has no accessibility violations', async ({ page, request }) => {
    const customer = await newCustomer(request, await adminToken(request), 'axe');
    await signInBrowser(page, customer.token);
    await page.goto('/panel/subscription');
    await expect(page.getByRole('heading', { level: 1, name: 'Abonelik' })).toBeVisible();
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    await page.getByRole('button', { name: /paketini satın al$/ }).first().click();
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    await page.getByRole('button', { name: 'Bakiye ekle' }).click();
    await page.getByRole('dialog').getByText('$25,00').click();
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  });
});
