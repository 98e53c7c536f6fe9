import { expect, type APIRequestContext, type Page } from '@playwright/test';

/**
 * Signing in, for every journey (issue #34 item 9: one place). The API helpers take any request
 * context (a test's `request`, `page.request`, one of `playwright.request.newContext`); the browser
 * helpers leave `page` with the session cookie a login makes. Journeys whose subject is a login (the
 * forms' own checks, refusals, two-factor steps, the two-node servers with their own admin) keep
 * their steps in the spec.
 */

/** The seeded admin of the e2e server (playwright.config.ts sets ADMIN_EMAIL and ADMIN_PASSWORD). */
export const ADMIN = { email: 'admin@example.com', password: 'admin-e2e-password' };

/** A bearer token of the seeded admin, from POST /api/auth/admin-login. */
export async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/auth/admin-login', { data: { email: ADMIN.email, sifre: ADMIN.password } });
  const body = await res.json();
  expect(body, JSON.stringify(body)).toMatchObject({ success: true });
  return body.token as string;
}

/** A customer's bearer token, from POST /api/auth/login (an account without two-factor sign-in). */
export async function customerToken(request: APIRequestContext, customer: { email: string; password: string }): Promise<string> {
  const res = await request.post('/api/auth/login', { data: { email: customer.email, password: customer.password } });
  const body = await res.json();
  expect(body, JSON.stringify(body)).toMatchObject({ success: true });
  return body.token as string;
}

/** Signs the browser in the way the login page does: next-auth's `token` credentials provider sets the session cookie. */
export async function signInBrowser(page: Page, token: string): Promise<void> {
  const { csrfToken } = await (await page.request.get('/api/auth/csrf')).json();
  const res = await page.request.post('/api/auth/callback/token', { form: { csrfToken, token, json: 'true' } });
  expect(res.status()).toBeLessThan(400);
  const session = await (await page.request.get('/api/auth/session')).json();
  expect(session?.user).toBeTruthy();
}

/** Signs the browser in as this customer (login API, then the session cookie); returns the bearer token. */
export async function loginAsCustomer(page: Page, customer: { email: string; password: string }): Promise<string> {
  const token = await customerToken(page.request, customer);
  await signInBrowser(page, token);
  return token;
}

/** Signs the browser in as the seeded admin (admin login API, then the session cookie); returns the bearer token. */
export async function loginAsAdmin(page: Page): Promise<string> {
  const token = await adminToken(page.request);
  await signInBrowser(page, token);
  return token;
}

/** Logs the seeded admin in through the /admin-login form in a Turkish browser and lands on the dashboard. */
export async function adminLogin(page: Page): Promise<void> {
  await page.goto('/rooting');
  await expect(page).toHaveURL(/\/admin-login$/);
  await page.getByLabel('E-posta').fill(ADMIN.email);
  await page.getByLabel('Şifre', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Giriş Yap' }).click();
  await expect(page).toHaveURL(/\/rooting$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hoş geldiniz, Admin!');
}

/** Logs a customer in through the /login form in a Turkish browser and lands on /panel. */
export async function loginThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Hesabınıza giriş yapın' });
  await form.getByLabel('E-posta').fill(email);
  await form.getByLabel('Şifre', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Giriş Yap' }).click();
  await expect(page).toHaveURL(/\/panel$/);
}
