import type { Page } from '@playwright/test';
import { expect, expectToast, test } from './fixtures';
import { adminToken, signInBrowser } from './auth';
import { allProfileBoxes, BROWSER_LOCALE, createCustomer, defaultProvider, e2eTarget, msg, prefix, reliableProvider, type Loc, siteSettings, noSideScroll } from './public-helpers';

/**
 * Issue #36 item 6: comments the customer approves before anyone posts. On a comment service's
 * page "Review comments" shows one provider draft per ticked profile; the customer edits one, asks
 * for another draft for one, removes one (which unticks it) and approves: the order posts exactly
 * the approved texts, and its results dialog shows them. A blocked word is refused with the word
 * named, beside the profile and in a toast.
 */
test.describe.configure({ mode: 'serial' });

type Json = Record<string, unknown>;
let admin = '';
let settings: Json | null = null;
const BLOCKED = 'e2eforbidden';

test.beforeAll(async ({ request }) => {
  admin = await adminToken(request);
  settings = await siteSettings(request, admin);
  const words = settings.yasakli_kelimeler as Record<string, string[]>;
  await siteSettings(request, admin, { ...settings, cooldown_saniye: 0, twitter_min_profil: 1, yasakli_kelimeler: { ...words, '*': [...(words['*'] ?? []), BLOCKED] } });
});

test.afterAll(async ({ request }) => {
  if (settings) await siteSettings(request, admin, settings);
  await defaultProvider(request);
});

/** Screens for docs/ui.md when E2E_SHOTS_DIR is set. */
const SHOTS = process.env.E2E_SHOTS_DIR;
async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** The comment page with three profiles ticked, a link and a prompt, and the review opened. */
async function openReview(page: Page, l: Loc, target: string) {
  await page.goto(`${prefix(l)}/service/comment`);
  const boxes = await allProfileBoxes(page);
  for (const i of [1, 2, 3]) await boxes.nth(i).check();
  await page.getByLabel(msg(l, 'ServicePage.tweetUrl')).fill(target);
  await page.getByLabel(msg(l, 'ServicePage.prompt')).fill('the new product launch');
  const drafted = page.waitForResponse((r) => r.url().endsWith('/api/comment-drafts') && r.request().method() === 'POST');
  await page.getByRole('button', { name: msg(l, 'CommentReview.button') }).click();
  expect((await drafted).status()).toBe(200);
  const dialog = page.getByRole('dialog', { name: msg(l, 'CommentReview.title') });
  await expect(dialog).toBeSeen();
  const rows = dialog.locator('[data-review-profile]');
  await expect(rows).toHaveCount(3);
  return { dialog, rows, boxes };
}

const CASES: { l: Loc; width: number; n: number }[] = [
  { l: 'en', width: 1440, n: 881 },
  { l: 'de', width: 390, n: 883 },
];

for (const { l, width, n } of CASES) {
  test(`${l} ${width}px: review the drafts, edit one, redraft one, remove one, approve and send; the results show the approved text`, async ({ browser, request }) => {
    const customer = await createCustomer(request, admin, `review-${l}-${width}`);
    await reliableProvider(request);
    const context = await browser.newContext({ viewport: { width, height: width < 800 ? 844 : 900 }, locale: BROWSER_LOCALE[l] });
    const page = await context.newPage();
    try {
      await signInBrowser(page, customer.token);
      const { dialog, rows, boxes } = await openReview(page, l, e2eTarget('tweet', n));
      const texts = rows.locator('textarea');
      // Three different drafts, each echoing the prompt.
      const drafts = await Promise.all([0, 1, 2].map((i) => texts.nth(i).inputValue()));
      expect(new Set(drafts).size).toBe(3);
      for (const d of drafts) expect(d).toContain('the new product launch');

      const approved = `Approved in the e2e (${l}): congratulations on the launch!`;
      await texts.nth(0).fill(approved);
      await expect(rows.nth(0)).toContainText(msg(l, 'CommentReview.counter', { count: [...approved].length, max: 280 }));

      const redrafted = page.waitForResponse((r) => r.url().endsWith('/api/comment-drafts'));
      await rows.nth(1).locator('[data-redraft]').click();
      expect((await redrafted).status()).toBe(200);
      await expect(texts.nth(1)).not.toHaveValue(drafts[1]!);
      const second = await texts.nth(1).inputValue();

      const removedId = Number(await rows.nth(2).getAttribute('data-review-profile'));
      await rows.nth(2).locator('[data-remove]').click();
      await expect(rows).toHaveCount(2);
      await noSideScroll(page, width);
      await shot(page, `comment-review-${l}-${width}`);

      const sent = page.waitForResponse((r) => r.url().endsWith('/api/twitter/comment') && r.request().method() === 'POST');
      await dialog.getByRole('button', { name: msg(l, 'CommentReview.approveSend') }).click();
      const response = await sent;
      const order = (await response.json()) as { success: boolean; order_number: number; task_id: string };
      expect(order.success).toBe(true);
      const posted = response.request().postDataJSON() as { profile_ids: number[]; comments: { profile_id: number; text: string }[] };
      expect(posted.comments.map((c) => c.text)).toEqual([approved, second]);
      expect(posted.profile_ids).not.toContain(removedId);
      await expectToast(page, new RegExp(`^#${order.order_number} · `));
      await expect(dialog).toHaveCount(0);
      await expect(boxes.nth(3)).not.toBeChecked();

      // The order ends; its results dialog shows exactly the approved text.
      await expect
        .poll(async () => ((await (await request.get(`/api/operations/${order.task_id}`, { headers: { authorization: `Bearer ${customer.token}` } })).json()) as { order_status: string }).order_status, { timeout: 20_000 })
        .toMatch(/^(completed|partial)$/);
      await page.goto(`${prefix(l)}/panel/statistics?platform=twitter`);
      const row = page.getByTestId('transaction-row').filter({ has: page.locator('[data-order-number]', { hasText: new RegExp(`^#${order.order_number}$`) }) });
      await row.getByRole('button', { name: new RegExp(`^${msg(l, 'Panel.statistics.details')}`) }).click();
      const results = page.getByRole('dialog', { name: msg(l, 'Panel.statistics.resultsTitle') });
      const quote = results.locator('q', { hasText: approved });
      await quote.scrollIntoViewIfNeeded();
      await expect(quote).toBeSeen();
      await expect(quote).toHaveText(approved);
      await shot(page, `comment-review-results-${l}-${width}`);
    } finally {
      await context.close();
    }
  });
}

