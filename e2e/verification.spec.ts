import type { Page } from '@playwright/test';
import { expect, expectToast, test } from './fixtures';
import { adminToken, loginAsAdmin, loginAsCustomer } from './auth';
import { createCustomer, defaultProvider, e2eTarget, msg, noSideScroll, reliableProvider, siteSettings } from './public-helpers';

/**
 * Re-verification (issue #38 item 1) end to end on the built server: the admin sets
 * verify_after_minutes to 0 in the settings form, the simulated provider undoes every action
 * (undoRate 1), a customer's order ends, the background `verify` task (once a minute) checks its
 * actions and the status page's kept rate is measured. Item 2: each undone action is made good
 * exactly once, and the customer sees it in the order's results dialog and a notice.
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

type MakeGood = { profile_id: number; state: string; by_username: string | null; undone_day: number };

test('an order whose actions are all undone has each made good exactly once, shown in its results dialog and a notice', async ({ page, request }) => {
  test.setTimeout(300_000);
  const admin = await adminToken(request);
  const before = await siteSettings(request, admin);
  const keep = { site_adi: before.site_adi, site_aciklama: before.site_aciklama ?? '', head_etiketleri: before.head_etiketleri ?? '', site_logo: before.site_logo ?? '', site_favicon: before.site_favicon ?? '' };
  await siteSettings(request, admin, { ...keep, verify_after_minutes: [0] });
  try {
    await reliableProvider(request);
    // Every action is found undone, and the provider will not let a profile act on the post again:
    // each is redone by another profile, not yet on the target.
    expect((await request.post('/sim-provider/_control', { data: { undoRate: 1, redoRefused: true } })).ok()).toBe(true);
    const customer = await createCustomer(request, admin, 'make-good');
    const auth = { authorization: `Bearer ${customer.token}` };
    const { profiles } = (await (await request.get('/api/twitter/profiles')).json()) as { profiles: { id: number; username: string }[] };
    const chosen = profiles.slice(0, 2);
    const sent = await request.post('/api/twitter/like', { headers: auth, data: { tweet_url: e2eTarget('tweet', 3840), profile_ids: chosen.map((p) => p.id) } });
    expect(sent.ok(), await sent.text()).toBe(true);
    const { task_id: taskId, order_number: number } = (await sent.json()) as { task_id: string; order_number: number };
    const operation = async () => (await (await request.get(`/api/operations/${taskId}`, { headers: auth })).json()) as { order_status: string; make_goods: MakeGood[]; kept: { checked: number; kept: number } };
    await expect.poll(async () => (await operation()).order_status, { timeout: 30_000 }).toBe('completed');

    // The verify task (once a minute) finds both undone and makes each good.
    await expect
      .poll(async () => (await operation()).make_goods.map((g) => g.state).sort(), { timeout: 200_000, intervals: [5_000] })
      .toEqual(['redone', 'redone']);
    const op = await operation();
    expect(op.kept).toMatchObject({ checked: 2, kept: 0 });
    expect(op.make_goods.map((g) => g.profile_id).sort()).toEqual(chosen.map((p) => p.id).sort());
    const redoers = op.make_goods.map((g) => g.by_username);
    for (const by of redoers) expect(chosen.map((p) => p.username)).not.toContain(by);
    expect(new Set(redoers).size).toBe(2);
    const notices = (await (await request.get('/api/notifications', { headers: { ...auth, 'accept-language': 'en' } })).json()) as { notifications: { kind: string; body: string }[] };
    const made = notices.notifications.filter((n) => n.kind === 'action_made_good');
    expect(made).toHaveLength(2);

    // The customer sees it: the results dialog and the notice, at 390 px.
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAsCustomer(page, customer);
    await page.goto('/en/panel/statistics?platform=twitter');
    const row = page.getByTestId('transaction-row').filter({ has: page.locator('[data-order-number]', { hasText: new RegExp(`^#${number}$`) }) });
    await row.getByRole('button', { name: new RegExp(`^${msg('en', 'Panel.statistics.details')}`) }).click();
    const dialog = page.getByRole('dialog', { name: msg('en', 'Panel.statistics.resultsTitle') });
    await expect(dialog.getByTestId('results-kept')).toBeSeen();
    await expect(dialog.getByTestId('results-kept')).toHaveText(msg('en', 'Panel.statistics.keptSummary', { kept: 0, checked: 2 }).replace('{checked, plural, one {# action} other {# actions}}', '2 actions'));
    const lines = dialog.locator('[data-make-good="redone"]');
    await expect(lines).toHaveCount(2);
    await lines.first().scrollIntoViewIfNeeded();
    await expect(lines.first()).toBeSeen();
    for (const by of redoers) await expect(dialog).toContainText(msg('en', 'Panel.statistics.makeGood.redone', { by: by! }));
    await noSideScroll(page, 390);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /^Notifications \(\d+ unread\)$/ }).click();
    const notice = page.locator('[data-notification="action_made_good"]').first();
    await expect(notice).toBeSeen();
    await expect(notice).toContainText(msg('en', 'Notifications.kinds.action_made_good.title'));
  } finally {
    await request.post('/sim-provider/_control', { data: { undoRate: 0, redoRefused: false } });
    await defaultProvider(request);
    await siteSettings(request, admin, { ...keep, verify_after_minutes: [1440, 10080, 43200] });
  }
});
