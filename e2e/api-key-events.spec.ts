import { expect, test } from './fixtures';
import { adminToken, signInBrowser } from './auth';
import { createCustomer, msg, prefix, type Loc } from './public-helpers';

/**
 * Issue #33 item 9: "Log out everywhere" names the API keys it will end before the owner confirms,
 * and ends them; a new key is announced to its owner. On a 390 px phone, in German.
 */
test('“log out everywhere” lists the working API keys, ends them, and each new key was announced', async ({ page, request }) => {
  const l: Loc = 'de';
  const customer = await createCustomer(request, await adminToken(request), 'key-events', { packages: false });
  const auth = { authorization: `Bearer ${customer.token}` };
  const keys = [];
  for (const name of ['Shop sync', 'Backup script']) {
    const res = await request.post('/api/api-keys', { headers: auth, data: { name, currentPassword: customer.password } });
    expect(res.status()).toBe(201);
    keys.push((await res.json()) as { key: string; api_key: { prefix: string } });
  }
  // Each key was announced in the app (and by mail: lib/domain/api-keys/account-events.test.ts).
  const notices = (await (await request.get('/api/notifications', { headers: { ...auth, 'accept-language': 'de' } })).json()) as { notifications: { kind: string; body: string }[] };
  expect(notices.notifications.filter((n) => n.kind === 'api_key_created').map((n) => n.body)).toEqual([
    expect.stringContaining('„Backup script“'),
    expect.stringContaining('„Shop sync“'),
  ]);

  await page.setViewportSize({ width: 390, height: 844 });
  await signInBrowser(page, customer.token);
  await page.goto(`${prefix(l)}/panel/settings`);
  await page.getByRole('button', { name: msg(l, 'Settings.logoutAll') }).click();
  const dialog = page.getByRole('dialog', { name: msg(l, 'Settings.logoutAllConfirmTitle') });
  const list = dialog.getByRole('list', { name: msg(l, 'Settings.logoutAllKeys') });
  await expect(list).toBeSeen();
  await expect(list.getByRole('listitem')).toHaveCount(2);
  for (const [i, name] of ['Shop sync', 'Backup script'].entries()) {
    await expect(list.getByRole('listitem').filter({ hasText: name })).toContainText(`${keys[i]!.api_key.prefix}…`);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await dialog.getByRole('button', { name: msg(l, 'Settings.logoutAll') }).click();
  await expect(page).toHaveURL(new RegExp(`${prefix(l)}/login$`));

  // The keys ended with the sessions: the API answers as for any wrong key.
  for (const { key } of keys) {
    const refused = await request.post('/api/v2', { form: { key, action: 'balance' } });
    expect(await refused.json()).toMatchObject({ code: 'INVALID_API_KEY' });
  }
});
