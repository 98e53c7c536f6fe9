import { expect, test } from './fixtures';
import { adminToken, signInBrowser } from './auth';
import { createCustomer, msg, reliableProvider, defaultProvider, siteSettings } from './public-helpers';

/**
 * Issue #37 in the browser: a customer on a 390 px phone creates a watch of an account on
 * /panel/watch; the simulated provider publishes a post of it (its control switch); within the
 * polling period (the site setting watch_poll_seconds, set to its least, 5, for this test) the
 * post and its order ("#123") appear on the page without a reload, the order's status follows it to its
 * end, and the grouped "posts acted on" notice is in the bell.
 */
test.describe('watches', () => {
  let settings: Record<string, unknown> | undefined;
  test.beforeEach(async ({ request }) => {
    const admin = await adminToken(request);
    settings = await siteSettings(request, admin);
    await siteSettings(request, admin, { ...settings, watch_poll_seconds: 5 });
  });
  test.afterEach(async ({ request }) => {
    await defaultProvider(request);
    if (settings) await siteSettings(request, await adminToken(request), settings);
  });

  test('a watch created at 390 px turns a post the simulator publishes into an order shown on /panel/watch', async ({ browser, request }) => {
    await reliableProvider(request);
    const admin = await adminToken(request);
    const customer = await createCustomer(request, admin, 'watch');
    const account = `w${Date.now() % 1e9}`;

    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-GB' });
    const page = await phone.newPage();
    await signInBrowser(page, customer.token);
    await page.goto('/en/panel/watch');
    await expect(page.getByRole('heading', { level: 1, name: msg('en', 'Watch.title') })).toBeSeen();
    await expect(page.getByRole('link', { name: msg('en', 'Header.panelTabs.watch') })).toHaveAttribute('aria-current', 'page');

    const form = page.locator('[data-watch-form]');
    await form.getByLabel(msg('en', 'Watch.account')).fill(`@${account}`);
    await form.getByRole('checkbox', { name: msg('en', 'Services.like') }).check();
    const roster = form.getByRole('group', { name: /Profiles \(/ });
    await roster.getByRole('checkbox').nth(0).check();
    await roster.getByRole('checkbox').nth(1).check();
    await form.getByLabel(msg('en', 'Watch.delayMin')).fill('0');
    await form.getByLabel(msg('en', 'Watch.delayMax')).fill('0');
    await form.getByLabel(msg('en', 'Watch.spread')).fill('0');
    await form.getByRole('button', { name: msg('en', 'Watch.create') }).click();

    // The list is above the form on a phone: the person scrolls up to the new watch.
    const card = page.getByRole('article', { name: msg('en', 'Watch.cardLabel', { account }) });
    await expect(card).toBeAttached();
    await card.scrollIntoViewIfNeeded();
    await expect(card).toBeSeen();
    await expect(card.locator('[data-watch-status="active"]')).toBeSeen();

    const published = await request.post('/sim-provider/_control', { data: { publish: { platform: 'twitter', account } } });
    expect(published.ok()).toBe(true);
    const { post } = (await published.json()) as { post: { id: string; url: string } };

    const row = card.locator(`[data-watch-post="${post.id}"]`);
    await expect(row).toBeAttached({ timeout: 45_000 });
    await row.scrollIntoViewIfNeeded();
    await expect(row).toBeSeen();
    await expect(row.getByRole('link', { name: post.url })).toBeSeen();
    await expect(row.locator('[data-watch-order]').first()).toBeAttached({ timeout: 15_000 });
    await row.scrollIntoViewIfNeeded();
    await expect(row.locator('[data-watch-order]').first()).toBeSeen();
    await expect(row.locator('[data-watch-order]').first()).toContainText(/#\d+/);
    await expect(card.locator('[data-posts-found]')).toHaveText('1');

    // The order's status follows it live to its end (the reliable simulator completes it) …
    const badge = row.locator('[data-watch-order] [data-durum]').first();
    await expect(badge).toHaveAttribute('data-durum', 'basarili', { timeout: 45_000 });
    await expect(badge).toBeSeen();
    // … and the customer is told: the grouped "posts acted on" notice in the bell, in English.
    await page.reload();
    const bell = page.locator('[data-notification-bell]').getByRole('button', { name: /Notifications/ });
    await bell.click();
    const notice = page.locator('[data-notification="watch_acted"]').first();
    await expect(notice).toBeSeen();
    await expect(notice).toContainText(msg('en', 'Notifications.kinds.watch_acted.title'));
    await expect(notice).toContainText(`@${account}`);
    await page.keyboard.press('Escape');

    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phone.close();
  });

  test('at 1440 px a watch takes the best N profiles for each post instead of ticked ones, and says so on its card', async ({ browser, request }) => {
    const admin = await adminToken(request);
    const customer = await createCustomer(request, admin, 'watchbest');
    const account = `b${Date.now() % 1e9}`;
    const desk = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'de-DE' });
    const page = await desk.newPage();
    await signInBrowser(page, customer.token);
    await page.goto('/de/panel/watch');
    const form = page.locator('[data-watch-form]');
    await form.getByLabel(msg('de', 'Watch.account')).fill(`@${account}`);
    await form.getByRole('checkbox', { name: msg('de', 'Services.like') }).check();
    // The choice: ticked profiles by default; the best N replaces the list of profiles.
    await expect(form.getByRole('radio', { name: msg('de', 'Watch.choices.ticked') })).toBeChecked();
    await form.getByRole('radio', { name: msg('de', 'Watch.choices.best') }).check();
    await expect(form.getByRole('group', { name: /Profile \(/ })).toHaveCount(0);
    await form.getByLabel(msg('de', 'Watch.bestN')).fill('2');
    // A crew: none yet, and the page says where crews are made.
    await form.getByRole('radio', { name: msg('de', 'Watch.choices.crew') }).check();
    await expect(form.getByText(msg('de', 'Watch.noCrews'))).toBeSeen();
    await form.getByRole('radio', { name: msg('de', 'Watch.choices.best') }).check();
    await form.getByLabel(msg('de', 'Watch.bestN')).fill('2');
    await form.getByRole('button', { name: msg('de', 'Watch.create') }).click();
    const card = page.getByRole('article', { name: msg('de', 'Watch.cardLabel', { account }) });
    await expect(card).toBeAttached();
    await card.scrollIntoViewIfNeeded();
    await expect(card).toBeSeen();
    await expect(card.locator('[data-watch-choice]')).toHaveText(msg('de', 'Watch.summary.best', { count: 2 }));
    const listed = await request.get('/api/watches', { headers: { authorization: `Bearer ${customer.token}` } });
    const { watches } = (await listed.json()) as { watches: { account: string; best_n: number | null; profile_ids: number[] }[] };
    expect(watches.find((w) => w.account === account)).toMatchObject({ best_n: 2, profile_ids: [] });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1440);
    await desk.close();
  });
});
