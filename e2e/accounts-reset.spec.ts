import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './fixtures';
import { startTestSmtp, type TestSmtp } from '../test/smtp';
import { serving, spawnServer, type ServerProcess } from './server-process';

/**
 * The password reset journey against a real SMTP exchange: an in-test SMTP server on a free
 * loopback port, the built app started with SMTP_URL pointing at it, the link read from the mail.
 */
const PORT = 3441;
const BASE = `http://127.0.0.1:${PORT}`;

let smtp: TestSmtp;
let server: ServerProcess | undefined;
let dataDir: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  smtp = await startTestSmtp();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'etk-accounts-reset-'));
  server = await serving(
    spawnServer({
      port: PORT,
      args: ['--import', 'tsx', 'server.ts'],
      env: {
        DATA_DIR: dataDir,
        PUBLIC_URL: BASE,
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Etkileşim <no-reply@example.com>',
        ADMIN_PASSWORD: 'admin-e2e-password',
        TSX_TSCONFIG_PATH: 'tsconfig.server.json',
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

test.use({ baseURL: BASE, locale: 'en-GB' });

test('a forgotten password is reset from the link in the mail, in English', async ({ page, request }) => {
  const email = `reset-${Date.now()}@example.com`;
  const created = await request.post('/api/auth/register', {
    data: { ad_soyad: 'Emma Reset', email, telefon: '+447911123456', meslek: 'Diğer', sifre: 'old-password-1' },
  });
  expect(created.status()).toBe(201);

  await page.goto('/en/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/en\/forgot-password$/);
  await page.getByLabel('E-mail').fill(email.toUpperCase());
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(/If an account with this e-mail address exists/)).toBeVisible();
  await expect(page).toHaveURL(/\/en\/login$/);

  const mail = await smtp.waitForMail((m) => m.to.includes(email), 20_000);
  expect(mail.subject).toBe('Your password reset link');
  expect(mail.text).toContain('Hello Emma Reset');
  const link = /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
  expect(link).toBeDefined();
  expect(link!.startsWith(`${BASE}/en/reset-password?token=`)).toBe(true);

  await page.goto(link!);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Set a new password');
  await expect(page.getByText(`Choose a new password for ${email}.`)).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByLabel('New password (again)').fill('short');
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByText('The password must be at least 6 characters long.')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('new-password-2');
  await page.getByLabel('New password (again)').fill('new-password-3');
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByText('The passwords do not match.')).toBeVisible();
  await page.getByLabel('New password (again)').fill('new-password-2');
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page).toHaveURL(/\/en\/login$/);

  // The old password is gone; the new one logs in.
  const old = await request.post('/api/auth/login', { data: { email, password: 'old-password-1' } });
  expect(old.status()).toBe(401);
  const form = page.getByRole('form', { name: 'Log in to your account' });
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Password', { exact: true }).fill('new-password-2');
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/en\/panel$/);

  // The link works once: opened again it shows the invalid-link page with a way to ask again.
  await page.goto(link!);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Invalid or expired link');
  await page.getByRole('link', { name: 'Request a new reset link' }).click();
  await expect(page).toHaveURL(/\/en\/forgot-password$/);
});

test('an unknown e-mail gets the same answer and no mail', async ({ request }) => {
  const before = smtp.messages.length;
  const res = await request.post('/api/auth/forgot-password', { data: { email: 'nobody-at-all@example.com' }, headers: { 'accept-language': 'en' } });
  expect(res.status()).toBe(200);
  expect(await res.json()).toMatchObject({ success: true, mesaj: expect.stringContaining('If an account with this e-mail address exists') });
  await new Promise((r) => setTimeout(r, 1500));
  expect(smtp.messages.length).toBe(before);
});
