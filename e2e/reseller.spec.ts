import AxeBuilder from '@axe-core/playwright';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { adminToken, signInBrowser, loginAsAdmin } from './auth';
import { createCustomer, LOCALES, msg, prefix, type Customer, type Loc } from './public-helpers';

/**
 * The reseller API's page in the panel (issue #16): /panel/settings › API access, and the API
 * reference at /docs/api, in Turkish, English and German, on a 390 px phone and a 1440 px screen.
 * With RESELLER_SHOTS=<folder> each view is also saved as a picture there.
 */
const shots = process.env.RESELLER_SHOTS;
let customer: Customer;

async function shot(page: Page, name: string, fullPage = true) {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage });
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function noHorizontalScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  customer = await createCustomer(request, await adminToken(request), 'reseller');
});

test('a customer creates a key (shown once), uses it, sets a webhook and revokes the key', async ({ page, request }) => {
  const l: Loc = 'en';
  await page.setViewportSize({ width: 390, height: 844 });
  await signInBrowser(page, customer.token);
  await page.goto(`${prefix(l)}/panel/settings`);
  const section = page.getByRole('region', { name: msg(l, 'Settings.api.title') });
  await expect(section.getByText(msg(l, 'Settings.api.empty'))).toBeVisible();
  await expect(section.getByText(/\/api\/v2$/)).toBeVisible();

  await section.getByLabel(msg(l, 'Settings.api.name')).fill('Shop script');
  await section.getByLabel(msg(l, 'Settings.api.currentPassword'), { exact: true }).fill('wrong-password');
  await section.getByRole('button', { name: msg(l, 'Settings.api.create') }).click();
  await expect(section.getByText(msg(l, 'Errors.CURRENT_PASSWORD_WRONG'))).toBeVisible();
  await section.getByLabel(msg(l, 'Settings.api.currentPassword'), { exact: true }).fill(customer.password);
  await section.getByRole('button', { name: msg(l, 'Settings.api.create') }).click();

  const dialog = page.getByRole('dialog', { name: msg(l, 'Settings.api.createdTitle') });
  const key = (await dialog.getByTestId('new-api-key').textContent())!.trim();
  expect(key).toMatch(/^etk_[A-Za-z0-9_-]{43}$/);
  await noHorizontalScroll(page, 390);
  await shot(page, 'settings-new-key-390-en', false);
  await dialog.getByRole('button', { name: msg(l, 'Settings.api.done') }).first().click();
  await expect(dialog).toBeHidden();
  await expect(section.getByText('Shop script')).toBeVisible();
  await expect(section.getByText(`${key.slice(0, 12)}…`)).toBeVisible();
  await expect(page.getByText(key)).toHaveCount(0); // shown once

  // The key works on the protocol, form-encoded.
  const balance = await request.post('/api/v2', { form: { key, action: 'balance' } });
  expect(await balance.json()).toEqual({ balance: '0.00', currency: 'USD' });
  await page.reload();
  await expect(section.getByText(msg(l, 'Settings.api.never'))).toHaveCount(0);

  // A webhook at a private address is refused with its reason.
  await section.getByRole('button', { name: msg(l, 'Settings.api.showWebhook') }).click();
  await section.getByLabel(msg(l, 'Settings.api.webhookUrl')).fill('https://127.0.0.1/hook');
  await section.getByRole('button', { name: msg(l, 'Settings.api.save'), exact: true }).click();
  await expect(section.getByText(msg(l, 'Errors.WEBHOOK_URL_INVALID'))).toBeVisible();
  await expect(section.getByText(msg(l, 'Settings.api.noDeliveries'))).toBeVisible();
  await noHorizontalScroll(page, 390);
  await expectNoAxeViolations(page);

  // Revoke: the key stops at once.
  await section.getByRole('button', { name: msg(l, 'Settings.api.revoke') }).click();
  const confirm = page.getByRole('dialog', { name: msg(l, 'Settings.api.revokeTitle') });
  await confirm.getByRole('button', { name: msg(l, 'Settings.api.revoke') }).click();
  await expect(section.getByText(msg(l, 'Settings.api.empty'))).toBeVisible();
  const refused = await request.post('/api/v2', { form: { key, action: 'balance' } });
  // The protocol answers a refusal with HTTP 200 and its code (issue #33 item 2), in English by default.
  expect(refused.status()).toBe(200);
  expect(await refused.json()).toEqual({ error: 'Invalid API key.', code: 'INVALID_API_KEY' });
});

