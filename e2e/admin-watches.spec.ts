import { expect, test } from './fixtures';
import { adminToken, loginAsAdmin } from './auth';
import { createCustomer, msg } from './public-helpers';

/**
 * Issue #37 item 5 in the browser: a customer's watch (made through the customer API) is seen by
 * an operator on /rooting/watches — on a 390 px phone in German, reached from the admin menu —
 * and paused there; at 1440 px in English the paused watch is in the "paused" filter, and its
 * posts open in a dialog. The customer's watch is paused, and nothing is wider than the phone.
 */
test.describe('operators’ watches', () => {
  test('an admin sees a customer’s watch and pauses it (390 px de, 1440 px en)', async ({ browser, request }) => {
    const admin = await adminToken(request);
    const customer = await createCustomer(request, admin, 'opwatch');
    const { profiles } = (await (await request.get('/api/twitter/profiles')).json()) as { profiles: { id: number }[] };
    const account = `op${Date.now() % 1e9}`;
    const created = await request.post('/api/watches', {
      headers: { authorization: `Bearer ${customer.token}` },
      data: {
        platform: 'twitter',
        account: `@${account}`,
        services: ['like'],
        profile_ids: profiles.slice(0, 2).map((p) => p.id),
        delay_minutes: [0, 0],
        max_posts_per_day: 5,
        ends_at: new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10),
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { watch } = (await created.json()) as { watch: { id: number } };
    const name = (l: 'de' | 'en') => `@${account} · ${msg(l, 'Platforms.twitter')}`;

    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'de-DE' });
    const page = await phone.newPage();
    await loginAsAdmin(page);
    await page.goto('/de/rooting');
    await page.getByRole('button', { name: msg('de', 'Admin.nav.openMenu') }).click();
    const link = page.getByRole('link', { name: msg('de', 'Admin.nav.watches') });
    await expect(link).toBeSeen();
    await link.click();
    await expect(page.getByRole('heading', { level: 1, name: msg('de', 'Admin.watches.title') })).toBeSeen();
    const card = page.locator(`li[data-watch="${watch.id}"]`);
    await card.scrollIntoViewIfNeeded();
    await expect(card.getByRole('heading', { name: name('de') })).toBeSeen();
    await expect(card.getByText(msg('de', 'Watch.status.active'), { exact: true })).toBeSeen();
    await expect(card.getByText(/E2E Müşteri/)).toBeSeen();
    await card.getByRole('button', { name: msg('de', 'Admin.watches.pauseOf', { name: name('de') }) }).click();
    await expect(page.getByText(msg('de', 'Admin.watches.paused'))).toBeSeen();
    await expect(card.getByText(msg('de', 'Watch.status.paused'), { exact: true })).toBeSeen();
    await expect(card.getByRole('button', { name: msg('de', 'Admin.watches.resumeOf', { name: name('de') }) })).toBeSeen();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phone.close();

    // The customer's watch is paused.
    const mine = await request.get(`/api/watches/${watch.id}`, { headers: { authorization: `Bearer ${customer.token}` } });
    expect(((await mine.json()) as { watch: { status: string } }).watch.status).toBe('paused');

    const desk = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-GB' });
    const wide = await desk.newPage();
    await loginAsAdmin(wide);
    await wide.goto('/en/rooting/watches?status=paused');
    await expect(wide.getByRole('link', { name: msg('en', 'Admin.nav.watches') })).toHaveAttribute('aria-current', 'page');
    const row = wide.locator(`tr[data-watch="${watch.id}"]`);
    await expect(row.getByText(`@${account}`, { exact: true })).toBeSeen();
    await expect(row.getByText(msg('en', 'Watch.status.paused'), { exact: true })).toBeSeen();
    await expect(row.getByText(/\d+ found · \d+ acted on · \d+ skipped/)).toBeSeen();
    await row.getByRole('button', { name: msg('en', 'Admin.watches.postsOf', { name: name('en') }) }).click();
    const dialog = wide.getByRole('dialog', { name: msg('en', 'Admin.watches.postsOf', { name: name('en') }) });
    // The simulator publishes on its own schedule too: no post yet, or the ones found before the pause.
    await expect(dialog.getByText(msg('en', 'Admin.watches.noPosts')).or(dialog.locator('[data-watch-post]').first())).toBeSeen();
    await desk.close();
  });
});
