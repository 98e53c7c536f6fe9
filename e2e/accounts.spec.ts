import AxeBuilder from '@axe-core/playwright';
import { type Locator, type Page } from '@playwright/test';
import { expect, expectToast, test } from './fixtures';
import { loginThroughForm } from './auth';

/** Browser journeys of issue 4: register → login → panel → password change → revoked token → login → logout. */

const unique = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

async function register(page: Page, user: { name: string; email: string; password: string }) {
  await page.goto('/login?tab=register');
  await expect(page.getByRole('tab', { name: 'Kayıt Ol' })).toHaveAttribute('aria-selected', 'true');
  const form = page.getByRole('form', { name: 'Yeni hesap oluşturun' });
  // Type once the form runs (its button is disabled until then), as the other form tests do.
  await expect(form.getByRole('button', { name: 'Kayıt Ol' })).toBeEnabled();
  await form.getByLabel('Ad Soyad').fill(user.name);
  await form.getByLabel('E-posta').fill(user.email);
  // The calling code is fixed to +90 (Turkey by default); only the national number is typed.
  const phone = form.getByLabel('Telefon', { exact: true });
  await expect(phone).toHaveValue(/^\+90/);
  await phone.pressSequentially('5321234567');
  await form.getByLabel('Meslek').selectOption('Influencer');
  await form.getByLabel('Şifre', { exact: true }).fill(user.password);
  await form.getByLabel('Şifre (tekrar)').fill(user.password);
  await form.getByRole('checkbox').check();
  await form.getByRole('button', { name: 'Kayıt Ol' }).click();
  await expectToast(page, 'Kayıt başarılı! Şimdi giriş yapabilirsiniz.');
  await expect(page.getByRole('tab', { name: 'Giriş Yap' })).toHaveAttribute('aria-selected', 'true');
}