test('an admin finds a customer\'s key at /rooting/api-keys and revokes it: it stops at once and the audit log says so', async ({ page, request }) => {
  const l: Loc = 'de';
  const created = await (
    await request.post('/api/api-keys', { headers: { authorization: `Bearer ${customer.token}` }, data: { name: 'Admin review', currentPassword: customer.password } })
  ).json();
  expect(created).toMatchObject({ success: true });
  const key = created.key as string;
  expect(await (await request.post('/api/v2', { form: { key, action: 'balance' } })).json()).toMatchObject({ currency: 'USD' });

  await page.setViewportSize({ width: 390, height: 844 });
  await loginAsAdmin(page);
  await page.goto(`${prefix(l)}/rooting/api-keys`);
  const filters = page.getByRole('form', { name: msg(l, 'Admin.apiKeys.filters') });
  await filters.getByLabel(msg(l, 'Admin.apiKeys.search')).fill(customer.email);
  await filters.getByRole('button', { name: msg(l, 'Admin.apiKeys.apply') }).click();
  await expect(page).toHaveURL(/q=/);
  const row = page.locator(`[data-api-key="${created.api_key.id}"]`);
  await expect(row).toContainText('Admin review');
  await expect(row).toContainText(customer.email);
  await expect(row).toContainText(`${created.api_key.prefix}…`);
  await expect(page.locator('[data-api-key]')).toHaveCount(1);
  await noHorizontalScroll(page, 390);
  await shot(page, 'rooting-api-keys-390-de');

  // Revoking sits behind the row's menu (issue #15: no red button on every row).
  await row.getByRole('button', { name: msg(l, 'Admin.common.rowMenu', { name: `Admin review (${customer.email})` }) }).click();
  await page.getByRole('menuitem', { name: msg(l, 'Admin.apiKeys.revokeLabel', { name: 'Admin review', owner: customer.email }) }).click();
  const confirm = page.getByRole('alertdialog', { name: msg(l, 'Admin.apiKeys.revokeTitle') });
  await confirm.getByRole('button', { name: msg(l, 'Admin.apiKeys.revoke') }).click();
  await expect(page.getByText(msg(l, 'Admin.apiKeys.revoked'))).toBeVisible();
  await expect(row).toHaveCount(0); // the active view no longer lists it
  const refused = await request.post('/api/v2', { form: { key, action: 'balance' } });
  expect(await refused.json()).toMatchObject({ code: 'INVALID_API_KEY' });

  await filters.getByLabel(msg(l, 'Admin.apiKeys.status')).selectOption('revoked');
  await filters.getByRole('button', { name: msg(l, 'Admin.apiKeys.apply') }).click();
  await expect(row).toContainText(msg(l, 'Admin.apiKeys.revokedAt', { date: '' }).trim());
  await expectNoAxeViolations(page);

  await page.goto(`${prefix(l)}/rooting/audit?entity=api_key`);
  await expect(page.getByRole('listitem').filter({ hasText: msg(l, 'Admin.audit.actions.api_key_revoke') }).first()).toContainText(`#${created.api_key.id}`);
});

for (const l of LOCALES) {
  test(`the API access section and the API reference fit a phone and a desktop (${l})`, async ({ page, request }) => {
    // Two keys to list.
    for (const name of ['Panel A', 'WooCommerce']) {
      const res = await request.post('/api/api-keys', { headers: { authorization: `Bearer ${customer.token}` }, data: { name: `${name} ${l}`, currentPassword: customer.password } });
      expect(res.status(), await res.text()).toBe(201);
    }
    await signInBrowser(page, customer.token);
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${prefix(l)}/panel/settings`);
      const section = page.getByRole('region', { name: msg(l, 'Settings.api.title') });
      await expect(section.getByText(`Panel A ${l}`)).toBeVisible();
      await section.getByRole('button', { name: msg(l, 'Settings.api.showWebhook') }).first().click();
      await expect(section.getByLabel(msg(l, 'Settings.api.webhookUrl'))).toBeVisible();
      await noHorizontalScroll(page, width);
      await section.scrollIntoViewIfNeeded();
      await shot(page, `settings-${width}-${l}`);

      await page.goto(`${prefix(l)}/docs/api`);
      await expect(page.getByRole('heading', { level: 1, name: msg(l, 'ApiDocs.title') })).toBeVisible();
      // POST /api/v2 (GET /api/v2 only says to use POST).
      const v2 = page
        .locator('summary')
        .filter({ has: page.locator('code', { hasText: /^\/api\/v2$/ }) })
        .filter({ has: page.locator('span', { hasText: /^post$/i }) });
      await v2.click();
      await expect(page.getByText('refill_status').first()).toBeVisible();
      // The error shape is written out (a message with literal braces once showed its key instead).
      await expect(page.getByText('{success: false, mesaj, code}').first()).toBeVisible();
      await expect(page.getByText(/ApiDocs\./)).toHaveCount(0);
      await noHorizontalScroll(page, width);
      await shot(page, `docs-${width}-${l}`);
      if (width === 390) await expectNoAxeViolations(page);
    }
    const keys = (await (await request.get('/api/api-keys', { headers: { authorization: `Bearer ${customer.token}` } })).json()).api_keys as { id: number }[];
    for (const k of keys) await request.delete(`/api/api-keys/${k.id}`, { headers: { authorization: `Bearer ${customer.token}` } });
  });
}

test('/docs/api lists the admin endpoints to an admin session only', async ({ page, request }) => {
  const admin = await adminToken(request);
  const adminPath = page.locator('summary code', { hasText: /^\/api\/admin\/analytics$/ });
  await page.goto('/en/docs/api');
  await expect(page.locator('summary code', { hasText: /^\/api\/v2$/ })).toBeSeen();
  await expect(adminPath).toHaveCount(0);
  const customer = await createCustomer(request, admin, 'docs', { packages: false });
  await signInBrowser(page, customer.token);
  await page.goto('/en/docs/api');
  await expect(adminPath).toHaveCount(0);
  await page.context().clearCookies();
  await signInBrowser(page, admin);
  await page.goto('/en/docs/api');
  await expect(adminPath).toHaveCount(1);
});

test('GET /api/openapi.json is served by the built app', async ({ request }) => {
  const res = await request.get('/api/openapi.json');
  expect(res.status()).toBe(200);
  const doc = await res.json();
  expect(doc.openapi).toBe('3.1.0');
  expect(doc.paths['/api/v2'].post['x-auth']).toBe('apiKey');
});
