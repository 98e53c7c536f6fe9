import { expect, expectToast, test } from './fixtures';
import { adminToken, signInBrowser } from './auth';
import { allProfileBoxes, BROWSER_LOCALE, createCustomer, defaultProvider, e2eTarget, msg, prefix, reliableProvider, type Loc, siteSettings, afterPlural, noSideScroll } from './public-helpers';

/**
 * Issue #36 item 4 "Reorder": a customer repeats a past order from the statistics list (phone) or
 * its results dialog (desktop). The service page opens with the order's profiles ticked and its
 * target and prompt filled in; the same target would be refused (ALREADY_DONE), which the page
 * says before and after a send, keeping the profiles; a new target is one tap away, and the send
 * is the normal one: a new order with a new number. A number that is not the customer's fills in
 * nothing, and a profile that cannot act now is named and not ticked.
 */
test.describe.configure({ mode: 'serial' });

type Json = Record<string, unknown>;
let admin = '';
let settings: Json | null = null;

test.beforeAll(async ({ request }) => {
  admin = await adminToken(request);
  settings = await siteSettings(request, admin);
  // One send after another of the same service: the cooldown is the send's own rule, tested elsewhere.
  await siteSettings(request, admin, { ...settings, cooldown_saniye: 0, twitter_min_profil: 1 });
});

test.afterAll(async ({ request }) => {
  if (settings) await siteSettings(request, admin, settings);
  await defaultProvider(request);
});

const CASES: { l: Loc; width: number; from: 'row' | 'dialog' | 'overview'; n: number }[] = [
  { l: 'tr', width: 390, from: 'row', n: 361 },
  { l: 'en', width: 390, from: 'overview', n: 367 },
  { l: 'de', width: 390, from: 'dialog', n: 363 },
  { l: 'en', width: 1440, from: 'dialog', n: 365 },
];

for (const { l, width, from, n } of CASES) {
  test(`${l} ${width}px: a customer repeats an order from the statistics (${from}) on a new target`, async ({ browser, request }) => {
    const customer = await createCustomer(request, admin, `repeat-${l}-${width}`);
    await reliableProvider(request);
    const context = await browser.newContext({ viewport: { width, height: width < 800 ? 844 : 900 }, locale: BROWSER_LOCALE[l] });
    const page = await context.newPage();
    try {
      await signInBrowser(page, customer.token);
      const first = e2eTarget('tweet', n);
      const second = e2eTarget('tweet', n + 1);
      const prompt = `Repeat e2e ${l}: friendly, short`;

      // The first order: two profiles comment on a tweet with a prompt.
      await page.goto(`${prefix(l)}/service/comment`);
      const boxes = await allProfileBoxes(page);
      await boxes.nth(1).check();
      await boxes.nth(2).check();
      await page.getByLabel(msg(l, 'ServicePage.tweetUrl')).fill(first);
      await page.getByLabel(msg(l, 'ServicePage.prompt')).fill(prompt);
      const firstSend = page.waitForResponse((r) => r.url().endsWith('/api/twitter/comment') && r.request().method() === 'POST');
      await page.locator('[data-send]').click();
      const firstResponse = await firstSend;
      const original = (await firstResponse.json()) as { order_number: number };
      const ids = (firstResponse.request().postDataJSON() as { profile_ids: number[] }).profile_ids;
      expect(ids).toHaveLength(2);
      await expectToast(page, new RegExp(`^#${original.order_number} · `));

      // The statistics: Repeat on the order's row (phone) or in its results dialog; or the overview's last orders.
      await page.goto(from === 'overview' ? `${prefix(l)}/panel` : `${prefix(l)}/panel/statistics?platform=twitter`);
      const row = page.getByTestId(from === 'overview' ? 'overview-order' : 'transaction-row').filter({ has: page.locator('[data-order-number]', { hasText: new RegExp(`^#${original.order_number}$`) }) });
      await expect(row).toHaveCount(1);
      if (from === 'row' || from === 'overview') {
        const link = row.getByRole('link', { name: new RegExp(`^${msg(l, 'Repeat.action')}`) });
        await link.scrollIntoViewIfNeeded();
        await expect(link).toBeSeen();
        await noSideScroll(page, width);
        await link.click();
      } else {
        await row.getByRole('button', { name: new RegExp(`^${msg(l, 'Panel.statistics.details')}`) }).click();
        const dialog = page.getByRole('dialog', { name: msg(l, 'Panel.statistics.resultsTitle') });
        const link = dialog.getByRole('link', { name: new RegExp(`^${msg(l, 'Repeat.action')}`) });
        await expect(link).toBeSeen();
        await link.click();
      }

      // The service page, filled in: the same profiles ticked, the target and the prompt, editable.
      await expect(page).toHaveURL(new RegExp(`${prefix(l)}/service/comment\\?repeat=${original.order_number}$`));
      const notice = page.locator('[data-repeat="ready"]');
      await expect(notice).toBeSeen();
      await expect(notice).toContainText(msg(l, 'Repeat.title', { number: `#${original.order_number}` }));
      await allProfileBoxes(page);
      for (const id of ids) await expect(page.locator(`#profile-${id}`)).toBeChecked();
      await expect(page.locator('[data-profile-list] input[type=checkbox]:checked')).toHaveCount(2);
      const url = page.getByLabel(msg(l, 'ServicePage.tweetUrl'));
      await expect(url).toHaveValue(first);
      await expect(page.getByLabel(msg(l, 'ServicePage.prompt'))).toHaveValue(prompt);
      await noSideScroll(page, width);

      // The same target: said before sending, refused by the normal send, and the profiles stay ticked.
      const sameTarget = page.locator('[data-repeat-same-target]');
      await expect(sameTarget).toBeSeen();
      const refused = page.waitForResponse((r) => r.url().endsWith('/api/twitter/comment') && r.request().method() === 'POST');
      await page.locator('[data-send]').click();
      expect((await (await refused).json()) as Json).toMatchObject({ success: false, code: 'ALREADY_DONE' });
      await expectToast(page, afterPlural(msg(l, 'Repeat.alreadyDone')));
      await expect(url).toBeFocused();
      await expect(url).toHaveAttribute('aria-invalid', 'true');
      await expect(page.locator('[data-profile-list] input[type=checkbox]:checked')).toHaveCount(2);

      // A new target in one tap, then the normal send: a new order with a new number.
      await sameTarget.getByRole('button', { name: msg(l, 'Repeat.newTarget') }).click();
      await expect(url).toHaveValue('');
      await expect(url).toBeFocused();
      await url.fill(second);
      await expect(sameTarget).toHaveCount(0);
      const secondSend = page.waitForResponse((r) => r.url().endsWith('/api/twitter/comment') && r.request().method() === 'POST');
      await page.locator('[data-send]').click();
      const secondResponse = await secondSend;
      const repeated = (await secondResponse.json()) as { success: boolean; order_number: number };
      expect(repeated.success).toBe(true);
      expect(repeated.order_number).toBeGreaterThan(original.order_number);
      expect(secondResponse.request().postDataJSON()).toMatchObject({ profile_ids: ids, tweet_url: second, prompt });
      await expectToast(page, new RegExp(`^#${repeated.order_number} · `));
      // Placed: the page is an ordinary service page again.
      await expect(notice).toHaveCount(0);
      await expect(page).toHaveURL(new RegExp(`${prefix(l)}/service/comment$`));

      // The history lists the new order under its own number, above the original.
      await page.goto(`${prefix(l)}/panel/statistics?platform=twitter`);
      const numbers = page.getByTestId('transaction-row').locator('[data-order-number]');
      await expect(numbers.first()).toHaveText(`#${repeated.order_number}`);
      await expect(numbers.nth(1)).toHaveText(`#${original.order_number}`);
      await noSideScroll(page, width);
    } finally {
      await context.close();
    }
  });
}