test.describe('accounts', () => {
  test('register, log in, change the password, the old token is refused, log in again and log out', async ({ page }) => {
    const user = { name: 'Deniz Kaya', email: `deniz-${unique()}@example.com`, password: 'ilk-sifre-123' };
    await register(page, user);

    // The register form was cleared.
    await page.getByRole('tab', { name: 'Kayıt Ol' }).click();
    await expect(page.getByRole('form', { name: 'Yeni hesap oluşturun' }).getByLabel('Ad Soyad')).toHaveValue('');
    await page.getByRole('tab', { name: 'Giriş Yap' }).click();

    await loginThroughForm(page, user.email, user.password);
    await expectToast(page, 'Giriş başarılı! Hoş geldiniz.');
    const oldToken = await page.evaluate(() => window.localStorage.getItem('user_token'));
    expect(oldToken).toBeTruthy();
    expect(JSON.parse((await page.evaluate(() => window.localStorage.getItem('user_data'))) ?? '{}')).toMatchObject({ email: user.email, token: oldToken });
    expect((await page.request.get('/api/auth/verify', { headers: { authorization: `Bearer ${oldToken}` } })).status()).toBe(200);

    // A logged-in visit to /login goes to /panel, and so does /.
    await page.goto('/login');
    await expect(page).toHaveURL(/\/panel$/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/panel$/);

    await page.goto('/panel/settings');
    // Type only once the form is hydrated: React resets uncontrolled inputs it hydrates.
    await page.waitForLoadState('networkidle');
    // The API access section of the settings asks for the current password too: use the password form's.
    await page.getByRole('group', { name: 'Şifre Değiştir' }).getByLabel('Mevcut şifre').fill(user.password);
    await page.getByLabel('Yeni şifre', { exact: true }).fill('ikinci-sifre-456');
    await page.getByLabel('Yeni şifre (tekrar)').fill('ikinci-sifre-456');
    await page.getByRole('button', { name: 'Kaydet' }).click();
    await expectToast(page, 'Şifreniz değiştirildi. Diğer cihazlardaki oturumlar kapatıldı.');

    // The token from before the change is refused; this browser's session goes on.
    const refused = await page.request.get('/api/auth/verify', { headers: { authorization: `Bearer ${oldToken}` } });
    expect(refused.status()).toBe(401);
    const newToken = await page.evaluate(() => window.localStorage.getItem('user_token'));
    expect(newToken).not.toBe(oldToken);
    expect((await page.request.get('/api/auth/verify', { headers: { authorization: `Bearer ${newToken}` } })).status()).toBe(200);
    await page.reload();
    await expect(page).toHaveURL(/\/panel\/settings$/);

    // Log out from the header; the panel is closed again.
    await page.getByRole('button', { name: 'Çıkış Yap', exact: true }).click();
    await expect(page).not.toHaveURL(/\/panel/);
    expect(await page.evaluate(() => window.localStorage.getItem('user_token'))).toBeNull();
    await page.goto('/panel');
    await expect(page).toHaveURL(/\/login$/);

    // The old password no longer works; the new one does.
    const form = page.getByRole('form', { name: 'Hesabınıza giriş yapın' });
    await form.getByLabel('E-posta').fill(user.email);
    await form.getByLabel('Şifre', { exact: true }).fill(user.password);
    await form.getByRole('button', { name: 'Giriş Yap' }).click();
    await expectToast(page, 'E-posta veya şifre hatalı.');
    await loginThroughForm(page, user.email, 'ikinci-sifre-456');
    await page.getByRole('button', { name: 'Çıkış Yap', exact: true }).click();
    await expect(page).not.toHaveURL(/\/panel/);
  });

  test("logging out ends that login: a copied cookie or token stops working and cannot be renewed, the account's other login goes on", async ({ page, browser, request }) => {
    const user = { name: 'Ece Yılmaz', email: `ece-${unique()}@example.com`, password: 'cikis-sifre-123' };
    await register(page, user);
    await loginThroughForm(page, user.email, user.password);
    const token = await page.evaluate(() => window.localStorage.getItem('user_token'));
    const cookie = (await page.context().cookies()).find((c) => c.name === 'next-auth.session-token');
    expect(token && cookie).toBeTruthy();
    // Another login of the same account (another device).
    const other = (await (await request.post('/api/auth/login', { data: { email: user.email, password: user.password } })).json()).token as string;

    // The copied cookie works in another browser until the owner logs out.
    const thief = await browser.newContext();
    await thief.addCookies([cookie!]);
    const stolen = await thief.newPage();
    await stolen.goto('/panel');
    await expect(stolen).toHaveURL(/\/panel$/);

    await page.getByRole('button', { name: 'Çıkış Yap', exact: true }).click();
    await expect(page).not.toHaveURL(/\/panel/);

    expect((await request.get('/api/auth/verify', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(401);
    await stolen.goto('/panel');
    await expect(stolen).toHaveURL(/\/login$/);
    // next-auth would re-issue a live cookie on /api/auth/session; for an ended login it deletes it.
    const renewed = await thief.request.get('/api/auth/session');
    expect(await renewed.json()).toEqual({});
    expect((await thief.cookies()).find((c) => c.name === 'next-auth.session-token')).toBeUndefined();
    await thief.close();

    expect((await request.get('/api/auth/verify', { headers: { authorization: `Bearer ${other}` } })).status()).toBe(200);
  });

  test('before the page runs, neither the button nor Enter submits the login form, so a password never lands in a URL', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: 'tr-TR' });
    const page = await context.newPage();
    await page.goto('/login');
    const form = page.getByRole('form', { name: 'Hesabınıza giriş yapın' });
    await expect(form.getByRole('button', { name: 'Giriş Yap' })).toBeDisabled();
    await form.getByLabel('E-posta').fill('someone@example.com');
    await form.getByLabel('Şifre', { exact: true }).fill('gizli-sifre-123');
    await form.getByLabel('Şifre', { exact: true }).press('Enter');
    await page.waitForTimeout(500);
    expect(page.url()).not.toContain('gizli');
    expect(page.url()).toMatch(/\/login$/);
    await context.close();
  });

  test('the register page asks no other host: the phone flags are served by the site', async ({ page, baseURL }) => {
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.goto('/login?tab=register');
    const form = page.getByRole('form', { name: 'Yeni hesap oluşturun' });
    await expect(form.getByRole('button', { name: 'Kayıt Ol' })).toBeEnabled();
    const flag = form.locator('img.PhoneInputCountryIconImg');
    await expect(flag).toHaveAttribute('src', '/flags/TR.svg');
    await expect.poll(() => flag.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await form.getByLabel('Ülke').selectOption('DE');
    await expect(flag).toHaveAttribute('src', '/flags/DE.svg');
    await expect.poll(() => flag.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const origin = new URL(baseURL!).origin;
    expect(requests.filter((u) => !u.startsWith(origin) && !u.startsWith('data:'))).toEqual([]);
  });

  test.describe('on a phone-wide screen tall enough for the whole register form', () => {
    // 390 px wide (the forms are designed for it first) and tall enough that every field's message
    // is on the screen at once: the fixture fails any alert that appears and is not seen.
    test.use({ viewport: { width: 390, height: 1300 } });

    test('each register field says what is wrong with it and the first wrong one gets the focus, in Turkish by default', async ({ page }) => {
      await page.goto('/login?tab=register');
      const form = page.getByRole('form', { name: 'Yeni hesap oluşturun' });
      const submit = form.getByRole('button', { name: 'Kayıt Ol' });
      await expect(submit).toBeEnabled();
      const field = {
        name: form.getByLabel('Ad Soyad'),
        email: form.getByLabel('E-posta'),
        phone: form.getByLabel('Telefon', { exact: true }),
        profession: form.getByLabel('Meslek'),
        password: form.getByLabel('Şifre', { exact: true }),
        confirm: form.getByLabel('Şifre (tekrar)'),
        terms: form.getByRole('checkbox'),
      };
      /** The field's own error element (components/ui/form-field.tsx: <p id="<control id>-error" role="alert">), named by the control. */
      const expectFieldError = async (control: Locator, text: string) => {
        await expect(control).toHaveAttribute('aria-invalid', 'true');
        const id = await control.getAttribute('id');
        await expect(control).toHaveAttribute('aria-describedby', `${id}-error`);
        const error = form.locator(`[id="${id}-error"][role="alert"]`);
        await expect(error).toHaveText(text);
        await expect(error).toBeSeen();
      };
      const expectNoFieldError = async (control: Locator) => {
        await expect(control).not.toHaveAttribute('aria-invalid', 'true');
        await expect(form.locator(`[id="${await control.getAttribute('id')}-error"]`)).toHaveCount(0);
      };

      await submit.click();
      await expect(field.name).toBeFocused();
      await expectFieldError(field.name, 'Adınızı ve soyadınızı girin.');
      await expectFieldError(field.email, 'E-posta adresi zorunludur.');
      await expectFieldError(field.phone, 'Telefon numaranızı girin.');
      await expectFieldError(field.profession, 'Lütfen listeden bir meslek seçin.');
      await expectFieldError(field.password, 'Bir şifre girin.');
      await expectFieldError(field.confirm, 'Şifrenizi tekrar girin.');
      await expectFieldError(field.terms, 'Devam etmek için kullanım koşullarını kabul etmelisiniz.');
      await expect(form.getByText('Lütfen tüm alanları doldurun.')).toHaveCount(0);
      await expect(form.getByRole('link', { name: 'Kullanım koşullarını' })).toHaveAttribute('href', '/terms');

      // A wrong e-mail is not a missing one; the name's message goes once it is typed.
      await field.name.fill('A B');
      await field.email.fill('ab@');
      await submit.click();
      await expect(field.email).toBeFocused();
      await expectFieldError(field.email, 'Geçerli bir e-posta adresi girin.');
      await expectNoFieldError(field.name);

      // The phone input (owned by a Controller) gets the focus too, and a short number is invalid, not missing.
      await field.email.fill('ab@example.com');
      await field.phone.pressSequentially('532');
      await submit.click();
      await expect(field.phone).toBeFocused();
      await expectFieldError(field.phone, 'Geçerli bir telefon numarası girin.');

      await field.phone.press('End');
      await field.phone.pressSequentially('1234567');
      await field.profession.selectOption('Diğer');
      await field.password.fill('abc');
      await field.confirm.fill('abcdeg');
      await submit.click();
      await expect(field.password).toBeFocused();
      await expectNoFieldError(field.phone);
      await expectFieldError(field.password, 'Şifre en az 6 karakter olmalıdır.');
      await expectFieldError(field.confirm, 'Şifreler eşleşmiyor.');

      await field.password.fill('abcdef');
      await field.terms.check();
      await submit.click();
      await expect(field.confirm).toBeFocused();
      await expectFieldError(field.confirm, 'Şifreler eşleşmiyor.');
      await expectNoFieldError(field.terms);

      // The terms box is the last field that can hold the form back, and takes the focus as well.
      await field.confirm.fill('abcdef');
      await field.terms.uncheck();
      await submit.click();
      await expect(field.terms).toBeFocused();
      await expectFieldError(field.terms, 'Devam etmek için kullanım koşullarını kabul etmelisiniz.');
      await expectNoFieldError(field.confirm);

      await page.getByRole('tab', { name: 'Giriş Yap' }).click();
      await page.getByRole('form', { name: 'Hesabınıza giriş yapın' }).getByRole('button', { name: 'Giriş Yap' }).click();
      await expect(page.getByText('E-posta ve şifre alanları zorunludur.').first()).toBeSeen();
    });

    test('the register form’s field messages are German on the German page', async ({ page }) => {
      await page.goto('/de/login?tab=register');
      const form = page.getByRole('form', { name: 'Neues Konto erstellen' });
      await expect(form.getByRole('button', { name: 'Registrieren' })).toBeEnabled();
      await form.getByRole('button', { name: 'Registrieren' }).click();
      await expect(form.getByLabel('Vor- und Nachname')).toBeFocused();
      await expect(form.locator('[id="register-name-error"][role="alert"]')).toHaveText('Geben Sie Ihren vollständigen Namen ein.');
      await expect(form.locator('[id="register-phone-error"][role="alert"]')).toHaveText('Geben Sie Ihre Telefonnummer ein.');
      await expect(form.locator('[id="register-password2-error"][role="alert"]')).toHaveText('Geben Sie Ihr Passwort erneut ein.');
      await expect(form.locator('[id="register-terms-error"][role="alert"]')).toBeSeen();
    });
  });

  test('a visitor is sent from the panel to /login, and an unknown panel path to /', async ({ page }) => {
    await page.goto('/panel/settings');
    await expect(page).toHaveURL(/\/login$/);
    const user = { name: 'Ece', email: `ece-${unique()}@example.com`, password: 'ece-sifre-1' };
    const res = await page.request.post('/api/auth/register', {
      data: { ad_soyad: user.name, email: user.email, telefon: '+905321234567', meslek: 'Diğer', sifre: user.password },
    });
    expect(res.status()).toBe(201);
    await loginThroughForm(page, user.email, user.password);
    await page.goto('/panel/no-such-page');
    await expect(page).not.toHaveURL(/no-such-page/);
    await expect(page).toHaveURL(/\/panel$|\/service\//);
  });

  test('an ordinary user cannot use admin login; the admin can', async ({ page }) => {
    const email = `plain-${unique()}@example.com`;
    await page.request.post('/api/auth/register', { data: { ad_soyad: 'Plain', email, telefon: '+905321234567', meslek: 'Diğer', sifre: 'plain-pass-1' } });
    await page.goto('/admin-login');
    await expect(page.getByRole('heading', { name: 'Admin Girişi' })).toBeVisible();
    await page.getByLabel('E-posta').fill(email);
    await page.getByLabel('Şifre', { exact: true }).fill('plain-pass-1');
    await page.getByRole('button', { name: 'Giriş Yap' }).click();
    await expect(page.locator('form').getByRole('alert')).toHaveText('Yalnızca admin kullanıcı girebilir!');
    await expect(page).toHaveURL(/\/admin-login$/);
    expect(await page.evaluate(() => window.localStorage.getItem('admin_token'))).toBeNull();

    await page.getByLabel('E-posta').fill('admin@example.com');
    await page.getByLabel('Şifre', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Giriş Yap' }).click();
    await expect(page.locator('form').getByRole('alert')).toHaveText('E-posta veya şifre hatalı.');

    await page.getByLabel('Şifre', { exact: true }).fill('admin-e2e-password');
    await page.getByRole('button', { name: 'Giriş Yap' }).click();
    await expect(page).toHaveURL(/\/rooting/);
    expect(await page.evaluate(() => window.localStorage.getItem('admin_token'))).toBeTruthy();
  });

  test('changing the e-mail asks for the current password beside it, shows the errors on that field, and keeps this browser signed in', async ({ page }) => {
    const user = { name: 'Selin Aydın', email: `selin-${unique()}@example.com`, password: 'eposta-sifre-123' };
    await register(page, user);
    await loginThroughForm(page, user.email, user.password);
    const oldToken = await page.evaluate(() => window.localStorage.getItem('user_token'));

    await page.goto('/panel/settings');
    await page.waitForLoadState('networkidle');
    const personal = page.getByRole('group', { name: 'Kişisel Bilgiler' });
    const passwords = page.getByRole('group', { name: 'Şifre Değiştir' });
    // Unchanged e-mail: the current password sits with the password change only.
    await expect(personal.getByLabel('Mevcut şifre')).toHaveCount(0);
    await expect(passwords.getByLabel('Mevcut şifre')).toBeVisible();
    // The same address in capitals is no change.
    await personal.getByLabel('E-posta').fill(user.email.toUpperCase());
    await expect(personal.getByLabel('Mevcut şifre')).toHaveCount(0);

    const newEmail = `selin-yeni-${unique()}@example.com`;
    await personal.getByLabel('E-posta').fill(newEmail);
    const current = personal.getByLabel('Mevcut şifre');
    await expect(current).toBeVisible();
    await expect(passwords.getByLabel('Mevcut şifre')).toHaveCount(0);

    await page.getByRole('button', { name: 'Kaydet' }).click();
    await expect(current).toHaveAccessibleDescription('E-posta adresinizi değiştirmek için mevcut şifrenizi girin.');
    await expect(current).toBeFocused();

    await current.fill('yanlis-sifre');
    await page.getByRole('button', { name: 'Kaydet' }).click();
    await expect(current).toHaveAccessibleDescription('Mevcut şifreniz hatalı.');
    await expect(current).toHaveAttribute('aria-invalid', 'true');

    await current.fill(user.password);
    await page.getByRole('button', { name: 'Kaydet' }).click();
    await expect(page.getByText('E-posta adresiniz değiştirildi.', { exact: false })).toBeVisible();
    await expect(personal.getByLabel('Mevcut şifre')).toHaveCount(0);

    // The token from before is refused; this browser goes on with the new one and its cookie.
    expect((await page.request.get('/api/auth/verify', { headers: { authorization: `Bearer ${oldToken}` } })).status()).toBe(401);
    const newToken = await page.evaluate(() => window.localStorage.getItem('user_token'));
    expect(newToken).not.toBe(oldToken);
    expect((await page.request.get('/api/auth/verify', { headers: { authorization: `Bearer ${newToken}` } })).status()).toBe(200);
    await page.reload();
    await expect(page).toHaveURL(/\/panel\/settings$/);
    await expect(page.getByRole('group', { name: 'Kişisel Bilgiler' }).getByLabel('E-posta')).toHaveValue(newEmail);
  });

  test('the login and settings pages pass axe', async ({ page }) => {
    await page.goto('/login?tab=register');
    const login = await new AxeBuilder({ page }).include('main').analyze();
    expect(login.violations).toEqual([]);
    const email = `axe-${unique()}@example.com`;
    await page.request.post('/api/auth/register', { data: { ad_soyad: 'Axe', email, telefon: '+905321234567', meslek: 'Diğer', sifre: 'axe-pass-1' } });
    await page.goto('/login');
    const form = page.getByRole('form', { name: 'Hesabınıza giriş yapın' });
    await form.getByLabel('E-posta').fill(email);
    await form.getByLabel('Şifre', { exact: true }).fill('axe-pass-1');
    await form.getByRole('button', { name: 'Giriş Yap' }).click();
    await expect(page).toHaveURL(/\/panel$/);
    await page.goto('/panel/settings');
    const settings = await new AxeBuilder({ page }).include('main').analyze();
    expect(settings.violations).toEqual([]);
  });
});

test.describe('accounts in German', () => {
  test.use({ locale: 'de-DE' });

  test('register, log in and log out everywhere on the German pages', async ({ page }) => {
    const email = `hans-${unique()}@example.com`;
    await page.goto('/de/login?tab=register');
    const form = page.getByRole('form', { name: 'Neues Konto erstellen' });
    await expect(form.getByRole('button', { name: 'Registrieren' })).toBeEnabled();
    await form.getByLabel('Vor- und Nachname').fill('Hans Müller');
    await form.getByLabel('E-Mail').fill(email);
    await form.getByLabel('Telefon', { exact: true }).pressSequentially('5321234567');
    await form.getByLabel('Beruf').selectOption('İşletme Sahibi');
    await form.getByLabel('Passwort', { exact: true }).fill('hans-pass-1');
    await form.getByLabel('Passwort (Wiederholung)').fill('hans-pass-1');
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: 'Registrieren' }).click();
    await expectToast(page, 'Registrierung erfolgreich! Sie können sich jetzt anmelden.');

    const loginForm = page.getByRole('form', { name: 'Bei Ihrem Konto anmelden' });
    await loginForm.getByLabel('E-Mail').fill(email);
    await loginForm.getByLabel('Passwort', { exact: true }).fill('hans-pass-1');
    await loginForm.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page).toHaveURL(/\/de\/panel$/);
    const token = await page.evaluate(() => window.localStorage.getItem('user_token'));

    await page.goto('/de/panel/settings');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Einstellungen');
    await expect(page.getByLabel('Beruf')).toHaveValue('İşletme Sahibi');
    await page.getByRole('button', { name: 'Überall abmelden' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Überall abmelden' }).click();
    await expect(page).toHaveURL(/\/de\/login$/);
    await expectToast(page, 'Sie wurden auf allen Geräten abgemeldet.');
    expect((await page.request.get('/api/auth/verify', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(401);
    await page.goto('/de/panel');
    await expect(page).toHaveURL(/\/de\/login$/);
  });
});
