import type { Page } from '@playwright/test';
import { expect, expectToast, test } from './fixtures';
import { adminToken, loginAsAdmin } from './auth';
import { createCustomer, defaultProvider, e2eTarget, msg, reliableProvider } from './public-helpers';

/**
 * Re-verification (issue #38 item 1) end to end on the built server: the admin sets
 * verify_after_minutes to 0 in the settings form, the simulated provider undoes every action
 * (undoRate 1), a customer's order ends, the background `verify` task (once a minute) checks its
 * actions and the status page's kept rate is measured. Making undone actions good (item 2) is not built.
 */
async function setVerifyTimes(page: Page, value: string) {
  // In Turkish whatever page was open before (the status page in English sets the language cookie).
  await page.goto('/rooting/settings?lng=tr');
  const field = page.getByLabel(msg('tr', 'Admin.settings.verifyAfter'));
  await field.fill(value);
  await page.getByRole('button', { name: msg('tr', 'Admin.common.save') }).click();
  await expectToast(page, msg('tr', 'Admin.settings.saved'));
}

test('with checks right after the end and a provider that undoes everything, the kept rate of /status is measured', async ({ page, request }) => {
  test.setTimeout(240_000);
  await loginAsAdmin(page);
  await page.goto('/rooting/settings');
  await expect(page.getByLabel(msg('tr', 'Admin.settings.verifyAfter'))).toHaveValue('1440, 10080, 43200');
  await setVerifyTimes(page, '0');
  await page.reload();
  await expect(page.getByLabel(msg('tr', 'Admin.settings.verifyAfter'))).toHaveValue('0');
  try {
    await reliableProvider(request);
    expect((await request.post('/sim-provider/_control', { data: { undoRate: 1 } })).ok()).toBe(true);
    const customer = await createCustomer(request, await adminToken(request), 'verify');
    const auth = { authorization: `Bearer ${customer.token}` };
    const { profiles } = (await (await request.get('/api/twitter/profiles')).json()) as { profiles: { id: number }[] };
    const sent = await request.post('/api/twitter/bookmark', { headers: auth, data: { tweet_url: e2eTarget('tweet', 3838), profile_ids: profiles.slice(0, 2).map((p) => p.id) } });
    expect(sent.ok(), await sent.text()).toBe(true);
    const taskId = (await sent.json()).task_id as string;
    await expect.poll(async () => (await (await request.get(`/api/operations/${taskId}`, { headers: auth })).json()).order_status, { timeout: 30_000 }).toBe('completed');

    // The verify task is offered once a minute: within two minutes the checks have answers.
    const keptRate = async () => {
      const status = (await (await request.get('/api/status?lng=en')).json()).status;
      const twitter = status.platforms.find((p: { platform: string }) => p.platform === 'twitter');
      return twitter.services.find((s: { service: string }) => s.service === 'bookmark').kept_rate as { d7: number | null; measured: boolean };
    };
    await expect.poll(keptRate, { timeout: 150_000, intervals: [5_000] }).toMatchObject({ measured: true });
    expect((await keptRate()).d7).toBeLessThan(1);

    await page.goto('/en/status');
    const bookmark = page.locator('[data-status-platform="twitter"] [data-status-service="bookmark"]');
    await bookmark.scrollIntoViewIfNeeded();
    await expect(bookmark.locator('[data-kept-rate="measured"]')).toBeSeen();
  } finally {
    await request.post('/sim-provider/_control', { data: { undoRate: 0 } });
    await defaultProvider(request);
    await setVerifyTimes(page, '1440, 10080, 43200');
  }
});