test('a number that is not the customer’s fills in nothing; a profile that cannot act now is named, not ticked', async ({ browser, request }) => {
  const owner = await createCustomer(request, admin, 'repeat-owner');
  const stranger = await createCustomer(request, admin, 'repeat-stranger');
  const profiles = ((await (await request.get('/api/twitter/profiles')).json()) as { profiles: { id: number; username: string }[] }).profiles.sort((a, b) => a.id - b.id);
  const [kept, paused] = [profiles[5]!, profiles[6]!];
  const sent = await request.post('/api/twitter/like', { headers: { authorization: `Bearer ${owner.token}` }, data: { profile_ids: [kept.id, paused.id], tweet_url: e2eTarget('tweet', 367) } });
  const order = (await sent.json()) as { order_number: number };
  expect(order.order_number, JSON.stringify(order)).toBeGreaterThan(0);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: BROWSER_LOCALE.en });
  const page = await context.newPage();
  const setStatus = (status: string) => request.put(`/api/admin/profiles/${paused.id}`, { headers: { authorization: `Bearer ${admin}` }, data: { status } });
  try {
    // Another customer's number: a clear message, nothing ticked or filled in.
    await signInBrowser(page, stranger.token);
    await page.goto(`/en/service/like?repeat=${order.order_number}`);
    const notFound = page.locator('[data-repeat="not-found"]');
    await expect(notFound).toBeSeen();
    await expect(notFound).toHaveText(msg('en', 'Repeat.notFound', { number: `#${order.order_number}` }));
    await allProfileBoxes(page);
    await expect(page.locator('[data-profile-list] input[type=checkbox]:checked')).toHaveCount(0);
    await expect(page.getByLabel(msg('en', 'ServicePage.tweetUrl'))).toHaveValue('');

    // The owner, after an admin disabled one of the order's profiles: that one is named and not ticked.
    expect((await setStatus('disabled')).ok()).toBe(true);
    await context.clearCookies();
    await signInBrowser(page, owner.token);
    await page.goto(`/en/service/like?repeat=${order.order_number}`);
    const notice = page.locator('[data-repeat="ready"]');
    await expect(notice).toBeSeen();
    const named = notice.locator(`[data-repeat-profile="${paused.id}"]`);
    await expect(named).toHaveAttribute('data-state', 'disabled');
    await expect(named).toContainText(`@${paused.username}`);
    await expect(named).toContainText(msg('en', 'Repeat.state.disabled'));
    await allProfileBoxes(page);
    await expect(page.locator(`#profile-${kept.id}`)).toBeChecked();
    await expect(page.locator('[data-profile-list] input[type=checkbox]:checked')).toHaveCount(1);
    await expect(page.locator(`#profile-${paused.id}`)).toHaveCount(0);
    await noSideScroll(page, 390);
  } finally {
    await setStatus('active');
    await context.close();
  }
});
