import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { adminToken, signInBrowser, loginAsAdmin } from './auth';
import { allProfileBoxes, createCustomer, e2eTarget, reliableProvider, defaultProvider, topUp } from './public-helpers';

/**
 * Screenshot baselines of the main screens (issue #32), at a 390 px phone and a 1440 px desktop,
 * in Turkish, with the system Chromium and animations off. A change of look is a reviewed change
 * of the baselines in e2e/screens/ in the same commit (`npx playwright test e2e/screens.spec.ts
 * --update-snapshots`, then look at every changed image).
 *
 * The file's name puts it first in the run (files run in name order): the storefront and /pricing
 * are shot before other journeys add packages.
 *
 * What differs between runs is masked: the profile list is shuffled on every load (§3), and names,
 * dates and figures depend on what the other journeys made before this one.
 */
const WIDTHS = [390, 1440] as const;

async function settle(page: Page) {
  await page.waitForLoadState('load');
  await page.evaluate(() => document.fonts.ready);
  // The hydration, idle work (the profile list's later cards) and the toasts of the way here.
  await page.waitForTimeout(400);
}

async function shot(page: Page, name: string, mask: Locator[] = []) {
  await settle(page);
  // What a person sees first on opening the page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(page).toHaveScreenshot(`${name}.png`, { mask, maskColor: '#94a3b8', animations: 'disabled', caret: 'hide', maxDiffPixelRatio: 0.01 });
}

/** Dates and times (of today, of a package's end, of a message) and order numbers (issue #33) change from run to run. */
const dates = (page: Page) => [page.locator('time'), page.locator('[data-order-number]'), page.getByText(/\b\d{1,2}[ .]\s?\S{3,5}\.? \d{4}\b|\b\d{1,2}:\d{2}\b/), page.getByTestId('overview-reset')];

/** The parts of a profile card that change between loads: who it is and their figures. */
const profileFacts = (page: Page) => [page.locator('[data-profile-list] li a'), page.locator('[data-profile-list] li .text-xs')];

for (const width of WIDTHS) {
  test.describe(`the main screens at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 900 } });

    test('storefront, pricing, a service page with profiles ticked, and the new-tweet confirmation', async ({ page, request }) => {
      await page.goto('/');
      await shot(page, `storefront-${width}`, profileFacts(page));
      await page.goto('/pricing');
      await shot(page, `pricing-${width}`);

      const customer = await createCustomer(request, await adminToken(request), `screens${width}`);
      await topUp(request, customer, 5000);
      await signInBrowser(page, customer.token);
      await page.goto('/service/like');
      const boxes = await allProfileBoxes(page);
      for (const i of [0, 1, 2]) await boxes.nth(i).check();
      await page.getByLabel('Tweet bağlantısı').fill(e2eTarget('tweet', 300 + width));
      // The picker's note once the provider told the link's language and niche (issue #36), not while it asks.
      await expect(page.locator('[data-match-state="known"]')).toHaveCount(1);
      await shot(page, `service-ticked-${width}`, [...profileFacts(page), page.locator('[data-daily-limit]')]);

      await page.goto('/service/new_tweet');
      const tweetBoxes = await allProfileBoxes(page);
      await tweetBoxes.nth(0).check();
      await page.getByLabel('Tweet metni').fill('Ekran görüntüsü için bir tweet.');
      await page.locator('form').getByRole('button', { name: /Gönder/ }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeSeen();
      // The dialog itself (the page under it moves with the shuffle); which profile is first, and so
      // the lines and the price, changes with the shuffle too.
      await settle(page);
      await expect(dialog).toHaveScreenshot(`new-tweet-confirm-${width}.png`, { mask: [dialog.locator('[data-confirm-lines]')], maskColor: '#94a3b8', animations: 'disabled', caret: 'hide', maxDiffPixelRatio: 0.01 });
    });

    test('the panel overview, statistics with an order’s results, and a support thread', async ({ page, request }) => {
      await reliableProvider(request);
      try {
        const customer = await createCustomer(request, await adminToken(request), `screens-panel${width}`);
        const auth = { authorization: `Bearer ${customer.token}` };
        // The two first profiles by id (the list comes shuffled): the same names in every run.
        const { profiles } = (await (await request.get('/api/twitter/profiles')).json()) as { profiles: { id: number }[] };
        const sent = await request.post('/api/twitter/like', { headers: auth, data: { tweet_url: e2eTarget('tweet', 310 + width), profile_ids: profiles.map((p) => p.id).sort((a, b) => a - b).slice(0, 2) } });
        expect(sent.ok(), await sent.text()).toBe(true);
        const taskId = (await sent.json()).task_id as string;
        await expect.poll(async () => (await (await request.get(`/api/operations/${taskId}`, { headers: auth })).json()).order_status, { timeout: 20_000 }).toBe('completed');

        await signInBrowser(page, customer.token);
        await page.goto('/panel');
        await shot(page, `panel-overview-${width}`, dates(page));

        await page.goto('/panel/statistics');
        await page.getByTestId('transaction-row').first().getByRole('button').first().click();
        const results = page.getByRole('dialog');
        await expect(results).toBeSeen();
        await settle(page);
        await expect(results).toHaveScreenshot(`statistics-results-${width}.png`, { mask: [results.locator('li'), results.locator('[data-order-number]')], maskColor: '#94a3b8', animations: 'disabled', caret: 'hide', maxDiffPixelRatio: 0.01 });
        await page.keyboard.press('Escape');
        await shot(page, `statistics-${width}`, [...dates(page), page.getByTestId('transaction-row').locator('a'), page.getByTestId('daily-chart')]);

        const ticket = await request.post('/api/tickets', { headers: auth, data: { category: 'order', subject: 'Beğeniler geldi mi?', message: 'İki profilin beğenisini görebiliyor muyum?', order_id: taskId } });
        expect(ticket.ok(), await ticket.text()).toBe(true);
        const created = await ticket.json();
        const ticketId = (created.ticket?.id ?? created.id) as number;
        await page.goto(`/panel/support?ticket=${ticketId}`);
        await shot(page, `support-thread-${width}`, [...dates(page), page.locator('[data-ticket-order] a')]);
      } finally {
        await defaultProvider(request);
      }
    });

    test('the admin dashboard', async ({ page }) => {
      await loginAsAdmin(page);
      await page.goto('/rooting');
      // The figures, charts, the integrity check's last run and stuck orders depend on what ran before.
      await shot(page, `admin-dashboard-${width}`, [...dates(page), page.locator('main dd, [data-analytics], [data-integrity], [data-stuck-orders], [data-open-tickets]')]);
    });
  });
}
