import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { startTestSmtp, type TestSmtp } from '../test/smtp';
import { serving, spawnServer, type ServerProcess } from './server-process';

/**
 * Issue #33 item 9: an account locked by failures from many addresses, and its owner getting in
 * with the right password and the e-mailed one-time link, on a 390 px phone in English. The app
 * runs with a real SMTP exchange (an in-test SMTP server) and TRUST_PROXY=1, so the guesses can
 * come from a hundred addresses (X-Forwarded-For) while the browser is one more.
 */
const PORT = Number(process.env.E2E_PORT ?? 3210) + 150;
const BASE = `http://127.0.0.1:${PORT}`;

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

let smtp: TestSmtp;
let server: ServerProcess | undefined;
let dataDir: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  smtp = await startTestSmtp();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'etk-login-lock-'));
  server = await serving(
    spawnServer({
      port: PORT,
      env: {
        DATA_DIR: dataDir,
        PUBLIC_URL: BASE,
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Etkileşim <no-reply@example.com>',
        ADMIN_PASSWORD: 'admin-e2e-password',
        TRUST_PROXY: '1',
        LOG_LEVEL: 'warn',
      },
    }),
  );
});

test.afterAll(async () => {
  await server?.stop();
  await smtp?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

test.use({ baseURL: BASE, locale: 'en-GB', viewport: { width: 390, height: 844 } });

test('a locked account’s owner signs in with the right password and the e-mailed one-time link', async ({ page, request }) => {
  test.setTimeout(120_000);
  const email = `locked-${Date.now()}@example.com`;
  const password = 'the-right-password-1';
  const created = await request.post('/api/auth/register', {
    data: { ad_soyad: 'Lena Locked', email, telefon: '+447911123456', meslek: 'Diğer', sifre: password },
    headers: { 'x-forwarded-for': '203.0.113.250' },
  });
  expect(created.status()).toBe(201);

  // A hundred guesses, one from each of a hundred addresses, lock the account itself.
  for (let i = 0; i < 100; i++) {
    const res = await request.post('/api/auth/login', { data: { email, password: `guess-${i}` }, headers: { 'x-forwarded-for': `198.18.${Math.floor(i / 250)}.${(i % 250) + 1}` } });
    expect(res.status()).toBe(401);
  }

  await page.goto('/en/login');
  const form = page.getByRole('form', { name: 'Log in to your account' });
  // A wrong password on the locked account: the paused notice, and no mail.
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Password', { exact: true }).fill('not-the-password');
  await form.getByRole('button', { name: 'Log in' }).click();
  const notice = page.getByRole('alert').filter({ hasText: 'Sign-in paused' });
  await expect(notice).toBeSeen();
  await expect(notice).toContainText('check your e-mail');
  const wrongText = await notice.textContent();
  await page.waitForTimeout(1500);
  expect(smtp.messages.filter((m) => m.to.includes(email))).toEqual([]);

  // The right password: the page says exactly the same; the owner's mailbox gets the link.
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect(notice).toBeSeen();
  await expect(page).toHaveURL(/\/en\/login$/);
  expect((await notice.textContent())?.replace(/\d+ min/, 'N min')).toBe(wrongText?.replace(/\d+ min/, 'N min'));
  await expect(page.getByLabel('Authenticator or recovery code')).toBeSeen();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page);

  const mail = await smtp.waitForMail((m) => m.to.includes(email), 20_000);
  expect(mail.subject).toBe('Your one-time sign-in link');
  expect(mail.text).toContain('Hello Lena Locked');
  const link = /https?:\/\/\S+\/login\/unlock\?token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
  expect(link).toBeDefined();
  expect(link!.startsWith(`${BASE}/en/login/unlock?token=`)).toBe(true);

  await page.goto(link!);
  await expect(page.getByRole('heading', { level: 1, name: 'Finish signing in' })).toBeSeen();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/en\/panel$/);

  // The link worked once.
  await page.goto(link!);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('This sign-in link is invalid, has already been used or has expired.')).toBeSeen();
  await expect(page.getByRole('link', { name: 'Back to login' })).toBeSeen();
});