test('a blocked word is refused with the word named, beside the profile and in a toast (tr, 390 px)', async ({ browser, request }) => {
  const customer = await createCustomer(request, admin, 'review-blocked');
  await reliableProvider(request);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: BROWSER_LOCALE.tr });
  const page = await context.newPage();
  try {
    await signInBrowser(page, customer.token);
    const { dialog, rows } = await openReview(page, 'tr', e2eTarget('tweet', 885));
    await rows.nth(1).locator('textarea').fill(`Harika bir lansman, ${BLOCKED.toUpperCase()} olmadan!`);
    const refused = page.waitForResponse((r) => r.url().endsWith('/api/twitter/comment') && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: msg('tr', 'CommentReview.approveSend') }).click();
    const body = (await (await refused).json()) as Json;
    expect(body).toMatchObject({ success: false, code: 'COMMENT_BLOCKED_WORD', word: BLOCKED });
    const error = rows.nth(1).locator('[data-review-error]');
    await expect(error).toBeSeen();
    await expect(error).toContainText(`“${BLOCKED}”`);
    await expect(error).toHaveText(String(body.mesaj));
    await expectToast(page, `“${BLOCKED}”`);
    // Nothing was sent: the review is still open with all three profiles.
    await expect(rows).toHaveCount(3);
    await noSideScroll(page, 390);
    await error.scrollIntoViewIfNeeded();
    await shot(page, 'comment-review-blocked-tr-390');
  } finally {
    await context.close();
  }
});

test('the admin sets blocked words per language and the draft lifetime in /rooting/settings (en, 1440 px)', async ({ browser, request }) => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: BROWSER_LOCALE.en });
  const page = await context.newPage();
  try {
    await signInBrowser(page, admin);
    await page.goto('/en/rooting/settings');
    const section = page.locator('[data-settings-comments]');
    await section.scrollIntoViewIfNeeded();
    await expect(section).toBeSeen();
    const german = page.getByLabel(msg('en', 'Admin.settings.blockedWords.de'));
    await german.fill('Werbung\nbilliger Follower');
    await page.getByLabel(msg('en', 'Admin.settings.draftMinutes')).fill('1441');
    await page.getByRole('button', { name: msg('en', 'Admin.common.save') }).click();
    await expect(page.getByText(msg('en', 'SettingsValidation.draftMinutes'))).toBeSeen();
    await page.getByLabel(msg('en', 'Admin.settings.draftMinutes')).fill('45');
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/site-ayar') && r.request().method() === 'PUT');
    await page.getByRole('button', { name: msg('en', 'Admin.common.save') }).click();
    expect((await saved).ok()).toBe(true);
    await expectToast(page, msg('en', 'Admin.settings.saved'));
    const now = await siteSettings(request, admin);
    expect(now).toMatchObject({ yorum_taslak_dakika: 45 });
    expect((now.yasakli_kelimeler as Record<string, string[]>).de).toEqual(['Werbung', 'billiger Follower']);
    await section.scrollIntoViewIfNeeded();
    await shot(page, 'rooting-settings-comments-en-1440');
  } finally {
    await context.close();
  }
});
