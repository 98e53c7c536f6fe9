import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { msg } from './public-helpers';

/** Issue #17, the operator's tools, in English: profile health and the dashboard on a phone. */
test.use({ locale: 'en-GB' });

async function adminLogin(page: Page) {
  await page.goto('/en/rooting');
  await expect(page).toHaveURL(/\/en\/admin-login$/);
  await page.getByLabel(msg('en', 'Auth.fields.email')).fill('admin@example.com');
  await page.getByLabel(msg('en', 'Auth.fields.password'), { exact: true }).fill('admin-e2e-password');
  await page.getByRole('button', { name: msg('en', 'Auth.admin.submit') }).click();
  await expect(page).toHaveURL(/\/en\/rooting$/);
}

test('an admin sees a disabled profile at /rooting/profiles and puts it back in the pool', async ({ page }) => {
  await adminLogin(page);
  // The session cookie of the page is the admin's credential for the API too.
  const list = await page.request.get('/api/admin/profiles?platform=youtube');
  const [first] = (await list.json()).profiles as { id: number; username: string }[];
  expect((await page.request.put(`/api/admin/profiles/${first!.id}`, { data: { status: 'disabled' } })).ok()).toBe(true);

  await page.goto('/en/rooting/profiles?platform=youtube');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(msg('en', 'Admin.profiles.title'));
  const card = page.locator(`[data-profile-health="${first!.id}"]`);
  await expect(card).toContainText(msg('en', 'Admin.profiles.status.disabled'));
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => `${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  const name = `@${first!.username.replace(/^@/, '')}`;
  await card.getByRole('button', { name: msg('en', 'Admin.profiles.reactivateLabel', { name }) }).click();
  await expect(page.getByText(msg('en', 'Admin.profiles.reactivated', { name })).first()).toBeVisible();
  await expect(card).toHaveAttribute('data-status', 'active');
  await card.getByText(msg('en', 'Admin.profiles.history')).click();
  await expect(card).toContainText(msg('en', 'Admin.audit.actions.profile_reactivate'));
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 800 } });

  test('the dashboard shows analytics, the integrity check and stuck orders without overflow, and exports users as CSV', async ({ page }) => {
    await adminLogin(page);
    await expect(page.getByRole('heading', { name: msg('en', 'Admin.analytics.title') })).toBeVisible();
    await expect(page.locator('[data-analytics="30"]')).toBeVisible();
    await page.getByRole('link', { name: msg('en', 'Admin.analytics.range', { days: 7 }) }).click();
    await expect(page).toHaveURL(/\/en\/rooting\?days=7$/);
    await expect(page.locator('[data-analytics="7"] [data-chart="orders"] svg').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: msg('en', 'Admin.integrity.title') })).toBeVisible();
    await expect(page.locator('[data-stuck-orders]')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    const download = page.waitForEvent('download');
    await page.locator('[data-export-form]').getByRole('button', { name: msg('en', 'Admin.exports.users') }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^users-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs.readFileSync(await file.path(), 'utf8');
    expect(csv.split('\r\n')[0]).toBe('\uFEFFid,created_at,name,email,phone,role,active,balance_usd,locale');
    expect(csv).toContain(',"admin@example.com",');
  });
});
