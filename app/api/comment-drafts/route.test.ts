import { beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { commentDrafts, orders, platforms, profiles, siteSettings } from '@/db/schema';
import { call } from '@/test/http';
import { setupWorld, makeUser, fastClient } from '@/test/fixtures/world';
import { processOrder } from '@/lib/domain/operations/process-order';
import { GET as getOperation } from '@/app/api/operations/[taskId]/route';
import { configureSim } from '@/lib/domain/provider/sim';
import { simTargetFacts } from '@/lib/domain/provider/sim/target-facts';
import { simVoice } from '@/lib/domain/provider/sim/drafts';
import { sendHandler } from '@/app/api/_lib/platform-routes';
import { rateLimitBuckets } from '@/db/schema';
import { like } from 'drizzle-orm';
import { POST as drafts } from './route';

/**
 * Issue #36 item 6: POST /api/comment-drafts and the comment send with approved `comments`
 * (lib/domain/comments), against the simulated provider (contract 1.4).
 */
const w = setupWorld();
const comment = sendHandler('comment');
const TW = { twitter: { gunlukLimit: 1000, profilLimit: 20 } };

let n = 0;
/** A tweet link whose (simulated) language is `language`, not used before in this file. */
function tweetIn(language: string): string {
  for (;;) {
    const url = `https://x.com/etkilesim/status/17${String(Date.now() % 1e6).padStart(6, '0')}${String(++n).padStart(8, '0')}`;
    if (simTargetFacts(url).language === language) return url;
  }
}

async function twitterIds(count: number, offset = 0): Promise<number[]> {
  const rows = await w.t.db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.platform, 'twitter'), eq(profiles.status, 'active')))
    .orderBy(profiles.id);
  return rows.slice(offset, offset + count).map((r) => r.id);
}

type Draft = { profile_id: number; text: string; blocked_word?: string };
const ask = async (token: string, body: Record<string, unknown>, locale = 'en') =>
  call(drafts, { token, body, path: '/api/comment-drafts', headers: { 'accept-language': locale } });

beforeEach(async () => {
  configureSim({ commentDrafts: true, failRate: 0 });
  await w.t.db.update(siteSettings).set({ blockedWords: {}, commentDraftMinutes: 30, cooldownSeconds: 0 }).where(eq(siteSettings.id, 1));
  await w.t.db.delete(rateLimitBuckets).where(like(rateLimitBuckets.key, 'comment-drafts:%'));
});

