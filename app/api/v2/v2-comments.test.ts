import { beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { orders, profiles, siteSettings } from '@/db/schema';
import { setupWorld, makeUser, fastClient } from '@/test/fixtures/world';
import { makeApiKey } from '@/test/fixtures/api-keys';
import { callV2 } from '@/app/api/v2/call-v2';
import { processOrder } from '@/lib/domain/operations';
import { configureSim } from '@/lib/domain/provider/sim';
import { simTargetFacts } from '@/lib/domain/provider/sim/target-facts';

/**
 * Issue #36 item 6 in the reseller API: `comments` of a comment service with several lines are
 * custom comments, one text per profile, checked as approved comments are (no draft needed), a
 * refused text named by its line; one line stays the prompt.
 */
const w = setupWorld();
const PKG = { twitter: { gunlukLimit: 50, profilLimit: 10 } };

beforeEach(async () => {
  configureSim({ failRate: 0 });
  await w.t.db.update(siteSettings).set({ cooldownSeconds: 0, twitterMinProfiles: 1, blockedWords: { '*': ['cheap followers'] } }).where(eq(siteSettings.id, 1));
});

async function reseller() {
  const made = await makeUser(w.t, { packages: PKG });
  const { key } = await makeApiKey(w.t.db, made.user.id);
  return { ...made, key };
}
let n = 0;
const tweet = () => `https://x.com/etkilesim/status/17920000000000${String(++n).padStart(5, '0')}`;
const orderOf = async (number: number) => (await w.t.db.select().from(orders).where(eq(orders.number, number)))[0]!;
async function twitterIds(count: number) {
  const rows = await w.t.db.select({ id: profiles.id }).from(profiles).where(and(eq(profiles.platform, 'twitter'), eq(profiles.status, 'active'))).orderBy(profiles.id);
  return rows.slice(0, count).map((r) => r.id);
}

describe('custom comments in `add`', () => {
  it('posts one line per profile (their count is the quantity) and the results show exactly those texts', async () => {
    const r = await reseller();
    const lines = ['First custom comment, nice!', 'Zweiter Kommentar, sehr gut.', 'Üçüncü yorum, harika 👏'];
    const res = await callV2({ key: r.key, action: 'add', service: 'comment', link: tweet(), comments: `${lines.join('\n')}\n` });
    expect(res.status).toBe(200);
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ order: expect.any(Number) });
    const order = await orderOf((res.body as { order: number }).order);
    expect(order.profileCount).toBe(3);
    expect(order.prompt).toBeNull();
    expect(order.comments!.map((c) => c.text)).toEqual(lines);
    expect(order.comments!.map((c) => c.profile_id)).toEqual(order.profileIds);
    await processOrder(w.t.db, order.id, { client: fastClient(), pollIntervalMs: 30, emit: () => {} });
    const [done] = await w.t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(Object.fromEntries(done!.results.map((x) => [x.profile_id, x.text]))).toEqual(Object.fromEntries(order.comments!.map((c) => [c.profile_id, c.text])));
  });

  it('assigns the lines to profile_ids in order, and refuses a count that does not match', async () => {
    const r = await reseller();
    const ids = await twitterIds(2);
    const ok = await callV2({ key: r.key, action: 'add', service: 'comment', link: tweet(), profile_ids: ids.join(','), comments: 'One for the first\nOne for the second' });
    expect(ok.status).toBe(200);
    expect((await orderOf((ok.body as { order: number }).order)).comments).toEqual([
      { profile_id: ids[0], text: 'One for the first' },
      { profile_id: ids[1], text: 'One for the second' },
    ]);
    const mismatch = await callV2({ key: r.key, action: 'add', service: 'comment', link: tweet(), quantity: 3, comments: 'a line\nanother line' });
    expect(mismatch.status).toBe(200);
    expect(mismatch.body).toMatchObject({ code: 'COMMENTS_MISMATCH', error: expect.any(String) });
  });

  it('names the refused line: a blocked word, an empty line, one over the limit, two near-identical', async () => {
    const r = await reseller();
    const headers = { 'accept-language': 'en' };
    const blocked = await callV2({ key: r.key, action: 'add', service: 'comment', link: tweet(), comments: 'A fine comment\nBuy CHEAP followers now' }, { headers });
    expect(blocked.status).toBe(200);
    expect(blocked.body).toMatchObject({ code: 'COMMENT_BLOCKED_WORD', word: 'cheap followers', line: '2' });
    expect((blocked.body as { error: string }).error).toMatch(/^The comment of line 2 \(@[^)]+\) contains the blocked word “cheap followers”\.$/);
    const empty = await callV2({ key: r.key, action: 'add', service: 'comment', link: tweet(), comments: 'first\n\nthird' }, { headers });
    expect(empty.body).toMatchObject({ code: 'COMMENT_EMPTY', line: '2' });
    const long = await callV2({ key: r.key, action: 'add', service: 'comment', link: tweet(), comments: `ok\n${'x'.repeat(281)}` }, { headers });
    expect(long.body).toMatchObject({ code: 'COMMENT_TOO_LONG', line: '2', max: '280' });
    const same = await callV2({ key: r.key, action: 'add', service: 'comment', link: tweet(), comments: 'Great post!\nThird line is different\ngreat   POST' }, { headers });
    expect(same.body).toMatchObject({ code: 'COMMENTS_NEAR_IDENTICAL', lines: [1, 3] });
    expect(await w.t.db.select().from(orders).where(eq(orders.userId, r.user.id))).toHaveLength(0);
  });

  it('checks the blocked words of the target’s language (the provider’s target_info) and of all, not another language’s', async () => {
    const r = await reseller();
    await w.t.db.update(siteSettings).set({ blockedWords: { de: ['wunderbar'], en: ['awesome'], '*': ['cheap followers'] } }).where(eq(siteSettings.id, 1));
    const headers = { 'accept-language': 'en' };
    const target = (language: string) => {
      for (;;) {
        const link = tweet();
        if (simTargetFacts(link).language === language) return link;
      }
    };
    // An English target: the German word is no concern, the English one is refused.
    const german = await callV2({ key: r.key, action: 'add', service: 'comment', link: target('en'), comments: 'Wunderbar, well done\nA second line' }, { headers });
    expect(german.body, JSON.stringify(german.body)).toMatchObject({ order: expect.any(Number) });
    const english = await callV2({ key: r.key, action: 'add', service: 'comment', link: target('en'), comments: 'Awesome work\nA second line' }, { headers });
    expect(english.body).toMatchObject({ code: 'COMMENT_BLOCKED_WORD', word: 'awesome', line: '1' });
    // A German target: the German word is refused.
    const onGerman = await callV2({ key: r.key, action: 'add', service: 'comment', link: target('de'), comments: 'Wunderbar, gut gemacht\nEine zweite Zeile' }, { headers });
    expect(onGerman.body).toMatchObject({ code: 'COMMENT_BLOCKED_WORD', word: 'wunderbar', line: '1' });
    // Without target_info the language is not known: every list applies.
    configureSim({ targetInfo: false });
    try {
      const unknown = await callV2({ key: r.key, action: 'add', service: 'comment', link: target('en'), comments: 'Wunderbar, well done\nA second line' }, { headers });
      expect(unknown.body).toMatchObject({ code: 'COMMENT_BLOCKED_WORD', word: 'wunderbar' });
    } finally {
      configureSim({ targetInfo: true });
    }
  });

  it('keeps one line as the prompt, as before', async () => {
    const r = await reseller();
    const res = await callV2({ key: r.key, action: 'add', service: 'comment', link: tweet(), quantity: 2, comments: 'Short and positive' });
    const order = await orderOf((res.body as { order: number }).order);
    expect(order).toMatchObject({ prompt: 'Short and positive', comments: null, profileCount: 2 });
  });
});
