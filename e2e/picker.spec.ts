import { expect, test } from './fixtures';
import { BROWSER_LOCALE, msg, msgPattern, prefix, type Loc } from './public-helpers';

/**
 * Issue #36 item 2 "A picker that finds the right people", as a visitor on a phone (390 px): the
 * filters go into the address and survive a reload; a valid link in the link field brings the
 * target's language and niche from the provider (target_info), and each card shows its match score
 * and reasons in the page's language; "pick the best N" ticks N. Without the provider's
 * target_info the page says plainly what the score is based on.
 */
test.describe.configure({ mode: 'serial' });

test.afterAll(async ({ request }) => {
  await request.post('/sim-provider/_control', { data: { targetInfo: true } });
});

const REASON_KEYS = ['language', 'languageOther', 'niche', 'nicheOther', 'bigAudience', 'smallAudience', 'reliable', 'unreliable'];

for (const [l, n] of [['tr', 801], ['en', 802]] as [Loc, number][]) {
  test(`${l} 390px: filters in the address survive a reload; the match score and its reasons; pick the best N`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: BROWSER_LOCALE[l] });
    const page = await context.newPage();
    try {
      await page.goto(`${prefix(l)}/service/like`);
      const total = Number(await page.locator('[data-shown-count]').getAttribute('data-shown-count'));
      expect(total).toBeGreaterThan(10);

      // Filters: a language and a follower range, written to the address.
      await page.locator('[data-picker-filters-toggle]').click();
      const lang = page.locator('[data-filter="lang"]');
      await expect(lang).toBeSeen();
      const firstLanguage = await lang.locator('option').nth(1).getAttribute('value');
      await lang.selectOption(firstLanguage!);
      await page.locator('[data-filter="followers"]').selectOption('gt100k');
      await expect(page).toHaveURL(new RegExp(`lang=${firstLanguage}`));
      await expect(page).toHaveURL(/followers=gt100k/);
      const filtered = Number(await page.locator('[data-shown-count]').getAttribute('data-shown-count'));
      expect(filtered).toBeLessThan(total);
      expect(filtered).toBeGreaterThan(0);

      await page.reload();
      await expect(page.locator('[data-filter="lang"]')).toHaveValue(firstLanguage!);
      await expect(page.locator('[data-filter="followers"]')).toHaveValue('gt100k');
      await expect(page.locator('[data-shown-count]')).toHaveAttribute('data-shown-count', String(filtered));
      await expect(page.getByRole('button', { name: msg(l, 'Match.filtersActive', { count: 2 }) })).toBeSeen();
      // The page shows exactly the filtered cards (the others are marked off the page, not shown).
      const cards = page.locator('[data-profile-list] li[data-profile-id]');
      await expect(page.locator('[data-profile-list] li[data-profile-id]:visible')).toHaveCount(filtered);

      // Cleared again: every profile, for the score.
      await page.getByRole('button', { name: msg(l, 'Match.clearFilters') }).click();
      await expect(page.locator('[data-shown-count]')).toHaveAttribute('data-shown-count', String(total));
      await expect(page).not.toHaveURL(/lang=/);
      // Every card comes back (the top of the list at once, the rest frame by frame), and the first is seen.
      await expect(page.locator('[data-profile-list] li[data-profile-id]:visible')).toHaveCount(total);
      await expect(page.locator('[data-profile-list][data-revealing]')).toHaveCount(0);
      await cards.first().scrollIntoViewIfNeeded();
      await expect(cards.first()).toBeSeen();

      // A valid link: the provider tells the target's language and niche; the cards show a score with reasons.
      await page.getByLabel(msg(l, 'ServicePage.tweetUrl')).fill(`https://x.com/picker/status/17900000000000${n}`);
      const note = page.getByText(msg(l, 'Match.known'));
      await note.scrollIntoViewIfNeeded();
      await expect(note).toBeSeen();
      const firstCard = page.locator('[data-profile-list] li[data-profile-id]').first();
      const score = firstCard.locator('[data-match-score]');
      await score.scrollIntoViewIfNeeded();
      await expect(score).toBeSeen();
      await expect(score).toContainText(msg(l, 'Match.score', { score: (await score.getAttribute('data-match-score'))! }));
      const reasons = new RegExp(REASON_KEYS.map((k) => msgPattern(l, `Match.reasons.${k}`).source).join('|'));
      await expect(score).toContainText(reasons);
      // Sorted best first.
      const scores = await page.locator('[data-match-score]').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-match-score'))));
      expect(scores.length).toBeGreaterThan(5);
      expect([...scores].sort((a, b) => b - a)).toEqual(scores);

      // Pick the best 3: exactly the three first cards are ticked.
      await page.locator('[data-pick-best-count]').fill('3');
      const pick = page.getByRole('button', { name: msg(l, 'Match.pickBest', { count: 3 }) });
      await pick.scrollIntoViewIfNeeded();
      await expect(pick).toBeSeen();
      await pick.click();
      await expect(page.locator('[data-selected-count]')).toHaveAttribute('data-selected-count', '3');
      const boxes = page.locator('[data-profile-list] li[data-profile-id] input[type="checkbox"]');
      for (let i = 0; i < 3; i++) await expect(boxes.nth(i)).toBeChecked();
      await expect(boxes.nth(3)).not.toBeChecked();

      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    } finally {
      await context.close();
    }
  });
}

test('en 390px: without the provider’s target_info the page says the score leaves language and niche out', async ({ browser, request }) => {
  await request.post('/sim-provider/_control', { data: { targetInfo: false } });
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: BROWSER_LOCALE.en });
  const page = await context.newPage();
  try {
    await page.goto('/en/service/like');
    await page.getByLabel(msg('en', 'ServicePage.tweetUrl')).fill('https://x.com/picker/status/1790000000000000899');
    const note = page.getByText(msg('en', 'Match.unavailable'));
    await note.scrollIntoViewIfNeeded();
    await expect(note).toBeSeen();
    // Still scored and sorted, by audience size and reliability alone.
    const scores = await page.locator('[data-match-score]').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-match-score'))));
    expect(scores.length).toBeGreaterThan(5);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    // Pick the best N still works (by audience size and reliability).
    await page.locator('[data-pick-best-count]').fill('2');
    await page.getByRole('button', { name: msg('en', 'Match.pickBest', { count: 2 }) }).click();
    await expect(page.locator('[data-selected-count]')).toHaveAttribute('data-selected-count', '2');
  } finally {
    await context.close();
    await request.post('/sim-provider/_control', { data: { targetInfo: true } });
  }
});