describe('POST /api/comment-drafts', () => {
  it('writes one distinct draft per profile, in the target’s language, echoing the prompt, and stores each until expires_at', async () => {
    const { user, token } = await makeUser(w.t, { packages: TW });
    const ids = await twitterIds(8);
    const cases = [
      ['tr', /(Çok|Emeğinize|Gerçekten|Bu konuyu|Bayıldım|Süper|Tam aradığım|Vay be|Kesinlikle)/],
      ['en', /(This is|Thank you|A genuinely|I appreciate|Love this|So good|Exactly|Wow|Totally)/],
      ['de', /(Ein sehr|Vielen Dank|Wirklich|Danke|Mega|Richtig|Genau|Wow, stark|Absolut)/],
    ] as const;
    for (const [language, opener] of cases) {
      const target = tweetIn(language);
      const before = Date.now();
      const res = await ask(token, { service: 'comment', profile_ids: ids, target, prompt: 'remote work tips' });
      expect(res.status, language).toBe(200);
      const list = res.body.drafts as Draft[];
      expect(list.map((d) => d.profile_id)).toEqual(ids);
      expect(new Set(list.map((d) => d.text)).size).toBe(ids.length);
      for (const d of list) {
        expect(d.text, language).toMatch(opener);
        expect(d.text).toContain('remote work tips');
      }
      expect(res.body.language).toBe(language);
      const expires = Date.parse(res.body.expires_at as string);
      expect(expires).toBeGreaterThanOrEqual(before + 30 * 60_000 - 1000);
      expect(expires).toBeLessThanOrEqual(Date.now() + 30 * 60_000 + 1000);
      const stored = await w.t.db.select().from(commentDrafts).where(and(eq(commentDrafts.userId, user.id), eq(commentDrafts.targetUrl, target)));
      expect(stored.map((s) => [s.profileId, s.text]).sort()).toEqual(list.map((d) => [d.profile_id, d.text]).sort());
    }
  });

  it('gives each profile its own voice: formal and casual, emoji or none, across the roster', async () => {
    const rows = await w.t.db.select({ providerId: profiles.providerId }).from(profiles).where(eq(profiles.platform, 'twitter'));
    const voices = rows.map((r) => simVoice(r.providerId));
    expect(new Set(voices.map((v) => v.formal)).size).toBe(2);
    expect(new Set(voices.map((v) => v.emoji)).size).toBe(3);
    expect(new Set(voices.map((v) => v.length)).size).toBe(3);
    // Fixed per profile.
    expect(simVoice(rows[0]!.providerId)).toEqual(simVoice(rows[0]!.providerId));
  });

  it('redrafts one profile with a text different from its last draft, and keeps the new one', async () => {
    const { user, token } = await makeUser(w.t, { packages: TW });
    const ids = await twitterIds(3);
    const target = tweetIn('en');
    const first = (await ask(token, { service: 'comment', profile_ids: ids, target, prompt: 'a new phone' })).body.drafts as Draft[];
    let last = first[1]!.text;
    for (let i = 0; i < 5; i++) {
      const res = await ask(token, { service: 'comment', profile_ids: [ids[1]], target, prompt: 'a new phone' });
      expect(res.status).toBe(200);
      const [again] = res.body.drafts as Draft[];
      expect(again!.profile_id).toBe(ids[1]);
      expect(again!.text).not.toBe(last);
      last = again!.text;
    }
    const [row] = await w.t.db.select().from(commentDrafts).where(and(eq(commentDrafts.userId, user.id), eq(commentDrafts.targetUrl, target), eq(commentDrafts.profileId, ids[1]!)));
    expect(row!.text).toBe(last);
  });

  it('says plainly when the provider does not offer drafts (no endpoint, or the call answers 404), in the request’s language', async () => {
    const { token } = await makeUser(w.t, { packages: TW });
    const ids = await twitterIds(2);
    configureSim({ commentDrafts: false });
    const off = await ask(token, { service: 'comment', profile_ids: ids, target: tweetIn('en') }, 'de');
    expect(off.status).toBe(409);
    expect(off.body).toMatchObject({ success: false, code: 'DRAFTS_NOT_OFFERED', mesaj: expect.stringContaining('bietet keine Kommentarentwürfe') });
    configureSim({ commentDrafts: true });
    const [tw] = await w.t.db.select().from(platforms).where(eq(platforms.ad, 'twitter'));
    const { comment_drafts: url, ...rest } = tw!.apiEndpoints;
    await w.t.db.update(platforms).set({ apiEndpoints: rest }).where(eq(platforms.ad, 'twitter'));
    try {
      const unset = await ask(token, { service: 'comment', profile_ids: ids, target: tweetIn('en') }, 'tr');
      expect(unset.status).toBe(409);
      expect(unset.body).toMatchObject({ code: 'DRAFTS_NOT_OFFERED', mesaj: expect.stringContaining('yorum taslağı sunmuyor') });
      // Sending without review still works.
      const sent = await call(comment, { token, body: { profile_ids: ids, tweet_url: tweetIn('en'), prompt: 'nice' } });
      expect(sent.status).toBe(200);
    } finally {
      await w.t.db.update(platforms).set({ apiEndpoints: { ...rest, comment_drafts: url! } }).where(eq(platforms.ad, 'twitter'));
    }
  });

  it('says the drafts are unavailable when the provider is down, and limits a customer to 20 requests a minute', async () => {
    const { user, token } = await makeUser(w.t, { packages: TW });
    const ids = await twitterIds(1);
    configureSim({ mode: 'down' });
    try {
      const down = await ask(token, { service: 'comment', profile_ids: ids, target: tweetIn('en') });
      expect(down.status).toBe(503);
      expect(down.body.code).toBe('DRAFTS_UNAVAILABLE');
    } finally {
      configureSim({ mode: 'normal' });
    }
    await w.t.db.update(rateLimitBuckets).set({ count: 20 }).where(eq(rateLimitBuckets.key, `comment-drafts:${user.id}`));
    const limited = await ask(token, { service: 'comment', profile_ids: ids, target: tweetIn('en') });
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('RATE_LIMITED');
  });

  it('refuses bad input clearly: not a comment service, a link of another platform, no profiles, a visitor', async () => {
    const { token } = await makeUser(w.t, { packages: TW });
    const ids = await twitterIds(1);
    const bad = [
      { service: 'like', profile_ids: ids, target: tweetIn('en') },
      { service: 'comment', profile_ids: ids, target: 'https://www.instagram.com/reel/C8abcdEFgh1/' },
      { service: 'comment', profile_ids: [], target: tweetIn('en') },
      { service: 'comment', profile_ids: ids, target: tweetIn('en'), prompt: 'x\u0000' },
    ];
    for (const body of bad) {
      const res = await ask(token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
    expect((await call(drafts, { body: { service: 'comment', profile_ids: ids, target: tweetIn('en') } })).status).toBe(401);
  });

  it('asks for no more drafts than the package lets one send tick, and none without a package', async () => {
    const { token } = await makeUser(w.t, { packages: { twitter: { gunlukLimit: 100, profilLimit: 3 } } });
    const over = await ask(token, { service: 'comment', profile_ids: await twitterIds(4), target: tweetIn('en') });
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({ code: 'PROFILE_LIMIT_EXCEEDED', limit: 3, mesaj: 'Your package allows at most 3 profiles.' });
    expect((await ask(token, { service: 'comment', profile_ids: await twitterIds(3), target: tweetIn('en') })).status).toBe(200);
    const none = await makeUser(w.t, {});
    const refused = await ask(none.token, { service: 'comment', profile_ids: await twitterIds(1), target: tweetIn('en') });
    expect(refused.body.code).toBe('NO_PACKAGE');
  });

  it('marks a draft holding a blocked word of the target’s language', async () => {
    const { token } = await makeUser(w.t, { packages: TW });
    const ids = await twitterIds(6);
    await w.t.db.update(siteSettings).set({ blockedWords: { en: ['remote'], de: ['phone'] } }).where(eq(siteSettings.id, 1));
    const res = await ask(token, { service: 'comment', profile_ids: ids, target: tweetIn('en'), prompt: 'remote phone' });
    const list = res.body.drafts as Draft[];
    expect(list.every((d) => d.blocked_word === 'remote')).toBe(true);
  });
});

describe('sending approved comments', () => {
  async function reviewed(token: string, count: number, offset = 0, language = 'en') {
    const ids = await twitterIds(count, offset);
    const target = tweetIn(language);
    const res = await ask(token, { service: 'comment', profile_ids: ids, target, prompt: 'the launch' });
    expect(res.status).toBe(200);
    return { ids, target, drafts: res.body.drafts as Draft[] };
  }

  it('stores the approved texts, sends them to the provider, and the results show exactly them', async () => {
    const { token } = await makeUser(w.t, { packages: TW });
    const { ids, target, drafts: list } = await reviewed(token, 3);
    const comments = list.map((d, i) => ({ profile_id: d.profile_id, text: i === 0 ? 'Edited by me: congrats on the launch!' : d.text }));
    const res = await call(comment, { token, body: { profile_ids: ids, tweet_url: target, prompt: 'the launch', comments } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [order] = await w.t.db.select().from(orders).where(eq(orders.id, res.body.task_id as string));
    expect(order!.comments).toEqual(comments);
    await processOrder(w.t.db, order!.id, { client: fastClient(), pollIntervalMs: 30, emit: () => {} });
    const [done] = await w.t.db.select().from(orders).where(eq(orders.id, order!.id));
    expect(done!.status).toBe('completed');
    const texts = Object.fromEntries(done!.results.map((r) => [r.profile_id, r.text]));
    for (const c of comments) expect(texts[c.profile_id]).toBe(c.text);
    // The customer's view of the results (the results dialog, GET /api/operations/{id}) shows them too.
    const view = await call(getOperation, { token, params: { taskId: order!.id } });
    expect(JSON.stringify(view.body)).toContain('Edited by me: congrats on the launch!');
  });

  it('refuses a blocked word, naming the word and the profile, in the request’s language', async () => {
    const { token } = await makeUser(w.t, { packages: TW });
    const { ids, target, drafts: list } = await reviewed(token, 2);
    await w.t.db.update(siteSettings).set({ blockedWords: { '*': ['cheap followers'] } }).where(eq(siteSettings.id, 1));
    const [p] = await w.t.db.select({ username: profiles.username }).from(profiles).where(eq(profiles.id, ids[1]!));
    const comments = [list[0]!, { profile_id: ids[1]!, text: 'Get CHEAP   followers here' }];
    const res = await call(comment, { token, body: { profile_ids: ids, tweet_url: target, comments }, headers: { 'accept-language': 'en' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'COMMENT_BLOCKED_WORD', word: 'cheap followers', profile_id: ids[1] });
    expect(res.body.mesaj).toBe(`The comment of @${p!.username} contains the blocked word “cheap followers”.`);
    expect(await w.t.db.select().from(orders).where(eq(orders.targetUrl, target))).toHaveLength(0);
  });

  it('checks the blocked words of the drafts’ language and of all, not another language’s', async () => {
    const { user, token } = await makeUser(w.t, { packages: TW });
    await w.t.db.update(siteSettings).set({ blockedWords: { de: ['wunderbar'], en: ['awesome'] } }).where(eq(siteSettings.id, 1));
    const en = await reviewed(token, 2, 20, 'en');
    const [stored] = await w.t.db.select({ language: commentDrafts.language }).from(commentDrafts).where(and(eq(commentDrafts.userId, user.id), eq(commentDrafts.targetUrl, en.target)));
    expect(stored!.language).toBe('en');
    // A word blocked only in German does not refuse a comment on an English target …
    const german = [{ profile_id: en.ids[0]!, text: 'Wunderbar, well done!' }, en.drafts[1]!];
    const ok = await call(comment, { token, body: { profile_ids: en.ids, tweet_url: en.target, comments: german } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    // … the English one does; and on a German target the German word is refused.
    const en2 = await reviewed(token, 2, 22, 'en');
    const english = await call(comment, { token, body: { profile_ids: en2.ids, tweet_url: en2.target, comments: [{ profile_id: en2.ids[0]!, text: 'Awesome launch!' }, en2.drafts[1]!] } });
    expect(english.body).toMatchObject({ code: 'COMMENT_BLOCKED_WORD', word: 'awesome' });
    const de = await reviewed(token, 2, 24, 'de');
    const onGerman = await call(comment, { token, body: { profile_ids: de.ids, tweet_url: de.target, comments: [{ profile_id: de.ids[0]!, text: 'Wunderbar, gut gemacht!' }, de.drafts[1]!] } });
    expect(onGerman.body).toMatchObject({ code: 'COMMENT_BLOCKED_WORD', word: 'wunderbar' });
  });

  it('refuses near-identical texts of two profiles', async () => {
    const { token } = await makeUser(w.t, { packages: TW });
    const { ids, target } = await reviewed(token, 2);
    const comments = [
      { profile_id: ids[0]!, text: 'What a great launch, congratulations to the whole team!' },
      { profile_id: ids[1]!, text: 'what a great launch — congratulations to the whole team' },
    ];
    const res = await call(comment, { token, body: { profile_ids: ids, tweet_url: target, comments } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'COMMENTS_NEAR_IDENTICAL', profile_ids: ids });
  });

  it('refuses expired drafts (review again), and texts for other profiles than the selected', async () => {
    const { user, token } = await makeUser(w.t, { packages: TW });
    const { ids, target, drafts: list } = await reviewed(token, 2);
    const other = await call(comment, { token, body: { profile_ids: ids, tweet_url: target, comments: [list[0]!] } });
    expect(other.body.code).toBe('COMMENTS_MISMATCH');
    await w.t.db.update(commentDrafts).set({ expiresAt: new Date(Date.now() - 1000) }).where(and(eq(commentDrafts.userId, user.id), eq(commentDrafts.profileId, ids[0]!)));
    const res = await call(comment, { token, body: { profile_ids: ids, tweet_url: target, comments: list }, headers: { 'accept-language': 'en' } });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'DRAFTS_EXPIRED', profile_ids: [ids[0]], mesaj: 'One draft has expired. Review the comments again.' });
    // Another customer's drafts do not count.
    const b = await makeUser(w.t, { packages: TW });
    const theirs = await call(comment, { token: b.token, body: { profile_ids: ids, tweet_url: target, comments: list } });
    expect(theirs.body.code).toBe('DRAFTS_EXPIRED');
  });

  it('refuses a text too long for the platform and an empty one', async () => {
    const { token } = await makeUser(w.t, { packages: TW });
    const { ids, target, drafts: list } = await reviewed(token, 1);
    const long = await call(comment, { token, body: { profile_ids: ids, tweet_url: target, comments: [{ profile_id: ids[0], text: 'x'.repeat(281) }] } });
    expect(long.body).toMatchObject({ code: 'COMMENT_TOO_LONG', max: 280 });
    const empty = await call(comment, { token, body: { profile_ids: ids, tweet_url: target, comments: [{ profile_id: ids[0], text: '  ' }] } });
    expect(empty.body.code).toBe('COMMENT_EMPTY');
    expect(list).toHaveLength(1);
  });

  it('never lets a profile post the same text twice on one target', async () => {
    const { token } = await makeUser(w.t, { packages: TW });
    configureSim({ failRate: 1 });
    const { ids, target } = await reviewed(token, 1, 10);
    const text = 'Congratulations on the launch, well deserved.';
    const first = await call(comment, { token, body: { profile_ids: ids, tweet_url: target, comments: [{ profile_id: ids[0], text }] } });
    expect(first.status).toBe(200);
    // The first attempt failed, so the profile may comment again, but not with the same text.
    await processOrder(w.t.db, first.body.task_id as string, { client: fastClient(), pollIntervalMs: 30, emit: () => {} });
    const [failed] = await w.t.db.select().from(orders).where(eq(orders.id, first.body.task_id as string));
    expect(failed!.status).toBe('failed');
    configureSim({ failRate: 0 });
    const again = await call(comment, { token, body: { profile_ids: ids, tweet_url: target, comments: [{ profile_id: ids[0], text: 'congratulations on the launch — well deserved!' }] } });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('COMMENT_REPEATED');
    const other = await call(comment, { token, body: { profile_ids: ids, tweet_url: target, comments: [{ profile_id: ids[0], text: 'A different text this time.' }] } });
    expect(other.status, JSON.stringify(other.body)).toBe(200);
  });
});
