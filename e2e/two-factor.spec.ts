import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ADMIN, adminToken as seededAdminToken } from './auth';
import { Secret, TOTP } from 'otpauth';

/**
 * Two-factor sign-in (issue #14), in English: turn it on in the settings with a code computed
 * here from the key the page shows, log out, log in with the password and a code, and with a
 * recovery code; an admin's own setup on /rooting/settings, the admin login's code step and the
 * "require it of every admin" switch.
 */
test.use({ locale: 'en-US' });

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1e4)}`;

/** The code an authenticator app would show `steps` 30-second steps from now. */
function code(secret: string, steps = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: Date.now() + steps * 30_000 });
}

async function register(request: APIRequestContext, email: string, password: string) {
  const res = await request.post('/api/auth/register', { data: { ad_soyad: 'Mia Schmidt', email, telefon: '+905321234567', meslek: 'Influencer', sifre: password } });
  expect(res.status()).toBe(201);
}

async function passwordStep(page: Page, email: string, password: string) {
  await page.goto('/en/login');
  await page.waitForLoadState('networkidle');
  const form = page.getByRole('form', { name: 'Log in to your account' });
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Log in' }).click();
}

/** Turns two-factor sign-in on in the card of the current page; answers the key and the recovery codes. */
async function enableInCard(page: Page, password: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const card = page.getByRole('region', { name: 'Two-factor sign-in' });
  await expect(card.getByText('Off', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(card.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await card.locator('code').innerText()).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);

  // A wrong code is refused under the field.
  await card.getByLabel('Authentication code').fill('000000');
  await card.getByLabel('Current password').fill(password);
  await card.getByRole('button', { name: 'Turn on' }).click();
  await expect(card.getByText('The authentication code is incorrect.')).toBeVisible();

  await card.getByLabel('Authentication code').fill(code(secret));
  await card.getByRole('button', { name: 'Turn on' }).click();
  await expect(card.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
  const recoveryCodes = await card.getByRole('list', { name: 'Save your recovery codes' }).getByRole('listitem').allInnerTexts();
  expect(recoveryCodes).toHaveLength(10);
  for (const c of recoveryCodes) expect(c).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
  await card.getByRole('button', { name: 'I have saved them' }).click();
  await expect(card.getByText('On', { exact: true })).toBeVisible();
  await expect(card.getByText('10 recovery codes left')).toBeVisible();
  return { secret, recoveryCodes };
}

test.describe('two-factor sign-in', () => {
  test('a customer turns it on, then logs in with the password and a code, and with a recovery code', async ({ page, request }) => {
    const user = { email: `mia-${unique()}@example.com`, password: 'zwei-faktor-123' };
    await register(request, user.email, user.password);
    await passwordStep(page, user.email, user.password);
    await expect(page).toHaveURL(/\/en\/panel$/);

    await page.goto('/en/panel/settings');
    await page.waitForLoadState('networkidle');
    const { secret, recoveryCodes } = await enableInCard(page, user.password);
    expect((await new AxeBuilder({ page }).include('main').analyze()).violations).toEqual([]);

    // The password alone no longer gives a token.
    const apiLogin = await (await request.post('/api/auth/login', { data: { email: user.email, password: user.password } })).json();
    expect(apiLogin).toEqual({ success: true, two_factor_required: true, challenge: expect.any(String) });

    await page.getByRole('button', { name: 'Log out', exact: true }).click();
    await expect(page).not.toHaveURL(/\/panel/);

    // Password, then the code step (the step used to enable is spent: the app's next code).
    await passwordStep(page, user.email, user.password);
    const step = page.getByRole('form', { name: 'Two-factor sign-in' });
    await expect(step.getByLabel('Authentication code')).toBeFocused();
    await expect(page).toHaveURL(/\/en\/login$/);
    expect(await page.evaluate(() => window.localStorage.getItem('user_token'))).toBeNull();
    expect((await new AxeBuilder({ page }).include('main').analyze()).violations).toEqual([]);
    await step.getByLabel('Authentication code').fill('123 456');
    await step.getByRole('button', { name: 'Verify' }).click();
    await expect(step.getByText('The authentication code is incorrect.')).toBeVisible();
    await step.getByLabel('Authentication code').fill(code(secret, 1));
    await step.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/en\/panel$/);
    expect(await page.evaluate(() => window.localStorage.getItem('user_token'))).toBeTruthy();

    await page.getByRole('button', { name: 'Log out', exact: true }).click();
    await expect(page).not.toHaveURL(/\/panel/);

    // With a recovery code instead, typed in lower case.
    await passwordStep(page, user.email, user.password);
    await step.getByRole('button', { name: 'Use a recovery code' }).click();
    await step.getByLabel('Recovery code').fill(recoveryCodes[0]!.toLowerCase());
    await step.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/en\/panel$/);

    // That recovery code is spent.
    await page.goto('/en/panel/settings');
    await expect(page.getByRole('region', { name: 'Two-factor sign-in' }).getByText('9 recovery codes left')).toBeVisible();
    const challenge = (await (await request.post('/api/auth/login', { data: { email: user.email, password: user.password } })).json()).challenge;
    const again = await request.post('/api/auth/login/2fa', { data: { challenge, code: recoveryCodes[0] } });
    expect(again.status()).toBe(400);
    expect((await again.json()).code).toBe('TWO_FACTOR_CODE_INVALID');

    // Turning it off takes the password and a code.
    await page.waitForLoadState('networkidle');
    const card = page.getByRole('region', { name: 'Two-factor sign-in' });
    await card.getByRole('button', { name: 'Turn off' }).click();
    const dialog = page.getByRole('dialog', { name: 'Turn off two-factor sign-in' });
    await dialog.getByLabel('Current password').fill(user.password);
    await dialog.getByLabel('Authentication code or recovery code').fill(recoveryCodes[1]!);
    await dialog.getByRole('button', { name: 'Turn off' }).click();
    await expect(card.getByText('Off', { exact: true })).toBeVisible();
    expect(await (await request.post('/api/auth/login', { data: { email: user.email, password: user.password } })).json()).toHaveProperty('token');
  });

  test('an admin turns it on in /rooting/settings, requires it of every admin, and logs in at /admin-login with a code', async ({ page, request }) => {
    // A second admin, so the shared one of the other journeys keeps a plain login.
    const adminToken = await seededAdminToken(request);
    const admin = { email: `admin2-${unique()}@example.com`, password: 'admin-zwei-123' };
    const created = await request.post('/api/users', {
      headers: { authorization: `Bearer ${adminToken}` },
      data: { ad_soyad: 'Second Admin', email: admin.email, sifre: admin.password, rol: 'admin' },
    });
    expect(created.status()).toBe(201);

    let secondToken: string | undefined;
    try {
      await page.goto('/en/admin-login');
      await page.waitForLoadState('networkidle');
      await page.getByLabel('E-mail').fill(admin.email);
      await page.getByLabel('Password', { exact: true }).fill(admin.password);
      await page.getByRole('button', { name: 'Log in' }).click();
      await expect(page).toHaveURL(/\/en\/rooting$/);

      await page.goto('/en/rooting/settings');
      await page.waitForLoadState('networkidle');
      const { secret } = await enableInCard(page, admin.password);

      // Require it of every admin: the shared admin, without it, is then refused at /admin-login.
      const toggle = page.getByRole('switch', { name: 'Require two-factor sign-in for every admin' });
      await toggle.click();
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(page.getByText('Site settings updated successfully!').first()).toBeVisible();
      const refused = await request.post('/api/auth/admin-login', { data: { email: ADMIN.email, sifre: ADMIN.password }, headers: { 'accept-language': 'en' } });
      expect(refused.status()).toBe(403);
      expect((await refused.json()).code).toBe('TWO_FACTOR_SETUP_REQUIRED');

      await page.getByRole('button', { name: 'Log out', exact: true }).click();
      await page.goto('/en/admin-login');
      await page.waitForLoadState('networkidle');
      await page.getByLabel('E-mail').fill(admin.email);
      await page.getByLabel('Password', { exact: true }).fill(admin.password);
      await page.getByRole('button', { name: 'Log in' }).click();
      const step = page.getByRole('form', { name: 'Two-factor sign-in' });
      await step.getByLabel('Authentication code').fill(code(secret, 1));
      await step.getByRole('button', { name: 'Verify' }).click();
      await expect(page).toHaveURL(/\/en\/rooting$/);
      secondToken = (await page.evaluate(() => window.localStorage.getItem('admin_token'))) ?? undefined;

      await page.goto('/en/rooting/settings');
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('switch', { name: 'Require two-factor sign-in for every admin' })).toBeChecked();
      await page.getByRole('switch', { name: 'Require two-factor sign-in for every admin' }).click();
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(page.getByText('Site settings updated successfully!').first()).toBeVisible();
      expect((await request.post('/api/auth/admin-login', { data: { email: ADMIN.email, sifre: ADMIN.password } })).status()).toBe(200);
    } finally {
      // Never leave the rule on for the other journeys.
      const token = secondToken ?? adminToken;
      const settings = (await (await request.get('/api/site-ayar', { headers: { authorization: `Bearer ${token}` } })).json()).site_ayar;
      if (settings?.require_admin_2fa) {
        await request.put('/api/site-ayar', { headers: { authorization: `Bearer ${token}` }, data: { ...settings, require_admin_2fa: false } });
      }
    }
  });
});
