import AxeBuilder from '@axe-core/playwright';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { msg } from './public-helpers';

/**
 * Issue #36 item 1: an admin corrects a profile's audience at /rooting/profiles on a phone; the
 * correction is on the public profile list and in the audit trail, and is handed back to the
 * provider with one tap.
 */
test.use({ locale: 'en-GB', viewport: { width: 390, height: 844 } });

async function adminLogin(page: Page) {
  await page.goto('/en/rooting');
  await expect(page).toHaveURL(/\/en\/admin-login$/);
  await page.getByLabel(msg('en', 'Auth.fields.email')).fill('admin@example.com');
  await page.getByLabel(msg('en', 'Auth.fields.password'), { exact: true }).fill('admin-e2e-password');
  await page.getByRole('button', { name: msg('en', 'Auth.admin.submit') }).click();
  await expect(page).toHaveURL(/\/en\/rooting$/);
}

test('390px: an admin corrects a profile’s audience, sees it on the public list, and hands it back', async ({ page }) => {
  await adminLogin(page);
  const list = await page.request.get('/api/admin/profiles?platform=tiktok&status=active');
  const [first] = (await list.json()).profiles as { id: number; username: string }[];
  const name = `@${first!.username.replace(/^@/, '')}`;

  await page.goto('/en/rooting/profiles?platform=tiktok');
  const card = page.locator(`[data-profile-health="${first!.id}"]`);
  const edit = card.getByRole('button', { name: msg('en', 'Admin.profiles.audience.editLabel', { name }) });
  await edit.scrollIntoViewIfNeeded();
  await expect(edit).toBeSeen();
  await edit.click();
  await card.getByLabel(msg('en', 'Admin.profiles.audience.languages')).fill('de, en');
  await card.getByLabel(msg('en', 'Admin.profiles.audience.country')).fill('at');
  const checked = card.locator('#audience-' + first!.id).getByRole('checkbox', { checked: true });
  while ((await checked.count()) > 0) await checked.first().uncheck();
  await card.getByRole('checkbox', { name: msg('en', 'Niches.automotive') }).check();
  await card.getByRole('checkbox', { name: msg('en', 'Admin.profiles.audience.verified') }).check();
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => `${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await card.getByRole('button', { name: msg('en', 'Admin.profiles.audience.save') }).click();
  await expect(page.getByText(msg('en', 'Admin.profiles.audience.saved', { name })).first()).toBeSeen();
  await expect(card.locator('[data-profile-audience]')).toHaveAttribute('data-edited', '');
  await expect(card).toContainText(msg('en', 'Admin.profiles.audience.editedMark'));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  const served = ((await (await page.request.get('/api/tiktok/profiles')).json()).profiles as Record<string, unknown>[]).find((p) => p.id === first!.id);
  expect(served).toMatchObject({ languages: ['de', 'en'], country: 'AT', niches: ['automotive'], verified: true });

  const handBack = card.getByRole('button', { name: msg('en', 'Admin.profiles.audience.handBackLabel', { name }) });
  await handBack.click();
  await expect(page.getByText(msg('en', 'Admin.profiles.audience.returned', { name })).first()).toBeSeen();
  await expect(card.locator('[data-profile-audience]')).not.toHaveAttribute('data-edited', '');
  await card.getByText(msg('en', 'Admin.profiles.history')).click();
  await expect(card).toContainText(msg('en', 'Admin.audit.actions.profile_audience_edit'));
  await expect(card).toContainText(msg('en', 'Admin.audit.actions.profile_audience_return'));
});
